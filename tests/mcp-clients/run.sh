#!/usr/bin/env bash
# Drives the MCP endpoint of a freshly started dev server with real clients: the Python `mcp`
# SDK (its default mode, which probes 2026-07-28 `server/discover`, and mode="legacy", the
# initialize handshake), the MCP Inspector CLI and the official conformance suite. Needs
# AWS_ENDPOINT_URL_DYNAMODB (DynamoDB Local), MCP_PYTHON, INSPECTOR and CONFORMANCE
# (scripts/common.sh `ensure_mcp_clients`), and debug builds of
# the dev-server and linkctl binaries (found through cargo metadata, so CARGO_TARGET_DIR is
# honoured). Usage: tests/mcp-clients/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
: "${AWS_ENDPOINT_URL_DYNAMODB:?DynamoDB Local must be running}" "${MCP_PYTHON:?}" "${INSPECTOR:?}" "${CONFORMANCE:?}" "${NODE22:?}"

bin="$(cargo_target_dir)/debug"
# The dev server with a local https webhook receiver, so create_webhook has an endpoint it may reach.
receiver_file=$(mktemp)
start_dev_server mcp-clients dev-server-test-receiver "$receiver_file"
trap 'kill "$DEV_PID" 2>/dev/null || true; rm -f "$receiver_file"' EXIT
log_file=$DEV_LOG
PORT=$DEV_PORT

json_field() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
email="mcp-$(date +%s)-$$@example.com"
"$bin"/linkctl user create --email "$email" >/dev/null
workspace=$("$bin"/linkctl workspace create --name "MCP clients" --owner "$email" | json_field id)
key=$("$bin"/linkctl key create --user "$email" --api \
    --mcp-scopes links:read,links:write,links:delete,links:bulk,analytics:read | json_field key)
url="http://127.0.0.1:$PORT/apiv1/mcp"

status=0
for mode in auto legacy; do
    log "Python mcp client, mode=$mode"
    "$MCP_PYTHON" tests/mcp-clients/python_roundtrip.py "$url" "$key" "$workspace" "$mode" || status=1
    log "Python mcp client, mode=$mode: resources, prompts, completions, icons"
    "$MCP_PYTHON" tests/mcp-clients/python_context.py "$url" "$key" "$workspace" "$mode" || status=1
done
log "Python mcp client: the tools beyond links, and the confirmation before deleting"
"$MCP_PYTHON" tests/mcp-clients/python_tools.py "$url" "$key" "$workspace" "$(cat "$receiver_file")" || status=1
log "TypeScript SDK client with ext-tasks: bulk and import as tasks, one cancelled"
MCP_NODE_MODULES="$(dirname "$(dirname "$NODE22")")" "$NODE22" tests/mcp-clients/tasks_typescript.mjs \
    "$url" "$key" "$workspace" || status=1
log "MCP Inspector CLI"
tests/mcp-clients/inspector_roundtrip.sh "$url" "$key" "$workspace" || status=1
log "MCP Inspector CLI: resources and prompts"
tests/mcp-clients/inspector_context.sh "$url" "$key" "$workspace" || status=1
log "MCP conformance suite"
tests/mcp-clients/conformance.sh "$PORT" "$key" || status=1
log "OAuth: the Python and TypeScript SDKs' OAuth clients"
tests/mcp-clients/oauth.sh || status=1
if [ "$status" != 0 ]; then
    log "a real-client round trip failed; dev server log: $log_file"
    tail -n 50 "$log_file" >&2
fi
exit "$status"
