//! The nine tools: how `tools/list` shows them (schemas derived from the argument and result
//! types), and how a call is parsed (no I/O) and then run on the same service code as the
//! HTTP API.

use std::sync::{Arc, LazyLock};

use base64::Engine as _;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::args::{BulkArgs, LinkAnalyticsArgs, ListArgs, QrArgs, RangeArgs};
use crate::analytics::report::{LinkAnalytics, WorkspaceAnalytics};
use crate::domain::Scope;
use crate::ids::ObjectId;
use crate::qr::{Format, QrImage, QrRequest};
use crate::service::{Access, ListQuery, RateClass, Service, ServiceError, parse_link_id};
use crate::wire::schema::{output_schema_of, schema_of};
use crate::wire::{
    self, BulkItems, DayRange, Door, LinkIdInput, LinkInput, LinkPatchInput, McpLinkInput, McpLinkPatchInput,
};
use crate::wire::{BulkOutcome, CreatedLink, DeletedLink, Drafter, LinkPage, LinkRecord, UpdatedLink, WorkspaceChoice};

/// The tools, in the order `tools/list` shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolName {
    ListLinks,
    GetLink,
    GetLinkQr,
    CreateLink,
    UpdateLink,
    DeleteLink,
    BulkCreateLinks,
    GetLinkAnalytics,
    GetWorkspaceAnalytics,
}

/// A tool as listed, and the scope it needs.
#[derive(Debug, Clone)]
pub struct ToolDef {
    pub name: ToolName,
    pub scope: Scope,
    pub tool: Tool,
}

const AB_RULES: &str = "While an A/B test is enabled, every visitor goes to a variant chosen by weight and the \
    rules are not consulted at all; weights are relative shares (70 and 30, or 7 and 3), stored as percentages \
    summing to 100. Rule times (timeStart/timeEnd, daysOfWeek) are UTC.";
const WORKSPACE_NOTE: &str = "Works in one workspace: pass workspaceId (or set the X-Workspace-Id header); \
    without one, the answer is the list of your workspaces instead.";

impl ToolName {
    pub const ALL: [ToolName; 9] = [
        Self::ListLinks,
        Self::GetLink,
        Self::GetLinkQr,
        Self::CreateLink,
        Self::UpdateLink,
        Self::DeleteLink,
        Self::BulkCreateLinks,
        Self::GetLinkAnalytics,
        Self::GetWorkspaceAnalytics,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::ListLinks => "list_links",
            Self::GetLink => "get_link",
            Self::GetLinkQr => "get_link_qr",
            Self::CreateLink => "create_link",
            Self::UpdateLink => "update_link",
            Self::DeleteLink => "delete_link",
            Self::BulkCreateLinks => "bulk_create_links",
            Self::GetLinkAnalytics => "get_link_analytics",
            Self::GetWorkspaceAnalytics => "get_workspace_analytics",
        }
    }

    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.as_str() == name)
    }

    /// Which rate limit a call counts against besides the key's and the workspace's.
    pub fn rate_class(self) -> RateClass {
        match self {
            Self::BulkCreateLinks => RateClass::Bulk,
            Self::GetLinkAnalytics | Self::GetWorkspaceAnalytics => RateClass::Analytics,
            _ => RateClass::Standard,
        }
    }

    fn scope(self) -> Scope {
        match self {
            Self::ListLinks | Self::GetLink | Self::GetLinkQr => Scope::LinksRead,
            Self::CreateLink | Self::UpdateLink => Scope::LinksWrite,
            Self::DeleteLink => Scope::LinksDelete,
            Self::BulkCreateLinks => Scope::LinksBulk,
            Self::GetLinkAnalytics | Self::GetWorkspaceAnalytics => Scope::AnalyticsRead,
        }
    }

    fn definition(self) -> Tool {
        let (title, description, input, output, annotations) = match self {
            Self::ListLinks => (
                "List links",
                "List the workspace's links, newest first, with each link's full record (rules with their ids, \
                 A/B test, tags, whether it is active now, all-time clicks). Filter with search (name or slug, \
                 case-insensitive) and tagIds (links with any of the tags); page through with page and limit \
                 (1-100, default 20), or with cursor set to the answer's nextCursor, while hasMore is true (a page \
                 may hold fewer than limit links while hasMore is true)."
                    .to_string(),
                input::<ListArgs>(&[]),
                output::<LinkPage>(),
                annotations(true, false, true),
            ),
            Self::GetLink => (
                "Get a link",
                "Get one link's full record: name, short URL (fullLink), rules in evaluation order with their ids \
                 (the keys of rulesStats in get_link_analytics), A/B test, QR settings, tags, whether visitors are \
                 redirected now (active is false once switched off, expired or over its click limit), all-time \
                 clicks and dates."
                    .to_string(),
                input::<LinkIdInput>(&[]),
                output::<LinkRecord>(),
                annotations(true, false, true),
            ),
            Self::GetLinkQr => (
                "Get a link's QR code",
                "Draw the link's QR code from its qrSettings (color on bgColor, the logo in the centre when \
                 useLogo is true): it encodes the short URL with ?qr=1, so scans are counted apart from clicks \
                 (triggers.qr in the analytics). format svg (default) gives the SVG document as a text item; png \
                 gives a PNG image item; size is 128-2048 pixels (default 512). A summary (what the code encodes, \
                 format, size, mimeType) follows as JSON. A link saved before colours were checked for \
                 scanning, or whose logo cannot be fetched, is refused with a sentence saying what to change."
                    .to_string(),
                input::<QrArgs>(&[]),
                output::<QrSummary>(),
                qr_annotations(),
            ),
            Self::CreateLink => (
                "Create a link",
                format!(
                    "Create a short link. rules needs exactly one default rule (isDefault true, no conditions): the \
                     destination when no other rule matches. Other rules are checked in order and the first whose \
                     conditions all match the visitor (country, city, device, os, browser, locale, time window, \
                     days) wins. {AB_RULES} The slug is generated when omitted. qrSettings must draw a scannable code: \
                     color darker than bgColor at a contrast of at least 3:1. Returns id, slug and fullLink."
                ),
                input::<McpLinkInput>(&["name", "rules"]),
                output::<CreatedLink>(),
                annotations(false, false, false),
            ),
            Self::UpdateLink => (
                "Update a link",
                format!(
                    "Change a link: only the fields given change. A given rules array REPLACES ALL rules, so send \
                     every rule to keep (read them with get_link first). null clears description, clicksLimit, \
                     expirationDate, ogTitle, ogDescription and appearanceColor; clicksLimit 0 also means no limit; \
                     abTest {{\"enabled\": false, \"variants\": []}} switches the split off. Moving slug or domain \
                     releases the old short URL. {AB_RULES}"
                ),
                with_link_id(input::<McpLinkPatchInput>(&[])),
                output::<UpdatedLink>(),
                annotations(false, true, true),
            ),
            Self::DeleteLink => (
                "Delete a link",
                "Permanently delete a link: its short URL stops working at once (visitors get 404) and its slug is \
                 free again. Cannot be undone."
                    .to_string(),
                input::<LinkIdInput>(&[]),
                output::<DeletedLink>(),
                annotations(false, true, false),
            ),
            Self::BulkCreateLinks => (
                "Create links in bulk",
                format!(
                    "Create 1 to 100 links in one call, each with the create_link fields. Every item is created or \
                     fails on its own: the result lists created links (id, slug, fullLink, name) and failed items \
                     with the reason. The whole call is refused only when the workspace plan cannot take all valid \
                     items. {AB_RULES}"
                ),
                input::<BulkArgs>(&[]),
                output::<BulkOutcome>(),
                annotations(false, false, false),
            ),
            Self::GetLinkAnalytics => (
                "Get link analytics",
                "Clicks of one link between from and to (YYYY-MM-DD, UTC days, both inclusive; default: since the \
                 link was created, until today): totals (all-time total, periodTotal, unique visitors), daily \
                 traffic with every day present, and breakdowns by country, city, device, browser, OS, referrer, \
                 routing rule (rulesStats, keyed by rule id) and A/B variant (abVariantsStats, keyed by variant id)."
                    .to_string(),
                input::<LinkAnalyticsArgs>(&[]),
                output::<LinkAnalytics>(),
                annotations(true, false, true),
            ),
            Self::GetWorkspaceAnalytics => (
                "Get workspace analytics",
                "Clicks across all links of the workspace between from and to (YYYY-MM-DD, UTC days, inclusive; \
                 default: since the workspace was created, until today): totals, daily traffic, clicks per link, \
                 and breakdowns by country, city, device, browser and OS. Only the workspace owner or a manager may \
                 call it."
                    .to_string(),
                input::<RangeArgs>(&[]),
                output::<WorkspaceAnalytics>(),
                annotations(true, false, true),
            ),
        };
        let mut tool = Tool::new(self.as_str(), format!("{description} {WORKSPACE_NOTE}"), input);
        tool.title = Some(title.to_string());
        tool.output_schema = Some(output);
        let mut annotations = annotations;
        annotations.title = Some(title.to_string());
        tool.annotations = Some(annotations);
        tool
    }
}

/// Every tool's definition, built once per process.
pub static TOOLS: LazyLock<Vec<ToolDef>> = LazyLock::new(|| {
    ToolName::ALL
        .into_iter()
        .map(|name| ToolDef {
            name,
            scope: name.scope(),
            tool: name.definition(),
        })
        .collect()
});

fn annotations(read_only: bool, destructive: bool, idempotent: bool) -> ToolAnnotations {
    let mut a = ToolAnnotations::new().read_only(read_only);
    a.open_world_hint = Some(false);
    if !read_only {
        a.destructive_hint = Some(destructive);
        a.idempotent_hint = Some(idempotent);
    }
    a
}

/// `get_link_qr` reads, like the other reads, but may fetch the link's logo from the web.
fn qr_annotations() -> ToolAnnotations {
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
fn input<T: JsonSchema>(required: &[&str]) -> Arc<JsonObject> {
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
fn with_link_id(schema: Arc<JsonObject>) -> Arc<JsonObject> {
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
fn output<T: JsonSchema>() -> Arc<JsonObject> {
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

/// A call's arguments parsed into what its service operation takes: everything checked before
/// a workspace is needed.
#[derive(Debug)]
pub enum Parsed {
    List(ListQuery),
    Get(ObjectId),
    Qr(ObjectId, QrRequest),
    Create(Box<LinkInput>),
    Update(ObjectId, Box<LinkPatchInput>),
    Delete(ObjectId),
    Bulk(BulkItems),
    LinkAnalytics(ObjectId, DayRange),
    WorkspaceAnalytics(DayRange),
}

/// The value of `field` taken out of `args` as text (a non-string value as its JSON text, so
/// it fails the format check instead of passing as absent).
fn take_text(args: &mut Map<String, Value>, field: &str) -> Option<String> {
    match args.remove(field)? {
        Value::Null => None,
        Value::String(text) => Some(text),
        other => Some(other.to_string()),
    }
}

impl ToolName {
    /// Parses `args` (without `workspaceId`) for this tool (no I/O).
    pub fn parse_args(self, mut args: Map<String, Value>) -> Result<Parsed, ServiceError> {
        let from = |args: Map<String, Value>| Value::Object(args);
        Ok(match self {
            Self::ListLinks => Parsed::List(wire::from_json::<ListArgs>(from(args))?.try_into()?),
            Self::GetLink => Parsed::Get(wire::from_json::<LinkIdInput>(from(args))?.try_into()?),
            Self::DeleteLink => Parsed::Delete(wire::from_json::<LinkIdInput>(from(args))?.try_into()?),
            Self::GetLinkQr => {
                let (id, request) = wire::from_json::<QrArgs>(from(args))?.parse()?;
                Parsed::Qr(id, request)
            }
            Self::CreateLink => {
                let input: McpLinkInput = wire::from_json(from(args))?;
                Parsed::Create(Box::new(input.into()))
            }
            Self::UpdateLink => {
                let id = parse_link_id(take_text(&mut args, "linkId").as_deref())?;
                let patch: McpLinkPatchInput = wire::from_json(from(args))?;
                Parsed::Update(id, Box::new(patch.into()))
            }
            Self::BulkCreateLinks => {
                let links = args.remove("links");
                if let Some(field) = args.keys().next() {
                    return Err(crate::domain::Invalid::unknown_field(field.clone()).into());
                }
                Parsed::Bulk(BulkItems::parse(links, Door::Mcp).ok_or(ServiceError::BulkEmpty)?)
            }
            Self::GetLinkAnalytics => {
                let (id, range) = wire::from_json::<LinkAnalyticsArgs>(from(args))?.parse()?;
                Parsed::LinkAnalytics(id, range)
            }
            Self::GetWorkspaceAnalytics => {
                Parsed::WorkspaceAnalytics(wire::from_json::<RangeArgs>(from(args))?.try_into()?)
            }
        })
    }
}

/// A service result as JSON (service results are plain structs and string-keyed maps:
/// encoding cannot fail).
fn encode(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("service results encode as JSON")
}

/// What `get_link_qr` says about the code it returns (its structured result).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QrSummary {
    pub link_id: ObjectId,
    /// What a scanner reads: the link's fullLink with ?qr=1.
    pub encodes: String,
    pub format: Format,
    /// Pixels per side.
    pub size: u32,
    #[schemars(extend("enum" = ["image/svg+xml", "image/png"]))]
    pub mime_type: &'static str,
}

/// A tool's result: JSON (as `structuredContent` and the same JSON as one text item), or a
/// QR code (the code first, as SVG text or a PNG image item, then its summary).
#[derive(Debug)]
pub enum Output {
    Json { text: String, value: Value },
    Qr(ObjectId, QrImage),
}

impl Output {
    /// A service result as JSON. The text is written straight from the result, which is
    /// several times cheaper than printing the `Value` built for `structuredContent` (in the
    /// `get_link` bench, encoding a 10-rule link's record is most of a call's time).
    pub fn json(value: impl serde::Serialize) -> Self {
        let text = serde_json::to_string(&value).expect("service results encode as JSON");
        Self::Json {
            text,
            value: encode(value),
        }
    }

    pub fn into_result(self) -> CallToolResult {
        match self {
            Self::Json { text, value } => {
                let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
                result.structured_content = Some(value);
                result
            }
            Self::Qr(link_id, image) => {
                let summary = encode(QrSummary {
                    link_id,
                    encodes: image.encodes,
                    format: image.format,
                    size: image.size,
                    mime_type: image.format.media_type(),
                });
                let code = match image.format {
                    Format::Svg => ContentBlock::text(String::from_utf8_lossy(&image.bytes).into_owned()),
                    Format::Png => ContentBlock::image(
                        base64::engine::general_purpose::STANDARD.encode(&image.bytes),
                        image.format.media_type(),
                    ),
                };
                let mut result = CallToolResult::success(vec![code, ContentBlock::text(summary.to_string())]);
                result.structured_content = Some(summary);
                result
            }
        }
    }
}

/// Runs a parsed call in the caller's workspace.
pub async fn run(service: &Service, access: &Access, parsed: Parsed) -> Result<Output, ServiceError> {
    let drafter = Drafter::new(Door::Mcp, service.clock.as_ref(), service.entropy.as_ref());
    Ok(match parsed {
        Parsed::List(query) => Output::json(service.list_links(access, &query).await?),
        Parsed::Get(id) => Output::json(service.get_link_record(access, &id).await?),
        Parsed::Qr(id, request) => {
            let image = service.link_qr(access, &id, request).await?;
            Output::Qr(id, image)
        }
        Parsed::Create(input) => Output::json(service.create_link(access, drafter.draft(&input)?).await?),
        Parsed::Update(id, patch) => Output::json(service.update_link(access, &id, drafter.patch(&patch)?).await?),
        Parsed::Delete(id) => Output::json(service.delete_link(access, &id).await?),
        Parsed::Bulk(items) => {
            let results = service.bulk_create(access, drafter.drafts(&items)).await?;
            Output::json(BulkOutcome::new(results, items))
        }
        Parsed::LinkAnalytics(id, range) => Output::json(service.link_analytics(access, &id, range).await?),
        Parsed::WorkspaceAnalytics(range) => Output::json(service.workspace_analytics(access, range).await?),
    })
}
