#!/usr/bin/env bash
# The TypeScript SDK (sdks/typescript) end to end, as tests/sdks/run.sh runs it against a fresh
# dev server (which sets SMARTLINKS_API_KEY, SMARTLINKS_WORKSPACE_ID, SMARTLINKS_BASE_URL and
# the SDK_TEST_* variables the scenarios read). In order: build the package; type-check the
# package and the tests (tsc --strict); run the tests (node --test: the scenarios against the
# dev server and the offline checks); pack it (npm pack); install the tarball into an empty
# project; run the README's quick start there with only the three SMARTLINKS_* variables; check
# that the package's version is the API's (docs/openapi.json info.version).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/common.sh
source scripts/common.sh
: "${SMARTLINKS_API_KEY:?}" "${SMARTLINKS_WORKSPACE_ID:?}" "${SMARTLINKS_BASE_URL:?}"

ensure_sdk_node_tools
repo=$PWD
package=$repo/sdks/typescript
tsc=$SDK_NODE_MODULES/.bin/tsc
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$package"

log "build: tsc into sdks/typescript/dist"
rm -rf dist build-test
if ! "$tsc" -p tsconfig.json; then
    fail "the TypeScript SDK does not build" "fix the errors tsc printed above"
fi

log "type check: tsc --strict on the package and on the tests"
if ! "$tsc" -p tsconfig.json --strict --noEmit || ! "$tsc" -p tsconfig.test.json --strict; then
    fail "the TypeScript SDK or its tests do not type-check with --strict" "fix the errors tsc printed above"
fi

log "tests: node --test (scenarios against $SMARTLINKS_BASE_URL, and the offline checks)"
if ! node --test --test-concurrency=4 build-test/test/*.test.js; then
    fail "the TypeScript SDK's tests failed" "read the failing tests above (the dev server's log is printed by tests/sdks/run.sh)"
fi

log "pack: npm pack"
# The build above is what is packed (prepack would build it again).
if ! tarball=$(npm pack --ignore-scripts --silent --pack-destination "$work"); then
    fail "npm pack failed in sdks/typescript" "run 'npm pack --dry-run' in sdks/typescript to see why"
fi
tarball=$work/$tarball
contents=$(tar -tzf "$tarball")
for wanted in package/package.json package/README.md package/CHANGELOG.md package/dist/index.js package/dist/index.d.ts \
    package/dist/generated/types.gen.d.ts; do
    if ! grep -qx "$wanted" <<<"$contents"; then
        fail "the packed SDK lacks $wanted" "check \"files\" in sdks/typescript/package.json and the build"
    fi
done
if grep -E '^package/(src|test|build-test|node_modules)/' <<<"$contents"; then
    fail "the packed SDK carries sources, tests or node_modules (listed above)" "keep \"files\" in sdks/typescript/package.json to dist and the docs"
fi

log "install: the tarball into an empty project"
app=$work/app
mkdir "$app"
printf '{ "name": "smartlinks-quick-start", "private": true, "type": "module" }\n' >"$app/package.json"
if ! (cd "$app" && npm install --offline --no-audit --no-fund --loglevel=error "$tarball" >&2); then
    fail "npm install of the packed SDK into an empty project failed" "run 'npm install $tarball' in an empty folder to see why"
fi

log "README quick start: the first code block, run with only the three SMARTLINKS_* variables"
awk '/^```/ { if (open) exit; open = 1; next } open' README.md >"$app/quick-start.mjs"
lines=$(wc -l <"$app/quick-start.mjs")
if [ "$lines" = 0 ] || [ "$lines" -gt 10 ]; then
    fail "the README's first code block (the quick start) has $lines lines" "keep it to at most 10 lines, first among the code blocks"
fi
# Typed against the installed package too, as a TypeScript user's project would see it.
cp "$app/quick-start.mjs" "$app/quick-start.ts"
cat >"$app/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "strict": true, "noEmit": true, "target": "ES2022", "module": "NodeNext",
    "moduleResolution": "NodeNext", "lib": ["ES2022", "DOM"], "types": []
  },
  "files": ["quick-start.ts"]
}
JSON
if ! (cd "$app" && "$tsc" -p tsconfig.json); then
    fail "the README's quick start does not type-check against the installed package" "fix the quick start or the package's types"
fi
node=$(command -v node)
if ! output=$(cd "$app" && env -i SMARTLINKS_API_KEY="$SMARTLINKS_API_KEY" SMARTLINKS_WORKSPACE_ID="$SMARTLINKS_WORKSPACE_ID" \
    SMARTLINKS_BASE_URL="$SMARTLINKS_BASE_URL" "$node" quick-start.mjs); then
    fail "the README's quick start failed in a project that installed the packed SDK" "run it by hand with the SMARTLINKS_* variables set"
fi
printf '%s\n' "$output" >&2
if ! grep -q '^https://' <<<"$output"; then
    fail "the README's quick start printed no short link" "make it print the created link's fullLink"
fi

log "version: package.json against docs/openapi.json info.version"
package_version=$(node -p 'require("./package.json").version')
api_version=$(node -p "require('$repo/docs/openapi.json').info.version")
if [ "$package_version" != "$api_version" ]; then
    fail "the TypeScript SDK is version $package_version but the API (docs/openapi.json) is $api_version" \
        "set \"version\" in sdks/typescript/package.json (and src/version.ts) to $api_version and add a CHANGELOG.md entry"
fi
log "the TypeScript SDK passed: build, strict type check, tests, pack, install, quick start, version $package_version"
