//! The single-table DynamoDB store. Key formats live in [`keys`]; items go through
//! serde_dynamo; every access pattern is listed in docs/data-model.md.

mod account_links;
mod accounts;
mod app_associations;
mod clicks;
mod client;
mod collections;
mod conversions;
pub mod dead_letters;
mod domain_links;
mod domains;
mod error;
mod idempotency;
mod imports;
mod items;
pub mod keys;
mod limits;
mod link_batches;
mod link_changes;
mod link_index;
mod links;
mod listing;
mod locations;
mod oauth;
mod queries;
pub mod rollups;
mod sessions;
mod sign_in;
mod sign_up;
mod stream_changes;
mod table;
mod tags;
mod team;
mod throttle;
mod transactions;
mod utm_templates;
mod webhook_deliveries;
mod webhooks;
mod workspaces;

use std::collections::HashMap;
use std::sync::Arc;

use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::types::AttributeValue;

use crate::clock::Entropy;

pub use account_links::{LinkOutcome, LinkUse};
pub use accounts::{CreateUserError, KeyRotation};
#[cfg(any(test, feature = "testing"))]
pub use clicks::click_image;
pub use clicks::{Click, ClickPlacement};
pub use client::{https_client, lambda_sdk_config, sdk_config_from_env};
pub use collections::Collection;
pub use conversions::{Conversion, Recorded};
pub use dead_letters::{DeadLetter, DeadLetters};
pub use domains::{ClaimPage, ClaimRemoval, ClaimWrite};
pub use error::StoreError;
pub use idempotency::{Claim, IdempotencyRecord, IdempotencyState, Lease, MAX_STORED_BODY_BYTES, StoredAnswer};
pub use imports::{ImportStart, MAX_FILE_PART_BYTES};
pub use limits::{Counter, RateCharge};
pub use link_batches::Placed;
pub use link_changes::{LinkChange, link_change};
pub use links::{CreateLinkFailure, LinkRef, MoveOutcome, StoredLink, UpdateOutcome};
pub use listing::{Continuation, LinkFilter, LinkSlice, ListPosition, ListRead};
pub use locations::SharedLocation;
pub use oauth::{CodeExchange, CodeIssue, GrantView, NewToken, Rotation};
pub use sign_in::{AttemptRules, AttemptSlot, SlotTake};
pub use sign_up::Replacement;
pub use stream_changes::{ChangeName, StreamChange, stream_changes};
pub use table::{
    DEFINITION as TABLE_DEFINITION, IndexDefinition, TableDefinition, create_table, create_table_without_expiry,
    ensure_table, latest_stream_arn,
};
pub use tags::TagWrite;
pub use team::{AcceptOutcome, MAX_MEMBERS, MAX_PENDING_INVITATIONS};
pub use webhook_deliveries::RECENT_DELIVERIES;
pub use webhooks::WebhookWrite;
pub use workspaces::WorkspaceView;

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
