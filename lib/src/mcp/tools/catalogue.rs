//! The tools as one table: each tool's name, the scope it needs, the rate limit it counts
//! against, how `tools/list` shows it (schemas derived from the argument and result types) and
//! the call type that parses and runs it (see `dispatch`).

use std::sync::{Arc, LazyLock};

use rmcp::model::{JsonObject, Tool as Definition, ToolAnnotations};
use schemars::JsonSchema;
use serde_json::{Value, json};

use super::dispatch::{
    Args, BulkCreateLinks, Call, CreateLink, CreateTag, DeleteLink, GetLink, GetLinkAnalytics, GetLinkQr,
    GetWorkspaceAnalytics, ListDomains, ListLinks, ListTags, ListUtmTemplates, NoArgs, UpdateLink, prepare,
};
use super::output::QrSummary;
use crate::analytics::report::{LinkAnalytics, WorkspaceAnalytics};
use crate::domain::{RateClass, Scope};
use crate::mcp::args::{BulkArgs, LinkAnalyticsArgs, ListArgs, QrArgs, RangeArgs};
use crate::service::ServiceError;
use crate::wire::schema::{output_schema_of, schema_of};
use crate::wire::{
    self, BulkOutcome, CreatedLink, CreatedTag, DeletedLink, DomainList, LinkIdInput, LinkPage, LinkRecord,
    McpLinkInput, McpLinkPatchInput, TagInput, TagList, UpdatedLink, UtmTemplateList, WorkspaceChoice,
};

/// One tool: everything the server needs to list it and to take a call of it.
#[derive(Debug)]
pub struct Tool {
    pub name: &'static str,
    /// What the caller's credential must carry to see and call it.
    pub scope: Scope,
    /// Which rate limit a call counts against besides the key's and the workspace's.
    pub rate: RateClass,
    /// The tool as `tools/list` shows it.
    pub definition: Definition,
    /// Parses a call's arguments (no I/O) into the call to run once the workspace is known.
    pub parse: fn(Args) -> Result<Call, ServiceError>,
}

/// A tool as the table writes it; the definition is assembled from its parts.
struct Spec {
    name: &'static str,
    scope: Scope,
    rate: RateClass,
    parse: fn(Args) -> Result<Call, ServiceError>,
    title: &'static str,
    description: String,
    input: Arc<JsonObject>,
    output: Arc<JsonObject>,
    annotations: ToolAnnotations,
}

impl From<Spec> for Tool {
    fn from(spec: Spec) -> Self {
        let mut definition = Definition::new(spec.name, format!("{} {WORKSPACE_NOTE}", spec.description), spec.input);
        definition.title = Some(spec.title.to_string());
        definition.output_schema = Some(spec.output);
        let mut annotations = spec.annotations;
        annotations.title = Some(spec.title.to_string());
        definition.annotations = Some(annotations);
        Self {
            name: spec.name,
            scope: spec.scope,
            rate: spec.rate,
            definition,
            parse: spec.parse,
        }
    }
}

/// The tool called `name`.
pub fn named(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

const AB_RULES: &str = "While an A/B test is enabled, every visitor goes to a variant chosen by weight and the \
    rules are not consulted at all; weights are relative shares (70 and 30, or 7 and 3), stored as percentages \
    summing to 100. Rule times (timeStart/timeEnd, daysOfWeek) are UTC.";
const WORKSPACE_NOTE: &str = "Works in one workspace: pass workspaceId (or set the X-Workspace-Id header); \
    without one, the answer is the list of your workspaces instead.";

/// Every tool, in the order `tools/list` shows them, built once per process.
pub static TOOLS: LazyLock<[Tool; 13]> = LazyLock::new(|| {
    [
        Spec {
            name: "list_links",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListLinks>,
            title: "List links",
            description:
                "List the workspace's links, newest first, with each link's full record (rules with their ids, \
                 A/B test, tags, whether it is active now, all-time clicks). Filter with search (name or slug, \
                 case-insensitive) and tagIds (links with any of the tags); page through with page and limit \
                 (1-100, default 20), or with cursor set to the answer's nextCursor, while hasMore is true (a page \
                 may hold fewer than limit links while hasMore is true)."
                    .into(),
            input: input::<ListArgs>(&[]),
            output: output::<LinkPage>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "get_link",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<GetLink>,
            title: "Get a link",
            description:
                "Get one link's full record: name, short URL (fullLink), rules in evaluation order with their ids \
                 (the keys of rulesStats in get_link_analytics), A/B test, QR settings, tags, whether visitors are \
                 redirected now (active is false once switched off, expired or over its click limit), all-time \
                 clicks and dates."
                    .into(),
            input: input::<LinkIdInput>(&[]),
            output: output::<LinkRecord>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "get_link_qr",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<GetLinkQr>,
            title: "Get a link's QR code",
            description: "Draw the link's QR code from its qrSettings (color on bgColor, the logo in the centre when \
             useLogo is true): it encodes the short URL with ?qr=1, so scans are counted apart from clicks \
             (triggers.qr in the analytics). format svg (default) gives the SVG document as a text item; png \
             gives a PNG image item; size is 128-2048 pixels (default 512). A summary (what the code encodes, \
             format, size, mimeType) follows as JSON. A link saved before colours were checked for \
             scanning, or whose logo cannot be fetched, is refused with a sentence saying what to change."
                .into(),
            input: input::<QrArgs>(&[]),
            output: output::<QrSummary>(),
            annotations: qr_annotations(),
        },
        Spec {
            name: "create_link",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<CreateLink>,
            title: "Create a link",
            description: format!(
                "Create a short link. rules needs exactly one default rule (isDefault true, no conditions): the \
                 destination when no other rule matches. Other rules are checked in order and the first whose \
                 conditions all match the visitor (country, city, device, os, browser, locale, time window, \
                 days) wins. {AB_RULES} The slug is generated when omitted. qrSettings must draw a scannable code: \
                 color darker than bgColor at a contrast of at least 3:1. Returns id, slug and fullLink."
            ),
            input: input::<McpLinkInput>(&["name", "rules"]),
            output: output::<CreatedLink>(),
            annotations: annotations(false, false, false),
        },
        Spec {
            name: "update_link",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<UpdateLink>,
            title: "Update a link",
            description: format!(
                "Change a link: only the fields given change. A given rules array REPLACES ALL rules, so send \
                 every rule to keep (read them with get_link first). null clears description, clicksLimit, \
                 expirationDate, ogTitle, ogDescription and appearanceColor; clicksLimit 0 also means no limit; \
                 abTest {{\"enabled\": false, \"variants\": []}} switches the split off. Moving slug or domain \
                 releases the old short URL. {AB_RULES}"
            ),
            input: with_link_id(input::<McpLinkPatchInput>(&[])),
            output: output::<UpdatedLink>(),
            annotations: annotations(false, true, true),
        },
        Spec {
            name: "delete_link",
            scope: Scope::LinksDelete,
            rate: RateClass::Standard,
            parse: prepare::<DeleteLink>,
            title: "Delete a link",
            description:
                "Permanently delete a link: its short URL stops working at once (visitors get 404) and its slug is \
                 free again. Cannot be undone."
                    .into(),
            input: input::<LinkIdInput>(&[]),
            output: output::<DeletedLink>(),
            annotations: annotations(false, true, false),
        },
        Spec {
            name: "bulk_create_links",
            scope: Scope::LinksBulk,
            rate: RateClass::Bulk,
            parse: prepare::<BulkCreateLinks>,
            title: "Create links in bulk",
            description: format!(
                "Create 1 to 100 links in one call, each with the create_link fields. Every item is created or \
                 fails on its own: the result lists created links (id, slug, fullLink, name) and failed items \
                 with the reason. The whole call is refused only when the workspace plan cannot take all valid \
                 items. {AB_RULES}"
            ),
            input: input::<BulkArgs>(&[]),
            output: output::<BulkOutcome>(),
            annotations: annotations(false, false, false),
        },
        Spec {
            name: "get_link_analytics",
            scope: Scope::AnalyticsRead,
            rate: RateClass::Analytics,
            parse: prepare::<GetLinkAnalytics>,
            title: "Get link analytics",
            description:
                "Clicks of one link between from and to (YYYY-MM-DD, UTC days, both inclusive; default: since the \
                 link was created, until today): totals (all-time total, periodTotal, unique visitors), daily \
                 traffic with every day present, and breakdowns by country, city, device, browser, OS, referrer, \
                 routing rule (rulesStats, keyed by rule id) and A/B variant (abVariantsStats, keyed by variant id). \
                 Conversions too: totals.conversions, conversions by event with sales per currency, dailyConversions, \
                 conversions, conversionRate and amounts per rule and variant, and for an A/B test abTestResult (the \
                 leader and each variant's probability of converting best). Where visitors were: locations, keyed \
                 by ~5 km cell (geohash of 5 characters) with title, value, lat, lon of the cell's centre and \
                 precise (clicks placed there by a position the visitor chose to share), totals.located and \
                 totals.gpsShared; never a precise position. What was filtered out: totals.bots (automated \
                 visits by bots and link-preview crawlers, never in total, periodTotal or any other count) and \
                 bots, keyed by family (search, seo, monitor, preview, library, other) with title and value."
                    .into(),
            input: input::<LinkAnalyticsArgs>(&[]),
            output: output::<LinkAnalytics>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "get_workspace_analytics",
            scope: Scope::AnalyticsRead,
            rate: RateClass::Analytics,
            parse: prepare::<GetWorkspaceAnalytics>,
            title: "Get workspace analytics",
            description:
                "Clicks across all links of the workspace between from and to (YYYY-MM-DD, UTC days, inclusive; \
                 default: since the workspace was created, until today): totals, daily traffic, clicks and \
                 conversions per link, conversions by event, dailyConversions, breakdowns by country, city, \
                 device, browser and OS, locations by ~5 km cell with totals.located and totals.gpsShared, and \
                 the automated visits left out, totals.bots and bots by family (as in get_link_analytics). Only \
                 the workspace owner or a manager may call it."
                    .into(),
            input: input::<RangeArgs>(&[]),
            output: output::<WorkspaceAnalytics>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "list_tags",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListTags>,
            title: "List tags",
            description: "List the workspace's tags by name: each tag's id (what tagIds of create_link, update_link \
                 and list_links take), name, colour and how many links carry it."
                .into(),
            input: input::<NoArgs>(&[]),
            output: output::<TagList>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "create_tag",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<CreateTag>,
            title: "Create a tag",
            description: "Create a tag: a name (1-50 characters, unique in the workspace whatever the case) and an \
                 optional colour (#RGB or #RRGGBB). Answers the new tag's id. Only the workspace's owner and \
                 managers may create tags."
                .into(),
            input: input::<TagInput>(&["name"]),
            output: output::<CreatedTag>(),
            annotations: annotations(false, false, false),
        },
        Spec {
            name: "list_utm_templates",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListUtmTemplates>,
            title: "List UTM templates",
            description: "List the workspace's UTM templates by name: each one's id, name and the five fields \
                 (source, medium, campaign, term, content; null when unset) to copy into a link's utm on \
                 create_link or update_link."
                .into(),
            input: input::<NoArgs>(&[]),
            output: output::<UtmTemplateList>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "list_domains",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListDomains>,
            title: "List domains",
            description: "List the domains a link's domain may name: the default short domain first (isDefault), then \
                 the workspace's custom domains with their status. Only verified ones take new links; pending ones \
                 wait for their DNS record, invalid ones lost it (their links still redirect)."
                .into(),
            input: input::<NoArgs>(&[]),
            output: output::<DomainList>(),
            annotations: annotations(true, false, true),
        },
    ]
    .map(Tool::from)
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
