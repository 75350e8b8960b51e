#!/usr/bin/env bash
# The OpenAPI document against the running code, on a freshly started dev server (its own
# table, a seeded workspace and a real key): openapi-spec-validator accepts the checked-in and
# the served document; headless Chromium renders the reference page (screenshot kept in
# artifacts/screenshots/api-reference.png) with no Content-Security-Policy violation but the
# renderer's footer logo, which the policy keeps from being fetched off its CDN; then
# schemathesis fuzzes the server with every phase (examples, coverage, fuzzing, stateful through
# the document's links), bounded by examples per operation and by time. It fails on any 5xx,
# any answer outside its documented schema, headers or content type, any undocumented status,
# or fewer than FUZZ_MIN_REQUESTS requests. Needs AWS_ENDPOINT_URL_DYNAMODB (DynamoDB Local),
# SCHEMATHESIS_PYTHON and CHROMIUM (scripts/common.sh `ensure_api_fuzzers`,
# `ensure_browser_tests`), and debug builds of the dev-server and linkctl binaries. Usage: tests/openapi/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
: "${AWS_ENDPOINT_URL_DYNAMODB:?DynamoDB Local must be running}" "${SCHEMATHESIS_PYTHON:?}" "${CHROMIUM:?}"

FUZZ_MAX_EXAMPLES="${FUZZ_MAX_EXAMPLES:-100}"
FUZZ_MAX_SECONDS="${FUZZ_MAX_SECONDS:-100}"
FUZZ_MIN_REQUESTS="${FUZZ_MIN_REQUESTS:-2000}"
FUZZ_CEILING_SECONDS="${FUZZ_CEILING_SECONDS:-280}"
bin="$(cargo_target_dir)/debug"
work=$(mktemp -d)
# The limits stay on (every answer carries its headers) but high enough not to end the run.
export RATE_LIMIT_PER_KEY=1000000 RATE_LIMIT_BULK_PER_KEY=1000000 RATE_LIMIT_ANALYTICS_PER_KEY=1000000 \
    RATE_LIMIT_PER_WORKSPACE=1000000 RUST_LOG="${FUZZ_LOG:-warn},rmcp=error"
start_dev_server openapi
trap 'kill "$DEV_PID" 2>/dev/null || true; rm -rf "$work"' EXIT
log_file=$DEV_LOG
base="http://127.0.0.1:$DEV_PORT"

log "openapi-spec-validator: docs/openapi.json and the served document"
curl -fsS "$base/apiv1/openapi.json" -o "$work/served.json"
openapi-spec-validator --schema 3.1 docs/openapi.json "$work/served.json"

log "headless Chromium: the reference page"
artifacts="$PWD/artifacts/screenshots"
mkdir -p "$artifacts"
chrome=("$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars "--window-size=1280,1600"
    --virtual-time-budget=15000 --enable-logging=stderr --v=0)
"${chrome[@]}" --screenshot="$artifacts/api-reference.png" "$base/apiv1/docs" 2>"$work/chromium.log" >/dev/null
"${chrome[@]}" --dump-dom "$base/apiv1/docs" 2>>"$work/chromium.log" >"$work/dom.html"
if ! grep -q "Create a link" "$work/dom.html"; then
    fail "the reference page did not render the document (DOM in $work/dom.html)" "open $base/apiv1/docs in a browser and read its console"
fi
if grep "Content Security Policy" "$work/chromium.log" | grep -v "cdn.redoc.ly/redoc/logo-mini.svg" >&2; then
    fail "the reference page broke its Content-Security-Policy (above)" "keep the page to its own origin, no inline script"
fi
log "the reference page renders; screenshot: $artifacts/api-reference.png"

json_field() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
email="fuzz-$(date +%s)-$$@example.com"
"$bin"/linkctl user create --email "$email" >/dev/null
workspace=$("$bin"/linkctl workspace create --name "Fuzzing" --owner "$email" --max-links 100000 | json_field id)
key=$("$bin"/linkctl key create --user "$email" --api \
    --mcp-scopes links:read,links:write,links:delete,links:bulk,analytics:read | json_field key)
"$bin"/linkctl tag create --workspace "$workspace" --name fuzz >/dev/null

# A round is three schemathesis processes at once, one per group of phases, each with one
# worker (its threads would race in CPython's parser; processes also use both cores). Fuzzing
# and stateful testing repeat until their time is spent, so a slow machine sends fewer
# requests: further rounds of those two (new seeds) follow until FUZZ_MIN_REQUESTS are sent or
# FUZZ_CEILING_SECONDS are near.
status=0
sent=0
run_round() { # run_round ROUND SECONDS PHASES...
    local round=$1 seconds=$2 phases pid count statuses
    shift 2
    local pids=()
    for phases in "$@"; do
        FUZZ_WORKSPACE="$workspace" FUZZ_SHORT_HOST="sl.localhost" FUZZ_COUNT_FILE="$work/requests-$round-$phases" \
            SCHEMATHESIS_HOOKS=hooks PYTHONPATH=tests/openapi \
            "$SCHEMATHESIS_PYTHON" -m schemathesis.cli run "$work/served.json" --url "$base" \
            --header "X-Api-Key: $key" \
            --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
            --phases "$phases" --max-examples "$FUZZ_MAX_EXAMPLES" --max-time "$seconds" --workers 1 \
            --generation-with-security-parameters false --seed "$((20261124 + round))" --no-shrink \
            --request-timeout 30 --warnings off --report junit --report-dir "$work/report-$round-$phases" \
            >"$work/schemathesis-$round-$phases.log" 2>&1 &
        pids+=("$!")
    done
    for pid in "${pids[@]}"; do
        wait "$pid" || status=1
    done
    for phases in "$@"; do
        read -r count statuses <"$work/requests-$round-$phases" || count=0
        log "schemathesis round $round ($phases): $count requests (by status: $statuses)"
        sent=$((sent + count))
        if grep -q "No issues found" "$work/schemathesis-$round-$phases.log"; then
            tail -n 3 "$work/schemathesis-$round-$phases.log" >&2
        else
            status=1
            sed -n '/^=* \(FAILURES\|ERRORS\) =*$/,$p' "$work/schemathesis-$round-$phases.log" >&2
        fi
    done
}
log "schemathesis: at most $FUZZ_MAX_EXAMPLES examples per operation and phase, $FUZZ_MAX_SECONDS s a round"
started=$SECONDS
run_round 0 "$FUZZ_MAX_SECONDS" examples,coverage fuzzing stateful
round=1
while [ "$status" = 0 ] && [ "$sent" -lt "$FUZZ_MIN_REQUESTS" ] && [ $((SECONDS - started + 40)) -lt "$FUZZ_CEILING_SECONDS" ]; do
    left=$((FUZZ_CEILING_SECONDS - (SECONDS - started) - 10))
    run_round "$round" "$((left < 60 ? left : 60))" fuzzing stateful
    round=$((round + 1))
done
log "schemathesis sent $sent requests in $((SECONDS - started)) s"
if [ -n "${FUZZ_KEEP_LOG:-}" ]; then cp "$log_file" "$FUZZ_KEEP_LOG"; fi
if [ "$status" != 0 ]; then
    tail -n 40 "$log_file" >&2
    fail "schemathesis found answers the OpenAPI document does not describe (above)" \
        "fix the service (or, if the document is wrong, the code it is generated from), then rerun tests/openapi/run.sh"
fi
if [ "${sent:-0}" -lt "$FUZZ_MIN_REQUESTS" ]; then
    fail "schemathesis sent only $sent requests in $FUZZ_CEILING_SECONDS s (at least $FUZZ_MIN_REQUESTS wanted)" \
        "run the test on a less loaded machine, or raise FUZZ_CEILING_SECONDS"
fi
