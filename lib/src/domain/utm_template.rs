//! A workspace's UTM templates: a name and the five UTM fields, which the editor's dropdown
//! fills a link's fields from.

use serde::{Deserialize, Serialize};

use super::{BoundedText, Utm};
use crate::domain::ids::ObjectId;

/// The most characters a template's name holds.
pub const MAX_TEMPLATE_NAME_CHARS: usize = 100;

/// A template's name: 1–100 characters, unique in the workspace whatever the case.
pub type TemplateName = BoundedText<MAX_TEMPLATE_NAME_CHARS>;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UtmTemplate {
    pub id: ObjectId,
    pub workspace_id: ObjectId,
    pub name: TemplateName,
    pub utm: Utm,
}

impl UtmTemplate {
    /// The key that keeps names unique in a workspace: the name lower-cased.
    pub fn name_key(name: &TemplateName) -> String {
        name.as_str().to_lowercase()
    }
}
