#!/usr/bin/env python3
"""Uses a built Larder site in the system Chromium (through Playwright) as a
phone in a shop would: served from a loopback HTTP server under a subpath
(/site/, as GitHub Pages serves a project), a list page opened online, then
the network switched off (context.set_offline), and reports what worked, as
JSON on stdout.

    offline_check.py SITE_DIR --list lists/shop/index.html
        [--other lists/party/index.html] [--unlisted lists/TOKEN/index.html]
        --edit FILE OLD NEW --rebuild ARGV_JSON

Steps, each recorded under its name:
- "online": the list page over http; the service worker registered (its
  scope) and controlling the page; two unticked boxes ticked.
- "offline": offline, the page reloaded: its title, larder.js ran, the
  stylesheet applied, the two ticks kept; a third box ticked, reloaded, kept.
- "precached": offline, the home page and --other (a public list never
  opened) load from the worker's cache.
- "unlisted": --unlisted opened online, then offline it loads again (kept
  when visited, never named in sw.js).
- "rebuilt": online again, FILE edited (OLD replaced by NEW: the first
  ticked item's text) and the site rebuilt with ARGV_JSON; the list page
  reloaded shows NEW (the new build's page, not the cached one), the edited
  item's tick dropped, the other tick kept.
- "gone": with --gone (the data file of --other, removed before the
  rebuild): --other's status online (404), then whether it still loads
  offline (it must not: the worker dropped its copy).
- "cleared": "Clear ticks" pressed: which boxes stay ticked (the file's own
  [x] ones) and that no tick of ours is left.

Exit status: 0 when the run worked, 2 when it could not run (no Chromium, no
Playwright): the caller reads the JSON, not the status.
"""

import argparse
import asyncio
import json
import subprocess
import sys
from pathlib import Path

# Beside this script: the Chromium launch and the loopback server of the CSP check.
from csp_check import CHROMIUM, CHROMIUM_ARGS, run_tool, serve

STATE = """() => ({
  title: document.title,
  script: document.documentElement.classList.contains("js"),
  styled: (function () {
    var skip = document.querySelector(".skip-link");
    return !!skip && getComputedStyle(skip).position === "absolute";
  })(),
  controlled: !!(navigator.serviceWorker && navigator.serviceWorker.controller),
  ticked: Array.prototype.map.call(document.querySelectorAll("input[data-check]:checked"), function (b) { return b.id; }),
  text: document.body ? document.body.innerText : ""
})"""


async def state(page):
    await page.wait_for_timeout(100)
    return await page.evaluate(STATE)


async def run(args):
    from playwright.async_api import async_playwright

    site = args.site.resolve()
    # The site under /site/ of the server, as a project page is.
    parent = site.parent / (site.name + ".served")
    parent.mkdir(exist_ok=True)
    link = parent / "site"
    if not link.exists():
        link.symlink_to(site, target_is_directory=True)
    server = serve(parent)
    base = f"http://127.0.0.1:{server.server_address[1]}/site/"
    report = {}
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                context = await browser.new_context()
                page = await context.new_page()
                errors = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                await page.goto(base + args.list, wait_until="load")
                # No worker within 10 s (none registered): scope null, and the rest runs without.
                scope = await page.evaluate("""() => Promise.race([
                  navigator.serviceWorker.ready.then(r => r.scope),
                  new Promise(resolve => setTimeout(() => resolve(null), 10000))
                ])""")
                # The first load is not controlled (the worker came with it): once
                # it is ready, the next load is.
                await page.reload(wait_until="load")
                online = await state(page)
                boxes = page.locator("input[type=checkbox][data-check]:not(:checked)")
                first = await boxes.nth(0).get_attribute("id")
                second = await boxes.nth(1).get_attribute("id")
                third = await boxes.nth(2).get_attribute("id")
                await page.check(f"[id='{first}']")
                await page.check(f"[id='{second}']")
                report["online"] = {"scope": scope or "", "controlled": online["controlled"], "ticked": [first, second],
                                    "own": online["ticked"]}

                await context.set_offline(True)
                try:
                    await page.reload(wait_until="load")
                except Exception as error:  # no worker: net::ERR_INTERNET_DISCONNECTED
                    report["error"] = "offline reload: " + str(error).splitlines()[0]
                    return report
                offline = await state(page)
                await page.check(f"[id='{third}']")
                await page.reload(wait_until="load")
                again = await state(page)
                report["offline"] = {k: offline[k] for k in ("title", "script", "styled", "controlled", "ticked")}
                report["offline"]["afterTick"] = again["ticked"]
                report["offline"]["third"] = third

                precached = {}
                for path in ["index.html"] + ([args.other] if args.other else []):
                    other = await context.new_page()
                    try:
                        await other.goto(base + path, wait_until="load")
                        precached[path] = await state(other)
                        del precached[path]["text"]
                    except Exception as error:  # offline and not cached: net::ERR_INTERNET_DISCONNECTED
                        precached[path] = {"error": str(error).splitlines()[0]}
                    await other.close()
                report["precached"] = precached

                if args.unlisted:
                    await context.set_offline(False)
                    secret = await context.new_page()
                    await secret.goto(base + args.unlisted, wait_until="load")
                    await context.set_offline(True)
                    try:
                        await secret.reload(wait_until="load")
                        report["unlisted"] = {k: v for k, v in (await state(secret)).items() if k != "text"}
                    except Exception as error:
                        report["unlisted"] = {"error": str(error).splitlines()[0]}
                    await secret.close()

                await context.set_offline(False)
                if args.edit:
                    path, old, new = args.edit
                    text = Path(path).read_text(encoding="utf-8")
                    Path(path).write_text(text.replace(old, new, 1), encoding="utf-8")
                    if args.gone:
                        Path(args.gone).unlink()
                    rebuild = subprocess.run(json.loads(args.rebuild), capture_output=True, text=True)
                    await page.reload(wait_until="load")
                    rebuilt = await state(page)
                    report["rebuilt"] = {
                        "status": rebuild.returncode, "stderr": rebuild.stderr[-2000:],
                        "shows": new in rebuilt["text"], "showsOld": old in rebuilt["text"],
                        "ticked": rebuilt["ticked"], "controlled": rebuilt["controlled"],
                    }

                if args.gone:
                    # Online, the removed page answers 404: the worker drops its copy.
                    gone = await context.new_page()
                    response = await gone.goto(base + args.other, wait_until="load")
                    online_status = response.status if response else None
                    await context.set_offline(True)
                    try:
                        await gone.reload(wait_until="load")
                        offline_kept = True
                    except Exception:
                        offline_kept = False
                    await context.set_offline(False)
                    await gone.close()
                    report["gone"] = {"online": online_status, "keptOffline": offline_kept}

                clear = page.locator("[data-action=clear-ticks]")
                await clear.click()
                cleared = await state(page)
                stored = await page.evaluate("""() => {
                  var out = {};
                  for (var i = 0; i < localStorage.length; i++) out[localStorage.key(i)] = localStorage.getItem(localStorage.key(i));
                  return out;
                }""")
                report["cleared"] = {"ticked": cleared["ticked"], "storage": stored}
                report["errors"] = errors
                await context.close()
            finally:
                await browser.close()
    finally:
        server.shutdown()
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--list", required=True)
    parser.add_argument("--other")
    parser.add_argument("--unlisted")
    parser.add_argument("--edit", nargs=3, metavar=("FILE", "OLD", "NEW"))
    parser.add_argument("--rebuild", default="[]")
    parser.add_argument("--gone", help="a data file removed before the rebuild: the one of --other's page")
    return run_tool("offline_check", run, parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
