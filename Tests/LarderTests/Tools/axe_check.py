#!/usr/bin/env python3
"""Runs axe-core (WCAG 2.0/2.1 A and AA rules) over every HTML page of a built
Larder site, in the system Chromium through Playwright, and prints the
violations as JSON on stdout.

    axe_check.py SITE_DIR [--viewport 390x844] [--viewport 1280x900]
                          [--scheme light] [--scheme dark]

Each page is checked once per viewport and colour scheme. The output is one
JSON object: {"checked": <axe runs>, "pages": <pages>, "violations": [{page, viewport,
colorScheme, id, impact, help, helpUrl, nodes: [{target, html, summary}]}]}.
Exit status: 0 when the run worked (violations or not), 2 when it could not
run (no Chromium, no Playwright): the caller reads the JSON, not the status.

`--probe` only starts the browser on a blank page: the test suite uses it to
tell whether the tool works on this machine.

Playwright never downloads a browser here: it is pointed at Debian's
chromium (CHROMIUM overrides the path).
"""

import argparse
import json
import os
import sys
from pathlib import Path

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Headless in a container: no sandbox (root, no user namespaces), and no
# reliance on a small /dev/shm.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]


def viewport(text):
    width, _, height = text.partition("x")
    return {"width": int(width), "height": int(height)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path)
    parser.add_argument("--viewport", action="append", type=viewport)
    parser.add_argument("--scheme", action="append", choices=["light", "dark"])
    parser.add_argument("--probe", action="store_true")
    args = parser.parse_args()

    try:
        from axe_playwright_python.base import AXE_SCRIPT
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        print(f"axe_check: {error} (run scripts/setup-test-tools)", file=sys.stderr)
        return 2
    if not os.access(CHROMIUM, os.X_OK):
        print(f"axe_check: no Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 2

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            if args.probe:
                page = browser.new_page()
                page.set_content("<!DOCTYPE html><title>probe</title><p>probe</p>")
                page.evaluate(AXE_SCRIPT)
                print(json.dumps({"axe": page.evaluate("axe.version")}))
                return 0
            if args.site is None:
                parser.error("SITE_DIR is required")
            return check(browser, AXE_SCRIPT, args)
        finally:
            browser.close()


def check(browser, axe_script, args):
    site = args.site.resolve()
    pages = sorted(site.rglob("*.html"))
    options = json.dumps({"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    violations = []
    checked = 0
    # One browser for everything and one tab per viewport, reused for every
    # page. The colour scheme only switches `prefers-color-scheme`, which
    # applies live, so each page loads once per viewport and axe runs once
    # per scheme on it (a reload per scheme would double the time).
    for size in args.viewport or [viewport("390x844"), viewport("1280x900")]:
        context = browser.new_context(viewport=size)
        page = context.new_page()
        for path in pages:
            page.goto(path.as_uri(), wait_until="load")
            page.evaluate(axe_script)
            for scheme in args.scheme or ["light", "dark"]:
                page.emulate_media(color_scheme=scheme)
                result = page.evaluate(f"axe.run(document, {options})")
                checked += 1
                for violation in result["violations"]:
                    violations.append({
                        "page": path.relative_to(site).as_posix(),
                        "viewport": f"{size['width']}x{size['height']}",
                        "colorScheme": scheme,
                        "id": violation["id"],
                        "impact": violation.get("impact"),
                        "help": violation["help"],
                        "helpUrl": violation.get("helpUrl"),
                        "nodes": [
                            {
                                "target": [str(t) for t in node.get("target", [])],
                                "html": node.get("html", ""),
                                "summary": node.get("failureSummary", ""),
                            }
                            for node in violation.get("nodes", [])
                        ],
                    })
        context.close()
    json.dump({"checked": checked, "pages": len(pages), "violations": violations}, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
