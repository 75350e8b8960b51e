#!/usr/bin/env bash
# The Python SDK (sdks/python) end to end, as tests/sdks/run.sh runs it against a fresh dev
# server (which sets SMARTLINKS_API_KEY, SMARTLINKS_WORKSPACE_ID, SMARTLINKS_BASE_URL and the
# SDK_TEST_* variables the scenarios read). In order: ruff format --check of the hand-written
# code; mypy --strict on the package and the tests; pytest (the scenarios against the dev server,
# the async client, the offline checks); python -m build (sdist and wheel); the wheel installed
# into an empty venv; the README's quick start run there with only the three SMARTLINKS_*
# variables; the package's version checked against the API's (docs/openapi.json info.version).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
: "${SMARTLINKS_API_KEY:?}" "${SMARTLINKS_WORKSPACE_ID:?}" "${SMARTLINKS_BASE_URL:?}"

ensure_sdk_python_tools
ensure_uv
repo=$PWD
venv_bin=$(dirname "$SDK_PYTHON")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd sdks/python

log "format and types: ruff format --check, mypy --strict (package and tests)"
if ! "$venv_bin/ruff" format --check --quiet src/smartlinks/_async src/smartlinks/*.py tests; then
    fail "the Python SDK's hand-written code is not formatted" "run '$venv_bin/ruff format' in sdks/python"
fi
if ! "$venv_bin/mypy" src tests; then
    fail "the Python SDK or its tests do not type-check with mypy --strict" "fix the errors mypy printed above"
fi

log "tests: pytest (scenarios against $SMARTLINKS_BASE_URL, the async client, offline checks)"
if ! PYTHONPATH=src "$SDK_PYTHON" -m pytest -q -p no:cacheprovider; then
    fail "the Python SDK's tests failed" "read the failing tests above (the dev server's log is printed by tests/sdks/run.sh)"
fi

log "build: python -m build (sdist and wheel)"
if ! "$SDK_PYTHON" -m build --no-isolation --outdir "$work/dist" . >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    fail "python -m build failed in sdks/python" "read its output above"
fi
wheel=$(find "$work/dist" -name 'smartlinks-*.whl')

log "install: the wheel into an empty venv"
"$UV" venv --quiet --python "$SDK_PYTHON" "$work/app" >&2
if ! VIRTUAL_ENV="$work/app" "$UV" pip install --quiet --python "$work/app/bin/python" "$wheel" >&2; then
    fail "installing the packed Python SDK into an empty venv failed" "run 'pip install $wheel' in a new venv to see why"
fi

log "README quick start: the first code block, run with only the three SMARTLINKS_* variables"
awk '/^```/ { if (open) exit; open = 1; next } open' README.md >"$work/quick_start.py"
lines=$(wc -l <"$work/quick_start.py")
if [ "$lines" = 0 ] || [ "$lines" -gt 10 ]; then
    fail "the README's first code block (the quick start) has $lines lines" "keep it to at most 10 lines, first among the code blocks"
fi
if ! (cd "$work" && env -i PATH=/usr/bin:/bin SMARTLINKS_API_KEY="$SMARTLINKS_API_KEY" \
    SMARTLINKS_WORKSPACE_ID="$SMARTLINKS_WORKSPACE_ID" SMARTLINKS_BASE_URL="$SMARTLINKS_BASE_URL" \
    app/bin/python quick_start.py >quick_start.out); then
    fail "the README's quick start failed against the dev server" "run it by hand with the three variables set"
fi
if ! grep -q '^Link "Spring sale" created\. https://' "$work/quick_start.out"; then
    cat "$work/quick_start.out" >&2
    fail "the README's quick start did not print the link it created" "compare its output above with the README"
fi

log "version: the package's is the API's"
api_version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["info"]["version"])' "$repo/docs/openapi.json")
package_version=$("$work/app/bin/python" -c 'import smartlinks; print(smartlinks.__version__)')
wheel_version=$(basename "$wheel" | cut -d- -f2)
if [ "$package_version" != "$api_version" ] || [ "$wheel_version" != "$api_version" ]; then
    fail "the Python SDK is version $package_version (wheel $wheel_version) but the API is $api_version" \
        "set version in sdks/python/pyproject.toml and src/smartlinks/_version.py to $api_version, with a CHANGELOG entry"
fi
log "the Python SDK passed: types, tests, build, install, quick start, version $api_version"
