"""Tags and a custom domain in headless Chromium. The owner makes a coloured tag, renames it and
deletes it (the confirmation counts its links). Then they add links.example.test, read the two
records the domains tab shows, and give the TXT record to the test's DNS server (the zone file
it reads at every question); "Verify now" turns the domain green; a link created on it in the
editor redirects on the dev server with `Host: links.example.test`. On the domain's apps page
they give an iOS app ID and an Android package with a fingerprint, and the domain serves the two
`/.well-known` files phones read. Screenshots of every page at 1280 and 375 px, each checked by
axe-core.

Usage: python domains_e2e.py BASE_URL OWNER_EMAIL OWNER_PASSWORD WORKSPACE_ID
(DNS_ZONE: the zone file of the DNS server the dev server asks, DNS_RESOLVER.)
"""

import http.client
import json
import os
import re
import sys
import urllib.parse

from browser import check, chromium, new_context, screenshots, sign_in

HOST = "links.example.test"


def submit(page, name):
    page.get_by_role("button", name=name).click()
    page.wait_for_load_state("load")


def tags(page, base, ws):
    page.goto(f"{base}/app/w/{ws}/tags")
    screenshots(page, "tags")
    page.get_by_label("Name", exact=True).fill("Autumn sale")
    page.get_by_label("Colour", exact=True).fill("#b7410e")
    submit(page, "Create the tag")
    check(page.get_by_role("status").inner_text() == 'Tag "Autumn sale" created.', "the tab says the tag was created")
    fill = page.locator("tr", has_text="Autumn sale").locator("svg.swatch circle").get_attribute("fill")
    check(fill == "#b7410e", "the tag's chip has its colour")
    page.get_by_label("Name", exact=True).fill("autumn SALE")
    submit(page, "Create the tag")
    check(
        page.get_by_role("alert").inner_text() == 'This workspace already has a tag named "autumn SALE".',
        "a second tag with the same name in another case is refused with a sentence",
    )
    screenshots(page, "tags-refused")
    page.get_by_label("New name of Autumn sale").fill("Autumn")
    submit(page, "Save Autumn sale")
    check(page.get_by_role("status").inner_text() == 'Tag "Autumn" updated.', "the tag is renamed")
    page.get_by_role("link", name="Delete Autumn").click()
    page.wait_for_url(re.compile(r".*/tags/[0-9a-f]{24}/delete$"))
    check(page.get_by_text("No link carries it.").is_visible(), "the confirmation counts the tag's links")
    screenshots(page, "tag-delete")
    submit(page, "Delete “Autumn”")
    check(page.get_by_role("status").inner_text() == 'Tag "Autumn" deleted.', "the tag is deleted")


def publish(name, value):
    with open(os.environ["DNS_ZONE"], "w", encoding="utf-8") as zone:
        json.dump({name: [value]}, zone)


def domains(page, base, ws):
    page.goto(f"{base}/app/w/{ws}/domains")
    screenshots(page, "domains-empty")
    page.get_by_label("Host name").fill("Links.Example.TEST")
    submit(page, "Add the domain")
    check(
        page.get_by_role("status").inner_text() == f"{HOST} is added. Publish its two records, then verify it.",
        "the tab says the domain was added, as normalised",
    )
    card = page.locator("section.domain", has_text=HOST)
    check(card.locator(".badge").inner_text() == "pending", "a new domain is pending")
    name = card.locator("code.record-name").inner_text()
    value = card.locator("code.record-value").inner_text()
    check(name == f"_smartlinks.{HOST}", "the TXT record goes at _smartlinks.<host>")
    check(re.fullmatch(r"smartlinks-verify=[a-z0-9]{32}", value) is not None, "the TXT value carries the claim's token")
    screenshots(page, "domains-pending")
    submit(page, f"Verify {HOST} now")
    check("No TXT record at" in page.get_by_role("status").inner_text(), "without the record the owner is told to wait")
    publish(name, value)
    submit(page, f"Verify {HOST} now")
    check(
        page.get_by_role("status").inner_text() == f"{HOST} is verified: new links may use it.",
        "Verify now finds the record the DNS server was given",
    )
    badge = page.locator("section.domain", has_text=HOST).locator(".badge")
    check(badge.inner_text() == "verified" and "ok" in badge.get_attribute("class"), "the domain is green")
    screenshots(page, "domains-verified")


def link_on_domain(page, base, ws):
    page.goto(f"{base}/app/w/{ws}/links/new")
    page.get_by_label("Name", exact=True).fill("On our own domain")
    page.get_by_label("Default destination").fill("https://example.com/own")
    page.locator("#f-domain").select_option(HOST)
    page.locator("#f-slug").fill("own")
    submit(page, "Create link")
    page.wait_for_url(f"{base}/app/w/{ws}/links")
    check(page.get_by_text(f"https://{HOST}/own").first.is_visible(), "the list shows the link on the custom domain")
    address = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    connection.request("GET", "/own", headers={"Host": HOST, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0"})
    answer = connection.getresponse()
    check(answer.status == 302, f"the link on {HOST} redirects (got {answer.status})")
    check(answer.getheader("Location") == "https://example.com/own", "to its destination")


FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"


def well_known(base, path):
    address = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=10)
    connection.request("GET", path, headers={"Host": HOST})
    answer = connection.getresponse()
    return answer.status, answer.getheader("Content-Type"), answer.read().decode()


def domain_apps(page, base, ws):
    page.goto(f"{base}/app/w/{ws}/domains")
    page.get_by_role("link", name=f"Apps {HOST} opens").click()
    page.wait_for_url(f"{base}/app/w/{ws}/domains/{HOST}/apps")
    screenshots(page, "domain-apps")
    page.get_by_label("App IDs").fill("ABCDE12345.com.example.shop")
    page.get_by_label("Package name").fill("com.example.shop")
    page.get_by_label("SHA-256 fingerprints").fill("not a fingerprint")
    submit(page, "Save the apps")
    check(page.get_by_role("alert").inner_text().startswith(
        "sha256CertFingerprints[0] must be a SHA-256 certificate fingerprint"), "a wrong fingerprint is named")
    check(page.get_by_label("App IDs").input_value() == "ABCDE12345.com.example.shop", "what was typed stays")
    screenshots(page, "domain-apps-refused")
    page.get_by_label("SHA-256 fingerprints").fill(FINGERPRINT.lower())
    submit(page, "Save the apps")
    check(page.get_by_role("status").inner_text().startswith(f"The apps {HOST} opens are saved."), "the apps are saved")
    check(page.get_by_label("SHA-256 fingerprints").input_value() == FINGERPRINT, "the fingerprint is shown as keytool prints it")
    status, kind, body = well_known(base, "/.well-known/assetlinks.json")
    check(status == 200 and kind == "application/json", f"the domain serves assetlinks.json ({status}, {kind})")
    check(json.loads(body)[0]["target"]["package_name"] == "com.example.shop", "naming the package")
    status, _, body = well_known(base, "/.well-known/apple-app-site-association")
    check(status == 200 and json.loads(body)["applinks"]["details"][0]["appIDs"] == ["ABCDE12345.com.example.shop"],
          "and the apple-app-site-association file")


def main():
    base, email, password, ws = sys.argv[1:5]
    with chromium() as browser:
        context = new_context(browser)
        page = context.new_page()
        sign_in(page, base, email, password, ws)
        tags(page, base, ws)
        domains(page, base, ws)
        link_on_domain(page, base, ws)
        domain_apps(page, base, ws)
        check(not context.console_errors, f"no console errors: {context.console_errors}")
    print("tags and domains in Chromium: every check passed")


if __name__ == "__main__":
    main()
