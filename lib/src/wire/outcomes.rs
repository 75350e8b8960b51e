//! What the link operations answer: typed values that carry their message and encode as the
//! contract's bodies. Each door only encodes them (HTTP as the body, MCP as the structured
//! result), so every sentence here is written once.

use serde::Serialize;

use super::{BulkItems, Submitted};
use crate::domain::ids::ObjectId;
use crate::domain::{Link, Slug};

/// `POST /link/create` and `create_link`: `{ message, id, slug, fullLink }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedLink {
    /// Confirms the creation and names the link.
    pub message: String,
    pub id: ObjectId,
    pub slug: Slug,
    /// The short URL: https://<domain>/<slug>.
    pub full_link: String,
}

impl From<&Link> for CreatedLink {
    fn from(link: &Link) -> Self {
        Self {
            message: format!("Link \"{}\" created.", link.settings.name.as_str()),
            id: link.id.clone(),
            slug: link.slug.clone(),
            full_link: link.full_link(),
        }
    }
}

/// `PUT /link/update` and `update_link`: `{ message, id }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct UpdatedLink {
    pub message: String,
    pub id: ObjectId,
}

impl UpdatedLink {
    pub fn new(id: ObjectId) -> Self {
        Self {
            message: "Link updated.".into(),
            id,
        }
    }
}

/// `DELETE /link/delete` and `delete_link`: `{ message }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DeletedLink {
    /// Confirms the deletion and names the link.
    pub message: String,
}

impl From<&Link> for DeletedLink {
    fn from(link: &Link) -> Self {
        Self {
            message: format!("Link \"{}\" deleted.", link.settings.name.as_str()),
        }
    }
}

/// One link a bulk create made: `{ id, slug, fullLink, name }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkCreated {
    pub id: ObjectId,
    pub slug: Slug,
    pub full_link: String,
    pub name: String,
}

impl From<&Link> for BulkCreated {
    fn from(link: &Link) -> Self {
        Self {
            id: link.id.clone(),
            slug: link.slug.clone(),
            full_link: link.full_link(),
            name: link.settings.name.as_str().to_string(),
        }
    }
}

/// One failed bulk item: what was submitted and why it failed.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct BulkFailure {
    pub input: Submitted,
    pub error: String,
}

/// `POST /links/bulk-create` and `bulk_create_links`: `{ message, created, failed }`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct BulkOutcome {
    /// `N links created, M failed.`
    pub message: String,
    pub created: Vec<BulkCreated>,
    pub failed: Vec<BulkFailure>,
}

impl BulkOutcome {
    /// The answer to a bulk create: the links made, in item order, and every failed item
    /// beside what was submitted for it. `results` has one entry per item of `items`.
    pub fn new(results: Vec<Result<Link, String>>, items: BulkItems) -> Self {
        let mut created = Vec::new();
        let mut failed = Vec::new();
        for (result, item) in results.into_iter().zip(items.0) {
            match result {
                Ok(link) => created.push(BulkCreated::from(&link)),
                Err(error) => failed.push(BulkFailure {
                    input: item.submitted,
                    error,
                }),
            }
        }
        Self::of(created, failed)
    }

    /// The answer from the links made and the items failed, each in item order.
    pub fn of(created: Vec<BulkCreated>, failed: Vec<BulkFailure>) -> Self {
        Self {
            message: format!("{} links created, {} failed.", created.len(), failed.len()),
            created,
            failed,
        }
    }
}

/// `POST /conversions`: `{ message, id, linkId, ruleId?, variantId?, duplicate }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordedConversion {
    pub message: String,
    /// The conversion (on a duplicate, the first one's).
    pub id: ObjectId,
    /// The link the click was of.
    pub link_id: ObjectId,
    /// The rule that chose the click's destination.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule_id: Option<String>,
    /// The A/B variant that did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_id: Option<String>,
    /// Whether the click had this conversion already (it counts once).
    pub duplicate: bool,
}

impl RecordedConversion {
    pub fn new(
        id: ObjectId,
        link_id: ObjectId,
        rule_id: Option<String>,
        variant_id: Option<String>,
        duplicate: bool,
    ) -> Self {
        let message = if duplicate {
            "Conversion already recorded."
        } else {
            "Conversion recorded."
        };
        Self {
            message: message.into(),
            id,
            link_id,
            rule_id,
            variant_id,
            duplicate,
        }
    }
}
