"""The account pages end to end in headless Chromium: sign in, generate a key with two MCP
scopes, copy the workspace id with its button, use the key from the Python mcp client (only
the two scopes' tools are listed), generate again and see the first key refused at once.

Usage: python accounts_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE_ID
"""

import asyncio
import json
import sys
from concurrent.futures import ThreadPoolExecutor

import httpx2
from browser import check, chromium, new_context, screenshots
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

# The tools each MCP scope opens (the contract's table).
TOOLS_OF_SCOPE = {
    "links:read": {"list_links", "get_link", "get_link_qr", "list_tags", "list_utm_templates", "list_domains",
                   "export_links", "list_webhooks"},
    "links:write": {"create_link", "update_link", "create_tag", "update_tag", "create_utm_template", "create_webhook",
                    "update_webhook", "report_conversion"},
    "links:delete": {"delete_link", "delete_tag", "delete_utm_template", "delete_webhook"},
    "links:bulk": {"bulk_create_links", "plan_import", "import_links", "get_import"},
    "analytics:read": {"get_link_analytics", "get_workspace_analytics", "export_clicks"},
}
CHOSEN = ["links:read", "analytics:read"]


async def listed_tools(mcp_url, headers):
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        async with Client(streamable_http_client(mcp_url, http_client=http)) as client:
            return {tool.name for tool in (await client.list_tools()).tools}


def mcp_status(mcp_url, key):
    """The HTTP status of a bare MCP ping with this key (401 for a dead key)."""
    response = httpx2.post(
        mcp_url,
        headers={"X-Api-Key": key, "Accept": "application/json, text/event-stream"},
        json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
        timeout=30,
    )
    return response.status_code


def generate_key(page, base, scopes):
    page.goto(f"{base}/account/integrations")
    page.get_by_label("Access to the HTTP API").uncheck()
    for scope in scopes:
        page.locator(f'input[name="scope"][value="{scope}"]').check()
    page.get_by_role("button", name="Generate API key").click()
    page.wait_for_url(f"{base}/account/integrations/keys")
    check(page.get_by_role("heading", name="Your new API key").is_visible(), "the new key is shown")
    return page.locator("#new-key").input_value()


def main(base, email, password, workspace):
    mcp_url = f"{base}/apiv1/mcp"
    with chromium() as browser:
        context = new_context(browser)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))

        page.goto(f"{base}/account/integrations")
        check(page.url.startswith(f"{base}/account/sign-in"), "an anonymous visit is sent to sign in")
        screenshots(page, "sign-in")
        page.get_by_label("Email").fill(email)
        page.get_by_label("Password").fill("not the password")
        page.get_by_role("button", name="Sign in").click()
        check(page.get_by_role("alert").inner_text() == "Email or password is incorrect.", "a wrong password is told")
        screenshots(page, "sign-in-error")
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(f"{base}/account/integrations")
        check(page.get_by_role("heading", name="Integrations").is_visible(), "signed in, on the integrations page")
        screenshots(page, "integrations")

        copy = page.get_by_role("button", name="Copy the id of Browser tests")
        check(copy.is_visible(), "the workspace id has a copy button (shown by the script)")
        copy.click()
        copied = page.evaluate("navigator.clipboard.readText()")
        check(copied == workspace, f"the copy button copied the workspace id ({copied})")
        page.get_by_label("Access to the HTTP API").uncheck()
        page.get_by_role("button", name="Generate API key").click()
        check(
            page.get_by_role("alert").inner_text() == "Choose HTTP API access or at least one MCP scope for the key.",
            "a key with no box ticked is refused with a sentence",
        )
        screenshots(page, "integrations-error")

        first = generate_key(page, base, CHOSEN)
        check(first.startswith("slk_"), "a key is shown once")
        server = json.loads(page.locator("#mcp-config").inner_text())["mcpServers"]["smartlinks"]
        check(server["url"] == mcp_url and server["type"] == "http", "the MCP configuration names the endpoint")
        check(server["headers"] == {"X-Api-Key": first, "X-Workspace-Id": workspace}, "with the key and workspace id")
        screenshots(page, "key-created")

        # Playwright's sync API owns this thread's event loop: the async client runs in another.
        with ThreadPoolExecutor(1) as pool:
            tools = pool.submit(asyncio.run, listed_tools(server["url"], server["headers"])).result()
        expected = set().union(*(TOOLS_OF_SCOPE[s] for s in CHOSEN))
        check(tools == expected, f"the key lists exactly the tools of its two scopes: {sorted(tools)}")

        page.reload()
        check(page.locator("#new-key").count() == 0 or first not in page.content(), "a reload does not show the key again")
        page.goto(f"{base}/account/integrations")
        check(first not in page.content(), "the integrations page never shows the key")
        check(page.locator("#current-key").inner_text().count(first[:12]) == 1, "it shows the key's prefix")

        second = generate_key(page, base, CHOSEN)
        check(second != first, "generating again makes a new key")
        check(mcp_status(mcp_url, first) == 401, "the first key is refused at once")
        check(mcp_status(mcp_url, second) == 200, "the new key works")

        page.get_by_role("button", name="Sign out").click()
        page.wait_for_url(f"{base}/account/sign-in?signedOut=1")
        check(page.get_by_role("status").inner_text() == "You are signed out.", "signed out")
        page.goto(f"{base}/account/integrations")
        check(page.url.startswith(f"{base}/account/sign-in"), "after sign-out the pages ask to sign in again")
        check(not errors, f"no script errors: {errors}")
        check(not context.console_errors, f"no console errors (CSP included): {context.console_errors}")
        context.close()


if __name__ == "__main__":
    main(*sys.argv[1:5])
