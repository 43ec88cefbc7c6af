// Made by larder build; do not edit (docs/site.md, "Offline").
var VERSION = "9cc626c4d1e0dabc3612504d00c9392f";
var PRECACHE = ["index.html","assets/style.css","assets/larder.js","assets/print.css","lists/books/index.html","lists/books.txt","lists/weekly/index.html","lists/weekly.txt"];
// Larder's service worker: the site's own pages, stylesheet and scripts
// kept in the browser, so that a list opened once works in the shop with no
// signal. Written by `larder build` as sw.js at the site's root (above it,
// VERSION and PRECACHE are set for this build: VERSION is a hash of the bytes
// of every file in PRECACHE, so a build that changes one of them makes a new
// worker, which fetches them all again). larder.js registers it over
// http(s) only; its scope is the folder it is in, so a site under a subpath
// (user.github.io/kitchen/) leaves the rest of the origin alone.
//
// - Network first: online, every page comes from the server and its copy in
//   the cache is refreshed; offline (or after TIMEOUT with no answer), the
//   copy is served.
// - Only the site's own files are kept: same origin, inside the scope, and
//   only pages, `.txt` shares, `assets/` and the search index. Images and
//   any other address (a picture or a link the data names) go to the
//   network as if there were no worker.
// - PRECACHE names the public pages only; an unlisted list's secret address
//   is never written here: its page is kept when it is visited.
"use strict";

var TIMEOUT = 4000;
var SCOPE = self.registration.scope;
var CACHE = "larder:" + SCOPE;

// The site-relative path of a URL this worker keeps, or null. A folder
// ("lists/weekly/") is its index.html; the query ("?q=") is dropped.
function keep(url) {
  if (url.indexOf(SCOPE) !== 0) return null;
  var path = url.slice(SCOPE.length).split("#")[0].split("?")[0];
  if (path === "" || path.slice(-1) === "/") path += "index.html";
  if (path.split("/").some(function (part) { return part === ".." || part === "."; })) return null;
  if (/\.(html|txt)$/.test(path) || path.indexOf("assets/") === 0 || path === "search/index.js") return path;
  return null;
}

function cacheKey(path) {
  return SCOPE + path;
}

function store(cache, path, response) {
  // A page the site no longer has is not kept offline either.
  if (response && response.status === 404 && response.type === "basic") return cache.delete(cacheKey(path));
  // A redirect or an error is not the page; an opaque answer is not ours.
  if (!response || !response.ok || response.redirected || response.type !== "basic") return Promise.resolve();
  return cache.put(cacheKey(path), response);
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    // One by one: a page that fails to load leaves the others cached.
    return Promise.all(PRECACHE.map(function (path) {
      return fetch(new Request(cacheKey(path), { cache: "no-cache" })).then(function (response) {
        return store(cache, path, response);
      }).catch(function () {});
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

function networkFirst(request, path) {
  return caches.open(CACHE).then(function (cache) {
    var timer = null;
    var network = fetch(request).then(function (response) {
      clearTimeout(timer);
      return store(cache, path, response.clone()).then(function () { return response; }, function () { return response; });
    });
    // The copy, when the network fails or is this slow; else the network's answer.
    var fallback = new Promise(function (resolve) {
      timer = setTimeout(resolve, TIMEOUT);
      network.catch(resolve);
    }).then(function () {
      return cache.match(cacheKey(path));
    });
    return Promise.race([
      network.catch(function () { return fallback; }),
      fallback.then(function (copy) { return copy || network; })
    ]).then(function (response) { return response || Response.error(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var path = keep(request.url);
  if (path === null) return;
  event.respondWith(networkFirst(request, path));
});
