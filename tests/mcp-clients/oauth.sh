#!/usr/bin/env bash
# Real MCP clients connect through OAuth: the Python `mcp` SDK's OAuthClientProvider (dynamic
# registration, a scope step-up, refresh, revocation) and the TypeScript SDK's OAuth client twice
# (dynamic registration; a client ID metadata document), each against a fresh dev server, with a
# stand-in for the person's browser signing in and consenting over HTTP. The dev server is the
# test-support build that also serves the client's metadata document over https on localhost and
# is the only one allowed to fetch it (dev-server-test-documents, `--features testing`). Needs
# AWS_ENDPOINT_URL_DYNAMODB, MCP_PYTHON, NODE22 and MCP_TS_SDK (scripts/common.sh
# `ensure_mcp_clients`) and debug builds of dev-server-test-documents and linkctl.
# Usage: tests/mcp-clients/oauth.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
: "${AWS_ENDPOINT_URL_DYNAMODB:?DynamoDB Local must be running}" "${MCP_PYTHON:?}" "${NODE22:?}" "${MCP_TS_SDK:?}"

bin="$(cargo_target_dir)/debug"
url_file=$(mktemp)
start_dev_server oauth-clients dev-server-test-documents tests/mcp-clients/oauth-client-metadata.json "$url_file"
trap 'kill "$DEV_PID" 2>/dev/null || true; rm -f "$url_file"' EXIT
base="http://127.0.0.1:$DEV_PORT"
document_url=$(cat "$url_file")

# person LABEL: a new user with a password and a workspace; prints the e-mail.
password="an OAuth test password"
person() {
    local email
    email="$1-$(date +%s)-$$@example.com"
    printf '%s\n' "$password" | "$bin"/linkctl user create --email "$email" --password-stdin >/dev/null
    "$bin"/linkctl workspace create --name "OAuth $1" --owner "$email" >/dev/null
    printf '%s\n' "$email"
}

status=0
log "Python mcp SDK: OAuthClientProvider with dynamic registration"
"$MCP_PYTHON" tests/mcp-clients/oauth_python.py "$base" "$(person python)" "$password" || status=1
log "TypeScript SDK: OAuth client with dynamic registration"
"$NODE22" tests/mcp-clients/oauth_typescript.mjs "$base" "$(person typescript)" "$password" || status=1
log "TypeScript SDK: OAuth client identified by a client ID metadata document ($document_url)"
"$NODE22" tests/mcp-clients/oauth_typescript.mjs "$base" "$(person document)" "$password" "$document_url" || status=1
if [ "$status" != 0 ]; then
    log "an OAuth client round trip failed; dev server log: $DEV_LOG"
    tail -n 50 "$DEV_LOG" >&2
fi
exit "$status"
