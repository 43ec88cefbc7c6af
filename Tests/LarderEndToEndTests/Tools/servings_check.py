#!/usr/bin/env python3
"""Opens a recipe page of a built Larder site in the system Chromium
(through Playwright), sets its servings control to each SERVINGS in turn
(typing into the field, as a person does) and reports, as JSON on stdout,
what each ingredient then reads:

    servings_check.py PAGE.html SERVINGS...
    {"control": true, "servings": {"6": [{"name": "flour", "amount": "1 ½ cups"}, ...]}, "errors": []}

"amount" is the text of the quantity and unit before the name, as shown
("" for none); "control" whether the servings control is on the page and shown.

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

READ = """() => Array.from(document.querySelectorAll("li.ingredient .check-label")).map(label => {
  const name = label.querySelector(".ingredient-name");
  const parts = Array.from(label.querySelectorAll(".qty, .unit")).filter(part => !part.hidden).map(part => part.textContent);
  return {name: name ? name.textContent : "", amount: parts.join(" ")};
})"""


async def run(page_path, servings):
    from playwright.async_api import async_playwright

    report = {"control": False, "servings": {}, "errors": []}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = await browser.new_page()
            page.on("pageerror", lambda error: report["errors"].append(str(error)))
            await page.goto(Path(page_path).resolve().as_uri(), wait_until="load")
            control = page.locator("[data-servings]")
            report["control"] = await control.count() > 0 and await control.first.is_visible()
            if report["control"]:
                for count in servings:
                    await page.fill("[data-servings-input]", str(count))
                    await page.dispatch_event("[data-servings-input]", "change")
                    report["servings"][str(count)] = await page.evaluate(READ)
        finally:
            await browser.close()
    return report


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        report = asyncio.run(run(sys.argv[1], [int(n) for n in sys.argv[2:]]))
    except ImportError as error:
        print(f"cannot run: {error}", file=sys.stderr)
        return 2
    json.dump(report, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
