#!/usr/bin/env python3
"""Runs axe-core (WCAG 2.0/2.1 A and AA rules) over every HTML page of a built
Larder site, in the system Chromium through Playwright, and prints the
violations as JSON on stdout.

    axe_check.py SITE_DIR [--viewport 390x844] [--viewport 1280x900]
                          [--scheme light] [--scheme dark]

Each page is checked once per viewport and colour scheme (by default both
viewports above, light and dark). The output is one JSON object:
{"checked": <axe runs>, "pages": <pages>, "violations": [{page, viewport,
colorScheme, id, impact, help, helpUrl, nodes: [{target, html, summary}]}]}.
Exit status: 0 when the run worked (violations or not), 2 when it could not
run (no Chromium, no Playwright): the caller reads the JSON, not the status.

`--probe` only starts the browser on a blank page and loads axe in it: the
test suite uses it to tell whether the tool works on this machine.

Playwright never downloads a browser here: it is pointed at Debian's
chromium (CHROMIUM overrides the path).
"""

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Headless in a container: no sandbox (root, no user namespaces), and no
# reliance on a small /dev/shm. axe reads the stylesheets again with XHR for
# its CSS rules, which file:// pages may only do with file access allowed.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--allow-file-access-from-files"]
OPTIONS = json.dumps({"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})


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
    if not args.probe and args.site is None:
        parser.error("SITE_DIR is required")

    try:
        from axe_playwright_python.base import AXE_SCRIPT
        from playwright.async_api import async_playwright
    except ImportError as error:
        print(f"axe_check: {error} (run scripts/setup-test-tools)", file=sys.stderr)
        return 2
    if not os.access(CHROMIUM, os.X_OK):
        print(f"axe_check: no Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 2

    async def run():
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            try:
                if args.probe:
                    page = await browser.new_page()
                    await page.set_content("<!DOCTYPE html><title>probe</title><p>probe</p>")
                    await page.evaluate(AXE_SCRIPT)
                    return {"axe": await page.evaluate("axe.version")}
                return await check(browser, AXE_SCRIPT, args)
            finally:
                await browser.close()

    json.dump(asyncio.run(run()), sys.stdout)
    print()
    return 0


async def check(browser, axe_script, args):
    site = args.site.resolve()
    pages = sorted(site.rglob("*.html"))
    sizes = args.viewport or [viewport("390x844"), viewport("1280x900")]
    schemes = args.scheme or ["light", "dark"]
    # One browser for everything, and one tab per viewport, reused for every
    # page; the viewports run side by side (each tab has a renderer process
    # of its own, so two cores are used). The colour scheme only switches
    # `prefers-color-scheme`, which applies live: each page loads once per
    # viewport and axe runs once per scheme on it.
    runs = await asyncio.gather(*(check_viewport(browser, axe_script, site, pages, size, schemes) for size in sizes))
    return {
        "checked": sum(checked for checked, _ in runs),
        "pages": len(pages),
        "violations": [violation for _, violations in runs for violation in violations],
    }


async def check_viewport(browser, axe_script, site, pages, size, schemes):
    context = await browser.new_context(viewport=size)
    page = await context.new_page()
    checked = 0
    violations = []
    for path in pages:
        await page.goto(path.as_uri(), wait_until="load")
        await page.evaluate(axe_script)
        for scheme in schemes:
            await page.emulate_media(color_scheme=scheme)
            result = await page.evaluate(f"axe.run(document, {OPTIONS})")
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
    await context.close()
    return checked, violations


if __name__ == "__main__":
    sys.exit(main())
