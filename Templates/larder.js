// Larder's page behaviour. Everything here is an enhancement: every page
// works without it. There is no inline code anywhere (a strict
// Content-Security-Policy with script-src 'self' holds); pages mark what this
// file acts on with data attributes and ids:
//
//   [data-checklist][data-storage-key]  ticks of input[data-check] kept in
//                                       localStorage as {checkbox id: bool};
//                                       inside it: [data-progress],
//                                       [data-progress-fill],
//                                       [data-progress-text], [data-status]
//   [data-action=share|copy|print|clear-ticks]  buttons, rendered hidden
//   #share-text                         textarea with the list as plain text
//   [data-share-title]                  on the Share button
//   [data-servings][data-base-servings] the servings control, rendered hidden;
//                                       inside it [data-servings-input],
//                                       [data-servings-step], [data-servings-status]
//   [data-qty] (+ [data-fractional])    quantities to rescale: "n/d" or "n/d-n/d"
//   [data-servings-shown]               text that shows the chosen servings
//   form[data-search][data-search-index][data-root], [data-search-status],
//   [data-search-results], #search-index the search page
(function () {
  "use strict";

  // ---- Small helpers -----------------------------------------------------

  function all(selector, scope) {
    return Array.prototype.slice.call((scope || document).querySelectorAll(selector));
  }

  function show(element) {
    if (element) element.hidden = false;
  }

  // localStorage can be missing or throw (private windows, file:// in some
  // browsers, storage full): ticks then last only as long as the page.
  var storage = {
    read: function (key) {
      try {
        var value = JSON.parse(window.localStorage.getItem(key) || "{}");
        return value && typeof value === "object" ? value : {};
      } catch (error) {
        return {};
      }
    },
    write: function (key, value) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch (error) {
        // Nothing to do: the page still works.
      }
    }
  };

  function announce(scope, message) {
    var status = scope.querySelector("[data-status]") || document.querySelector("[data-status]");
    if (!status) return;
    status.textContent = "";
    // A fresh text node makes screen readers read the same message again.
    window.setTimeout(function () { status.textContent = message; }, 50);
    window.clearTimeout(status._larderTimer);
    status._larderTimer = window.setTimeout(function () { status.textContent = ""; }, 4000);
  }

  // ---- Checklists: list items and recipe ingredients ----------------------
  // [data-checklist][data-storage-key] holds input[data-check] checkboxes;
  // their state is kept under the key as {checkbox id: true|false}. An id
  // not stored keeps the page's own `checked` (from the data file).

  function setUpChecklist(root) {
    var key = root.getAttribute("data-storage-key");
    var boxes = all("input[type=checkbox][data-check]", root);
    if (!key || boxes.length === 0) return;
    var saved = storage.read(key);

    boxes.forEach(function (box) {
      if (Object.prototype.hasOwnProperty.call(saved, box.id)) {
        box.checked = saved[box.id] === true;
      }
      box.addEventListener("change", function () {
        saved[box.id] = box.checked;
        storage.write(key, saved);
        update();
      });
    });

    // The count written at build time goes stale as boxes are ticked: on
    // screen the live progress line takes its place (see .is-live in CSS).
    var progress = root.querySelector("[data-progress]");
    var fill = root.querySelector("[data-progress-fill]");
    var text = root.querySelector("[data-progress-text]");
    function update() {
      var done = boxes.filter(function (box) { return box.checked; }).length;
      if (progress) {
        show(progress);
        root.classList.add("is-live");
        if (fill) fill.style.width = Math.round((done / boxes.length) * 100) + "%";
        if (text) text.textContent = done + " of " + boxes.length + " ticked";
      }
    }
    update();

    all("[data-action=clear-ticks]", root).forEach(function (button) {
      show(button);
      button.addEventListener("click", function () {
        boxes.forEach(function (box) {
          box.checked = false;
          saved[box.id] = false;
        });
        storage.write(key, saved);
        update();
        announce(root, "All ticks cleared.");
      });
    });
  }

  // ---- Copy, share, print -------------------------------------------------

  function shareText() {
    var source = document.getElementById("share-text");
    return source ? source.value : "";
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () {
        return copyWithSelection(text);
      });
    }
    return copyWithSelection(text);
  }

  // The old way, for file:// and plain http: select the hidden textarea.
  function copyWithSelection() {
    return new Promise(function (resolve, reject) {
      var area = document.getElementById("share-text");
      if (!area) { reject(new Error("no text")); return; }
      area.hidden = false;
      area.classList.add("is-copying");
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
      area.classList.remove("is-copying");
      area.hidden = true;
      if (ok) resolve(); else reject(new Error("copy failed"));
    });
  }

  function setUpActions() {
    all("[data-action=copy]").forEach(function (button) {
      show(button);
      button.addEventListener("click", function () {
        var scope = button.closest("[data-checklist]") || document;
        copyText(shareText()).then(
          function () { announce(scope, "Copied the list as text."); },
          function () { announce(scope, "Could not copy: use the Plain text link instead."); }
        );
      });
    });

    all("[data-action=share]").forEach(function (button) {
      show(button);
      button.addEventListener("click", function () {
        var scope = button.closest("[data-checklist]") || document;
        var text = shareText();
        var title = button.getAttribute("data-share-title") || document.title;
        if (navigator.share) {
          navigator.share({ title: title, text: text }).catch(function (error) {
            // The person closed the share sheet: nothing to do.
            if (error && error.name === "AbortError") return;
            copyText(text).then(function () {
              announce(scope, "Sharing is not available here, so the list was copied as text.");
            });
          });
        } else {
          copyText(text).then(
            function () { announce(scope, "Sharing is not available here, so the list was copied as text."); },
            function () { announce(scope, "Could not share or copy: use the Plain text link instead."); }
          );
        }
      });
    });

    all("[data-action=print]").forEach(function (button) {
      show(button);
      button.addEventListener("click", function () { window.print(); });
    });
  }

  // ---- Servings: exact rescaling ------------------------------------------
  // [data-qty] holds "num/den" or "num/den-num/den" (a range); scaled values
  // are computed as fractions of integers, then shown as cooks write them.

  function gcd(a, b) {
    a = Math.abs(a); b = Math.abs(b);
    while (b) { var t = a % b; a = b; b = t; }
    return a || 1;
  }

  function fraction(num, den) {
    if (den < 0) { num = -num; den = -den; }
    var divisor = gcd(num, den);
    return { num: num / divisor, den: den / divisor };
  }

  function parseFraction(text) {
    var match = /^\s*(-?\d+)(?:\/(\d+))?\s*$/.exec(text);
    if (!match) return null;
    var den = match[2] ? parseInt(match[2], 10) : 1;
    if (den === 0) return null;
    return fraction(parseInt(match[1], 10), den);
  }

  // "3/2" → [3/2]; "2/1-3/1" → [2, 3]. The range dash sits after a digit.
  function parseQuantity(text) {
    var match = /^\s*(-?\d+(?:\/\d+)?)(?:\s*-\s*(\d+(?:\/\d+)?))?\s*$/.exec(String(text));
    if (!match) return null;
    var values = [parseFraction(match[1])];
    if (match[2]) values.push(parseFraction(match[2]));
    return values.every(Boolean) ? values : null;
  }

  function multiply(a, num, den) {
    // Reduce crosswise first so that products stay small integers.
    var g1 = gcd(a.num, den), g2 = gcd(num, a.den);
    return fraction((a.num / g1) * (num / g2), (a.den / g2) * (den / g1));
  }

  var GLYPHS = { "1/8": "⅛", "1/4": "¼", "1/3": "⅓", "3/8": "⅜", "1/2": "½", "5/8": "⅝", "2/3": "⅔", "3/4": "¾", "7/8": "⅞" };
  var NICE = [[0, 1], [1, 8], [1, 4], [1, 3], [3, 8], [1, 2], [5, 8], [2, 3], [3, 4], [7, 8], [1, 1]];

  function formatDecimal(value) {
    var rounded = Math.round(value * 100) / 100;
    return String(rounded);
  }

  // Whole part plus the nearest fraction cooks use; exact values need no
  // mark, the nearest one gets "≈" so nobody mistakes it for exact.
  function formatFractional(value) {
    var whole = Math.floor(value.num / value.den);
    var rest = fraction(value.num - whole * value.den, value.den);
    if (rest.num === 0) return String(whole);
    var key = rest.num + "/" + rest.den;
    if (GLYPHS[key]) return (whole ? whole + "\u00a0" : "") + GLYPHS[key];
    var exact = rest.num / rest.den;
    var best = NICE[0];
    NICE.forEach(function (candidate) {
      if (Math.abs(candidate[0] / candidate[1] - exact) < Math.abs(best[0] / best[1] - exact)) best = candidate;
    });
    if (best[0] === 0 && whole === 0) return formatDecimal(value.num / value.den);
    if (best[0] === best[1]) return "≈\u00a0" + (whole + 1);
    if (best[0] === 0) return "≈\u00a0" + whole;
    return "≈\u00a0" + (whole ? whole + "\u00a0" : "") + GLYPHS[best[0] + "/" + best[1]];
  }

  function formatQuantity(value, fractional) {
    if (value.den === 1) return String(value.num);
    return fractional ? formatFractional(value) : formatDecimal(value.num / value.den);
  }

  function setUpServings(control) {
    var input = control.querySelector("[data-servings-input]");
    var base = parseInt(control.getAttribute("data-base-servings"), 10);
    var status = control.querySelector("[data-servings-status]");
    var scope = control.closest("article") || document;
    if (!input || !(base > 0)) return;

    var quantities = all("[data-qty]", scope).map(function (element) {
      return {
        element: element,
        original: element.textContent,
        values: parseQuantity(element.getAttribute("data-qty")),
        fractional: element.hasAttribute("data-fractional")
      };
    }).filter(function (q) { return q.values; });

    function apply(servings) {
      quantities.forEach(function (q) {
        if (servings === base) {
          q.element.textContent = q.original;
        } else {
          q.element.textContent = q.values.map(function (v) {
            return formatQuantity(multiply(v, servings, base), q.fractional);
          }).join("–");
        }
        q.element.classList.toggle("is-scaled", servings !== base);
      });
      // The "Serves" fact follows, so a printed page says what it is for.
      all("[data-servings-shown]", scope).forEach(function (element) { element.textContent = String(servings); });
      if (status) status.textContent = "Quantities for " + servings + (servings === 1 ? " serving." : " servings.");
    }

    function current() {
      var value = parseInt(input.value, 10);
      return value > 0 ? Math.min(value, 999) : base;
    }

    input.addEventListener("input", function () {
      var value = parseInt(input.value, 10);
      if (value > 0 && value <= 999) apply(value);
    });
    input.addEventListener("change", function () {
      input.value = current();
      apply(current());
    });
    all("[data-servings-step]", control).forEach(function (button) {
      button.addEventListener("click", function () {
        var next = Math.max(1, Math.min(999, current() + parseInt(button.getAttribute("data-servings-step"), 10)));
        input.value = next;
        apply(next);
      });
    });
    show(control);
  }

  // ---- Search -------------------------------------------------------------
  // The index: {"entries": [{title, href, kind, text}]}, hrefs from the site
  // root. Embedded as <script type="application/json" id="search-index">
  // (works from file://) or fetched from the form's data-search-index.

  function fold(text) {
    return String(text || "").toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }

  function loadIndex(form) {
    var embedded = document.getElementById("search-index");
    if (embedded) {
      try {
        return Promise.resolve(JSON.parse(embedded.textContent));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    var href = form.getAttribute("data-search-index");
    if (!href || !window.fetch) return Promise.reject(new Error("no index"));
    return fetch(href).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response.json();
    });
  }

  function setUpSearch(form) {
    var input = form.querySelector("input[type=search]");
    var results = document.querySelector("[data-search-results]");
    var status = document.querySelector("[data-search-status]");
    var root = form.getAttribute("data-root") || "";
    var entries = null;
    if (!input || !results) return;

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var first = results.querySelector("a");
      if (first) first.focus();
    });

    function render() {
      var words = fold(input.value).split(/\s+/).filter(Boolean);
      results.textContent = "";
      if (!entries) return;
      if (words.length === 0) {
        status.textContent = entries.length + " recipes and lists to search.";
        return;
      }
      var hits = [];
      entries.forEach(function (entry, position) {
        var title = fold(entry.title);
        var haystack = title + " " + fold(entry.text);
        if (!words.every(function (word) { return haystack.indexOf(word) !== -1; })) return;
        var inTitle = words.filter(function (word) { return title.indexOf(word) !== -1; }).length;
        hits.push({ entry: entry, rank: inTitle === words.length ? 0 : inTitle > 0 ? 1 : 2, position: position });
      });
      hits.sort(function (a, b) { return a.rank - b.rank || a.position - b.position; });
      hits.slice(0, 100).forEach(function (hit) {
        var item = document.createElement("li");
        item.className = "search-result";
        var link = document.createElement("a");
        link.href = root + hit.entry.href;
        link.textContent = hit.entry.title;
        var kind = document.createElement("span");
        kind.className = "search-kind";
        kind.textContent = hit.entry.kind === "list" ? "List" : "Recipe";
        item.appendChild(link);
        item.appendChild(document.createTextNode(" "));
        item.appendChild(kind);
        results.appendChild(item);
      });
      var count = hits.length;
      status.textContent = count === 0 ? "Nothing found for “" + input.value.trim() + "”."
        : count + (count === 1 ? " result" : " results") + " for “" + input.value.trim() + "”.";
    }

    input.addEventListener("input", render);

    var query = "";
    try { query = new URLSearchParams(window.location.search).get("q") || ""; } catch (error) { query = ""; }
    if (query) input.value = query;

    status.textContent = "Loading the search index…";
    loadIndex(form).then(function (index) {
      entries = (index && index.entries) || [];
      render();
    }, function () {
      status.textContent = "The search index could not be loaded. Pages opened straight from disk may block it; browse from the home page instead.";
    });
  }

  // ---- Start --------------------------------------------------------------

  function start() {
    document.documentElement.classList.add("js");
    all("[data-checklist]").forEach(setUpChecklist);
    setUpActions();
    all("[data-servings]").forEach(setUpServings);
    all("form[data-search]").forEach(setUpSearch);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
