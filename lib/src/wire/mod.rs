//! Wire shapes of link requests (both doors), their JSON Schemas, and their parsing into
//! domain values.
//!
//! Every struct here rejects unknown fields; `workspaceId` (and `linkId`) are taken out of a
//! body before it reaches these types. A field is declared once: the HTTP shape and the MCP
//! tool shape of the same request are generated from one field list ([`door_inputs!`]), so a
//! field added there appears in both doors and in the tool schema.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer};

use crate::clock::{Clock, Entropy};
use crate::domain::ids::ObjectId;
use crate::domain::{Invalid, LinkDraft, LinkPatch};

mod bulk;
mod catalogue;
mod conversion;
mod create;
pub mod export;
mod fields;
mod health;
pub mod ids;
pub mod import;
mod imports;
mod json;
mod link_id;
mod location;
pub mod oauth;
mod outcomes;
mod patch;
mod range;
mod records;
pub mod schema;
mod sqs;
mod utm_templates;
pub mod webhook_event;
mod webhook_job;
mod webhooks;

pub use crate::domain::{AbTestFields, QrFields, RuleFields, VariantFields};
pub use bulk::{BulkInput, BulkItem, BulkItems, Submitted};
pub use catalogue::{
    CreatedTag, DomainList, DomainRecord, NewTag, TagIdInput, TagInput, TagList, TagOutcome, TagPatchInput, TagRecord,
};
pub use conversion::ConversionInput;
pub use create::{LinkInput, McpLinkInput};
pub use health::{DestinationRecord, DestinationStatus, HealthRecord, HealthStatus};
pub use ids::{BadId, IdField, parse_analytics_link_id, parse_id};
pub use imports::{
    DryRun, ImportInput, ImportMessage, ImportOutcome, ImportRecord, ImportRequest, ImportStatus, PlanSummary,
    PlannedRecord, RowRecord, results_csv,
};
pub use json::{from_json, from_json_at, scalar_text};
pub use link_id::{LinkIdInput, any_as_text};
pub use location::{MAX_SHARED_POSITION_BYTES, NOT_A_POSITION, SharedPositionInput};
pub use outcomes::{BulkCreated, BulkFailure, BulkOutcome, CreatedLink, DeletedLink, RecordedConversion, UpdatedLink};
pub use patch::{LinkPatchInput, McpLinkPatchInput};
pub use range::DayRange;
pub use records::{LinkPage, LinkRecord, TagSummary, WorkspaceChoice, WorkspaceSummary};
pub use sqs::{partial_batch_response, sqs_messages};
pub use utm_templates::{
    CreatedUtmTemplate, DeletedUtmTemplate, NewUtmTemplate, TemplateIdInput, UtmTemplateInput, UtmTemplateList,
    UtmTemplateRecord,
};
pub use webhook_job::DeliveryJob;
pub use webhooks::{
    CreatedWebhook, DeletedWebhook, SetUpByRecord, UpdatedWebhook, WebhookIdInput, WebhookInput, WebhookList,
    WebhookRecord, WebhookUpdateInput,
};

/// Which door a request came through; the two differ in a few documented details
/// (A/B weights are percentages on HTTP and relative shares on MCP; `clicksLimit: 0`
/// is an error on HTTP and "no limit" on MCP; MCP tools take fewer fields).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Door {
    Http,
    Mcp,
}

/// What parsing needs from outside: the time (expiry must be in the future), the door,
/// and a source of fresh rule ids.
pub struct ParseContext<'a> {
    pub now: DateTime<Utc>,
    pub door: Door,
    pub new_id: &'a mut dyn FnMut() -> ObjectId,
}

/// A door's parser of link requests: the door's rules, with the time and fresh rule ids of
/// the clock and entropy it is given (the service's, so tests inject both). What it makes is
/// what the service takes.
pub struct Drafter<'a> {
    door: Door,
    clock: &'a dyn Clock,
    entropy: &'a dyn Entropy,
}

impl<'a> Drafter<'a> {
    pub fn new(door: Door, clock: &'a dyn Clock, entropy: &'a dyn Entropy) -> Self {
        Self { door, clock, entropy }
    }

    /// How an import's rows are read: as the HTTP API reads a create request, whose format an
    /// import file carries (percent weights, `clicksLimit: 0` refused).
    pub fn for_import_rows(clock: &'a dyn Clock, entropy: &'a dyn Entropy) -> Self {
        Self::new(Door::Http, clock, entropy)
    }

    fn parse<T>(&self, parse: impl FnOnce(&mut ParseContext<'_>) -> Result<T, Invalid>) -> Result<T, Invalid> {
        let mut new_id = || ObjectId::generate(self.clock.now(), self.entropy);
        parse(&mut ParseContext {
            now: self.clock.now(),
            door: self.door,
            new_id: &mut new_id,
        })
    }

    /// A create request as the link it asks for.
    pub fn draft(&self, input: &LinkInput) -> Result<LinkDraft, Invalid> {
        self.parse(|ctx| LinkDraft::parse(input, ctx))
    }

    /// An update request as the change it asks for.
    pub fn patch(&self, input: &LinkPatchInput) -> Result<LinkPatch, Invalid> {
        self.parse(|ctx| LinkPatch::parse(input, ctx))
    }

    /// Every item of a bulk create as its link, or why it cannot be one, in order.
    pub fn drafts(&self, items: &BulkItems) -> Vec<Result<LinkDraft, Invalid>> {
        items
            .0
            .iter()
            .map(|item| {
                item.input
                    .as_ref()
                    .map_err(Clone::clone)
                    .and_then(|input| self.draft(input))
            })
            .collect()
    }
}

/// `Some(None)` for an explicit `null`, `Some(Some(v))` for a value, `None` when absent.
fn nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// Declares the HTTP shape of a request and the narrower shape an MCP tool takes from one
/// field list: `shared` fields are in both, `http_only` fields only in the HTTP shape. The
/// MCP shape converts into the HTTP one, so both are parsed by the same code.
macro_rules! door_inputs {
    (
        $(#[$http_meta:meta])* http $http:ident;
        $(#[$mcp_meta:meta])* mcp $mcp:ident;
        shared { $( $(#[$shared_meta:meta])* $shared:ident : $shared_ty:ty, )* }
        http_only { $( $(#[$http_only_meta:meta])* $http_only:ident : $http_only_ty:ty, )* }
    ) => {
        #[derive(Debug, Clone, Default, PartialEq, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        $(#[$http_meta])*
        pub struct $http {
            $( $(#[$shared_meta])* pub $shared: $shared_ty, )*
            $( $(#[$http_only_meta])* pub $http_only: $http_only_ty, )*
        }

        #[derive(Debug, Clone, Default, PartialEq, serde::Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        $(#[$mcp_meta])*
        pub struct $mcp {
            $( $(#[$shared_meta])* pub $shared: $shared_ty, )*
        }

        // When the MCP shape takes every field, the update syntax below has nothing left to fill.
        #[allow(clippy::needless_update)]
        impl From<$mcp> for $http {
            fn from(input: $mcp) -> Self {
                Self {
                    $( $shared: input.$shared, )*
                    ..Default::default()
                }
            }
        }
    };
}
pub(crate) use door_inputs;
