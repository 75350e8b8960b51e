"""Link options end to end in headless Chromium: the owner protects a link with a password and
campaign parameters in the editor; a visitor opens it, gets the password page, types a wrong
password (told so), then the right one (lands on the destination with the UTM parameters), and
is let straight through on the next visit; a visitor without JavaScript gets through alike. The
password page is screenshotted at 1280 and 375 px (asking, and after a wrong password) and
checked by axe-core.

The editor's UTM template dropdown fills the five fields when a template is chosen (screenshot,
axe), and the link saves with them.

An app link (`myapp://…`) with a store page for people without the app: the owner sets both in
the editor; a person's browser gets the page trying the app (screenshot, axe), and since no app
opens here it lands on the store page after about 1.5 s; without JavaScript the page's two links
are there to press.

Usage: python link_options_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE SHORT_HOST
"""

import sys
import time
from urllib.parse import parse_qs, urlparse

from browser import check, chromium, new_context, screenshots, sign_in
from locations_e2e import CHROME, Site

SLUG = "members-only"
APP_SLUG = "get-the-app"
STORE = "https://apps.example.test/app/id1234567890"
LINK_PASSWORD = "open sesame"


def protected_link(page, base, ws, site):
    """Makes the link in the editor: a password, a brand colour and two UTM parameters."""
    page.goto(f"{base}/app/w/{ws}/links/new")
    page.get_by_label("Name", exact=True).fill("Members only")
    page.get_by_label("Default destination").fill(f"{site.origin}/landing")
    page.locator("#f-slug").fill(SLUG)
    page.locator("#f-password").fill(LINK_PASSWORD)
    page.get_by_label("Brand colour").fill("#6f42c1")
    page.get_by_label("Source", exact=True).fill("newsletter")
    page.get_by_label("Campaign", exact=True).fill("members")
    with page.expect_navigation():
        page.get_by_role("button", name="Create link", exact=True).click()
    check(page.get_by_role("status").inner_text() == 'Link "Members only" created.', "the link is created")


def utm_template_dropdown(page, base, ws, site):
    """Choosing the "Newsletter" template (made by run.sh) fills the UTM fields at once; the
    link saves with them."""
    page.goto(f"{base}/app/w/{ws}/links/new")
    check(not page.get_by_role("button", name="Fill in").is_visible(),
          "with JavaScript the template fills at once: no Fill in button")
    page.get_by_label("Name", exact=True).fill("From a template")
    page.get_by_label("Default destination").fill(f"{site.origin}/landing")
    page.locator("#f-slug").fill("from-template")
    page.get_by_label("Fill in from a UTM template").select_option(label="Newsletter")
    check(page.get_by_label("Source", exact=True).input_value() == "newsletter", "the dropdown fills the source")
    check(page.get_by_label("Medium", exact=True).input_value() == "email", "and the medium")
    check(page.get_by_label("Campaign", exact=True).input_value() == "", "and clears what the template leaves unset")
    page.get_by_label("Campaign", exact=True).fill("autumn")
    page.get_by_label("Fill in from a UTM template").focus()
    screenshots(page, "editor-utm-template")
    with page.expect_navigation():
        page.get_by_role("button", name="Create link", exact=True).click()
    check(page.get_by_role("status").inner_text() == 'Link "From a template" created.', "the link is saved")


def app_link(page, base, ws):
    """An app link with its store page, made in the editor."""
    page.goto(f"{base}/app/w/{ws}/links/new")
    page.get_by_label("Name", exact=True).fill("Get the app")
    page.get_by_label("Default destination").fill("myapp://open/item/4")
    page.locator("#f-rules-0-appFallbackUrl").fill(STORE)
    page.locator("#f-slug").fill(APP_SLUG)
    with page.expect_navigation():
        page.get_by_role("button", name="Create link", exact=True).click()
    check(page.get_by_role("status").inner_text() == 'Link "Get the app" created.', "the app link is created")


def store_page(context):
    """The store answers on the test's behalf (nothing leaves the machine)."""
    context.route("https://apps.example.test/**", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8",
        body='<!doctype html><html lang="en"><head><title>Store</title></head><body><main><h1>The app in the store</h1></main></body></html>'))


def the_app_page_falls_back_to_the_store(browser, app_url):
    # The page as it stands (its script held back): what a person sees while the app opens.
    context = visitor(browser)
    context.route("**/_sl/open.js", lambda route: route.abort())
    page = context.new_page()
    response = page.goto(app_url)
    check(response.status == 200, f"a person gets the page trying the app ({response.status})")
    check(page.get_by_role("heading", level=1).inner_text() == "Opening the myapp app…", "it says what it does")
    check(page.get_by_role("link", name="Open the myapp app").get_attribute("href").startswith("myapp://open/item/4"),
          "a link opens the app")
    screenshots(page, "link-open-app")
    context.close()

    context = visitor(browser)
    store_page(context)
    page = context.new_page()
    started = time.perf_counter()
    page.goto(app_url)
    page.wait_for_url(f"{STORE}**", timeout=10_000)
    waited = time.perf_counter() - started
    check(1.3 <= waited <= 6, f"no app opened: the store page after about 1.5 s ({waited:.2f} s)")
    check(page.get_by_role("heading", level=1).inner_text() == "The app in the store", "the store page shows")
    check(not context.console_errors, f"the app page logs no errors (CSP included): {context.console_errors}")
    context.close()

    context = visitor(browser, java_script_enabled=False)
    store_page(context)
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_timeout(2000)
    check(page.url == app_url, "without JavaScript the page stays, its links to press")
    page.get_by_role("link", name="Continue to apps.example.test").click()
    page.wait_for_url(f"{STORE}**")
    check(True, "and its second link goes to the store page")
    context.close()


def visitor(browser, **options):
    """A person's browser (headless Chromium says "HeadlessChrome": a robot, which never gets
    past the page)."""
    return new_context(browser, user_agent=CHROME, **options)


def through_the_password(browser, short_url, site):
    context = visitor(browser)
    page = context.new_page()
    response = page.goto(short_url)
    check(response.status == 401, f"a person gets the password page ({response.status})")
    check(page.get_by_role("heading", level=1).inner_text() == "This link needs a password", "it says what it wants")
    check(urlparse(site.origin).netloc not in page.content(), "and never where the link goes")
    screenshots(page, "link-password")
    page.get_by_label("Password").fill("open sesam")
    with page.expect_navigation():
        page.get_by_role("button", name="Continue").click()
    check(page.get_by_role("alert").inner_text() == "That password is not right. Check it and try again.",
          "a wrong password is told")
    check(page.get_by_label("Password").get_attribute("aria-invalid") == "true", "and the field is marked")
    screenshots(page, "link-password-wrong")
    page.get_by_label("Password").fill(LINK_PASSWORD)
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url(f"{site.origin}/landing**")
    query = parse_qs(urlparse(page.url).query)
    check(query == {"utm_source": ["newsletter"], "utm_campaign": ["members"]},
          f"the right password lands on the destination with the link's UTM ({page.url})")
    page.goto(short_url)
    page.wait_for_url(f"{site.origin}/landing**")
    check(True, "the next visit goes straight through: the browser is remembered")
    check(not context.console_errors, f"the password page logs no errors (CSP included): {context.console_errors}")
    context.close()


def without_javascript(browser, short_url, site):
    context = visitor(browser, java_script_enabled=False)
    page = context.new_page()
    page.goto(short_url)
    page.get_by_label("Password").fill(LINK_PASSWORD)
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url(f"{site.origin}/landing**")
    check(True, "without JavaScript the form works alike")
    context.close()


def main(base, email, password, ws, short_host):
    site = Site()
    try:
        with chromium(f"--host-resolver-rules=MAP {short_host} 127.0.0.1") as browser:
            context = new_context(browser)
            page = context.new_page()
            sign_in(page, base, email, password, ws)
            protected_link(page, base, ws, site)
            utm_template_dropdown(page, base, ws, site)
            app_link(page, base, ws)
            check(not context.console_errors, f"the editor logs no errors: {context.console_errors}")
            context.close()
            # Short links are served over plain HTTP on the dev server's port, on a *.localhost
            # name: a secure context, so the Secure cookies hold.
            short_url = f"http://{short_host}:{urlparse(base).port}/{SLUG}"
            through_the_password(browser, short_url, site)
            without_javascript(browser, short_url, site)
            the_app_page_falls_back_to_the_store(browser, f"http://{short_host}:{urlparse(base).port}/{APP_SLUG}")
    finally:
        site.close()


if __name__ == "__main__":
    main(*sys.argv[1:6])
