"""Import and export in headless Chromium: the owner uploads a Bitly CSV export (500 links and
two bad rows), reads the dry run, imports skipping the conflicts, watches the job page's progress
until it ends, downloads the results CSV and then the workspace's export, and checks both. A
second upload of the same file says it was imported before. Screenshots at 1280 and 375 px, each
checked by axe-core.

Usage: python transfer_e2e.py BASE_URL OWNER_EMAIL OWNER_PASSWORD WORKSPACE_ID
"""

import csv
import io
import os
import sys
import tempfile
import time

from playwright.sync_api import Error as PlaywrightError

from browser import check, chromium, new_context, screenshots, sign_in

ROWS = 500


def bitly_file(folder):
    """A Bitly export as its columns are documented (docs/import.md): made-up links."""
    path = os.path.join(folder, "bitly-export.csv")
    with open(path, "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Title", "Link", "Custom Link", "Destination URL", "Tags", "Created", "Clicks"])
        writer.writerow(["Broken", "https://bit.ly/e2ebad01", "", "javascript:alert(1)", "", "2025-03-05", "0"])
        writer.writerow(["Elsewhere", "https://bit.ly/e2ebad02", "https://go.not-ours.example/x", "https://example.com/x",
                         "", "2025-03-05", "0"])
        for i in range(ROWS):
            writer.writerow([f"Campaign {i}", f"https://bit.ly/e2e{i:05d}", "", f"https://example.com/p/{i}",
                             "bitly, e2e", "2025-03-04", str(i % 17)])
    return path


def submit(page, name):
    page.get_by_role("button", name=name).first.click()
    page.wait_for_load_state("load")


def upload(page, base, ws, path):
    page.goto(f"{base}/app/w/{ws}/transfer")
    page.get_by_label("Format", exact=True).select_option("bitly")
    page.get_by_label("File to import", exact=True).set_input_files(path)
    submit(page, "Check the file")


def download(page, name):
    with page.expect_download() as info:
        page.get_by_role("link", name=name).first.click()
    return open(info.value.path(), encoding="utf-8").read()


def main():
    base, email, password, ws = sys.argv[1:5]
    folder = tempfile.mkdtemp()
    path = bitly_file(folder)
    with chromium() as browser:
        context = new_context(browser, accept_downloads=True)
        page = context.new_page()
        sign_in(page, base, email, password, ws)
        page.get_by_role("link", name="Import and export").click()
        page.wait_for_url(f"{base}/app/w/{ws}/transfer")
        screenshots(page, "transfer")

        upload(page, base, ws, path)
        summary = page.locator("#plan-heading + p").inner_text()
        check(summary == f"Dry run: {ROWS} would be created, 1 conflict, 1 cannot be links.",
              f"the dry run counts the rows ({summary})")
        check(page.get_by_text("go.not-ours.example is not a verified domain of this workspace.").count() == 1,
              "the conflict says why")
        check(page.get_by_text("url must not use the javascript: scheme.").count() == 1, "the bad row says why")
        check(page.get_by_text("New tags: bitly, e2e.").count() == 1, "the tags to be made are listed")
        screenshots(page, "transfer-dry-run")

        page.get_by_label("Skip them and import the others").check()
        submit(page, "Import")
        check(page.url.startswith(f"{base}/app/w/{ws}/transfer/imports/"), "the job page follows")
        job_url = page.url
        saw_running = page.get_by_role("heading", name="Importing").count() == 1
        if saw_running:
            screenshots(page, "transfer-job-running")
        deadline = time.time() + 300
        while page.get_by_role("heading", name="Done").count() == 0 and time.time() < deadline:
            time.sleep(1)
            try:
                page.goto(job_url)
            except PlaywrightError as err:
                # The running job's page refreshes itself; a reload of ours that its refresh
                # overtook is aborted, and the next turn reads the page it loaded.
                if "ERR_ABORTED" not in str(err):
                    raise
        check(page.get_by_role("heading", name="Done").count() == 1, "the import ends")
        check(saw_running, "the progress was shown while the import ran")
        facts = page.locator("dl.facts").inner_text()
        check(f"Created\n{ROWS}" in facts and "Skipped\n1" in facts and "Failed\n1" in facts,
              f"the job page counts the rows ({facts!r})")
        screenshots(page, "transfer-job-done")

        results = list(csv.DictReader(io.StringIO(download(page, "Download the results (CSV)"))))
        check(len(results) == ROWS + 2, "the results CSV has a row per file row")
        check(sum(r["status"] == "created" for r in results) == ROWS, "each created row is in the results")
        check(results[2]["shortLink"].endswith("/e2e00000"), "a created row names its short link")
        check(results[0]["status"] == "failed" and "javascript:" in results[0]["reason"], "a failed row says why")
        check(results[1]["status"] == "skipped" and "not a verified domain" in results[1]["reason"],
              "a skipped row says why")

        export = list(csv.DictReader(io.StringIO(download(page, "Download the workspace export"))))
        check(len(export) >= ROWS, "the workspace export has every imported link")
        row = next(r for r in export if r["slug"] == "e2e00042")
        check(row["url"] == "https://example.com/p/42" and row["name"] == "Campaign 42", "an exported row is its link")
        check(row["tags"] in ("bitly, e2e", "e2e, bitly"), "an exported row names its tags")

        upload(page, base, ws, path)
        check(page.get_by_text("This file was imported before").count() == 1, "a second upload says so")
        submit(page, "Import")
        check(page.get_by_role("status").first.inner_text()
              == "This file was imported before; nothing new was created.", "and imports nothing")
        screenshots(page, "transfer-again")
    print("transfer: all checks passed")


if __name__ == "__main__":
    main()
