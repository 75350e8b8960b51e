#!/usr/bin/env bash
# The analytics app of the MCP Apps extension in headless Chromium, inside a minimal host built
# on @modelcontextprotocol/ext-apps/app-bridge (tests/mcp-app/host.js, bundled here with the
# app's pinned esbuild), fed REAL tool results: a fresh dev server, a link with rules, an A/B
# test, clicks and conversions, get_link_analytics and get_workspace_analytics called with the
# Python mcp client. Screenshots at 375 and 1280 px go to artifacts/screenshots/mcp-app-*.png
# (look at them). Needs AWS_ENDPOINT_URL_DYNAMODB (DynamoDB Local), E2E_PYTHON, CHROMIUM and
# AXE_CORE (scripts/common.sh `ensure_browser_tests`), and debug builds of dev-server and
# linkctl. Usage: tests/mcp-app/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
: "${AWS_ENDPOINT_URL_DYNAMODB:?DynamoDB Local must be running}" "${E2E_PYTHON:?}" "${CHROMIUM:?}" "${AXE_CORE:?}"
ensure_mcp_app_tools

bin="$(cargo_target_dir)/debug"
# The A/B test is switched on between visits: the redirect serves the link as it is now.
export LINK_CACHE_TTL_SECONDS=0
start_dev_server mcp-app
work=$(mktemp -d)
trap 'kill "$DEV_PID" 2>/dev/null || true; rm -rf "$work"' EXIT

# The host, bundled as a browser script (ext-apps' app-bridge and what it needs inlined, found
# through NODE_PATH in the app's own pinned node_modules).
NODE_PATH="$MCP_APP_NODE_MODULES" "$MCP_APP_NODE_MODULES/.bin/esbuild" tests/mcp-app/host.js --bundle --format=iife --platform=browser \
    --target=es2022 --log-level=warning --outfile="$work/host.js"

json_field() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
email="mcp-app-$(date +%s)-$$@example.com"
"$bin"/linkctl user create --email "$email" >/dev/null
workspace=$("$bin"/linkctl workspace create --name "MCP app" --owner "$email" | json_field id)
key=$("$bin"/linkctl key create --user "$email" --api \
    --mcp-scopes links:read,links:write,analytics:read | json_field key)

export SCREENSHOTS="$PWD/artifacts/screenshots"
mkdir -p "$SCREENSHOTS"
if ! "$E2E_PYTHON" tests/mcp-app/analytics_app_e2e.py "http://127.0.0.1:$DEV_PORT" "$key" "$workspace" \
    "$DEFAULT_DOMAIN" "$work/host.js" lib/assets/mcp/analytics-app.html; then
    log "the analytics app test failed; dev server log: $DEV_LOG"
    tail -n 50 "$DEV_LOG" >&2
    exit 1
fi
