"""Conversion tracking end to end in headless Chromium: the owner makes a tracked link in the
editor and copies the snippet it shows; a small site on loopback (the link's destination) carries
those lines; a visitor opens the short link, lands on the site with the click id in the URL,
which the script keeps in a first-party cookie, and signs up on the next page, which fires the
pixel; the owner sees the conversion on the link's analytics page (the stat, the rule's rate,
the events table), in the rules, conversions and daily CSVs, and on the workspace's page. The
analytics pages and the editor with its snippet are screenshotted at 1280 and 375 px and checked
by axe-core.

Usage: python conversions_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE SHORT_HOST
"""

import csv
import io
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

from browser import check, chromium, new_context, screenshots, sign_in

CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
SLUG = "signup-journey"


class Site:
    """The link's destination: a site on a free loopback port with a landing page and a
    thank-you page, whose HTML is set once the editor has shown the snippet."""

    def __init__(self):
        self.pages = {}
        pages = self.pages

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                body = pages.get(urlparse(self.path).path)
                if body is None:
                    self.send_error(404)
                    return
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *_):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def carry(self, script, convert):
        """The landing page loads the script; the thank-you page loads it and reports."""
        page = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>{head}</head>' \
               "<body><main><h1>{title}</h1>{body}</main></body></html>"
        self.pages["/landing"] = page.format(title="Our product", head=script, body='<a href="/thanks">Sign up</a>')
        self.pages["/thanks"] = page.format(title="Thank you", head=script + convert, body="<p>You are in.</p>")

    def close(self):
        self.server.shutdown()


def csv_download(page, link_name):
    """Clicks a "Download CSV" link and reads the file as rows of dicts."""
    with page.expect_download() as download:
        page.get_by_role("link", name=link_name).click()
    text = open(download.value.path(), encoding="utf-8").read()
    return list(csv.DictReader(io.StringIO(text)))


def table(page, selector):
    """The text of each cell of a table's body, row by row."""
    return page.locator(f"{selector} tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"
    )


def tracked_link(page, base, ws, site, short_host):
    """Creates the tracked link in the editor; returns its id and the snippet's two lines."""
    page.goto(f"{base}/app/w/{ws}/links/new")
    page.get_by_label("Name", exact=True).fill("Sign-up journey")
    page.get_by_label("Default destination").fill(f"{site.origin}/landing")
    page.locator("#f-slug").fill(SLUG)
    page.get_by_label("Conversion tracking").check()
    with page.expect_navigation():
        page.get_by_role("button", name="Create link", exact=True).click()
    check(page.get_by_role("status").inner_text() == 'Link "Sign-up journey" created.', "the tracked link is created")
    page.get_by_role("link", name="Edit Sign-up journey").click()
    page.wait_for_url("**/edit")
    link = page.url.split("/links/")[1].split("/")[0]

    check(page.locator("#tracking-snippet").get_attribute("open") is not None,
          "with tracking on, the editor shows the snippet without a click")
    script = page.locator("#snippet-script").inner_text()
    check(script == f'<script src="https://{short_host}/_sl/c.js"></script>', f"the script is the link's domain's: {script}")
    convert = page.locator("#snippet-convert").inner_text()
    curl = page.locator("#snippet-curl").inner_text()
    check(f"{base}/apiv1/conversions" in curl and f'"workspaceId":"{ws}"' in curl, "the curl reports to this API and workspace")
    screenshots(page, "link-edit-conversions")
    page.get_by_role("button", name="Copy the script line").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    check(copied == script, "the copy button copies the script line as shown")
    return link, script, convert


def visitor_converts(browser, base, short_host, site):
    """A person opens the short link, lands with the click id, and signs up on the next page."""
    dev_port = urlparse(base).port
    context = new_context(browser, user_agent=CHROME)
    page = context.new_page()
    page.goto(f"http://{short_host}:{dev_port}/{SLUG}")
    landed = urlparse(page.url)
    cid = parse_qs(landed.query).get("sl_cid", [""])[0]
    check(f"{landed.scheme}://{landed.netloc}{landed.path}" == f"{site.origin}/landing" and len(cid) == 42,
          f"the visitor lands on the site with a click id ({page.url})")
    cookies = {c["name"]: c["value"] for c in context.cookies(site.origin)}
    check(cookies.get("sl_cid") == cid, "the script keeps the click id in a first-party cookie")
    with page.expect_response(lambda r: "/_sl/c?" in r.url) as pixel:
        page.get_by_role("link", name="Sign up").click()
    check(pixel.value.status == 200 and "e=signup" in pixel.value.url and f"cid={cid}" in pixel.value.url,
          f"the thank-you page fires the pixel with the click id ({pixel.value.status})")
    check(not context.console_errors, f"the site's pages log no errors: {context.console_errors}")
    context.close()


def wait_for_conversions(page, url):
    """Reloads the analytics page until the aggregator has folded the click, its visitor (a
    separate write) and the conversion in: (clicks, visitors, conversions) as the page shows them."""
    deadline = time.time() + 60
    while True:
        page.goto(url)
        got = tuple(page.locator(stat).inner_text() for stat in ("#period-total", "#unique", "#conversions"))
        if got == ("1", "1", "1") or time.time() > deadline:
            return got
        time.sleep(1)


def analytics(page, base, ws, link, site_origin):
    got = wait_for_conversions(page, f"{base}/app/w/{ws}/links/{link}/analytics")
    check(got == ("1", "1", "1"), f"the sign-up is counted on the link's page beside its click ({got})")
    chart = page.locator("#conversions-daily .chart-wide svg.chart")
    check("1 conversion in total" in chart.get_attribute("aria-label"), "the conversions chart is drawn")
    rules = table(page, "#rules-table")
    check(len(rules) == 1 and rules[0][:3] == ["Default rule", f"{site_origin}/landing", "1"]
          and rules[0][4:7] == ["1", "100.00 %", "—"], f"the rule has the conversion at a 100.00 % rate: {rules}")
    events = table(page, "#events-table")
    check(events == [["signup", "1", "—"]], f"the events table lists the sign-up: {events}")
    screenshots(page, "link-analytics-conversions")

    rule_rows = csv_download(page, "Download CSV of rules")
    check([(r["conversions"], r["conversionRate"]) for r in rule_rows] == [("1", "1")],
          f"the rules CSV has the conversion and its rate: {rule_rows}")
    events_csv = csv_download(page, "Download CSV of conversions by event")
    check(events_csv == [{"event": "signup", "conversions": "1"}], f"the conversions CSV lists the sign-up: {events_csv}")
    daily = csv_download(page, "Download CSV of conversions per day")
    check(daily[-1]["conversions"] == "1" and sum(int(r["conversions"]) for r in daily) == 1,
          "the daily CSV has today's conversion")

    page.goto(f"{base}/app/w/{ws}/analytics")
    check(page.locator("#conversions").inner_text() == "1", "the workspace's page counts the conversion")
    top = [row for row in table(page, "#top-links") if row[0] == "Sign-up journey"]
    check(top and top[0][3] == "1", f"and lists it beside the link: {top}")
    screenshots(page, "workspace-analytics-conversions")


def main(base, email, password, ws, short_host):
    site = Site()
    try:
        with chromium(f"--host-resolver-rules=MAP {short_host} 127.0.0.1") as browser:
            context = new_context(browser, accept_downloads=True)
            context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
            page = context.new_page()
            sign_in(page, base, email, password, ws)

            link, script, convert = tracked_link(page, base, ws, site, short_host)
            # The dev server serves short links over plain HTTP on its own port.
            dev_port = urlparse(base).port
            site.carry(script.replace(f"https://{short_host}/", f"http://{short_host}:{dev_port}/"), convert)
            visitor_converts(browser, base, short_host, site)
            analytics(page, base, ws, link, site.origin)
            check(not context.console_errors, f"no console errors (CSP included): {context.console_errors}")
            context.close()
    finally:
        site.close()


if __name__ == "__main__":
    main(*sys.argv[1:6])
