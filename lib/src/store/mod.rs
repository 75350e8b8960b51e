//! The single-table DynamoDB store. Key formats live in [`keys`]; items go through
//! serde_dynamo; every access pattern is listed in docs/data-model.md.

mod accounts;
mod client;
mod error;
mod guards;
mod health;
mod imports;
mod items;
pub mod keys;
mod links;
mod queries;
mod reports;
mod safety;
mod stream_changes;
mod switch;
mod table;
mod tasks;
mod transactions;
mod visits;
mod webhooks;
mod workspace;

use std::collections::HashMap;
use std::sync::Arc;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::AttributeValue;

use crate::clock::Entropy;

pub use accounts::account_links::{LinkOutcome, LinkUse};
pub use accounts::oauth::{CodeExchange, CodeIssue, GrantView, NewToken, Rotation};
pub use accounts::sign_in::{AttemptRules, AttemptSlot, SlotTake};
pub use accounts::sign_up::Replacement;
pub use accounts::users::{CreateUserError, KeyRotation};
pub use client::{https_client, lambda_sdk_config, sdk_config_from_env};
pub use error::StoreError;
pub use guards::collections::Collection;
pub use guards::idempotency::{Claim, IdempotencyRecord, IdempotencyState, Lease, MAX_STORED_BODY_BYTES, StoredAnswer};
pub use guards::limits::{Counter, RateCharge};
pub use health::{HealthChange, HealthCursor, HealthPage, HealthSubject, health_change};
pub use imports::{ImportStart, MAX_FILE_PART_BYTES};
pub use links::batches::Placed;
pub use links::changes::{LinkChange, link_change};
pub use links::listing::{Continuation, LinkFilter, LinkSlice, ListPosition, ListRead};
pub use links::stored::{CreateLinkFailure, DeleteOutcome, LinkRef, MoveOutcome, StoredLink, UpdateOutcome};
pub use reports::{REPORT_MEMORY, ReportRead};
pub use safety::{LINKS_PAGE, LinksPage, MAX_BLOCKED_DESTINATIONS};
pub use stream_changes::{ChangeName, StreamChange, stream_changes};
pub use switch::{STAMP_PASSES, STAMP_SETTLE, Stamped, Switched};
pub use table::{
    DEFINITION as TABLE_DEFINITION, IndexDefinition, TableDefinition, create_table, create_table_without_expiry,
    ensure_table, latest_stream_arn,
};
#[cfg(any(test, feature = "testing"))]
pub use visits::clicks::click_image;
pub use visits::clicks::{Click, ClickPlacement};
pub use visits::conversions::{Conversion, Recorded};
pub use visits::dead_letters::{DeadLetter, DeadLetters};
pub use visits::locations::SharedLocation;
pub use webhooks::deliveries::RECENT_DELIVERIES;
pub use webhooks::endpoints::WebhookWrite;
pub use workspace::domains::{ClaimPage, ClaimRemoval, ClaimWrite};
pub use workspace::tags::TagWrite;
pub use workspace::team::{AcceptOutcome, MAX_MEMBERS, MAX_PENDING_INVITATIONS};
pub use workspace::workspaces::WorkspaceView;

use items::{
    decode, delete_applied, encode, epoch, item_key, key_map, n, put_applied, query_all, query_up_to, s,
    update_applied, with_ttl,
};
use transactions::tx;

/// One DynamoDB item.
pub type Item = HashMap<String, AttributeValue>;

/// The store: a DynamoDB client (built once per process), the table name, and the randomness
/// its retries pause by.
#[derive(Clone)]
pub struct Store {
    client: Client,
    table: String,
    entropy: Arc<dyn Entropy>,
    /// The service's own short domain: links on it are held by nobody ([`domain_links`]).
    default_domain: Option<crate::domain::Hostname>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("table", &self.table)
            .finish_non_exhaustive()
    }
}

pub use visits::{dead_letters, rollups};
