# shellcheck shell=bash
# The test command's stages and their times. A stage runs in the foreground between
# `stage_begin` and `stage_end`, or in the background between `stage_start` and
# `stage_finish`, beside the stages that follow. Every stage leaves one row: when it started,
# how many seconds it took, and for the stages that compile, how many of their rustc calls the
# compiler cache served. `stages_table` prints the rows (scripts/test calls it on exit, passed
# or failed, naming the stage that failed) and writes them to artifacts/stage-times.txt, so a
# regression is seen in the run that causes it.
# Needs scripts/common.sh (log, fail) and scripts/lib/build.sh (compiler_cache_counts,
# compiler_cache_served).

STAGES_STARTED=$SECONDS
STAGES_DIR=$(mktemp -d)
: >"$STAGES_DIR/rows"
STAGE_NAME=""
STAGE_AT=0
STAGE_CACHE_BEFORE=""

# stage_row NAME START SECONDS CACHE: one row of the table.
stage_row() {
    printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$STAGES_DIR/rows"
}

stage_dir() { # stage_dir NAME: the folder of a background stage
    printf '%s/%s' "$STAGES_DIR" "$(printf '%s' "$1" | tr -c 'A-Za-z0-9' '_')"
}

# stage_begin [--compiles] NAME: the stage NAME starts (ending the one before, if open). With
# --compiles, its row says how many rustc calls the compiler cache served.
stage_begin() {
    local compiles=false
    if [ "$1" = --compiles ]; then
        compiles=true
        shift
    fi
    if [ -n "$STAGE_NAME" ]; then stage_end; fi
    STAGE_NAME=$1
    STAGE_AT=$((SECONDS - STAGES_STARTED))
    STAGE_CACHE_BEFORE=""
    if [ "$compiles" = true ]; then STAGE_CACHE_BEFORE=$(compiler_cache_counts); fi
    log "$STAGE_NAME (at $STAGE_AT s)"
}

# stage_end: the open stage ended well.
stage_end() {
    local cache=""
    if [ -n "$STAGE_CACHE_BEFORE" ]; then cache=$(compiler_cache_served "$STAGE_CACHE_BEFORE" "$(compiler_cache_counts)"); fi
    stage_row "$STAGE_NAME" "$STAGE_AT" "$((SECONDS - STAGES_STARTED - STAGE_AT))" "$cache"
    STAGE_NAME=""
}

# stage_start [--compiles] NAME COMMAND...: runs COMMAND as the stage NAME in the background
# (with `set -e` in force inside it), its output kept until `stage_finish NAME` shows it. A
# compiling one gets a compiler cache server of its own, so its counts are its own.
stage_start() {
    local compiles=false
    if [ "$1" = --compiles ]; then
        compiles=true
        shift
    fi
    local name=$1 dir
    shift
    dir=$(stage_dir "$name")
    mkdir -p "$dir"
    log "$name (at $((SECONDS - STAGES_STARTED)) s, in the background; its output follows when it ends)"
    (
        at=$((SECONDS - STAGES_STARTED))
        began=$SECONDS
        before=""
        if [ "$compiles" = true ]; then
            compiler_cache_own_server
            before=$(compiler_cache_counts)
        fi
        "$@" >"$dir/output" 2>&1 &
        command_pid=$!
        echo "$command_pid" >"$dir/command-pid"
        set +e
        wait "$command_pid"
        status=$?
        set -e
        echo "$at $((SECONDS - began)) $status" >"$dir/time"
        if [ "$compiles" = true ]; then
            compiler_cache_served "$before" "$(compiler_cache_counts)" >"$dir/cache"
            stop_compiler_cache
        fi
        exit "$status"
    ) &
    echo $! >"$dir/pid"
}

# stage_finish NAME: waits for the background stage NAME, shows its output and records its
# row; fails the run if the stage failed.
stage_finish() {
    local name=$1 dir at="?" took="?" status=0 cache=""
    dir=$(stage_dir "$name")
    wait "$(cat "$dir/pid")" || status=$?
    log "$name (ended, in the background; its output:)"
    cat "$dir/output" >&2
    if [ -f "$dir/time" ]; then read -r at took _ <"$dir/time"; fi
    if [ -f "$dir/cache" ]; then cache=$(cat "$dir/cache"); fi
    rm -rf "$dir"
    if [ "$status" != 0 ]; then
        stage_row "$name (background)" "$at" "$took" "FAILED"
        fail "the stage \"$name\" failed (exit $status)" "see its output above"
    fi
    stage_row "$name (background)" "$at" "$took" "$cache"
}

# stages_table: on exit, passed or failed. Stops what still runs in the background, records
# the open stage as failed, and prints the table of every stage (also into
# artifacts/stage-times.txt).
stages_table() {
    local code=$1 total=$((SECONDS - STAGES_STARTED)) pid_file
    for pid_file in "$STAGES_DIR"/*/command-pid "$STAGES_DIR"/*/pid; do
        if [ -f "$pid_file" ]; then kill "$(cat "$pid_file")" 2>/dev/null || true; fi
    done
    if [ -n "$STAGE_NAME" ]; then
        stage_row "$STAGE_NAME" "$STAGE_AT" "$((SECONDS - STAGES_STARTED - STAGE_AT))" "FAILED"
    fi
    mkdir -p artifacts
    {
        printf '\n%-72s %7s %8s  %s\n' "stage" "at (s)" "took (s)" "compiler cache: rustc calls served / cacheable"
        while IFS=$'\t' read -r name at took cache; do
            printf '%-72s %7s %8s  %s\n' "$name" "$at" "$took" "$cache"
        done <"$STAGES_DIR/rows"
        if [ "$code" = 0 ]; then
            printf '%-72s %7s %8s\n' "all checks passed" "" "$total"
        else
            printf '%-72s %7s %8s\n' "FAILED (exit $code)" "" "$total"
        fi
    } | tee artifacts/stage-times.txt >&2
    rm -rf "$STAGES_DIR"
}
