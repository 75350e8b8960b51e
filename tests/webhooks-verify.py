"""Verifies every webhook delivery the Rust tests kept (dev-server/tests/api/webhook_delivery.rs
writes them when WEBHOOK_SAMPLES_DIR is set) with the Python `standardwebhooks` package, an
implementation independent of the Rust crate that signed them, called as the receiver docs/webhooks.md shows
calls it: each secret listed must verify the delivery, a forged body must not, and the body must
be the documented envelope (or an array of them for a batch).

Usage: python webhooks-verify.py DIR [FEWEST_SAMPLES]
"""

import json
import pathlib
import sys

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

ENVELOPE = {"id", "type", "createdAt", "workspaceId", "data"}


def main():
    folder = pathlib.Path(sys.argv[1])
    fewest = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    failed = []
    samples = sorted(folder.glob("*.json"))
    for path in samples:
        sample = json.loads(path.read_text())
        for secret in sample["secrets"]:
            try:
                event = Webhook(secret).verify(sample["body"], sample["headers"])
            except WebhookVerificationError as err:
                failed.append(f"{path.name}: does not verify with a listed secret ({err})")
                continue
            envelopes = event if isinstance(event, list) else [event]
            for envelope in envelopes:
                if set(envelope) != ENVELOPE:
                    failed.append(f"{path.name}: envelope fields {sorted(envelope)}, want {sorted(ENVELOPE)}")
            try:
                Webhook(secret).verify(sample["body"].replace('"', "'", 1), sample["headers"])
                failed.append(f"{path.name}: a forged body verifies")
            except WebhookVerificationError:
                pass
    if len(samples) < fewest:
        failed.append(f"only {len(samples)} samples in {folder}, want at least {fewest} (was WEBHOOK_SAMPLES_DIR set?)")
    for line in failed:
        print(f"FAILED: {line}", file=sys.stderr)
    if failed:
        sys.exit(1)
    print(f"{len(samples)} webhook deliveries verify with the Python standardwebhooks package")


main()
