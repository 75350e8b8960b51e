"""The webhooks tab in headless Chromium, against a dev server whose webhooks may reach a local
https receiver (dev-server-test-receiver). The owner adds an endpoint (an http URL is refused
beside the field, what was typed kept), copies the secret shown once, sends a test event and
sees it delivered in the recent deliveries; creates a link and sees link.created delivered;
rotates the secret; switches the endpoint off; adds a failing endpoint and sees its failed
attempt; deletes one after the confirmation page. Screenshots of every page at 1280 and 375 px,
each checked by axe-core.

Usage: python webhooks_e2e.py BASE_URL OWNER_EMAIL OWNER_PASSWORD WORKSPACE_ID RECEIVER_URL
"""

import re
import sys
import time

from browser import check, chromium, new_context, screenshots, sign_in


def submit(page, name):
    page.get_by_role("button", name=name).first.click()
    page.wait_for_load_state("load")


def status(page):
    return page.get_by_role("status").first.inner_text()


def add_endpoint(page, url, events):
    page.get_by_label("URL", exact=True).fill(url)
    for event in events:
        page.get_by_label(event, exact=True).check()
    submit(page, "Create the endpoint")


def card(page, url):
    return page.locator("section[id^='webhook-']", has_text=url)


def wait_for_row(page, base, ws, url, text, seconds=20):
    """Reloads the tab until the endpoint's deliveries show `text` (the worker runs apart)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        page.goto(f"{base}/app/w/{ws}/webhooks")
        if card(page, url).locator("tbody tr", has_text=text).count() > 0:
            return True
        time.sleep(0.5)
    return False


def main():
    base, email, password, ws, receiver = sys.argv[1:6]
    good = f"{receiver}/good"
    failing = f"{receiver}/fail"
    with chromium() as browser:
        context = new_context(browser)
        page = context.new_page()
        sign_in(page, base, email, password, ws)
        page.get_by_role("link", name="Webhooks").click()
        page.wait_for_url(f"{base}/app/w/{ws}/webhooks")
        screenshots(page, "webhooks-empty")

        add_endpoint(page, "http://hooks.example.com/in", ["link.created"])
        check(page.get_by_role("alert").inner_text() == "url must be an https URL such as https://hooks.example.com/links.",
              "an http URL is refused with the sentence")
        check(page.get_by_label("URL", exact=True).input_value() == "http://hooks.example.com/in", "what was typed stays")
        check(page.get_by_label("link.created", exact=True).is_checked(), "the events chosen stay chosen")
        screenshots(page, "webhooks-refused")

        page.get_by_label("URL", exact=True).fill(good)
        page.get_by_label("link.clicked", exact=True).check()
        submit(page, "Create the endpoint")
        check(status(page) == "Webhook created. Keep its secret now: it is not shown again.", "the endpoint is created")
        secret = page.get_by_role("textbox", name="Secret").input_value()
        check(secret.startswith("whsec_"), "the secret is shown to copy")
        screenshots(page, "webhooks-secret")
        page.goto(f"{base}/app/w/{ws}/webhooks")
        check(secret not in page.content(), "the secret is not shown again")

        submit(page, "Send a test event")
        check(status(page) == "Test event delivered: the endpoint answered HTTP 200.", "the test event is delivered")
        check(card(page, good).locator("tbody tr", has_text="test event").count() == 1, "and listed")

        page.goto(f"{base}/app/w/{ws}/links/new")
        page.get_by_label("Name", exact=True).fill("Hooked")
        page.get_by_label("Default destination").fill("https://example.com/hooked")
        submit(page, "Create link")
        check(wait_for_row(page, base, ws, good, "link.created"), "link.created is delivered and listed")
        screenshots(page, "webhooks-deliveries")

        submit(page, "Rotate the secret")
        check(status(page).startswith("Webhook updated with a new secret."), "the secret is rotated")
        check(page.get_by_role("textbox", name="Secret").input_value() not in ("", secret), "a new secret is shown")
        page.goto(f"{base}/app/w/{ws}/webhooks")
        submit(page, "Switch off")
        check(status(page) == "Webhook switched off.", "the endpoint is switched off")
        check(card(page, good).locator(".badge", has_text="off").count() == 1, "and marked off")

        add_endpoint(page, failing, ["link.created"])
        page.goto(f"{base}/app/w/{ws}/webhooks")
        card(page, failing).get_by_role("button", name="Send a test event").click()
        page.wait_for_load_state("load")
        check(status(page) == "Test event not delivered: the endpoint answered HTTP 500.", "a failing endpoint's test says so")
        screenshots(page, "webhooks-failing")

        card(page, failing).get_by_role("link", name="Delete").click()
        page.wait_for_url(re.compile(r".*/webhooks/[0-9a-f]{24}/delete$"))
        screenshots(page, "webhook-delete")
        submit(page, "Delete the webhook")
        check(status(page) == "Webhook deleted.", "the endpoint is deleted")
        check(card(page, failing).count() == 0, "and gone from the tab")
        check(not context.console_errors, f"no console errors: {context.console_errors}")
    print("webhooks in Chromium: every check passed")


if __name__ == "__main__":
    main()
