#!/usr/bin/env bash
# The README's run command on a machine that never ran the project: starts scripts/serve with an
# EMPTY install cache on free ports, waits for the demo key line, creates a link with the curl it
# printed, visits the link as a browser, reads the visit back in analytics, signs in to the pages
# with the printed password, checks the GET / page and the app it leads to, then stops scripts/serve and checks that every process it started is gone.
#   tests/serve-from-nothing.sh [EMPTY_CACHE_DIR]   (default: a new temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/common.sh
source scripts/common.sh

cache=${1:-}
if [ -z "$cache" ]; then cache=$(mktemp -d); fi
if [ -n "$(ls -A "$cache")" ]; then
    fail "the cache $cache given to serve-from-nothing is not empty" "pass an empty folder (or none)"
fi
work=$(mktemp -d)
port=$(free_port)
ddb_port=$(free_port)
smtp_port=$(free_port)
out="$work/serve.log"
base="http://127.0.0.1:$port"

PORT=$port DDB_PORT=$ddb_port SMTP_PORT=$smtp_port SMARTLINKS_CACHE=$cache SMARTLINKS_DATA_DIR="$work/data" TABLE_NAME=serve-from-nothing \
    scripts/serve >"$out" 2>&1 &
serve_pid=$!

finish() {
    local code=$?
    kill -TERM "$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
    if [ "$code" != 0 ]; then
        log "scripts/serve output:"
        cat "$out" >&2
    fi
    rm -rf "$work"
    exit "$code"
}
trap finish EXIT

# fail_test WHAT: this test's own failure (the installers' `fail` says how to fix; here the
# output of scripts/serve above says why).
fail_test() {
    printf 'serve-from-nothing: %s\n' "$1" >&2
    exit 1
}

log "waiting for scripts/serve (empty cache $cache) to print the demo key"
for ((i = 0; i < 900; i++)); do
    if grep -q 'Demo API key:' "$out"; then break; fi
    if ! kill -0 "$serve_pid" 2>/dev/null; then fail_test "scripts/serve exited before printing the demo key"; fi
    sleep 1
done
grep -q 'Demo API key:' "$out" || fail_test "no demo key after 15 minutes"
if ! wait_for_port "$port" 30; then fail_test "the dev server does not answer on port $port"; fi
grep -q "mail the service sends is caught in $work/data/mail/new" "$out" ||
    fail_test "scripts/serve did not say where the SMTP catcher keeps the mail"

key=$(sed -n 's/.*Demo API key: *//p' "$out")
workspace=$(sed -n 's/.*Demo workspace id: *//p' "$out")
if [ -z "$key" ] || [ -z "$workspace" ]; then fail_test "the key or workspace line is missing"; fi

# The printed curl, exactly as a reader would paste it (it names localhost and the port).
printed_curl=$(sed -n '/^  curl /,/}'"'"'$/p' "$out")
[ -n "$printed_curl" ] || fail_test "scripts/serve printed no curl example"
created=$(eval "$printed_curl")
json() { python3 -c 'import json, sys; d = json.load(sys.stdin); print(eval("d" + sys.argv[1]))' "$1"; }
slug=$(json '["slug"]' <<<"$created") || fail_test "the printed curl did not create a link: $created"
link_id=$(json '["id"]' <<<"$created")

browser='Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'
visit=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -A "$browser" -H 'Host: sl.localhost' "$base/$slug")
[ "$visit" = "302 https://example.com/docs" ] || fail_test "visiting /$slug answered '$visit'"

total=0
for ((i = 0; i < 60; i++)); do
    total=$(curl -s -H "X-Api-Key: $key" "$base/apiv1/links/$link_id/analytics?workspaceId=$workspace" | json '["totals"]["total"]')
    if [ "$total" = 1 ]; then break; fi
    sleep 0.5
done
[ "$total" = 1 ] || fail_test "analytics counted $total visits, expected 1"

# The printed password signs the demo user in to the pages (the sign-in form's CSRF cookie and
# token, then the post).
password=$(sed -n 's/.*Demo password: *//p' "$out")
email=$(sed -n 's/.*Demo email: *//p' "$out")
if [ -z "$password" ] || [ -z "$email" ]; then fail_test "scripts/serve printed no demo e-mail and password"; fi
jar="$work/cookies"
form=$(curl -s -c "$jar" "$base/account/sign-in")
csrf=$(sed -n 's/.*name="csrf" value="\([^"]*\)".*/\1/p' <<<"$form" | head -n1)
[ -n "$csrf" ] || fail_test "the sign-in page has no CSRF token"
signed_in=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' -b "$jar" -c "$jar" \
    --data-urlencode "csrf=$csrf" --data-urlencode "email=$email" --data-urlencode "password=$password" \
    "$base/account/sign-in")
[ "$signed_in" = "303 $base/app" ] || fail_test "signing in with the printed password answered '$signed_in'"
integrations=$(curl -s -b "$jar" "$base/account/integrations")
grep -q -- "$workspace" <<<"$integrations" || fail_test "the integrations page does not show the demo workspace"

issuer=$(curl -s "$base/.well-known/oauth-authorization-server" | python3 -c 'import json,sys; print(json.load(sys.stdin)["issuer"])')
[ "$issuer" = "$base" ] || fail_test "the OAuth authorization server names issuer '$issuer', not $base"

# GET / tells a newcomer where each door answers; signed in, it leads to the demo workspace's
# links (the app), whose first-run panel names the workspace.
page=$(curl -s "$base/")
for expected in "/apiv1/mcp" "/account/sign-in"; do
    grep -q -- "$expected" <<<"$page" || fail_test "GET / does not mention $expected"
done
app=$(curl -s -L -b "$jar" "$base/")
grep -q -- "$workspace" <<<"$app" || fail_test "GET / signed in does not lead to the demo workspace's links"

pids=$(sed -n 's/.*pid \([0-9][0-9]*\)$/\1/p' "$out")
[ -n "$pids" ] || fail_test "scripts/serve printed no process ids"
kill -TERM "$serve_pid"
wait "$serve_pid" 2>/dev/null || true
for pid in $pids; do
    for ((i = 0; i < 50; i++)); do
        if ! kill -0 "$pid" 2>/dev/null; then break; fi
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -9 "$pid" 2>/dev/null || true
        fail_test "process $pid started by scripts/serve outlived it"
    fi
done
log "scripts/serve from an empty cache: link created, visit counted, everything stopped"
