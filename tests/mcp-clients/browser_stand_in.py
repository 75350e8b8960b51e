"""A stand-in for the person's browser in the OAuth tests: it opens the authorization URL an MCP
client hands it, signs in, answers the consent page (approving some scopes, or refusing), and
returns what the client's redirect URI would have received. It keeps cookies like a browser and
revokes apps on the connected-apps page. Plain HTTP over httpx2, as a browser would send it.
"""

import html
import re
from urllib.parse import parse_qsl, urlencode, urlsplit

import httpx2


def hidden(page, name):
    """The value of the first form field `name` on a page."""
    found = re.search(rf'name="{re.escape(name)}" value="([^"]*)"', page)
    if not found:
        raise AssertionError(f"no field {name} on the page:\n{page[:2000]}")
    return html.unescape(found.group(1))


class Refused(Exception):
    """The stand-in was told not to approve any more requests."""


class BrowserStandIn:
    def __init__(self, base, email, password):
        self.base = base
        self.email = email
        self.password = password
        self.http = httpx2.Client(base_url=base, follow_redirects=False, timeout=30)
        self.approve = None  # scopes to approve; None: refuse to answer (raise Refused)
        self.consents = []  # the consent pages seen (their HTML)
        self.callbacks = []  # what each redirect URI received

    def sign_in(self):
        form = self.http.get("/account/sign-in").text
        answer = self.http.post(
            "/account/sign-in",
            data={"csrf": hidden(form, "csrf"), "next": "/account/integrations",
                  "email": self.email, "password": self.password},
        )
        assert answer.status_code == 303, f"sign-in failed: {answer.status_code} {answer.text[:500]}"

    def authorize(self, url):
        """Opens an authorization URL; returns the callback's parameters (code, state, iss)."""
        if self.approve is None:
            raise Refused(f"asked to authorize again: {url}")
        path = url[len(self.base):] if url.startswith(self.base) else url
        answer = self.http.get(path)
        if answer.status_code == 303 and answer.headers["location"].startswith("/account/sign-in"):
            self.sign_in()
            answer = self.http.get(path)
        assert answer.status_code == 200, f"no consent page: {answer.status_code} {answer.text[:1000]}"
        page = answer.text
        self.consents.append(page)
        offered = re.findall(r'name="scope" value="([^"]+)"', page)
        workspace = re.search(r'<option value="([0-9a-f]{24})" selected', page).group(1)
        fields = [("csrf", hidden(page, "csrf")), ("request", hidden(page, "request")),
                  ("decision", "approve"), ("workspaceId", workspace)]
        fields += [("scope", s) for s in offered if s in self.approve]
        answer = self.http.post("/oauth/consent", content=urlencode(fields),
                                headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert answer.status_code == 303, f"consent not answered: {answer.status_code} {answer.text[:1000]}"
        location = answer.headers["location"]
        received = dict(parse_qsl(urlsplit(location).query))
        self.callbacks.append(received)
        return received

    def connected_apps(self):
        """The connected-apps page: (its HTML, the grant ids with a revoke button)."""
        page = self.http.get("/account/connected-apps")
        assert page.status_code == 200, page.status_code
        return page.text, re.findall(r'name="grant" value="([0-9a-f]{24})"', page.text)

    def revoke_all(self):
        """Presses every revoke button; returns how many apps were revoked."""
        text, grants = self.connected_apps()
        for grant in grants:
            answer = self.http.post("/account/connected-apps/revoke",
                                    data={"csrf": hidden(text, "csrf"), "grant": grant})
            assert answer.status_code == 303, answer.status_code
        return len(grants)
