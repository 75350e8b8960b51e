#!/usr/bin/env bash
# The MCP Inspector CLI reading resources, templates and prompts from the endpoint.
# Usage: inspector_context.sh URL API_KEY WORKSPACE_ID   (INSPECTOR: the inspector command)
set -euo pipefail
url=$1 key=$2 ws=$3
read -r -a inspector <<<"${INSPECTOR:?set INSPECTOR to the inspector command}"

run() { "${inspector[@]}" --cli "$url" --transport http --header "X-Api-Key: $key" --header "X-Workspace-Id: $ws" "$@"; }
field() { python3 -c 'import json,sys; v=json.load(sys.stdin); [v:=v[k] if not k.isdigit() else v[int(k)] for k in sys.argv[1].split(".")]; print(v if isinstance(v,str) else json.dumps(v))' "$1"; }
check() { if [ "$1" != "$2" ]; then echo "FAILED: $3 (got '$1', want '$2')" >&2; exit 1; fi; echo "ok: $3"; }

id=$(run --method tools/call --tool-name create_link --tool-arg name=Resource \
    --tool-arg 'rules=[{"targetUrl":"https://example.com/","isDefault":true}]' | field structuredContent.id)
uri="smartlinks://workspaces/$ws/links/$id"
listed=$(run --method resources/list)
check "$(python3 -c 'import json,sys; print(sys.argv[1] in [r["uri"] for r in json.load(sys.stdin)["resources"]])' "$uri" <<<"$listed")" "True" "resources/list shows the link"
check "$(run --method resources/templates/list | field resourceTemplates.0.uriTemplate)" \
    "smartlinks://workspaces/{workspaceId}/links/{linkId}" "resources/templates/list shows the link template"
check "$(run --method resources/read --uri "$uri" | field contents.0.text | field id)" "$id" "resources/read reads the link"
check "$(run --method prompts/list | field prompts.2.name)" "weekly_report" "prompts/list shows the prompts"
check "$(run --method prompts/get --prompt-name weekly_report --prompt-args week=2026-11-26 | field messages.0.role)" \
    "user" "prompts/get answers a message"
run --method tools/call --tool-name delete_link --tool-arg "linkId=$id" --tool-arg confirm=true >/dev/null
echo "mcp inspector cli: resources and prompts passed"
