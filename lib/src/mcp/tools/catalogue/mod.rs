//! The tools as one table, written by area (links, analytics, workspace): each tool's name, the scope it needs, the rate limit it counts
//! against, how `tools/list` shows it (schemas derived from the argument and result types) and
//! the call type that parses and runs it (see `dispatch`).

use std::sync::{Arc, LazyLock};

use rmcp::model::{JsonObject, Tool as Definition, ToolAnnotations};
use schemars::JsonSchema;
use serde_json::{Value, json};

use super::dispatch::{Args, Call};
use crate::domain::{RateClass, Scope};
use crate::service::ServiceError;
use crate::wire::schema::{output_schema_of, schema_of};
use crate::wire::{self, WorkspaceChoice};

mod analytics;
mod conversions;
mod links;
mod transfer;
mod webhooks;
mod workspace;

/// One tool: everything the server needs to list it and to take a call of it.
#[derive(Debug)]
pub struct Tool {
    pub name: &'static str,
    /// What the caller's credential must carry to see and call it.
    pub scope: Scope,
    /// A second scope it needs besides (a webhook endpoint that sends events out needs
    /// `analytics:read` besides `links:write`).
    pub also: Option<Scope>,
    /// Which rate limit a call counts against besides the key's and the workspace's.
    pub rate: RateClass,
    /// The tool as `tools/list` shows it.
    pub definition: Definition,
    /// Parses a call's arguments (no I/O) into the call to run once the workspace is known.
    pub parse: fn(Args) -> Result<Call, ServiceError>,
}

/// A tool as the table writes it; the definition is assembled from its parts.
pub(super) struct Spec {
    pub(super) name: &'static str,
    pub(super) scope: Scope,
    pub(super) rate: RateClass,
    pub(super) parse: fn(Args) -> Result<Call, ServiceError>,
    pub(super) title: &'static str,
    pub(super) description: String,
    pub(super) input: Arc<JsonObject>,
    pub(super) output: Arc<JsonObject>,
    pub(super) annotations: ToolAnnotations,
}

impl From<Spec> for Tool {
    fn from(spec: Spec) -> Self {
        let input = if crate::mcp::confirm::destroys(spec.scope) {
            with_confirm(spec.input)
        } else {
            spec.input
        };
        let mut definition = Definition::new(spec.name, format!("{} {WORKSPACE_NOTE}", spec.description), input);
        definition.title = Some(spec.title.to_string());
        definition.output_schema = Some(spec.output);
        let mut annotations = spec.annotations;
        annotations.title = Some(spec.title.to_string());
        definition.annotations = Some(annotations);
        Self {
            name: spec.name,
            scope: spec.scope,
            also: None,
            rate: spec.rate,
            definition,
            parse: spec.parse,
        }
    }
}

impl Tool {
    /// Every scope a credential must carry to see and call it.
    pub fn scopes(&self) -> impl Iterator<Item = Scope> {
        std::iter::once(self.scope).chain(self.also)
    }

    /// The tool's title, as `tools/list` shows it.
    pub fn title(&self) -> String {
        self.definition.title.clone().unwrap_or_else(|| self.name.to_string())
    }
}

/// A destroying tool's input schema also takes `confirm` (see `crate::mcp::confirm`).
fn with_confirm(schema: Arc<JsonObject>) -> Arc<JsonObject> {
    let mut schema = Arc::unwrap_or_clone(schema);
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.insert(
            crate::mcp::confirm::ARGUMENT.into(),
            crate::mcp::confirm::argument_schema(),
        );
    }
    Arc::new(schema)
}

/// The tool called `name`.
pub fn named(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

pub(super) const AB_RULES: &str = "While an A/B test is enabled, every visitor goes to a variant chosen by weight and the \
    rules are not consulted at all; weights are relative shares (70 and 30, or 7 and 3), stored as percentages \
    summing to 100. Rule times (timeStart/timeEnd, daysOfWeek) are UTC.";
const WORKSPACE_NOTE: &str = "Works in one workspace: pass workspaceId (or set the X-Workspace-Id header); \
    without one, the answer is the list of your workspaces instead.";

/// Every tool, in the order `tools/list` shows them, built once per process.
pub static TOOLS: LazyLock<Vec<Tool>> = LazyLock::new(|| {
    [
        links::tools(),
        analytics::tools(),
        workspace::tools(),
        transfer::tools(),
        webhooks::tools(),
        conversions::tools(),
    ]
    .into_iter()
    .flatten()
    .map(Tool::from)
    .map(analytics::with_app)
    .map(webhooks::with_scope_to_send_events_out)
    .collect()
});

pub(super) fn annotations(read_only: bool, destructive: bool, idempotent: bool) -> ToolAnnotations {
    let mut a = ToolAnnotations::new().read_only(read_only);
    a.open_world_hint = Some(false);
    if !read_only {
        a.destructive_hint = Some(destructive);
        a.idempotent_hint = Some(idempotent);
    }
    a
}

/// `get_link_qr` reads, like the other reads, but may fetch the link's logo from the web.
pub(super) fn qr_annotations() -> ToolAnnotations {
    let mut a = annotations(true, false, true);
    a.open_world_hint = Some(true);
    a
}

fn object(schema: schemars::Schema) -> JsonObject {
    match schema.to_value() {
        Value::Object(map) => map,
        _ => unreachable!("an object schema"),
    }
}

/// A tool's input schema: the arguments of `T`, `workspaceId`, and `required`.
pub(super) fn input<T: JsonSchema>(required: &[&str]) -> Arc<JsonObject> {
    let mut schema = object(schema_of::<T>());
    let properties = schema
        .entry("properties")
        .or_insert_with(|| json!({}))
        .as_object_mut()
        .expect("properties");
    properties.insert(
        "workspaceId".into(),
        wire::schema::object_id(
            "Workspace to act in. Optional when the X-Workspace-Id header or the endpoint URL's \
                workspaceId parameter selects one; with none, the tool answers with your workspaces instead.",
        ),
    );
    if !required.is_empty() {
        let list = schema.entry("required").or_insert_with(|| json!([]));
        if let Value::Array(list) = list {
            list.extend(required.iter().map(|r| json!(r)));
        }
    }
    Arc::new(schema)
}

/// `update_link` also takes the link's id (required).
pub(super) fn with_link_id(schema: Arc<JsonObject>) -> Arc<JsonObject> {
    let mut schema = Arc::unwrap_or_clone(schema);
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        properties.insert(
            "linkId".into(),
            wire::schema::object_id(
                "The link's id (24 hexadecimal characters), as returned by create_link or list_links.",
            ),
        );
    }
    match schema.entry("required").or_insert_with(|| json!([])) {
        Value::Array(list) => list.push(json!("linkId")),
        other => *other = json!(["linkId"]),
    }
    Arc::new(schema)
}

/// A tool's output schema: its result `T`, or the list of the caller's workspaces it answers
/// with when no workspace is selected.
pub(super) fn output<T: JsonSchema>() -> Arc<JsonObject> {
    let mut schema = object(output_schema_of::<T>());
    let choice = object(output_schema_of::<WorkspaceChoice>());
    let required = schema.remove("required").unwrap_or_else(|| json!([]));
    if let (Some(Value::Object(properties)), Some(Value::Object(extra))) =
        (schema.get_mut("properties"), choice.get("properties"))
    {
        for (name, property) in extra {
            properties.entry(name.clone()).or_insert_with(|| property.clone());
        }
    }
    schema.insert(
        "anyOf".into(),
        json!([{ "required": required }, { "required": ["workspaces", "message"] }]),
    );
    Arc::new(schema)
}
