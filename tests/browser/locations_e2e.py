"""Where visitors are, end to end in headless Chromium: the owner turns on "Ask visitors for their
location" for a link in the editor; a visitor whose browser grants a (fake) position opens the
short link, reads who asks, presses "Share my location" and lands on the destination; one whose
browser refuses lands at once with nothing stored; one without JavaScript continues by the link;
one sending Global Privacy Control is never asked. The owner then sees the shared position's cell
on the link's map and in its table, and the workspace's maps. The consent page and both maps are
screenshotted at 1280 and 375 px and checked by axe-core.

Prints the measured time from the press to the destination's navigation (granted permission,
loopback) and the consent page's weight.

Usage: python locations_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE SHORT_HOST
"""

import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse

from browser import check, chromium, new_context, screenshots, sign_in

CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
SLUG = "venue-map"
# Where CloudFront would place the visitors (Paris), and where the phone says they are (Lyon).
PARIS = {"CloudFront-Viewer-Latitude": "48.85661", "CloudFront-Viewer-Longitude": "2.35222",
         "CloudFront-Viewer-Country": "FR"}
LYON = {"latitude": 45.76404, "longitude": 4.83566, "accuracy": 20}
# The runs the press-to-destination figure is the median of.
RUNS = 10


class Site:
    """The link's destination: a landing page on a free loopback port, which notes when each
    request for it arrived (`arrivals`, perf_counter seconds)."""

    def __init__(self):
        self.arrivals = []
        arrivals = self.arrivals

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                arrivals.append(time.perf_counter())
                data = b'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Landing</title></head>' \
                       b"<body><main><h1>Welcome to the venue</h1></main></body></html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except BrokenPipeError:
                    pass  # the test closed the page once it had arrived

            def log_message(self, *_):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def gps_link(page, base, ws, site):
    """Makes the link in the editor, with the location request on and a brand colour."""
    page.goto(f"{base}/app/w/{ws}/links/new")
    page.get_by_label("Name", exact=True).fill("Venue map")
    page.get_by_label("Default destination").fill(f"{site.origin}/landing")
    page.locator("#f-slug").fill(SLUG)
    page.get_by_label("Ask visitors for their location").check()
    page.get_by_label("Brand colour").fill("#1a7f37")
    with page.expect_navigation():
        page.get_by_role("button", name="Create link", exact=True).click()
    check(page.get_by_role("status").inner_text() == 'Link "Venue map" created.', "the link is created")
    check(page.locator(".link-row", has_text="Venue map").locator(".asks-location").count() == 1,
          "the links list marks the link that asks for location")


def visitor(browser, **options):
    headers = dict(PARIS)
    headers.update(options.pop("extra_http_headers", {}))
    return new_context(browser, user_agent=CHROME, extra_http_headers=headers, **options)


def granted(browser, short_url, site, workspace_name):
    """A visitor who shares: reads the page, presses the button, lands on the destination."""
    context = visitor(browser, geolocation=LYON, permissions=["geolocation"])
    page = context.new_page()
    response = page.goto(short_url)
    check(response.status == 200, "a person gets the consent page, not the redirect")
    heading = page.get_by_role("heading", level=1).inner_text()
    check(heading == f"{workspace_name} would like to know your approximate location for this link",
          f"the page says who asks: {heading}")
    check(urlparse(site.origin).hostname in page.locator("strong").first.inner_text(), "and where the link goes")
    share = page.get_by_role("button", name="Share my location")
    check(share.is_visible(), "with JavaScript the share button shows")
    check(page.get_by_role("link", name="Continue").get_attribute("href") == f"{site.origin}/landing",
          "the Continue link goes to the destination")
    html_bytes = len(response.body())
    script_bytes = page.evaluate("fetch('/_sl/location.js').then(r => r.arrayBuffer()).then(b => b.byteLength)")
    screenshots(page, "location-consent")
    elapsed = press(page, site, "Share my location")
    check(page.get_by_role("heading", level=1).inner_text() == "Welcome to the venue",
          f"after sharing the visitor lands on the destination ({elapsed:.0f} ms)")
    check(not context.console_errors, f"the consent page logs no errors (CSP included): {context.console_errors}")
    context.close()
    return elapsed, html_bytes, script_bytes


def press(page, site, button):
    """Presses `button` and waits for the destination: ms from the press to the destination's
    request arriving (its navigation), measured at the destination."""
    started = time.perf_counter()
    page.get_by_role("button", name=button).click(no_wait_after=True)
    page.wait_for_url(f"{site.origin}/landing")
    arrived = [t for t in site.arrivals if t >= started]
    check(len(arrived) >= 1, f"the destination was asked for ({len(arrived)} times)")
    return (arrived[0] - started) * 1000


def press_to_destination(browser, short_url, site):
    """One more visitor who shares: ms from the press to the destination's navigation."""
    context = visitor(browser, geolocation=LYON, permissions=["geolocation"])
    page = context.new_page()
    page.goto(short_url)
    elapsed = press(page, site, "Share my location")
    context.close()
    return elapsed


def refused(browser, short_url, site):
    """A visitor whose browser refuses: continues at once."""
    context = visitor(browser)
    context.clear_permissions()
    page = context.new_page()
    page.goto(short_url)
    elapsed = press(page, site, "Share my location")
    check(elapsed < 1000, f"with the permission refused the visitor lands within 1 s ({elapsed:.0f} ms)")
    context.close()


def without_javascript(browser, short_url, site):
    """A visitor without JavaScript: no button, and the Continue link works."""
    context = visitor(browser, java_script_enabled=False)
    page = context.new_page()
    page.goto(short_url)
    check(not page.get_by_role("button", name="Share my location").is_visible(),
          "without JavaScript there is no share button")
    page.get_by_role("link", name="Continue").click()
    page.wait_for_url(f"{site.origin}/landing")
    check(True, "without JavaScript Continue reaches the destination")
    context.close()


def private(browser, short_url, site):
    """A browser sending Global Privacy Control goes straight through."""
    context = visitor(browser, extra_http_headers={"Sec-GPC": "1"})
    page = context.new_page()
    page.goto(short_url)
    check(page.url == f"{site.origin}/landing", f"with Sec-GPC: 1 the visitor is redirected, never asked ({page.url})")
    context.close()


def cells(page):
    """The rows of the located-clicks table: (area, clicks, shared by visitors)."""
    return page.locator("#cells-table tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"
    )


def wait_for_cells(page, url, shared):
    """Reloads the analytics page until its table counts `shared` positions."""
    deadline = time.time() + 60
    while True:
        page.goto(url)
        rows = cells(page)
        if sum(int(row[2]) for row in rows) >= shared or time.time() > deadline:
            return rows
        time.sleep(1)


def maps(page, base, ws, shared):
    page.goto(f"{base}/app/w/{ws}/links")
    page.get_by_role("link", name="Analytics of Venue map").click()
    page.wait_for_url("**/analytics")
    rows = wait_for_cells(page, page.url, shared)
    lyon = [row for row in rows if row[0].startswith("45.8")]
    check(lyon and lyon[0][2] == str(shared), f"the shared positions' cell is in the table: {rows}")
    check(page.locator("svg.map .map-dot-precise").count() >= 1, "and ringed on the map")
    check(page.locator("svg.map use[href='#map-c-FR']").count() == 1, "France is coloured on the country map")
    summary = page.locator("#where-summary").inner_text()
    check(f"{shared} from visitors who chose to share their position" in summary,
          f"the refused visitor stored nothing: {summary}")
    screenshots(page, "link-analytics-map")
    page.goto(f"{base}/app/w/{ws}/analytics")
    check(page.locator("svg.map").count() == 2, "the workspace's page draws both maps")
    screenshots(page, "workspace-analytics-map")


def main(base, email, password, ws, short_host):
    site = Site()
    try:
        with chromium(f"--host-resolver-rules=MAP {short_host} 127.0.0.1") as browser:
            context = new_context(browser)
            page = context.new_page()
            sign_in(page, base, email, password, ws)
            workspace_name = page.locator(".switcher summary strong").inner_text()
            gps_link(page, base, ws, site)

            # The dev server serves short links over plain HTTP on its own port (a *.localhost
            # name, which browsers hold a secure context, as geolocation requires).
            short_url = f"http://{short_host}:{urlparse(base).port}/{SLUG}"
            first, html_bytes, script_bytes = granted(browser, short_url, site, workspace_name)
            times = [first] + [press_to_destination(browser, short_url, site) for _ in range(RUNS - 1)]
            refused(browser, short_url, site)
            without_javascript(browser, short_url, site)
            private(browser, short_url, site)
            maps(page, base, ws, RUNS)
            check(not context.console_errors, f"no console errors (CSP included): {context.console_errors}")
            context.close()
            print(f"bench: press 'Share my location' to the destination's navigation, granted permission, loopback: "
                  f"median {statistics.median(times):.0f} ms, max {max(times):.0f} ms over {len(times)} visitors")
            print(f"bench: consent page weight: {html_bytes} bytes of HTML (style inline) + {script_bytes} bytes of "
                  f"script = {html_bytes + script_bytes} bytes")
    finally:
        site.close()


if __name__ == "__main__":
    main(*sys.argv[1:6])
