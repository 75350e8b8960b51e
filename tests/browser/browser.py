"""Shared support of the browser tests: Debian's Chromium under Playwright, and screenshots.

Chromium runs headless with the flags this machine needs (no sandbox as root, no background
networking: the network is closed), in a fresh profile.
"""

import os
from contextlib import contextmanager

from playwright.sync_api import sync_playwright

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WIDTHS = (1280, 375)


def check(condition, what):
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}")


@contextmanager
def chromium():
    """A launched headless Chromium (Playwright's Browser)."""
    with sync_playwright() as playwright:
        # Playwright gives every launch a fresh temporary profile of its own.
        browser = playwright.chromium.launch(
            executable_path=os.environ["CHROMIUM"], headless=True, args=CHROMIUM_FLAGS
        )
        try:
            yield browser
        finally:
            browser.close()


def screenshots(page, name):
    """Full-page screenshots of the current page at every width, as artifacts."""
    folder = os.environ["SCREENSHOTS"]
    size = page.viewport_size
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        path = os.path.join(folder, f"{name}-{width}.png")
        page.screenshot(path=path, full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        check(not overflow, f"{name} fits {width} px without sideways scrolling")
    page.set_viewport_size(size)
