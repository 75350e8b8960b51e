"""The Python `mcp` SDK's OAuth client (OAuthClientProvider) end to end against the dev server:
it discovers the authorization server from the MCP endpoint's 401, registers itself (dynamic
client registration), sends the person to authorize (the browser stand-in signs in and consents),
exchanges the code, calls tools with the bearer token, steps up when a tool needs a scope it was
not granted, refreshes, and is refused once the person revokes it on the connected-apps page.

Usage: python oauth_python.py BASE_URL EMAIL PASSWORD
"""

import asyncio
import logging
import sys
import time

import httpx2
from browser_stand_in import BrowserStandIn, Refused
from mcp import Client
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientMetadata

REDIRECT = "http://127.0.0.1:43210/callback"


def check(condition, what):
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}")


class Memory:
    """Token storage in memory; remembers every token set it was given."""

    def __init__(self):
        self.tokens = None
        self.client = None
        self.history = []

    async def get_tokens(self):
        return self.tokens

    async def set_tokens(self, tokens):
        self.tokens = tokens
        self.history.append(tokens)

    async def get_client_info(self):
        return self.client

    async def set_client_info(self, info):
        self.client = info


async def main(base, email, password):
    mcp_url = f"{base}/apiv1/mcp"
    browser = BrowserStandIn(base, email, password)
    received = {}

    async def redirect_handler(url):
        received.clear()
        received.update(browser.authorize(url))

    async def callback_handler():
        return AuthorizationCodeResult(code=received["code"], state=received.get("state"), iss=received.get("iss"))

    storage = Memory()
    metadata = OAuthClientMetadata(
        client_name="Python mcp SDK (test)",
        redirect_uris=[REDIRECT],
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
    )
    provider = OAuthClientProvider(mcp_url, metadata, storage, redirect_handler, callback_handler)
    statuses = []

    async def record(response):
        statuses.append((response.request.method, response.request.url.path, response.status_code))

    browser.approve = {"links:read"}
    async with httpx2.AsyncClient(auth=provider, timeout=30, event_hooks={"response": [record]}) as http:
        async with Client(streamable_http_client(mcp_url, http_client=http)) as client:
            paths = [p for _, p, _ in statuses]
            check("/.well-known/oauth-protected-resource/apiv1/mcp" in paths, "discovered the resource metadata from the 401")
            check("/.well-known/oauth-authorization-server" in paths, "discovered the authorization server")
            check(("POST", "/oauth/register", 201) in statuses, "registered by dynamic client registration")
            check(storage.client.client_secret is not None, "as a confidential client (the SDK's default)")
            check(("POST", "/oauth/token", 200) in statuses, "exchanged the code for tokens")
            check(browser.callbacks[0].get("iss") == base, "the authorization response carried iss")

            tools = sorted(t.name for t in (await client.list_tools()).tools)
            check(tools == ["export_links", "get_link", "get_link_qr", "list_domains", "list_links", "list_tags", "list_utm_templates", "list_webhooks"], f"lists the tools of the granted scope: {tools}")
            listed = await client.call_tool("list_links", {})
            check(not listed.is_error and "links" in listed.structured_content,
                  "calls a tool with the bearer token, in the grant's workspace")

            browser.approve = {"links:read", "links:write"}
            created = await client.call_tool("create_link", {
                "name": "Via OAuth (Python)",
                "rules": [{"targetUrl": "https://example.com/", "isDefault": True}],
            })
            check(("POST", "/apiv1/mcp", 403) in statuses, "a tool outside the grant was refused with 403")
            check(len(browser.consents) == 2, "the SDK stepped up: the person was asked again")
            check(not created.is_error and created.structured_content["slug"], "and the tool ran with the new grant")

            first = storage.tokens
            provider.context.token_expiry_time = time.time() - 1  # as if an hour had passed
            again = await client.call_tool("list_links", {})
            check(not again.is_error, "a call after the access token expired works")
            check(storage.tokens.access_token != first.access_token, "the SDK refreshed the access token")
            check(storage.tokens.refresh_token != first.refresh_token, "and the refresh token was rotated")
            check(statuses.count(("POST", "/oauth/token", 200)) == 3, "one exchange after each consent, one refresh")

            revoked = browser.revoke_all()
            check(revoked >= 1, f"the person revoked the app on the connected-apps page ({revoked} grants)")

    browser.approve = None
    logging.getLogger("mcp.client.auth").setLevel(logging.CRITICAL)  # the refusal below is expected
    before = len(statuses)
    try:
        async with httpx2.AsyncClient(auth=provider, timeout=30, event_hooks={"response": [record]}) as http:
            async with Client(streamable_http_client(mcp_url, http_client=http)) as client:
                await client.call_tool("list_links", {})
        check(False, "a session after revocation is refused")
    except Exception as refused:  # the SDK's task group wraps the failed re-authorization
        check(any(isinstance(e, Refused) for e in causes(refused)),
              f"after revocation the SDK had to ask the person again ({type(refused).__name__})")
    check(("POST", "/apiv1/mcp", 401) in statuses[before:], "the revoked access token got 401")

    raw = httpx2.post(mcp_url, headers={"Authorization": f"Bearer {storage.tokens.access_token}",
                                        "Accept": "application/json, text/event-stream"},
                      json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    check(raw.status_code == 401 and 'error="invalid_token"' in raw.headers["www-authenticate"],
          "the revoked token is refused with error=invalid_token")
    info = storage.client
    refresh = httpx2.post(f"{base}/oauth/token", auth=(info.client_id, info.client_secret),
                          data={"grant_type": "refresh_token", "refresh_token": storage.tokens.refresh_token})
    check(refresh.status_code == 400 and refresh.json()["error"] == "invalid_grant",
          "and so is its refresh token (invalid_grant)")
    print("python mcp OAuth client: round trip passed")


def causes(error):
    """An exception and everything it wraps (causes, contexts, exception groups)."""
    seen = [error]
    for e in seen:
        for inner in [e.__cause__, e.__context__, *getattr(e, "exceptions", [])]:
            if inner is not None and inner not in seen:
                seen.append(inner)
    return seen


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:4]))
