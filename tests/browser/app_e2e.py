"""The web app end to end in headless Chromium: sign in, create a link with three conditional
rules and a default through the builder, reorder two rules (buttons, then drag and drop), see a
refusal beside its field, visit the link as three different visitors through the redirect, see
the counts in the chart and tables, download the CSVs and check their numbers, switch workspace
(where the person is a member: the workspace analytics refusal), be refused another workspace's
link and another workspace by URL tampering, delete a link after confirming. Every page is
screenshotted at 1280 and 375 px and checked by axe-core.

Usage: python app_e2e.py BASE_URL EMAIL PASSWORD OWN_WORKSPACE SHARED_WORKSPACE FOREIGN_WORKSPACE SHORT_HOST
"""

import csv
import http.client
import io
import sys
import time
from urllib.parse import urlparse

from browser import check, chromium, new_context, screenshots

CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/17.1 Mobile/15E148 Safari/604.1"
)
FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0"

# The three visitors: user agent, country, address, and where the rules must send them.
VISITORS = [
    (CHROME, "DE", "198.51.100.11", "https://example.com/de"),
    (IPHONE, "US", "198.51.100.12", "https://example.com/iphone"),
    (FIREFOX, "GB", "198.51.100.13", "https://example.com/firefox"),
]


def visit(base, host, slug, agent, country, address):
    """One visitor's request through the redirect (the short-link host, as CloudFront sends it)."""
    url = urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    connection.request(
        "GET",
        f"/{slug}",
        headers={
            "Host": host,
            "User-Agent": agent,
            "CloudFront-Viewer-Country": country,
            "X-Forwarded-For": address,
        },
    )
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status, response.getheader("Location")


def submit(page, name):
    """Presses a submit button of the page's form and waits for the page it answers with."""
    with page.expect_navigation():
        page.get_by_role("button", name=name, exact=True).click()


def csv_download(page, link_name):
    """Clicks a "Download CSV" link and reads the file: (file name, rows as dicts)."""
    with page.expect_download() as download:
        page.get_by_role("link", name=link_name).click()
    text = open(download.value.path(), encoding="utf-8").read()
    return download.value.suggested_filename, list(csv.DictReader(io.StringIO(text)))


def table(page, selector):
    """The text of each cell of a table's body, row by row."""
    return page.locator(f"{selector} tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"
    )


def build_link(page, base, ws):
    """Creates the three-rule link through the editor's builder; returns its id."""
    page.get_by_role("link", name="New link").click()
    page.wait_for_url(f"{base}/app/w/{ws}/links/new")
    screenshots(page, "link-new")
    page.get_by_label("Name", exact=True).fill("Spring campaign")
    page.get_by_label("Default destination").fill("https://example.com/")
    page.locator("#f-slug").fill("spring-campaign")
    page.get_by_label("spring", exact=True).check()
    for _ in range(3):
        submit(page, "Add a rule")
    check(page.locator("li[data-rule]").count() == 3, "the builder shows three rules (added without JavaScript's help)")
    check(page.get_by_label("Name", exact=True).input_value() == "Spring campaign", "what was typed survives the builder")
    page.locator("#f-rules-0-targetUrl").fill("https://example.com/de")
    page.locator("#f-rules-0-country").select_option(["DE"])
    page.locator("#f-rules-1-targetUrl").fill("https://example.com/iphone")
    page.locator('input[name="rules[1].os"][value="iOS"]').check()
    page.locator("#f-rules-2-targetUrl").fill("https://example.com/firefox")
    page.locator('input[name="rules[2].browser"][value="Firefox"]').check()
    screenshots(page, "link-new-rules")
    submit(page, "Create link")
    page.wait_for_url(f"{base}/app/w/{ws}/links")
    check(page.get_by_role("status").inner_text() == 'Link "Spring campaign" created.', "the list says the link was created")
    check(page.locator(".link-row .tag").inner_text() == "spring", "the link carries its tag")
    page.get_by_label("Tag").select_option(label="spring")
    submit(page, "Search")
    check(page.get_by_role("link", name="Spring campaign", exact=True).is_visible(), "the tag filter finds it")
    screenshots(page, "links")
    page.get_by_role("link", name="Edit Spring campaign").click()
    page.wait_for_url("**/edit")
    return page.url.split("/links/")[1].split("/")[0]


def rule_targets(page):
    return [page.locator(f"#f-rules-{i}-targetUrl").input_value() for i in range(page.locator("li[data-rule]").count())]


def reorder_rules(page, base, ws, link):
    """Moves the third rule up with the buttons and saves; then drags the first rule below the
    second (the script renumbers the fields) and saves again."""
    edit = f"{base}/app/w/{ws}/links/{link}/edit"
    submit(page, "Move up rule 3")
    check(rule_targets(page) == ["https://example.com/de", "https://example.com/firefox", "https://example.com/iphone"],
          "Move up swapped rules 2 and 3")
    submit(page, "Save changes")
    page.wait_for_url(edit)
    check(page.get_by_role("status").inner_text() == "Link updated.", "the reordered rules are saved")
    check(rule_targets(page)[1] == "https://example.com/firefox", "the saved order is the new one")
    screenshots(page, "link-edit")

    # Both rules in view: a drag does not scroll the page under the pointer.
    page.set_viewport_size({"width": 1280, "height": 2400})
    first, second = page.locator("li[data-rule]").nth(0), page.locator("li[data-rule]").nth(1)
    handle = first.locator(".drag-handle").bounding_box()
    target = second.bounding_box()
    page.mouse.move(handle["x"] + 5, handle["y"] + 5)
    page.mouse.down()
    page.mouse.move(handle["x"] + 40, handle["y"] + 40, steps=5)
    page.mouse.move(target["x"] + 40, target["y"] + 200, steps=10)
    page.mouse.up()
    page.set_viewport_size({"width": 1280, "height": 900})
    check(rule_targets(page)[:2] == ["https://example.com/firefox", "https://example.com/de"],
          "dragging rule 1 onto rule 2 swapped them, fields renamed")
    submit(page, "Save changes")
    check(rule_targets(page)[:2] == ["https://example.com/firefox", "https://example.com/de"], "the dragged order is saved")


def refusal_beside_field(page):
    """A city without a country is refused by the service, the sentence shown at the field."""
    page.locator("#f-rules-2-city").fill("Paris")
    submit(page, "Save changes")
    error = page.locator("#f-rules-2-city-error")
    check(error.inner_text() == "rules[2].city requires country on the same rule.", "the service's refusal is beside the city field")
    check(page.locator("#f-rules-2-city").get_attribute("aria-invalid") == "true", "and the field is marked invalid")
    screenshots(page, "link-edit-error")
    page.locator("#f-rules-2-city").fill("")
    submit(page, "Save changes")
    check(page.get_by_role("status").inner_text() == "Link updated.", "the corrected form saves")


def wait_for_clicks(page, url, expected):
    """Reloads the analytics page until the aggregator has folded the visits in."""
    deadline = time.time() + 60
    while True:
        page.goto(url)
        got = page.locator("#period-total").inner_text()
        # Counts and unique-visitor sketches are folded by separate writes: wait for both.
        if (got, page.locator("#unique").inner_text()) == (str(expected),) * 2 or time.time() > deadline:
            return got
        time.sleep(1)


def analytics(page, base, ws, link):
    url = f"{base}/app/w/{ws}/links/{link}/analytics"
    got = wait_for_clicks(page, url, 3)
    check(got == "3", f"the three visits are counted ({got})")
    unique = page.locator("#unique").inner_text()
    check(unique == "3", f"by three unique visitors ({unique})")
    chart = page.locator(".chart-wide svg.chart")
    check("3 clicks in total" in chart.get_attribute("aria-label"), "the daily chart is drawn with the clicks")
    page.get_by_text("All 3 in a table").first.click()
    countries = table(page, "#breakdown-countries table")
    check(sorted(countries) == [["DE Germany", "1", "33%"], ["GB United Kingdom", "1", "33%"], ["US United States", "1", "33%"]],
          f"the countries table has one visit each, with flags: {countries}")
    check(page.locator("#breakdown-countries svg.chart text", has_text="Germany").count() == 1, "and the country chart names them")
    rules = [(r[1], r[2]) for r in table(page, "#rules-table")]
    check(rules == [("https://example.com/firefox", "1"), ("https://example.com/de", "1"),
                    ("https://example.com/iphone", "1"), ("https://example.com/", "0")],
          f"each rule routed its visitor, in the saved order: {rules}")
    screenshots(page, "link-analytics")

    name, daily = csv_download(page, "Download CSV of clicks per day")
    check(name.startswith("spring-campaign-daily-") and name.endswith(".csv"), f"the CSV is named for the link ({name})")
    check(len(daily) == 30 and sum(int(r["clicks"]) for r in daily) == 3, "the daily CSV has 30 days and the 3 clicks")
    check(daily[-1]["clicks"] == "3", "all of them today")
    _, country_rows = csv_download(page, "Download CSV of countries")
    check(sorted((r["key"], r["clicks"]) for r in country_rows) == [("DE", "1"), ("GB", "1"), ("US", "1")],
          "the countries CSV has the table's numbers")
    _, rule_rows = csv_download(page, "Download CSV of rules")
    check([r["clicks"] for r in rule_rows] == ["1", "1", "1", "0"], "the rules CSV has the table's numbers")

    page.get_by_role("link", name="7 days").click()
    page.wait_for_url("**range=7d")
    check(page.locator("#period-total").inner_text() == "3", "the 7-day preset still holds today's visits")


def workspaces(page, base, own, shared, foreign, link):
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Analytics").click()
    page.wait_for_url(f"{base}/app/w/{own}/analytics")
    top = table(page, "#top-links")
    check(top == [["Spring campaign", "3", "100%", "0"]], f"the workspace analytics list the link: {top}")
    screenshots(page, "workspace-analytics")

    page.locator(".switcher summary").click()
    page.get_by_role("link", name="Shared workspace").click()
    page.wait_for_url(f"{base}/app/w/{shared}/analytics")
    check(page.locator("#refusal").inner_text() == "Only workspace owner or manager can access all links analytics.",
          "a member of the other workspace is told why its analytics are not shown")
    check("Shared workspace" in page.locator(".switcher summary").inner_text(), "the switcher names the workspace")
    screenshots(page, "workspace-analytics-member")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Links").click()
    page.wait_for_url(f"{base}/app/w/{shared}/links")
    check(page.get_by_role("heading", name="Get started").is_visible(), "the shared workspace has no links yet")
    screenshots(page, "links-first-run")

    page.goto(f"{base}/app/w/{shared}/links/{link}/edit")
    check(page.get_by_text("Link not found.").is_visible(), "another workspace's link by URL tampering is refused")
    check("Spring campaign" not in page.content(), "and nothing of it is shown")
    screenshots(page, "refused-link")
    page.goto(f"{base}/app/w/{foreign}/links")
    check(page.get_by_text("You do not have access to this workspace.").is_visible(), "so is a workspace one is not in")
    screenshots(page, "refused-workspace")


def delete_a_link(page, base, ws):
    page.goto(f"{base}/app/w/{ws}/links/new")
    page.get_by_label("Name", exact=True).fill("Throwaway")
    page.get_by_label("Default destination").fill("https://example.com/old")
    submit(page, "Create link")
    page.get_by_role("link", name="Edit Throwaway").click()
    page.get_by_role("link", name="Delete…").click()
    check(page.get_by_role("heading", name="Delete “Throwaway”?").is_visible(), "deleting asks first")
    screenshots(page, "link-delete")
    submit(page, "Delete the link")
    check(page.get_by_role("status").inner_text() == 'Link "Throwaway" deleted.', "then deletes")
    check(page.get_by_role("link", name="Throwaway").count() == 0, "and the list no longer has it")


def main(base, email, password, own, shared, foreign, short_host):
    with chromium() as browser:
        context = new_context(browser, accept_downloads=True)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        page = context.new_page()

        page.goto(f"{base}/")
        check("/apiv1/mcp" in page.content(), "the home page says where the MCP endpoint is")
        screenshots(page, "home")
        page.get_by_role("link", name="Sign in").click()
        page.get_by_label("Email").fill(email)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(f"{base}/app/w/{own}/links")
        check(page.get_by_role("heading", name="Links", exact=True).is_visible(), "signing in opens the first workspace's links")

        link = build_link(page, base, own)
        reorder_rules(page, base, own, link)
        refusal_beside_field(page)

        for agent, country, address, target in VISITORS:
            status, location = visit(base, short_host, "spring-campaign", agent, country, address)
            check((status, location) == (302, target), f"a visitor from {country} is sent to {target} ({status} {location})")
        analytics(page, base, own, link)
        workspaces(page, base, own, shared, foreign, link)
        delete_a_link(page, base, own)

        page.get_by_role("link", name="Help").click()
        screenshots(page, "help")
        check(not context.console_errors, f"no console errors (CSP included): {context.console_errors}")
        context.close()


if __name__ == "__main__":
    main(*sys.argv[1:8])
