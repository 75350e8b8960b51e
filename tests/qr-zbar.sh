#!/usr/bin/env bash
# Reads every PNG the QR tests drew (lib/src/qr/tests.rs writes them when QR_SAMPLES_DIR is set)
# with Debian's zbarimg, a decoder independent of the rqrr crate the Rust tests read them with,
# and checks that each reads as exactly the text in the .txt file beside it.
# Usage: tests/qr-zbar.sh DIR [FEWEST_SAMPLES]
set -euo pipefail
dir=${1:?usage: tests/qr-zbar.sh DIR [FEWEST_SAMPLES]}
fewest=${2:-48}
count=0
failed=0
# zbarimg's diagnostics (and its D-Bus chatter on machines without a system bus) go to stderr.
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
for png in "$dir"/*.png; do
    if [ ! -e "$png" ]; then break; fi
    want=$(cat "${png%.png}.txt")
    if ! got=$(zbarimg --quiet --raw -Sdisable -Sqrcode.enable "$png" 2>"$errors"); then
        got="nothing ($(tail -n 1 "$errors"))"
    fi
    if [ "$got" != "$want" ]; then
        echo "FAILED: zbarimg reads $(basename "$png") as '$got', want '$want'" >&2
        failed=1
    fi
    count=$((count + 1))
done
if [ "$count" -lt "$fewest" ]; then
    echo "FAILED: only $count QR samples in $dir, want at least $fewest (did cargo test run with QR_SAMPLES_DIR set?)" >&2
    exit 1
fi
if [ "$failed" != 0 ]; then exit 1; fi
echo "zbarimg read all $count QR codes as their links"
