"""Shared support of the browser tests: Debian's Chromium under Playwright, screenshots, and an
accessibility check of every page.

Chromium runs headless with the flags this machine needs (no sandbox as root, no background
networking: the network is closed), in a fresh profile. axe-core (AXE_CORE, its axe.min.js from
npm) is added to every page of a context made by `new_context` as an init script, which the
DevTools protocol injects outside the page's Content-Security-Policy; the pages' own CSP still
holds for everything else, and a CSP violation shows up as a console error.
"""

import json
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
def chromium(*flags):
    """A launched headless Chromium (Playwright's Browser), with any further command-line
    `flags` (such as `--host-resolver-rules=…`)."""
    with sync_playwright() as playwright:
        # Playwright gives every launch a fresh temporary profile of its own.
        browser = playwright.chromium.launch(
            executable_path=os.environ["CHROMIUM"], headless=True, args=CHROMIUM_FLAGS + list(flags)
        )
        try:
            yield browser
        finally:
            browser.close()


# axe-core impacts that fail a page.
BLOCKING = ("serious", "critical")


def new_context(browser, **options):
    """A browser context whose pages carry axe-core, and whose console errors are collected in
    `context.console_errors` (a refused script or style under the CSP lands there)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
    context.add_init_script(path=os.environ["AXE_CORE"])
    context.console_errors = []

    def console(page, message):
        # A 4xx answer is logged as a failed load; the tests expect those (a refused form).
        if message.type == "error" and not message.text.startswith("Failed to load resource"):
            context.console_errors.append(f"{page.url}: {message.text}")

    def watch(page):
        page.on("console", lambda m: console(page, m))
        page.on("pageerror", lambda e: context.console_errors.append(f"{page.url}: {e}"))

    context.on("page", watch)
    return context


def accessible(page, name):
    """Runs axe-core on the page as it is; fails on a serious or critical violation."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        raise SystemExit(f"FAILED: axe-core is not loaded on {name} (make the context with new_context)")
    result = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    blocking = [v for v in result["violations"] if v["impact"] in BLOCKING]
    for v in blocking:
        targets = [n["target"] for n in v["nodes"]][:5]
        print(f"axe {v['impact']}: {v['id']}: {v['help']} at {json.dumps(targets)}")
    check(not blocking, f"{name} has no serious or critical accessibility violation (axe-core)")


def screenshots(page, name):
    """Full-page screenshots of the current page at every width, as artifacts, each width
    checked by axe-core."""
    folder = os.environ["SCREENSHOTS"]
    size = page.viewport_size
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        path = os.path.join(folder, f"{name}-{width}.png")
        page.screenshot(path=path, full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        check(not overflow, f"{name} fits {width} px without sideways scrolling")
        accessible(page, f"{name} at {width} px")
    page.set_viewport_size(size)


def sign_in(page, base, email, password, ws):
    """Signs in on the sign-in page; the app opens the workspace `ws`'s links."""
    page.goto(f"{base}/account/sign-in")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}/app/w/{ws}/links")


def make_link(page, base, ws, name, destination, slug):
    """Makes a link in the app's editor, checks the editor says so, and answers its id (from
    the list's edit link)."""
    page.goto(f"{base}/app/w/{ws}/links/new")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Default destination").fill(destination)
    page.locator("#f-slug").fill(slug)
    with page.expect_navigation():
        page.get_by_role("button", name="Create link", exact=True).click()
    check(page.get_by_role("status").inner_text() == f'Link "{name}" created.', f"the link {slug} is created")
    page.goto(f"{base}/app/w/{ws}/links?q={slug}")
    href = page.locator("a[href$='/edit']").first.get_attribute("href")
    return href.rstrip("/").split("/")[-2]
