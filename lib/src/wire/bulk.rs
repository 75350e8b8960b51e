//! The `links` of a bulk create, read item by item at the door: each item becomes the create
//! input it asks for, or the reason it cannot be one, beside what was submitted (which a
//! failure echoes back).

use serde::Serialize;
use serde_json::Value;

use super::{Door, LinkInput, McpLinkInput, from_json, schema};
use crate::domain::Invalid;

/// The fields an MCP bulk item may carry: those of `create_link`, read off its schema.
static MCP_FIELDS: std::sync::LazyLock<Vec<String>> =
    std::sync::LazyLock::new(|| schema::property_names(&schema::schema_of::<McpLinkInput>()));

/// The body of `POST /links/bulk-create` (besides `workspaceId`). Each item is read on its own
/// ([`BulkItems`]): a bad item fails alone.
#[derive(Debug, Clone, Default, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkInput {
    /// 1 to 100 links, each with the fields of a create. Each is created or fails on its own.
    #[serde(default)]
    #[schemars(required, with = "Vec<LinkInput>", length(min = 1, max = 100))]
    pub links: Option<Value>,
}

/// A bulk item exactly as submitted, echoed back when it fails. Opaque: nothing reads it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct Submitted(Value);

/// One item of a bulk create.
#[derive(Debug, Clone, PartialEq)]
pub struct BulkItem {
    pub submitted: Submitted,
    /// The link the item asks for, or why it cannot be one.
    pub input: Result<LinkInput, Invalid>,
}

/// Every item of a bulk create, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct BulkItems(pub Vec<BulkItem>);

impl BulkItems {
    /// Reads the `links` value of a request; `None` when it is missing or not an array. On the
    /// MCP door an item takes the `create_link` fields only; anything else fails that item.
    pub fn parse(links: Option<Value>, door: Door) -> Option<Self> {
        let Some(Value::Array(items)) = links else {
            return None;
        };
        Some(Self(
            items
                .into_iter()
                .map(|item| BulkItem {
                    input: parse_item(&item, door),
                    submitted: Submitted(item),
                })
                .collect(),
        ))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The items as submitted, as one JSON array (a task keeps them to read again).
    pub fn submitted_json(&self) -> String {
        let items: Vec<&Value> = self.0.iter().map(|item| &item.submitted.0).collect();
        serde_json::to_string(&items).expect("JSON values encode")
    }

    /// The items `range` of these.
    pub fn slice(&self, range: std::ops::Range<usize>) -> Self {
        Self(self.0[range].to_vec())
    }
}

fn parse_item(item: &Value, door: Door) -> Result<LinkInput, Invalid> {
    let Some(fields) = item.as_object() else {
        return Err(Invalid::new("links", "Each item of links must be a JSON object."));
    };
    if door == Door::Mcp
        && let Some(unknown) = fields.keys().find(|k| !MCP_FIELDS.contains(k))
    {
        return Err(Invalid::unknown_field(unknown.clone()));
    }
    let given = |key: &str| fields.get(key).is_some_and(|v| !v.is_null());
    let has_name = fields
        .get("name")
        .and_then(Value::as_str)
        .is_some_and(|n| !n.trim().is_empty());
    let has_rules = fields
        .get("rules")
        .and_then(Value::as_array)
        .is_some_and(|r| !r.is_empty());
    if !has_name || !(has_rules || given("url")) {
        return Err(Invalid::new("links", "Each link must have name and rules."));
    }
    match door {
        Door::Http => from_json(item.clone()),
        Door::Mcp => from_json::<McpLinkInput>(item.clone()).map(LinkInput::from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn errors(links: Value, door: Door) -> Vec<Option<String>> {
        BulkItems::parse(Some(links), door)
            .expect("a list")
            .0
            .into_iter()
            .map(|item| item.input.err().map(|e| e.message))
            .collect()
    }

    #[test]
    fn links_that_are_not_a_list_are_refused_as_a_whole() {
        assert!(BulkItems::parse(None, Door::Http).is_none());
        assert!(BulkItems::parse(Some(json!("x")), Door::Http).is_none());
    }

    #[test]
    fn an_item_without_name_or_rules_fails_on_its_own() {
        let got = errors(
            json!([{ "name": "ok", "url": "https://e.com" }, { "name": "n" }, { "rules": [] }, 7]),
            Door::Http,
        );
        assert_eq!(
            got,
            [
                None,
                Some("Each link must have name and rules.".into()),
                Some("Each link must have name and rules.".into()),
                Some("Each item of links must be a JSON object.".into()),
            ]
        );
    }

    #[test]
    fn an_mcp_item_with_a_field_create_link_does_not_take_fails_on_its_own() {
        let got = errors(json!([{ "name": "n", "url": "https://e.com" }]), Door::Mcp);
        assert_eq!(got, [Some("url is not a known field; check its spelling.".into())]);
        let got = errors(json!([{ "name": "n", "ogTitle": "update_link only" }]), Door::Mcp);
        assert_eq!(got, [Some("ogTitle is not a known field; check its spelling.".into())]);
    }
}
