"""A real MCP client (the Python `mcp` 2.x SDK) driving the endpoint end to end.

Usage: python python_roundtrip.py URL API_KEY WORKSPACE_ID MODE
MODE is "auto" (probe server/discover at 2026-07-28, fall back to initialize) or "legacy"
(the initialize handshake). Exits non-zero on the first failed expectation.
"""

import asyncio
import base64
import sys

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

EXPECTED_TOOLS = [
    "list_links",
    "get_link",
    "get_link_qr",
    "create_link",
    "update_link",
    "delete_link",
    "bulk_create_links",
    "get_link_analytics",
    "get_workspace_analytics",
    "list_tags",
    "create_tag",
    "update_tag",
    "delete_tag",
    "list_utm_templates",
    "create_utm_template",
    "delete_utm_template",
    "list_domains",
    "plan_import",
    "import_links",
    "get_import",
    "export_links",
    "export_clicks",
    "list_webhooks",
    "create_webhook",
    "update_webhook",
    "delete_webhook",
    "report_conversion",
]


def check(condition, what):
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}")


async def call(client, name, arguments):
    result = await client.call_tool(name, arguments)
    check(not result.is_error, f"{name} succeeded")
    return result.structured_content


async def main(url, key, workspace, mode):
    headers = {"X-Api-Key": key}
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        async with Client(streamable_http_client(url, http_client=http), mode=mode) as client:
            expected_version = "2026-07-28" if mode == "auto" else "2025-11-25"
            check(client.protocol_version == expected_version, f"[{mode}] speaks {client.protocol_version}")
            check(client.server_info is not None and client.server_info.name == "smartlinks", "server identifies itself")
            check("workspaceId" in (client.instructions or ""), "instructions explain workspace selection")

            listed = await client.list_tools()
            names = [t.name for t in listed.tools]
            check(names == EXPECTED_TOOLS, f"tools/list shows every tool: {names}")

            chooser = await call(client, "list_links", {})
            check(any(w["id"] == workspace for w in chooser["workspaces"]), "no workspace: the workspace list")

            ws = {"workspaceId": workspace}
            created = await call(client, "create_link", {
                **ws,
                "name": f"Python {mode}",
                "rules": [
                    {"targetUrl": "https://example.com/de", "isDefault": False, "country": ["DE"]},
                    {"targetUrl": "https://example.com/", "isDefault": True},
                ],
                "abTest": {"enabled": False, "variants": []},
            })
            link_id = created["id"]
            check(created["fullLink"].endswith("/" + created["slug"]), "create_link returns the short URL")

            record = await call(client, "get_link", {**ws, "linkId": link_id})
            check(record["name"] == f"Python {mode}" and len(record["rules"]) == 2, "get_link reads it back")
            rule_id = record["rules"][0]["id"]

            qr = await client.call_tool("get_link_qr", {**ws, "linkId": link_id, "format": "png", "size": 256})
            image = qr.content[0]
            mime = getattr(image, "mime_type", None) or getattr(image, "mimeType", None)
            check(not qr.is_error and image.type == "image" and mime == "image/png", "get_link_qr gives a PNG image item")
            check(base64.b64decode(image.data).startswith(b"\x89PNG\r\n\x1a\n"), "the image item holds a PNG")
            check(qr.structured_content["encodes"] == created["fullLink"] + "?qr=1", "the code encodes fullLink?qr=1")

            page = await call(client, "list_links", {**ws, "search": f"python {mode}"})
            check([l["id"] for l in page["links"]] == [link_id], "list_links finds it by search")

            await call(client, "update_link", {**ws, "linkId": link_id, "name": f"Python {mode} v2", "clicksLimit": 100})
            record = await call(client, "get_link", {**ws, "linkId": link_id})
            check(record["name"] == f"Python {mode} v2" and record["clicksLimit"] == 100, "update_link changed it")

            stats = await call(client, "get_link_analytics", {**ws, "linkId": link_id})
            check(stats["totals"]["total"] == 0, "get_link_analytics answers")
            check(rule_id in stats.get("rulesStats", {}), "rule analytics are keyed by the rule id from get_link")
            totals = await call(client, "get_workspace_analytics", ws)
            check("dailyTraffic" in totals, "get_workspace_analytics answers")

            tag = await call(client, "create_tag", {**ws, "name": f"Python {mode}", "color": "#2f855a"})
            tags = await call(client, "list_tags", ws)
            check(any(t["id"] == tag["id"] and t["color"] == "#2f855a" for t in tags["tags"]), "create_tag, then list_tags")
            domains = await call(client, "list_domains", ws)
            check(domains["domains"][0]["isDefault"], "list_domains starts with the default domain")

            try:
                await client.call_tool("create_link", {**ws, "name": "Past", "expirationDate": "2020-01-01T00:00:00Z",
                                                      "rules": [{"targetUrl": "https://e.com", "isDefault": True}]})
                check(False, "a past expiry is refused")
            except MCPError as e:
                check(e.code == -32602 and str(e.error.message) == "expirationDate must be in the future.",
                      f"a past expiry is -32602 with the HTTP sentence ({e.code}: {e.error.message})")

            # This client declares no elicitation, so it cannot be asked: confirm says the person agreed.
            deleted = await call(client, "delete_link", {**ws, "linkId": link_id, "confirm": True})
            check("deleted" in deleted["message"], "delete_link deleted it")
            try:
                await client.call_tool("get_link", {**ws, "linkId": link_id})
                check(False, "a deleted link is gone")
            except MCPError as e:
                check(e.code == -32602 and e.error.message == "Link not found.", "a deleted link is gone")
    print(f"python mcp client ({mode}): round trip passed")


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:5]))
