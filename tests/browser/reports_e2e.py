"""Reporting a link in Chromium: a link made in the editor, its report page opened by a person
without JavaScript (the form works alike), a report without a reason held back by the form, a
report sent and thanked; the same thanks for a slug nobody made. With JavaScript on (axe-core
needs it), the page and the thanks are screenshotted at 1280 and 375 px and checked with
axe-core, and the page logs no CSP error.

Usage: reports_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE_ID SHORT_HOST
"""

import sys
from urllib.parse import urlparse

from browser import check, chromium, make_link, new_context, screenshots, sign_in
from locations_e2e import CHROME

SLUG = "report-me"
THANKS = "Thank you. Your report was received; we look into every report we get."


def report(page, url, name):
    """Opens the report page at `url`, sends a phishing report with a note; the thanks."""
    response = page.goto(url)
    check(response.status == 200, f"the report page opens ({response.status})")
    check(page.get_by_role("heading", level=1).inner_text() == "Report this link", "it says what it is for")
    check("prize.example.test" not in page.content(), "and never where the link goes")
    if name:
        screenshots(page, name)
    page.get_by_label("Anything else we should know? (optional)").fill("It asks for my bank password.")
    page.get_by_role("button", name="Send report").click()
    check(page.get_by_role("heading", level=1).inner_text() == "Report this link",
          "without a reason the form holds the report back")
    page.get_by_label("Phishing", exact=False).check()
    with page.expect_navigation():
        page.get_by_role("button", name="Send report").click()
    check(page.get_by_role("status").inner_text() == THANKS, "the report is thanked")
    return page.content()


def main(base, email, password, ws, short_host):
    port = urlparse(base).port
    with chromium(f"--host-resolver-rules=MAP {short_host} 127.0.0.1") as browser:
        context = new_context(browser)
        page = context.new_page()
        sign_in(page, base, email, password, ws)
        make_link(page, base, ws, "Report me", "https://prize.example.test/claim", SLUG)
        context.close()
        # Short links are served over plain HTTP on a *.localhost name: a secure context, so the
        # form's Secure cookie holds.
        url = f"http://{short_host}:{port}/_sl/report/{SLUG}"
        # Without JavaScript the form works alike (axe-core needs script, so the screenshots and
        # the accessibility checks are taken with it below).
        plain = new_context(browser, user_agent=CHROME, java_script_enabled=False)
        report(plain.new_page(), url, None)
        plain.close()
        with_script = new_context(browser, user_agent=CHROME)
        page = with_script.new_page()
        known = report(page, url, "report")
        screenshots(page, "report-thanks")
        unknown = report(page, f"http://{short_host}:{port}/_sl/report/nobody-made-this", None)
        check(known.replace(SLUG, "") == unknown.replace("nobody-made-this", ""),
              "a slug nobody made is thanked alike")
        check(not with_script.console_errors, f"the report page logs no errors (CSP included): {with_script.console_errors}")
        with_script.close()

if __name__ == "__main__":
    main(*sys.argv[1:6])
