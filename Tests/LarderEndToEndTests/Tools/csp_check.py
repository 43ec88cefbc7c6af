#!/usr/bin/env python3
"""Loads the pages of a built Larder site in the system Chromium (through
Playwright) twice: over http (a local server on 127.0.0.1) and from file://,
and reports, as JSON on stdout, what the page's Content-Security-Policy
blocked and whether the theme still works under it.

One page of each kind is loaded, and the --list page (`--all` loads every page): pages are of the
same kind when their paths differ only in the last folder and their <body>
and <article> classes are the same (one shopping list, one checklist, one
collection, one recipe, one print sheet...).

    csp_check.py SITE_DIR [--search QUERY] [--list lists/weekly/index.html]

Per load: {"mode", "page", "violations": [securitypolicyviolation events and
console messages about the policy], "errors": [uncaught exceptions],
"script": larder.js ran (it marks <html class="js">), "styled": the theme's
stylesheet applied (style.css hides .skip-link off screen; print.css pads
the sheet's body)}. Then per mode, where the site has them, "search": the
result titles the search page lists for QUERY, with its status line;
"ticks": whether a ticked box on the list page is still ticked after a
reload (localStorage).

Exit status: 0 when the run worked, 2 when it could not run (no Chromium, no
Playwright): the caller reads the JSON, not the status.
"""

import argparse
import asyncio
import functools
import http.server
import json
import os
import re
import sys
import threading
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]

# Runs before any of the page's own script: collects the policy's reports.
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__csp.push(event.violatedDirective + " blocked " + (event.blockedURI || "inline")
    + " (" + event.sourceFile + ":" + event.lineNumber + ")");
});
"""

STATE = """() => {
  var skip = document.querySelector(".skip-link");
  var styled = skip ? getComputedStyle(skip).position === "absolute"
    : getComputedStyle(document.body).paddingTop !== "0px";
  return {
    script: document.documentElement.classList.contains("js"),
    styled: styled,
    violations: window.__csp || [],
    layout: !!skip
  };
}"""


def one_of_each_kind(site, pages):
    kinds = {}
    for path in pages:
        parts = path.split("/")
        pattern = "/".join(parts[:1] + [p if p == "print" else "*" for p in parts[1:-1]] + parts[-1:])
        text = (site / path).read_text(encoding="utf-8", errors="replace")
        classes = tuple(re.findall(r'<(?:body|article) class="([^"]*)"', text))
        kinds.setdefault((pattern, classes), path)
    return sorted(kinds.values())


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def serve(folder):
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


async def load(context, url):
    page = await context.new_page()
    messages, errors = [], []
    page.on("console", lambda message: messages.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(url, wait_until="load")
    await page.wait_for_timeout(50)
    state = await page.evaluate(STATE)
    policy = [m for m in messages if "Content Security Policy" in m or "Content-Security-Policy" in m]
    state["violations"] = state["violations"] + policy
    state["errors"] = errors
    return page, state


async def search(context, url, query):
    page, _ = await load(context, url)
    await page.fill("input[type=search]", query)
    await page.wait_for_timeout(200)
    titles = await page.eval_on_selector_all("[data-search-results] a", "links => links.map(l => l.textContent)")
    status = await page.text_content("[data-search-status]")
    await page.close()
    return {"titles": titles, "status": status}


async def ticks(context, url):
    page, _ = await load(context, url)
    box = page.locator("input[type=checkbox][data-check]:not(:checked)").first
    box_id = await box.get_attribute("id")
    await box.check()
    await page.reload(wait_until="load")
    await page.wait_for_timeout(50)
    kept = await page.is_checked(f"[id='{box_id}']")
    await page.close()
    return {"box": box_id, "kept": kept}


async def run(args):
    from playwright.async_api import async_playwright

    site = args.site.resolve()
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    if not args.all:
        pages = sorted(set(one_of_each_kind(site, pages)) | ({args.list} & set(pages)))
    server = serve(site)
    bases = {
        "http": f"http://127.0.0.1:{server.server_address[1]}/",
        "file": site.as_uri() + "/",
    }
    report = {"pages": pages, "loads": [], "search": {}, "ticks": {}}
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                for mode, base in bases.items():
                    context = await browser.new_context()
                    await context.add_init_script(LISTEN)
                    for path in pages:
                        page, state = await load(context, base + path)
                        await page.close()
                        state.update({"mode": mode, "page": path})
                        report["loads"].append(state)
                    if (site / "search/index.html").exists():
                        report["search"][mode] = await search(context, base + "search/index.html", args.search)
                    if (site / args.list).exists():
                        report["ticks"][mode] = await ticks(context, base + args.list)
                    await context.close()
            finally:
                await browser.close()
    finally:
        server.shutdown()
    return report


def run_tool(tool, run, args):
    """Runs `run(args)` in Chromium and prints its report as JSON: exit 0, or
    2 when Playwright or Chromium is missing (shared with offline_check.py)."""
    try:
        import playwright  # noqa: F401
    except ImportError as error:
        print(f"{tool}: {error} (run scripts/setup-test-tools)", file=sys.stderr)
        return 2
    if not os.access(CHROMIUM, os.X_OK):
        print(f"{tool}: no Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 2
    json.dump(asyncio.run(run(args)), sys.stdout)
    print()
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--search", default="pancakes")
    parser.add_argument("--list", default="lists/weekly/index.html")
    parser.add_argument("--all", action="store_true")
    return run_tool("csp_check", run, parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
