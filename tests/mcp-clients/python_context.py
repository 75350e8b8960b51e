"""A real MCP client (the Python `mcp` 2.x SDK) reading what the endpoint offers besides tools:
resources and their templates, prompts, a completion, and icons.

Usage: python python_context.py URL API_KEY WORKSPACE_ID MODE   (MODE as python_roundtrip.py)
Exits non-zero on the first failed expectation.
"""

import asyncio
import json
import sys

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import PromptReference

APP = "ui://smartlinks/analytics.html"


def check(condition, what):
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}")


async def main(url, key, workspace, mode):
    headers = {"X-Api-Key": key, "X-Workspace-Id": workspace}
    async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
        async with Client(streamable_http_client(url, http_client=http), mode=mode) as client:
            icons = client.server_info.icons or []
            check(len(icons) == 1 and icons[0].mime_type == "image/svg+xml", f"[{mode}] the server shows an icon")
            served = await http.get(icons[0].src)
            check(served.status_code == 200 and served.text.startswith("<svg"), "the server's icon is served")
            tools = (await client.list_tools()).tools
            check(all(t.icons and "/account/assets/mcp-" in t.icons[0].src for t in tools),
                  "every tool shows an icon")

            created = await client.call_tool("create_link", {
                "name": f"Context {mode}", "rules": [{"targetUrl": "https://example.com/", "isDefault": True}]})
            link_id = created.structured_content["id"]
            uri = f"smartlinks://workspaces/{workspace}/links/{link_id}"

            listed = await client.list_resources()
            uris = [str(r.uri) for r in listed.resources]
            check(uris[0] == APP and uri in uris, "resources/list shows the app and the new link")
            templates = await client.list_resource_templates()
            check([t.uri_template for t in templates.resource_templates] == [
                "smartlinks://workspaces/{workspaceId}/links/{linkId}",
                "smartlinks://workspaces/{workspaceId}/links/{linkId}/analytics{?from,to}",
            ], "resources/templates/list shows a link and its analytics")

            read = await client.read_resource(uri)
            record = json.loads(read.contents[0].text)
            check(read.contents[0].mime_type == "application/json" and record["id"] == link_id,
                  "a link resource reads as its record")
            analytics = await client.read_resource(f"{uri}/analytics?from=2026-01-01")
            check(json.loads(analytics.contents[0].text)["totals"]["total"] == 0, "its analytics resource reads")
            app = await client.read_resource(APP)
            check(app.contents[0].mime_type == "text/html;profile=mcp-app", "the analytics app reads as an MCP App")

            prompts = await client.list_prompts()
            check([p.name for p in prompts.prompts] == ["campaign_link", "review_ab_test", "weekly_report"],
                  "prompts/list shows the three prompts")
            got = await client.get_prompt("review_ab_test", {"linkId": link_id})
            check(link_id in got.messages[0].content.text, "prompts/get fills in the link")
            completion = await client.complete(PromptReference(type="ref/prompt", name="review_ab_test"),
                                               {"name": "linkId", "value": f"context {mode}"})
            check(completion.completion.values == [link_id], "completion/complete finds the link by name")

            deleted = await client.call_tool("delete_link", {"linkId": link_id, "confirm": True})
            check(not deleted.is_error, "the link is deleted again (confirm: true, as this client cannot be asked)")
    print(f"python mcp client ({mode}): resources, prompts, completions and icons passed")


if __name__ == "__main__":
    asyncio.run(main(*sys.argv[1:5]))
