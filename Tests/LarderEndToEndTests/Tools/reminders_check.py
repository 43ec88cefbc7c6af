#!/usr/bin/env python3
"""Opens a list page of a built Larder site in the system Chromium (through
Playwright), taps the "Remind me" button of the suggestion NAME, reloads the
page, and reports, as JSON on stdout, the reminders shown before and after
the reload and the text of each time[data-relative] (as larder.js left it):

    reminders_check.py PAGE.html NAME
    {"buttons": true, "clicked": ["eggs"], "reloaded": ["eggs"], "removed": [], "times": ["3 days ago"], "errors": []}

Exit status: 0 when the run worked, 2 when it could not run (no Chromium,
no Playwright).
"""

import asyncio
import json
import os
import sys
from pathlib import Path

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]

REMINDERS = """() => Array.from(document.querySelectorAll("[data-reminders] li .item-name")).map(e => e.textContent)"""
TIMES = """() => Array.from(document.querySelectorAll("time[data-relative]")).map(e => e.textContent)"""


async def run(page_path, name):
    from playwright.async_api import async_playwright

    report = {"buttons": False, "clicked": [], "reloaded": [], "removed": [], "times": [], "errors": []}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            context = await browser.new_context()
            page = await context.new_page()
            page.on("pageerror", lambda error: report["errors"].append(str(error)))
            await page.goto(Path(page_path).resolve().as_uri(), wait_until="load")
            button = page.locator(f'[data-action=remind][data-name="{name}"]')
            report["buttons"] = await button.count() == 1 and await button.is_visible()
            if report["buttons"]:
                await button.click()
                report["clicked"] = await page.evaluate(REMINDERS)
                await page.reload(wait_until="load")
                report["reloaded"] = await page.evaluate(REMINDERS)
                await page.locator("[data-reminders] li button").first.click()
                report["removed"] = await page.evaluate(REMINDERS)
            report["times"] = await page.evaluate(TIMES)
        finally:
            await browser.close()
    return report


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        report = asyncio.run(run(sys.argv[1], sys.argv[2]))
    except ImportError as error:
        print(f"cannot run: {error}", file=sys.stderr)
        return 2
    json.dump(report, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
