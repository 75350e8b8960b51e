#!/usr/bin/env bash
# The pages in a real browser: headless Chromium (Debian's) driven by Playwright for Python
# against a freshly started dev server. Screenshots of every page at 1280 and 375 px wide go to
# artifacts/screenshots/ (look at them). Needs AWS_ENDPOINT_URL_DYNAMODB (DynamoDB Local),
# E2E_PYTHON, CHROMIUM and AXE_CORE (scripts/common.sh `ensure_browser_tests`), the SMTP catcher
# (SMTP_TEST_URL, SMTP_TEST_MAILDIR) and debug builds of
# dev-server, dev-server-test-dns, dev-server-test-receiver and linkctl. Usage: tests/browser/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
: "${AWS_ENDPOINT_URL_DYNAMODB:?DynamoDB Local must be running}" "${E2E_PYTHON:?}" "${CHROMIUM:?}" "${AXE_CORE:?}"

bin="$(cargo_target_dir)/debug"
# Mail (invitations, resets) goes to the SMTP catcher scripts/test started; the team test reads it.
: "${SMTP_TEST_URL:?the SMTP catcher must be running}" "${SMTP_TEST_MAILDIR:?}"
export SMTP_URL="$SMTP_TEST_URL" SMTP_FROM="smartlinks@example.test"
# Custom domains' TXT records come from a DNS server on loopback that answers from a zone file
# the domains test writes (dev-server-test-dns, built with the dev server's `testing` feature).
DNS_ZONE=$(mktemp)
echo '{}' >"$DNS_ZONE"
dns_port=$(free_port)
"$bin"/dev-server-test-dns "127.0.0.1:$dns_port" "$DNS_ZONE" >"${TMPDIR:-/tmp}/test-dns-$dns_port.log" 2>&1 &
DNS_PID=$!
export DNS_RESOLVER="127.0.0.1:$dns_port" DNS_ZONE
start_dev_server browser
trap 'kill "$DEV_PID" "$DNS_PID" 2>/dev/null || true; rm -f "$DNS_ZONE"' EXIT

json_field() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
email="browser-$(date +%s)-$$@example.com"
password="a browser test password"
printf '%s\n' "$password" | "$bin"/linkctl user create --email "$email" --password-stdin >/dev/null
workspace=$("$bin"/linkctl workspace create --name "Browser tests" --owner "$email" | json_field id)
"$bin"/linkctl tag create --workspace "$workspace" --name spring >/dev/null
"$bin"/linkctl utm-template create --workspace "$workspace" --name Newsletter --source newsletter \
    --medium email >/dev/null
# For the app: a workspace where the person is only a member, and one they are not in.
other="browser-other-$(date +%s)-$$@example.com"
"$bin"/linkctl user create --email "$other" >/dev/null
shared=$("$bin"/linkctl workspace create --name "Shared workspace" --owner "$other" | json_field id)
"$bin"/linkctl member add --workspace "$shared" --user "$email" --role member >/dev/null
foreign=$("$bin"/linkctl workspace create --name "Not yours" --owner "$other" | json_field id)

export SCREENSHOTS="$PWD/artifacts/screenshots"
mkdir -p "$SCREENSHOTS"
status=0
# First, while the table holds no other link: each run of the checker asks every link.
log "link health in Chromium: a destination that does not resolve, two runs, the broken mark, the settings switch"
"$E2E_PYTHON" tests/browser/health_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" \
    "$bin/linkctl" || status=1
log "account pages in Chromium (screenshots in $SCREENSHOTS)"
"$E2E_PYTHON" tests/browser/accounts_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" || status=1
log "OAuth consent and connected-apps pages in Chromium"
"$E2E_PYTHON" tests/browser/oauth_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" || status=1
log "the app in Chromium"
"$E2E_PYTHON" tests/browser/app_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" "$shared" \
    "$foreign" "$DEFAULT_DOMAIN" || status=1
log "conversion tracking in Chromium: the editor's snippet on a loopback site, a sign-up, its analytics"
"$E2E_PYTHON" tests/browser/conversions_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" \
    "$DEFAULT_DOMAIN" || status=1
log "where visitors are in Chromium: the consent page granted, refused, without JavaScript and with GPC; the maps"
"$E2E_PYTHON" tests/browser/locations_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" \
    "$DEFAULT_DOMAIN" || status=1
log "what the counts leave out in Chromium: a person and five robots, the analytics page's line"
"$E2E_PYTHON" tests/browser/bots_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" \
    "$DEFAULT_DOMAIN" || status=1
log "a team runs itself in Chromium: invitations by mail, roles, a password reset"
"$E2E_PYTHON" tests/browser/teams_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" || status=1
log "tags and a custom domain in Chromium: the tags tab, the records, Verify now, a link on the domain"
"$E2E_PYTHON" tests/browser/domains_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" || status=1
log "link options in Chromium: a password page (wrong, right, remembered, without JavaScript), UTM on arrival, the editor's UTM template dropdown"
"$E2E_PYTHON" tests/browser/link_options_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" \
    "$DEFAULT_DOMAIN" || status=1
log "the operator's switch in Chromium: a link disabled with linkctl, its 451 page, the owner's editor, a suspended workspace"
"$E2E_PYTHON" tests/browser/switch_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" \
    "$DEFAULT_DOMAIN" "$bin/linkctl" || status=1
log "reporting a link in Chromium: the report page without JavaScript, a report held back without a reason, the thanks"
"$E2E_PYTHON" tests/browser/reports_e2e.py "http://127.0.0.1:$DEV_PORT" "$email" "$password" "$workspace" \
    "$DEFAULT_DOMAIN" || status=1
# Its own person and workspace (the links it imports are alone there).
transfer_email="browser-transfer-$(date +%s)-$$@example.com"
printf '%s\n' "$password" | "$bin"/linkctl user create --email "$transfer_email" --password-stdin >/dev/null
transfer_workspace=$("$bin"/linkctl workspace create --name "Transfer tests" --owner "$transfer_email" --max-links 10000 | json_field id)
log "import and export in Chromium: a Bitly CSV checked, imported, its progress, the results CSV, the workspace export"
"$E2E_PYTHON" tests/browser/transfer_e2e.py "http://127.0.0.1:$DEV_PORT" "$transfer_email" "$password" "$transfer_workspace" \
    || status=1
# The webhooks tab needs a dev server whose webhooks may reach a local https receiver: this one
# is started in place of the first, on a table of its own.
kill "$DEV_PID" 2>/dev/null || true
wait "$DEV_PID" 2>/dev/null || true
receiver_file=$(mktemp)
start_dev_server browser-webhooks dev-server-test-receiver "$receiver_file"
hooks_email="browser-hooks-$(date +%s)-$$@example.com"
printf '%s\n' "$password" | "$bin"/linkctl user create --email "$hooks_email" --password-stdin >/dev/null
hooks_workspace=$("$bin"/linkctl workspace create --name "Webhook tests" --owner "$hooks_email" | json_field id)
log "webhooks in Chromium: an endpoint, its secret once, a test event, link.created delivered, rotation, a failing endpoint"
"$E2E_PYTHON" tests/browser/webhooks_e2e.py "http://127.0.0.1:$DEV_PORT" "$hooks_email" "$password" "$hooks_workspace" \
    "$(cat "$receiver_file")" || status=1
rm -f "$receiver_file"
if [ "$status" != 0 ]; then
    log "a browser test failed; dev server log: $DEV_LOG"
    tail -n 50 "$DEV_LOG" >&2
fi
exit "$status"
