#!/usr/bin/env bash
# The official MCP conformance suite (@modelcontextprotocol/conformance, every active server
# scenario) against the endpoint. The suite sends no credentials, so a local proxy adds the
# API key in front of the endpoint for this test only; the server keeps no unauthenticated
# mode. Scenarios that do not apply are listed, with reasons, in conformance-baseline.yml;
# any other failure, or a listed scenario that starts passing, fails this script.
# Usage: conformance.sh DEV_SERVER_PORT API_KEY   (CONFORMANCE: the suite's command)
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
upstream=$1 key=$2
read -r -a conformance <<<"${CONFORMANCE:?set CONFORMANCE to the conformance suite command}"
baseline="$PWD/tests/mcp-clients/conformance-baseline.yml"

port=$(free_port)
python3 tests/mcp-clients/key_proxy.py "$port" "$upstream" "$key" &
proxy=$!
trap 'kill "$proxy" 2>/dev/null || true' EXIT
if ! wait_for_port "$port" 20; then
    log "the key proxy for the conformance suite did not start"
    exit 1
fi

# The suite writes results/<scenario>-<time>/checks.json under its working directory.
results=$(mktemp -d "${TMPDIR:-/tmp}/mcp-conformance.XXXXXX")
# localhost (not 127.0.0.1): the DNS-rebinding scenario needs a localhost URL, and the proxy
# passes its Host and Origin through unchanged.
if ! (cd "$results" && "${conformance[@]}" server --url "http://localhost:$port/apiv1/mcp" \
    --expected-failures "$baseline"); then
    log "the MCP conformance suite failed; each scenario's checks are in $results/results"
    exit 1
fi
rm -rf "$results"
