"""The analytics app (MCP Apps) end to end: real tool results drawn in headless Chromium inside a
minimal host built on the official AppBridge.

With the Python mcp client, a link is made with a country rule and conversion tracking; people
(real browser user agents) open it on the dev server; then an A/B test is switched on and people
open it until both variants have visits; once every click is counted, one of the first visitors
converts through the pixel, and every visitor of variant A converts, none of B's.
get_link_analytics (once the aggregator has folded everything in) and get_workspace_analytics
give the results the host hands to the app, as a chat host would.
The test checks the app draws them with the right numbers (the daily chart, the totals, the top
breakdowns, the rules and variants with conversions and rates, the A/B leader and each variant's
chance of being best), follows the host's theme variables (light and dark), loads nothing, logs
no error, fits 375 px, and is axe-clean at 375 and 1280 px (screenshots of both in SCREENSHOTS).
A link without clicks shows the sentence for no data.

Usage: python analytics_app_e2e.py BASE_URL API_KEY WORKSPACE SHORT_HOST HOST_JS APP_HTML
"""

import asyncio
import json
import os
import sys
import time
from datetime import date, timedelta
from urllib.parse import parse_qs, urlparse

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "browser"))
from browser import BLOCKING, check, chromium, new_context  # noqa: E402

CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.{n}.0 Safari/537.36"
HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>Test host</title><style>body{margin:0} iframe{display:block;width:100%;border:0}</style></head>
<body><script>HOST_JS</script></body></html>"""


async def call(client, name, arguments):
    result = await client.call_tool(name, arguments)
    check(not result.is_error, f"{name} succeeded")
    return result


def as_wire(result):
    """The tool result as the JSON the host received (what AppBridge forwards)."""
    return result.model_dump(by_alias=True, exclude_none=True, mode="json")


class Visits:
    """People opening the short link on the dev server (Host: the short domain), each with a
    browser user agent of their own; the redirect's Location names the route and the click id."""

    def __init__(self, base, short_host, slug):
        self.url = f"{base}/{slug}"
        self.base = base
        self.host = short_host
        self.count = 0

    async def open(self, http):
        self.count += 1
        answer = await http.get(self.url, headers={"Host": self.host, "User-Agent": CHROME.format(n=self.count)})
        check(answer.status_code in (301, 302, 303, 307), f"visit {self.count} is redirected ({answer.status_code})")
        target = urlparse(answer.headers["location"])
        return f"{target.scheme}://{target.netloc}{target.path}", parse_qs(target.query)["sl_cid"][0]

    async def convert(self, http, cid, event="signup"):
        answer = await http.get(f"{self.base}/_sl/c", params={"cid": cid, "e": event}, headers={"Host": self.host})
        check(answer.status_code == 200, f"the pixel records a {event} for …{cid[-6:]}")


async def wait_for(client, arguments, clicks, conversions):
    """get_link_analytics once the aggregator has folded every click and conversion in."""
    deadline = time.time() + 90
    while True:
        result = await call(client, "get_link_analytics", arguments)
        totals = result.structured_content["totals"]
        got = (totals["total"], totals["periodTotal"], totals["conversions"])
        if got == (clicks, clicks, conversions) or time.time() > deadline:
            check(got == (clicks, clicks, conversions),
                  f"the analytics count {clicks} clicks and {conversions} conversions ({totals})")
            return result
        await asyncio.sleep(1)


async def tool_results(base, key, workspace, short_host):
    """Real results of get_link_analytics (with data and without) and get_workspace_analytics."""
    ws = {"workspaceId": workspace}
    # A week, so the chart has days without clicks before today's.
    week = {"from": (date.today() - timedelta(days=6)).isoformat()}
    async with httpx2.AsyncClient(headers={"X-Api-Key": key}, timeout=30) as http:
        async with Client(streamable_http_client(f"{base}/apiv1/mcp", http_client=http)) as client:
            created = (await call(client, "create_link", {
                **ws,
                "name": "Spring sale",
                "slug": f"spring-{int(time.time())}",
                "conversionTracking": True,
                "rules": [
                    {"name": "Germany", "targetUrl": "https://example.com/de", "isDefault": False, "country": ["DE"]},
                    {"targetUrl": "https://example.com/", "isDefault": True},
                ],
                "abTest": {"enabled": False, "variants": []},
            })).structured_content
            link_id, slug = created["id"], created["slug"]
            visits = Visits(base, short_host, slug)
            async with httpx2.AsyncClient(timeout=30) as people:
                first = [await visits.open(people) for _ in range(3)]
                check(all(url == "https://example.com/" for url, _ in first), "without the test, people get the default rule")

                await call(client, "update_link", {**ws, "linkId": link_id, "abTest": {"enabled": True, "variants": [
                    {"id": "a", "name": "Variant A", "url": "https://example.com/a", "weight": 50},
                    {"id": "b", "name": "Variant B", "url": "https://example.com/b", "weight": 50},
                ]}})
                by_variant = {"https://example.com/a": [], "https://example.com/b": []}
                while min(len(v) for v in by_variant.values()) < 2 and visits.count < 60:
                    url, cid = await visits.open(people)
                    by_variant[url].append(cid)
                check(min(len(v) for v in by_variant.values()) >= 2, f"both variants have visits ({visits.count} in all)")
                # A click is stored after its redirect is answered, and the pixel ignores a click it
                # cannot find yet: the people convert once every click is counted, as they would
                # seconds later on the landing page (on a loaded machine the store lags the answers).
                link_input = {**ws, "linkId": link_id, **week}
                await wait_for(client, link_input, visits.count, 0)
                await visits.convert(people, first[0][1])
                # Every visitor of A converts, none of B's: A leads whatever the draw gave each.
                for cid in by_variant["https://example.com/a"]:
                    await visits.convert(people, cid)
            link = await wait_for(client, link_input, visits.count, 1 + len(by_variant["https://example.com/a"]))
            report = link.structured_content
            check(report["abTestResult"]["leader"] == "a", f"variant A leads the test ({report['abTestResult']})")

            quiet = (await call(client, "create_link", {**ws, "name": "Quiet link", "rules": [
                {"targetUrl": "https://example.com/quiet", "isDefault": True}]})).structured_content
            empty_input = {**ws, "linkId": quiet["id"]}
            empty = await call(client, "get_link_analytics", empty_input)
            whole = await call(client, "get_workspace_analytics", {**ws, **week})
            return {
                "link": (link_input, as_wire(link)),
                "empty": (empty_input, as_wire(empty)),
                "workspace": ({**ws, **week}, as_wire(whole)),
            }


def fmt_int(n):
    return f"{n:,}"


def show(page, app_html, tool_input, result, theme="light"):
    """The host puts the app in its iframe and hands it the call; returns the app's frame once
    it has drawn."""
    page.evaluate("([html, input, result, theme]) => host.show(html, input, result, theme)",
                  [app_html, tool_input, result, theme])
    frame = page.frame_locator("#frame")
    frame.locator("main[aria-busy=false]").wait_for()
    return next(f for f in page.frames if f != page.main_frame)


def table(frame, selector):
    """The text of each cell of a table's body, row by row (closed <details> included)."""
    return frame.locator(f"{selector} tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.cells].map(c => c.textContent.trim()))")


def accessible(frame, name):
    result = frame.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    blocking = [v for v in result["violations"] if v["impact"] in BLOCKING]
    for v in blocking:
        print(f"axe {v['impact']}: {v['id']}: {v['help']} at {json.dumps([n['target'] for n in v['nodes']][:5])}")
    check(not blocking, f"{name} has no serious or critical accessibility violation (axe-core)")


def settle(page, frame):
    """Waits until the host has sized the iframe to the app's whole height (the app asks for
    it after redrawing at the new width)."""
    deadline = time.time() + 10
    while True:
        page.wait_for_timeout(200)
        wanted = frame.evaluate("document.documentElement.scrollHeight")
        given = page.evaluate("document.getElementById('frame').getBoundingClientRect().height")
        if abs(wanted - given) <= 1:
            return
        check(time.time() < deadline, f"the host sizes the iframe to the app ({given} px for {wanted})")


def shoot(page, file):
    """The whole host page: the viewport stretched to the page's height, since a full-page
    capture leaves a cross-origin iframe below the first screen unpainted."""
    size = page.viewport_size
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": height})
    page.wait_for_timeout(200)
    page.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], file))
    page.set_viewport_size(size)


def screenshots(page, frame, name):
    """The host page at 1280 and 375 px, each checked for fit and by axe-core inside the app."""
    for width in (1280, 375):
        page.set_viewport_size({"width": width, "height": 900})
        settle(page, frame)
        overflow = frame.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        check(not overflow, f"{name} fits {width} px without sideways scrolling")
        shoot(page, f"{name}-{width}.png")
        accessible(frame, f"{name} at {width} px")


def check_link_view(page, frame, report):
    totals = report["totals"]
    check(frame.locator("h1").inner_text() == "Link analytics", "the app names the report")
    check(frame.locator("#stat-clicks").inner_text() == fmt_int(totals["periodTotal"])
          and frame.locator("#stat-conversions").inner_text() == fmt_int(totals["conversions"]),
          "the totals are the result's")

    chart = frame.locator("#daily svg.chart")
    label = chart.get_attribute("aria-label")
    clicks = f"{totals['periodTotal']} clicks in total"
    check(clicks in label and f"{totals['conversions']} conversions in total" in label,
          f"the daily chart is drawn and says what it shows: {label}")
    busy_days = sum(1 for v in report["dailyTraffic"].values() if v > 0)
    converting_days = sum(1 for v in report["dailyConversions"].values() if v > 0)
    check(chart.locator(".clicks rect").count() == busy_days, f"one bar per day with clicks ({busy_days})")
    check(chart.locator(".conversions circle").count() == converting_days, f"one dot per day with conversions ({converting_days})")
    today = max(d for d, v in report["dailyTraffic"].items() if v > 0)
    days = table(frame, "#daily-table")
    check(days[-1][1:] == [fmt_int(report["dailyTraffic"][today]), fmt_int(report["dailyConversions"][today])],
          f"the numbers by day match the chart's: {days}")

    devices = table(frame, "#top-devices")
    expected = sorted(report["devices"].values(), key=lambda e: -e["value"])[:5]
    check(devices == [[e["title"], fmt_int(e["value"])] for e in expected], f"the top devices are the result's: {devices}")

    rules = table(frame, "#rules-table")
    want = [[s["name"], fmt_int(s["clicks"]), fmt_int(s["conversions"]), f"{s['conversionRate'] * 100:.2f} %"]
            for s in report["rulesStats"].values()]
    check(sorted(rules) == sorted(want), f"the rules show clicks, conversions and rate: {rules}")
    check(["Default rule", "3", "1", "33.33 %"] in rules, "the default rule has its 3 clicks and 1 conversion")

    probabilities = report["abTestResult"]["probabilityBest"]
    variants = table(frame, "#variants-table")
    want = [[s["name"], fmt_int(s["clicks"]), fmt_int(s["conversions"]), f"{s['conversionRate'] * 100:.2f} %",
             f"{probabilities[key] * 100:.1f} %"] for key, s in report["abVariantsStats"].items()]
    check(sorted(variants) == sorted(want), f"the variants show clicks, conversions, rate and chance of being best: {variants}")
    a = report["abVariantsStats"]["a"]
    leader = frame.locator("#ab-leader").inner_text()
    check(leader.startswith("Leader: Variant A is " + f"{probabilities['a'] * 100:.1f} %")
          and f"{a['conversions']} conversions from {a['clicks']} clicks" in leader,
          f"the A/B leader is drawn with its chance: {leader}")


def main(base, key, workspace, short_host, host_js, app_html_path):
    results = asyncio.run(tool_results(base, key, workspace, short_host))
    app_html = open(app_html_path, encoding="utf-8").read()
    host_page = HOST_PAGE.replace("HOST_JS", open(host_js, encoding="utf-8").read().replace("</script", "<\\/script"))
    with chromium() as browser:
        context = new_context(browser)
        page = context.new_page()
        requests = []
        page.on("request", lambda r: requests.append(r.url))
        page.set_content(host_page)

        tool_input, result = results["link"]
        frame = show(page, app_html, tool_input, result)
        events = page.evaluate("host.events")
        check(events["initialized"] and events["sizes"], f"the app did the MCP Apps handshake and asked for its size ({events['sizes']})")
        background = frame.evaluate("getComputedStyle(document.body).backgroundColor")
        check(background == "rgb(251, 250, 247)" and frame.evaluate("document.documentElement.dataset.theme") == "light",
              f"the app follows the host's theme and variables ({background})")
        check_link_view(page, frame, result["structuredContent"])
        screenshots(page, frame, "mcp-app-link")

        frame = show(page, app_html, tool_input, result, theme="dark")
        background = frame.evaluate("getComputedStyle(document.body).backgroundColor")
        check(frame.evaluate("document.documentElement.dataset.theme") == "dark" and background == "rgb(27, 28, 32)",
              f"a dark host gets the dark theme in its own colours ({background})")
        page.set_viewport_size({"width": 375, "height": 900})
        settle(page, frame)
        shoot(page, "mcp-app-link-dark-375.png")
        accessible(frame, "the link analytics on a dark host at 375 px")

        tool_input, result = results["workspace"]
        frame = show(page, app_html, tool_input, result)
        check(frame.locator("h1").inner_text() == "Workspace analytics", "the workspace report gets its own title")
        links = table(frame, "#top-links")
        check(links[0] == ["Spring sale", fmt_int(result["structuredContent"]["totals"]["periodTotal"])],
              f"the workspace's top links lead with the link and its clicks: {links}")
        check(frame.locator("#daily svg.chart").count() == 1 and frame.locator("#variants-table").count() == 0,
              "the workspace view has the chart and no rules or variants")
        screenshots(page, frame, "mcp-app-workspace")

        tool_input, result = results["empty"]
        frame = show(page, app_html, tool_input, result)
        empty = frame.locator("#empty").inner_text()
        check(empty.startswith("No clicks yet in this range.") and frame.locator("#daily").count() == 0,
              f"a link without clicks says so instead of an empty chart: {empty}")
        screenshots(page, frame, "mcp-app-empty")

        check(not requests, f"the host and the app load nothing: {requests}")
        check(not context.console_errors, f"no errors in the console (CSP refusals included): {context.console_errors}")
        context.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
