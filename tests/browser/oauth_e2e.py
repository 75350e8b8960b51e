"""The OAuth pages end to end in headless Chromium: an app asks to connect, the person signs in,
sees the consent page, allows it (the browser really lands on the app's loopback redirect URI:
the consent page's CSP admits exactly that redirect), the app exchanges the code and calls the
MCP endpoint; a second request is denied; the connected-apps page lists the app and revoking it
there stops its token at once. Screenshots of the consent and connected-apps pages at 1280 and
375 px.

Usage: python oauth_e2e.py BASE_URL EMAIL PASSWORD WORKSPACE_ID
"""

import base64
import hashlib
import json
import secrets
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from browser import check, chromium, new_context, screenshots

APP = "Browser test app"


class Callbacks(BaseHTTPRequestHandler):
    """The app's loopback redirect URI: records what it receives."""

    received = []

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/callback":  # not the browser's /favicon.ico
            Callbacks.received.append(dict(urllib.parse.parse_qsl(url.query)))
        body = b"<!doctype html><title>App</title><p>The app received the answer.</p>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def http(method, url, body=None, headers=None):
    """(status, headers, JSON or text) of a plain HTTP request."""
    request = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, answer, text = response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        status, answer, text = error.code, error.headers, error.read().decode()
    try:
        return status, answer, json.loads(text)
    except ValueError:
        return status, answer, text


def mcp_status(base, token):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).encode()
    status, _, _ = http("POST", f"{base}/apiv1/mcp", body, {
        "Authorization": f"Bearer {token}", "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream"})
    return status


def main(base, email, password, workspace):
    callbacks = ThreadingHTTPServer(("127.0.0.1", 0), Callbacks)
    threading.Thread(target=callbacks.serve_forever, daemon=True).start()
    redirect = f"http://127.0.0.1:{callbacks.server_address[1]}/callback"
    status, _, client = http("POST", f"{base}/oauth/register", json.dumps({
        "client_name": APP, "redirect_uris": [redirect], "token_endpoint_auth_method": "none"}).encode(),
        {"Content-Type": "application/json"})
    check(status == 201, "the app registered")
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()

    def authorize_url(state):
        return f"{base}/oauth/authorize?" + urllib.parse.urlencode({
            "response_type": "code", "client_id": client["client_id"], "redirect_uri": redirect, "state": state,
            "code_challenge": challenge, "code_challenge_method": "S256", "scope": "links:read analytics:read",
            "resource": f"{base}/apiv1/mcp"})

    with chromium() as browser:
        context = new_context(browser)
        page = context.new_page()
        console = []
        page.on("console", lambda message: console.append(message.text))
        page.on("pageerror", lambda error: console.append(str(error)))

        page.goto(authorize_url("first"))
        check(page.url.startswith(f"{base}/account/sign-in"), "an anonymous person is asked to sign in first")
        page.get_by_label("Email").fill(email)
        page.get_by_label("Password").fill(password)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_url(f"{base}/oauth/authorize?*")
        check(page.get_by_role("heading", name=f"Connect {APP} to Smart links?").is_visible(),
              "after sign-in the consent page names the app")
        check(page.locator("#redirect-place").inner_text() == f"127.0.0.1:{callbacks.server_address[1]}",
              "it shows where the answer goes")
        check("a program on your own computer" in page.locator("#redirect-warning").inner_text(),
              "and warns that it is a program on this computer")
        boxes = page.locator('input[name="scope"]')
        check(boxes.count() == 2 and all(boxes.nth(i).is_checked() for i in range(2)),
              "each requested scope has a ticked checkbox")
        check(page.get_by_label("In the workspace").input_value() == workspace, "the workspace picker offers the workspace")
        screenshots(page, "consent")

        for i in range(2):
            boxes.nth(i).uncheck()
        page.get_by_role("button", name="Allow").click()
        check(page.get_by_role("alert").inner_text() == "Choose at least one of the permissions the app asked for.",
              "allowing nothing is refused with a sentence")
        screenshots(page, "consent-error")
        page.get_by_label("list and read your links").check()
        page.get_by_role("button", name="Allow").click()
        page.wait_for_url(f"{redirect}?*")
        answer = Callbacks.received[-1]
        check(answer.get("state") == "first" and answer.get("iss") == base and answer.get("code", "").startswith("slac_"),
              "the browser landed on the app's redirect URI with code, state and iss")
        check(not [m for m in console if "Content Security Policy" in m],
              "the consent page's CSP admitted exactly that redirect (no violation reported)")

        status, _, tokens = http("POST", f"{base}/oauth/token", urllib.parse.urlencode({
            "grant_type": "authorization_code", "code": answer["code"], "redirect_uri": redirect,
            "code_verifier": verifier, "client_id": client["client_id"]}).encode(),
            {"Content-Type": "application/x-www-form-urlencoded"})
        check(status == 200 and tokens["scope"] == "links:read", "the app exchanged the code for a links:read token")
        check(mcp_status(base, tokens["access_token"]) == 200, "the token works at the MCP endpoint")

        page.goto(authorize_url("second"))
        page.get_by_role("button", name="Deny").click()
        page.wait_for_url(f"{redirect}?*")
        check(Callbacks.received[-1].get("error") == "access_denied" and Callbacks.received[-1].get("state") == "second",
              "denying sends access_denied with the state back to the app")

        page.goto(f"{base}/account/integrations")
        page.get_by_role("navigation").get_by_role("link", name="Connected apps").click()
        page.wait_for_url(f"{base}/account/connected-apps")
        card = page.locator("li.app")
        check(card.count() == 1 and APP in card.inner_text(), "the connected-apps page lists the app once")
        text = card.inner_text()
        check("list and read your links" in text and "analytics" not in text, "with the scope it was granted")
        check("Browser tests" in text and f"127.0.0.1:{callbacks.server_address[1]}" in text,
              "its workspace and where it sends the browser back to")
        screenshots(page, "connected-apps")
        page.get_by_role("button", name=f"Revoke {APP}").click()
        page.wait_for_url(f"{base}/account/connected-apps?revoked=1")
        check(page.get_by_role("status").inner_text().startswith("Access revoked"), "revoking says so")
        check(page.locator("li.app").count() == 0, "and the app is gone from the list")
        screenshots(page, "connected-apps-revoked")
        check(mcp_status(base, tokens["access_token"]) == 401, "its token is refused at the very next request")

        # A failed request of a client this person has no grant of is a page here, not a redirect
        # (registration is open, so its redirect URI may be anyone's): one link back to it.
        page.goto(authorize_url("third").replace("links%3Aread+analytics%3Aread", "links%3Aread+admin"))
        check(page.url.startswith(f"{base}/oauth/authorize"), "an invalid request stays on our page")
        check(page.get_by_role("heading", name="This app's request cannot be answered").is_visible(),
              "which says the request cannot be answered")
        back = page.get_by_role("link", name=f"Return to 127.0.0.1:{callbacks.server_address[1]}")
        check(back.is_visible() and "(invalid_scope)" in page.content(), "names the error and offers one link back")
        screenshots(page, "authorize-refused")
        back.click()
        page.wait_for_url(f"{redirect}?*")
        check(Callbacks.received[-1].get("error") == "invalid_scope" and Callbacks.received[-1].get("state") == "third",
              "following the link tells the app what was wrong")
        errors = [m for m in console if "error" in m.lower() and "400 (Bad Request)" not in m]
        check(not errors, f"no script errors (the refused empty consent's 400 aside): {errors}")
        context.close()
    callbacks.shutdown()


if __name__ == "__main__":
    main(*sys.argv[1:5])
