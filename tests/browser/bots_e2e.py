"""What the counts leave out, in headless Chromium: the owner makes a link in the editor; a
person, a search engine's crawler, an SEO tool, an uptime monitor, a link-preview crawler and
curl visit it; the link's analytics page counts the person's click and says how many automated
visits were left out, by kind. The page is screenshotted at 1280 and 375 px and checked by
axe-core.

Usage: python bots_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE SHORT_HOST
"""

import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

from browser import check, chromium, new_context, screenshots, sign_in

SLUG = "robots-left-out"
VISITORS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
    "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "curl/8.5.0",
]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def visit(base, short_host, agent):
    """One visit of the short link with `agent`, as the dev server takes short links (its port,
    the short domain in `Host`); the answer's status."""
    request = urllib.request.Request(f"{base}/{SLUG}", headers={"Host": short_host, "User-Agent": agent})
    try:
        return urllib.request.build_opener(NoRedirect).open(request).status
    except urllib.error.HTTPError as answer:
        return answer.code


def main(base, email, password, ws, short_host):
    with chromium() as browser:
        context = new_context(browser)
        page = context.new_page()
        sign_in(page, base, email, password, ws)
        page.goto(f"{base}/app/w/{ws}/links/new")
        page.get_by_label("Name", exact=True).fill("Robots left out")
        page.get_by_label("Default destination").fill("https://example.com/robots")
        page.locator("#f-slug").fill(SLUG)
        with page.expect_navigation():
            page.get_by_role("button", name="Create link", exact=True).click()
        statuses = [visit(base, short_host, agent) for agent in VISITORS]
        check(statuses == [302, 302, 302, 302, 200, 302], f"people and robots are served: {statuses}")
        page.get_by_role("link", name="Analytics of Robots left out").click()
        page.wait_for_url("**/analytics")
        expected = (
            "5 automated visits were left out: 1 by HTTP libraries, 1 by link previews, 1 by monitors, "
            "1 by SEO tools, 1 by search engines."
        )

        def shown():
            return page.locator("#bots-left-out").inner_text() if page.locator("#bots-left-out").count() else None

        # The aggregator folds the visits from the table's stream batch by batch: wait until every
        # one is in (a page read between two batches shows fewer).
        deadline = time.time() + 60
        while shown() != expected and time.time() < deadline:
            time.sleep(1)
            page.reload()
        line = shown()
        check(line == expected, f"the page says what was left out: {line}")
        check(page.locator("#period-total").inner_text() == "1", "and counts the person's click alone")
        screenshots(page, "link-analytics-bots")
        check(not context.console_errors, f"no console errors (CSP included): {context.console_errors}")
        context.close()


if __name__ == "__main__":
    main(*sys.argv[1:6])
