//! Wire shapes of link requests (both doors), their JSON Schemas, and their parsing into
//! domain values.
//!
//! Every struct here rejects unknown fields; `workspaceId` (and `linkId`) are taken out of a
//! body before it reaches these types. A field is declared once: the HTTP shape and the MCP
//! tool shape of the same request are generated from one field list ([`door_inputs!`]), so a
//! field added there appears in both doors and in the tool schema.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer};

use crate::ids::ObjectId;

mod bulk;
mod create;
mod fields;
mod json;
mod link_id;
pub mod oauth;
mod patch;
mod range;
pub mod schema;

pub use crate::domain::{AbTestFields, QrFields, RuleFields, VariantFields};
pub use bulk::{BulkInput, BulkItem, BulkItems, Submitted};
pub use create::{LinkDraft, LinkInput, McpLinkInput};
pub use json::{from_json, scalar_text};
pub use link_id::{LinkIdInput, any_as_text};
pub use patch::{LinkPatch, LinkPatchInput, McpLinkPatchInput};
pub use range::DayRange;

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
