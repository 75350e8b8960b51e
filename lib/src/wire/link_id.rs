//! A link named by its id (`DELETE /link/delete`, the `get_link` and `delete_link` tools), and
//! how every link id argument is read.

use serde::{Deserialize, Deserializer};
use serde_json::Value;

use super::schema::OBJECT_ID_PATTERN;

/// Any JSON value as text ([`super::scalar_text`]), so a malformed id is refused by the id's
/// own check with the contract's sentence, whatever its JSON type.
pub fn any_as_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    Ok(Option::<Value>::deserialize(deserializer)?.and_then(super::scalar_text))
}

/// `{ "linkId": … }`: the link a request is about.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(transform = super::schema::require_link_id)]
pub struct LinkIdInput {
    /// The link's id (24 hexadecimal characters), as returned by create and list.
    #[serde(default, deserialize_with = "any_as_text")]
    #[schemars(regex(pattern = OBJECT_ID_PATTERN))]
    pub link_id: Option<String>,
}

impl TryFrom<LinkIdInput> for crate::domain::ids::ObjectId {
    type Error = super::BadId;
    fn try_from(input: LinkIdInput) -> Result<Self, Self::Error> {
        super::parse_id(super::IdField::Link, input.link_id.as_deref())
    }
}
