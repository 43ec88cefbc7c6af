#!/usr/bin/env python3
"""Opens `larder serve`'s preview in the system Chromium (through Playwright)
at a phone's width (390 px) and reports, as JSON on stdout, what the preview
does about the service worker and how its error overlay is laid out.

    serve_check.py LARDER DATA_DIR --page lists/weekly/index.html --break lists/weekly.md

- "worker": the status of GET /sw.js and how many service workers the page
  has registered after it loaded (the preview registers none).
- "overlay": DATA_DIR/--break appended a line that is an error, the
  overlay's title and its Hide button: their boxes, whether they overlap,
  and whether the title fits the overlay's width.

Exit status: 0 when the run worked, 2 when it could not run (no Chromium, no
Playwright): the caller reads the JSON, not the status.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

# Beside this script: the Chromium launch of the CSP check.
from csp_check import CHROMIUM, CHROMIUM_ARGS, run_tool

BOXES = """() => {
  var overlay = document.getElementById("larder-errors");
  if (!overlay) return null;
  // The title's text, line by line (its element's box spans the width even
  // where the text wraps around the button).
  var range = document.createRange();
  range.selectNodeContents(overlay.querySelector("h2"));
  var lines = Array.prototype.slice.call(range.getClientRects());
  var button = overlay.querySelector("button").getBoundingClientRect();
  function box(r) { return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; }
  function overlaps(r) { return r.left < button.right && button.left < r.right && r.top < button.bottom && button.top < r.bottom; }
  return {
    lines: lines.map(box), button: box(button),
    overlap: lines.some(overlaps),
    fits: lines.every(function (r) { return r.right <= overlay.clientWidth + 1; })
  };
}"""


async def run(args):
    from playwright.async_api import async_playwright

    serve = subprocess.Popen(
        [args.larder, "serve", str(args.data), "--port", "0", "--color", "never"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    report = {}
    try:
        # "Serving DIR at http://127.0.0.1:PORT/ (Ctrl-C to stop)"
        line = serve.stdout.readline()
        base = line[line.index("http://"):].split(" ")[0]
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                context = await browser.new_context(viewport={"width": 390, "height": 844})
                page = await context.new_page()
                await page.goto(base + args.page, wait_until="load")
                await page.wait_for_timeout(500)
                report["worker"] = await page.evaluate("""() => Promise.all([
                  fetch("/sw.js").then(r => r.status),
                  navigator.serviceWorker.getRegistrations().then(r => r.length)
                ]).then(([status, registered]) => ({ status: status, registered: registered }))""")
                with open(args.data / args.broken, "a", encoding="utf-8") as file:
                    file.write("\n- [ ] 2 x\n")
                try:
                    await page.wait_for_selector("#larder-errors", timeout=20000)
                    report["overlay"] = await page.evaluate(BOXES)
                except Exception as error:
                    report["overlay"] = {"error": str(error).splitlines()[0]}
                await context.close()
            finally:
                await browser.close()
    finally:
        serve.terminate()
        serve.wait()
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("larder")
    parser.add_argument("data", type=Path)
    parser.add_argument("--page", default="lists/weekly/index.html")
    parser.add_argument("--break", dest="broken", default="lists/weekly.md")
    return run_tool("serve_check", run, parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
