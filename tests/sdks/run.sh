#!/usr/bin/env bash
# The official SDKs (sdks/typescript, sdks/python) against a freshly started dev server: each
# language's scenario (tests/sdks/typescript.sh, tests/sdks/python.sh) gets a workspace of its
# own, a key, a second workspace whose plan allows that key 3 requests a minute (the 429 test),
# a proxy that loses the first answer to each create (the retried-create test), and a local https
# webhook receiver the service may call (SDK_TEST_WEBHOOK_URL). The two run
# side by side: most of their time is the wait a 429 asks for. Needs AWS_ENDPOINT_URL_DYNAMODB
# (DynamoDB Local), SDK_PYTHON (scripts/common.sh `ensure_sdk_tools`), and debug builds of the
# dev-server and linkctl binaries.
# Usage: tests/sdks/run.sh [LANGUAGE...]   (typescript, python; both by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
: "${AWS_ENDPOINT_URL_DYNAMODB:?DynamoDB Local must be running}" "${SDK_PYTHON:?}"

languages=("$@")
if [ ${#languages[@]} = 0 ]; then languages=(typescript python); fi

log "the generated code of both SDKs is fresh against docs/openapi.json"
sdks/generate --check "${languages[@]}"

bin="$(cargo_target_dir)/debug"
# The dev server with a local https webhook receiver (test support), so the webhook scenario
# makes an endpoint the service may call; its URL is written to receiver_file.
receiver_file=$(mktemp)
start_dev_server sdks dev-server-test-receiver "$receiver_file"
webhook_url=$(cat "$receiver_file")
rm -f "$receiver_file"
proxy_port=$(free_port)
python3 tests/sdks/lost_answer_proxy.py "$proxy_port" "$DEV_PORT" &
proxy_pid=$!
trap 'kill "$DEV_PID" "$proxy_pid" 2>/dev/null || true' EXIT
wait_for_port "$proxy_port" 10

json_field() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }

# fixtures LANGUAGE: a user, their workspace and key, and the rate-limited workspace, as the
# variables the scenarios and the README quick starts read.
fixtures() {
    local email workspace limited key
    email="sdk-$1-$(date +%s)-$$@example.com"
    "$bin"/linkctl user create --email "$email" >/dev/null
    workspace=$("$bin"/linkctl workspace create --name "SDK $1" --owner "$email" | json_field id)
    limited=$("$bin"/linkctl workspace create --name "SDK $1 (3 a minute)" --owner "$email" | json_field id)
    "$bin"/linkctl workspace set-plan --workspace "$limited" --rate-limit-per-key 3 >/dev/null
    key=$("$bin"/linkctl key create --user "$email" --api | json_field key)
    printf 'SMARTLINKS_API_KEY=%s SMARTLINKS_WORKSPACE_ID=%s SMARTLINKS_BASE_URL=%s SDK_TEST_LIMITED_WORKSPACE_ID=%s SDK_TEST_LOST_ANSWER_URL=%s SDK_TEST_SHORT_HOST=%s SDK_TEST_WEBHOOK_URL=%s\n' \
        "$key" "$workspace" "http://127.0.0.1:$DEV_PORT" "$limited" "http://127.0.0.1:$proxy_port" "$DEFAULT_DOMAIN" "$webhook_url"
}

status=0
pids=()
for language in "${languages[@]}"; do
    read -ra vars <<<"$(fixtures "$language")"
    log "the $language SDK: build, type check, scenario, packed artifact and README quick start"
    env "${vars[@]}" "tests/sdks/$language.sh" >"${TMPDIR:-/tmp}/sdk-$language-$DEV_PORT.log" 2>&1 &
    pids+=("$!")
done
for i in "${!languages[@]}"; do
    language=${languages[$i]}
    if wait "${pids[$i]}"; then
        grep -E '^# (tests|pass|fail)|passed in|==> the .* SDK passed' "${TMPDIR:-/tmp}/sdk-$language-$DEV_PORT.log" >&2 || true
    else
        status=1
        log "the $language SDK failed; its log:"
        cat "${TMPDIR:-/tmp}/sdk-$language-$DEV_PORT.log" >&2
    fi
done
if [ "$status" != 0 ]; then
    log "dev server log: $DEV_LOG"
    tail -n 40 "$DEV_LOG" >&2
fi
exit "$status"
