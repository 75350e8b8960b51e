//! Keys of webhook endpoints and their delivery logs.

use chrono::{DateTime, SecondsFormat, Utc};

use super::Key;
use crate::domain::CredentialRef;
use crate::domain::ids::ObjectId;

/// A workspace's webhook endpoint, in the workspace's partition.
pub fn webhook(workspace: &ObjectId, webhook: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("{WEBHOOK_SORT_PREFIX}{webhook}"))
}

pub const WEBHOOK_SORT_PREFIX: &str = "WEBHOOK#";

/// An attempt in an endpoint's delivery log, newest last in the partition: `WEBHOOK#<id>` /
/// `DELIVERY#<at, to the millisecond>#<delivery id>#<attempt>`.
pub fn webhook_delivery(webhook: &ObjectId, at: DateTime<Utc>, delivery: &str, attempt: u32) -> Key {
    Key::new(
        webhook_log_partition(webhook),
        &format!(
            "{WEBHOOK_DELIVERY_PREFIX}{}#{delivery}#{attempt:04}",
            at.to_rfc3339_opts(SecondsFormat::Millis, true)
        ),
    )
}

pub fn webhook_log_partition(webhook: &ObjectId) -> String {
    format!("WEBHOOK#{webhook}")
}

pub const WEBHOOK_DELIVERY_PREFIX: &str = "DELIVERY#";

/// GSI1 keys of an endpoint under the credential that set it up (an API key or an app's grant),
/// so that revoking the credential finds its endpoints with one `Query`:
/// `SETUPBY#<kind>#<id>` / `WEBHOOK#<workspace>#<webhook>`.
pub fn webhook_by_credential(credential: &CredentialRef, workspace: &ObjectId, webhook: &ObjectId) -> Key {
    Key::new(
        credential_webhooks_partition(credential),
        &format!("{WEBHOOK_SORT_PREFIX}{workspace}#{webhook}"),
    )
}

/// The GSI1 partition of the endpoints one credential set up (see [`webhook_by_credential`]).
pub fn credential_webhooks_partition(credential: &CredentialRef) -> String {
    format!("SETUPBY#{}#{}", credential.kind.as_str(), credential.id)
}
