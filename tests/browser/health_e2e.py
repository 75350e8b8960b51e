"""Link health end to end in headless Chromium: the owner makes a link whose destination does
not resolve; two runs of the checker (`linkctl health check`, as the hourly function runs it)
break it; the links list marks it "Broken destination" and its analytics page lists the
destination with its failing status (screenshots at 1280 and 375 px, axe-core, no console
errors under the CSP); the owner turns checking off in the settings, and the next run passes
the link over; turned on again, it is checked again.

Run first, while the table holds no other links: a run of the checker asks every link.

Usage: python health_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE LINKCTL
"""

import sys

from browser import check, chromium, make_link, new_context, screenshots, sign_in
from switch_e2e import linkctl

SLUG = "spring-landing"
DESTINATION = "https://landing.invalid/spring"


def check_runs(binary):
    return linkctl(binary, "health", "check")["run"]


def the_owner_sees_what_broke(page, base, ws, link_id):
    page.goto(f"{base}/app/w/{ws}/links?q={SLUG}")
    mark = page.get_by_text("Broken destination")
    check(mark.count() == 1 and mark.first.is_visible(), "the links list marks the broken link")
    screenshots(page, "health-links-broken")
    page.goto(f"{base}/app/w/{ws}/links/{link_id}/analytics")
    row = page.locator(".link-health tr", has_text=DESTINATION)
    check(row.count() == 1, "the link's page lists the destination")
    check(row.locator(".badge.warn").count() == 1, f"with its failing status ({row.inner_text()!r})")
    screenshots(page, "health-link-destinations")


def set_checking(page, base, ws, on):
    page.goto(f"{base}/app/w/{ws}/settings#link-health")
    box = page.locator("#healthChecks")
    if on:
        box.check()
    else:
        box.uncheck()
    with page.expect_navigation():
        page.locator("#link-health").get_by_role("button", name="Save").click()
    state = page.locator("#health-state").inner_text()
    check(state.startswith(f"Link health checks are {'on' if on else 'off'}"), f"the settings say so ({state!r})")


def main(base, email, password, ws, binary):
    with chromium() as browser:
        context = new_context(browser)
        page = context.new_page()
        sign_in(page, base, email, password, ws)
        link_id = make_link(page, base, ws, "Spring landing", DESTINATION, SLUG)
        first, second = check_runs(binary), check_runs(binary)
        check(first["links"] >= 1 and second["broke"] >= 1, f"two failed runs break the link ({first}, {second})")
        the_owner_sees_what_broke(page, base, ws, link_id)

        set_checking(page, base, ws, on=False)
        screenshots(page, "health-settings-off")
        off = check_runs(binary)
        check(off["links"] == 0, f"a run passes the workspace's links over ({off})")
        set_checking(page, base, ws, on=True)
        again = check_runs(binary)
        check(again["links"] >= 1, f"turned on again, the link is checked again ({again})")
        check(not context.console_errors, f"the app logs no errors: {context.console_errors}")
        context.close()


if __name__ == "__main__":
    main(*sys.argv[1:6])
