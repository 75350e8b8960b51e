"""The operator's switch end to end in headless Chromium: the owner makes a link in the editor;
the operator disables it with `linkctl link disable`; a person who opens it gets the 451 page
saying it was disabled for abuse, with a link to the report page (screenshots at 1280 and
375 px, axe-core, no console errors under its CSP); the owner's editor says "disabled by the
operator: <reason>" (screenshot, axe). Then the operator suspends a second workspace of the
same owner, and its app pages say why.

Usage: python switch_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE SHORT_HOST LINKCTL
"""

import json
import subprocess
import sys
from urllib.parse import urlparse

from browser import check, chromium, make_link, new_context, screenshots, sign_in
from locations_e2e import CHROME

SLUG = "reported-offer"
REASON = "Phishing page impersonating a bank, reported twice"


def linkctl(binary, *args):
    out = subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def the_visitor_gets_the_451_page(browser, short_url):
    context = new_context(browser, user_agent=CHROME)
    page = context.new_page()
    response = page.goto(short_url)
    check(response.status == 451, f"a person gets 451 ({response.status})")
    check(page.get_by_role("heading", level=1).inner_text() == "This link has been disabled", "it says so")
    check("disabled for abuse" in page.content(), "and why: abuse")
    check("offer.example.test" not in page.content(), "and never where the link went")
    report = page.get_by_role("link", name="Report this link")
    check(report.get_attribute("href") == f"/_sl/report/{SLUG}", "it links to the report page")
    screenshots(page, "switch-451")
    check(not context.console_errors, f"the 451 page logs no errors (CSP included): {context.console_errors}")
    context.close()


def the_owner_reads_the_reason(page, base, ws, link_id):
    page.goto(f"{base}/app/w/{ws}/links/{link_id}/edit")
    note = page.locator("#disabled-by-operator").inner_text()
    check(f"disabled by the operator: {REASON}" in note, f"the editor says why ({note!r})")
    screenshots(page, "switch-editor-disabled")
    page.goto(f"{base}/app/w/{ws}/links?q={SLUG}")
    check("disabled by the operator" in page.content(), "the list marks the link")


def a_suspended_workspace_says_why(page, base, binary, email):
    suspended = linkctl(binary, "workspace", "create", "--name", "Suspended tests", "--owner", email)["id"]
    linkctl(binary, "workspace", "suspend", "--workspace", suspended, "--reason", "Mass phishing campaign",
            "--by", "browser-test")
    response = page.goto(f"{base}/app/w/{suspended}/links")
    check(response.status == 403, f"the app refuses the suspended workspace ({response.status})")
    check(page.get_by_role("heading", level=1).inner_text() == "Workspace suspended", "it names the refusal")
    check("suspended by the operator: Mass phishing campaign" in page.content(), "and says why")
    screenshots(page, "switch-workspace-suspended")


def main(base, email, password, ws, short_host, binary):
    with chromium(f"--host-resolver-rules=MAP {short_host} 127.0.0.1") as browser:
        context = new_context(browser)
        page = context.new_page()
        sign_in(page, base, email, password, ws)
        link_id = make_link(page, base, ws, "Reported offer", "https://offer.example.test/win", SLUG)
        answer = linkctl(binary, "link", "disable", "--id", link_id, "--reason", REASON, "--by", "browser-test")
        check(answer["disabledReason"] == REASON and answer["changed"], f"linkctl disables the link ({answer})")
        short_url = f"http://{short_host}:{urlparse(base).port}/{SLUG}"
        the_visitor_gets_the_451_page(browser, short_url)
        the_owner_reads_the_reason(page, base, ws, link_id)
        a_suspended_workspace_says_why(page, base, binary, email)
        audit = linkctl(binary, "audit", "list")["entries"]
        check(any(e["action"] == "link-disabled" and e["target"] == link_id and e["by"] == "browser-test"
                  for e in audit), "linkctl audit list shows who disabled the link")
        check(not context.console_errors, f"the app logs no errors: {context.console_errors}")
        context.close()


if __name__ == "__main__":
    main(*sys.argv[1:7])
