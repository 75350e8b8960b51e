"""A real MCP client (the Python `mcp` 2.x SDK, 2026-07-28) calling the tools beyond links (tags,
UTM templates, webhooks, conversions) and answering the confirmation before deleting: an
elicitation callback that accepts, one that declines, and a client without one.

Usage: python python_tools.py URL API_KEY WORKSPACE_ID WEBHOOK_URL
WEBHOOK_URL is an https endpoint the server may reach (the test receiver's). The short links are
visited on the same port with Host: sl.localhost. Exits non-zero on the first failed expectation.
"""

import asyncio
import sys
import time
from urllib.parse import parse_qs, urlparse

import httpx2
from mcp import Client, types
from mcp.client.streamable_http import streamable_http_client

from python_roundtrip import call, check

CANNOT_ASK = ("Deleting cannot be undone and this client cannot ask the person to confirm, so ask them and, "
              "if they agree, call again with confirm: true.")
CHROME = ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
          "Chrome/126.0.0.0 Safari/537.36")


def answering(action, asked):
    """An elicitation callback that gives `action` and notes each question in `asked`."""
    async def callback(context, params):
        asked.append(params.message)
        return types.ElicitResult(action=action)
    return callback


async def connect(url, key, **callbacks):
    http = httpx2.AsyncClient(headers={"X-Api-Key": key}, timeout=30)
    return http, Client(streamable_http_client(url, http_client=http), **callbacks)


async def visit(url, slug):
    """A person's visit to a tracked link: the click id the destination is given."""
    port = urlparse(url).port
    async with httpx2.AsyncClient(follow_redirects=False, timeout=30) as http:
        answer = await http.get(f"http://127.0.0.1:{port}/{slug}",
                                headers={"Host": "sl.localhost", "User-Agent": CHROME})
    return parse_qs(urlparse(answer.headers["location"]).query)["sl_cid"][0]


async def main(url, key, workspace, webhook_url):
    ws = {"workspaceId": workspace}
    run = f"{int(time.time())}"

    # A client without an elicitation callback: the tools, and deleting only with confirm.
    http, client = await connect(url, key)
    async with http, client:
        check(client.protocol_version == "2026-07-28", f"speaks {client.protocol_version}")
        listed = await client.list_tools()
        meta = {t.name: (t.meta or {}) for t in listed.tools}
        for name in ("get_link_analytics", "get_workspace_analytics"):
            check(meta[name].get("ui", {}).get("resourceUri", "").startswith("ui://"), f"{name} names the app")
        confirm_schema = {t.name: "confirm" in t.input_schema.get("properties", {}) for t in listed.tools}
        check([n for n, takes in confirm_schema.items() if takes]
              == ["delete_link", "delete_tag", "delete_utm_template", "delete_webhook"],
              "the deleting tools take confirm")

        tag = await call(client, "create_tag", {**ws, "name": f"Tools {run}"})
        updated = await call(client, "update_tag", {**ws, "tagId": tag["id"], "name": f"Tools {run} v2", "color": "#2f855a"})
        check(updated["message"] == f'Tag "Tools {run} v2" updated.', "update_tag renamed it")
        refused = await client.call_tool("delete_tag", {**ws, "tagId": tag["id"]})
        check(refused.is_error and refused.content[0].text == CANNOT_ASK, "delete_tag without confirm: the sentence")
        tags = await call(client, "list_tags", ws)
        check(any(t["id"] == tag["id"] for t in tags["tags"]), "and the tag is still there")
        deleted = await call(client, "delete_tag", {**ws, "tagId": tag["id"], "confirm": True})
        check(deleted["message"].startswith(f'Tag "Tools {run} v2" deleted'), "delete_tag with confirm deleted it")

        template = await call(client, "create_utm_template", {**ws, "name": f"Tools {run}", "source": "news", "medium": "email"})
        templates = await call(client, "list_utm_templates", ws)
        check(any(t["id"] == template["id"] and t["source"] == "news" for t in templates["templates"]),
              "create_utm_template, then list_utm_templates")

        hook = await call(client, "create_webhook", {**ws, "url": webhook_url, "events": ["link.created"]})
        check(hook["secret"].startswith("whsec_"), "create_webhook shows the secret once")
        changed = await call(client, "update_webhook", {**ws, "webhookId": hook["id"], "events": ["link.deleted"], "enabled": False})
        check(changed["webhook"]["events"] == ["link.deleted"] and not changed["webhook"]["enabled"], "update_webhook changed it")
        hooks = await call(client, "list_webhooks", ws)
        check([h["id"] for h in hooks["webhooks"]] == [hook["id"]], "list_webhooks lists it, without a secret")
        check("secret" not in hooks["webhooks"][0], "no secret in the list")

        tracked = await call(client, "create_link", {**ws, "name": "Tracked", "slug": f"tools-{run}",
                                                     "conversionTracking": True,
                                                     "rules": [{"targetUrl": "https://example.com/", "isDefault": True}]})
        cid = await visit(url, tracked["slug"])
        sale = {**ws, "clickId": cid, "event": "sale", "amount": 4900, "currency": "EUR"}
        first = await call(client, "report_conversion", sale)
        check(first["linkId"] == tracked["id"] and first["duplicate"] is False, "report_conversion recorded the sale")
        again = await call(client, "report_conversion", sale)
        check(again["duplicate"] is True and again["id"] == first["id"], "a repeat is the same conversion")

        # The transfer tools as plain calls (tasks_typescript.mjs runs bulk and import as tasks).
        file = "url,name\n" + "".join(f"https://example.com/import/{run}/{i},Imported {run} {i}\n" for i in range(3))
        plan = await call(client, "plan_import", {**ws, "format": "csv", "content": file})
        check(len(plan["rows"]) == 3, f"plan_import judges the three rows: {plan['rows']}")
        imported = await call(client, "import_links", {**ws, "format": "csv", "content": file})
        check(imported["import"]["state"] == "finished", f"import_links imported the file: {imported['message']}")
        job = await call(client, "get_import", {**ws, "importId": imported["import"]["id"]})
        check(job["import"]["created"] == 3, "get_import reads the job: 3 created")
        links = await call(client, "export_links", {**ws, "format": "csv", "limit": 100})
        check(f"Imported {run} 0" in links["text"], "export_links carries the imported links")
        clicks = await call(client, "export_clicks", ws)
        check(clicks["text"].startswith("at,linkId,") and tracked["id"] in clicks["text"],
              "export_clicks carries the tracked link's click")

    # A client whose person declines: nothing is deleted, and the answer says so.
    asked = []
    http, client = await connect(url, key, elicitation_callback=answering("decline", asked))
    async with http, client:
        declined = await client.call_tool("delete_webhook", {**ws, "webhookId": hook["id"]})
        check(len(asked) == 1 and "cannot be undone" in asked[0], f"the person was asked: {asked}")
        check(declined.is_error and declined.content[0].text == "Nothing was deleted: the person declined.",
              "declined: nothing deleted, said in a sentence")
        hooks = await call(client, "list_webhooks", ws)
        check([h["id"] for h in hooks["webhooks"]] == [hook["id"]], "the webhook is still there")

    # A client whose person accepts: the deletions run, even without confirm.
    asked = []
    http, client = await connect(url, key, elicitation_callback=answering("accept", asked))
    async with http, client:
        gone = await call(client, "delete_webhook", {**ws, "webhookId": hook["id"]})
        check(gone["message"] == "Webhook deleted.", "accepted: delete_webhook deleted it")
        gone = await call(client, "delete_utm_template", {**ws, "templateId": template["id"]})
        check(gone["message"] == f'UTM template "Tools {run}" deleted.', "accepted: delete_utm_template deleted it")
        gone = await call(client, "delete_link", {**ws, "linkId": tracked["id"]})
        check("deleted" in gone["message"], "accepted: delete_link deleted it")
        check(len(asked) == 3, f"the person was asked each time ({len(asked)})")
        hooks = await call(client, "list_webhooks", ws)
        check(hooks["webhooks"] == [], "no webhook left")
    print("python mcp client: the tools beyond links and the confirmation passed")


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:5]))
