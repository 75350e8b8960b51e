//! The eight tools: their definitions (as `tools/list` shows them) and their calls, which
//! parse the arguments into the same wire shapes the HTTP API uses and run the same
//! service code.

use std::sync::LazyLock;

use lib::domain::Scope;
use lib::service::{Access, ListQuery, Service, ServiceError, parse_link_id};
use lib::wire::{self, Door, LinkInput, LinkPatchInput};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value, json};

use crate::schema;

/// A tool as listed, and the scope it needs.
#[derive(Debug, Clone)]
pub struct Tool {
    pub name: &'static str,
    pub scope: Scope,
    /// The definition `tools/list` returns.
    pub definition: Value,
}

/// What a caller can be called with, per tool (besides `workspaceId`).
const CREATE_FIELDS: [&str; 12] = [
    "name",
    "rules",
    "slug",
    "domain",
    "description",
    "active",
    "tagIds",
    "clicksLimit",
    "expirationDate",
    "conversionTracking",
    "gpsTracking",
    "abTest",
];
const UPDATE_ONLY_FIELDS: [&str; 3] = ["ogTitle", "ogDescription", "appearanceColor"];

const AB_RULES: &str = "While an A/B test is enabled, every visitor goes to a variant chosen by weight and the \
    rules are not consulted at all; weights are relative shares (70 and 30, or 7 and 3), stored as percentages \
    summing to 100. Rule times (timeStart/timeEnd, daysOfWeek) are UTC.";

fn annotations(read_only: bool, destructive: bool, idempotent: bool) -> Value {
    if read_only {
        json!({ "readOnlyHint": true, "openWorldHint": false })
    } else {
        json!({ "readOnlyHint": false, "destructiveHint": destructive, "idempotentHint": idempotent, "openWorldHint": false })
    }
}

fn tool(
    name: &'static str,
    scope: Scope,
    title: &str,
    description: String,
    input: Value,
    output: Value,
    annotations: Value,
) -> Tool {
    let mut annotations = annotations;
    annotations["title"] = json!(title);
    Tool {
        name,
        scope,
        definition: json!({
            "name": name,
            "title": title,
            "description": description,
            "inputSchema": input,
            "outputSchema": output,
            "annotations": annotations,
        }),
    }
}

/// Every tool, in the order `tools/list` shows them.
pub static TOOLS: LazyLock<Vec<Tool>> = LazyLock::new(|| {
    let workspace_note = "Works in one workspace: pass workspaceId (or set the X-Workspace-Id header); \
        without one, the answer is the list of your workspaces instead.";
    vec![
        tool(
            "list_links",
            Scope::LinksRead,
            "List links",
            format!(
                "List the workspace's links, newest first, with each link's full record (rules with their ids, \
                 A/B test, tags, whether it is active now, all-time clicks). Filter with search (name or slug, \
                 case-insensitive) and tagIds (links with any of the tags); page through with page and limit \
                 (1-100, default 20) while hasMore is true. {workspace_note}"
            ),
            schema::list_links_input(),
            schema::list_links_output(),
            annotations(true, false, true),
        ),
        tool(
            "get_link",
            Scope::LinksRead,
            "Get a link",
            format!(
                "Get one link's full record: name, short URL (fullLink), rules in evaluation order with their ids \
                 (the keys of rulesStats in get_link_analytics), A/B test, QR settings, tags, whether visitors are \
                 redirected now (active is false once switched off, expired or over its click limit), all-time \
                 clicks and dates. {workspace_note}"
            ),
            schema::link_id_input(),
            schema::get_link_output(),
            annotations(true, false, true),
        ),
        tool(
            "create_link",
            Scope::LinksWrite,
            "Create a link",
            format!(
                "Create a short link. rules needs exactly one default rule (isDefault true, no conditions): the \
                 destination when no other rule matches. Other rules are checked in order and the first whose \
                 conditions all match the visitor (country, city, device, os, browser, locale, time window, days) \
                 wins. {AB_RULES} The slug is generated when omitted. Returns id, slug and fullLink. {workspace_note}"
            ),
            schema::create_link_input(),
            schema::create_link_output(),
            annotations(false, false, false),
        ),
        tool(
            "update_link",
            Scope::LinksWrite,
            "Update a link",
            format!(
                "Change a link: only the fields given change. A given rules array REPLACES ALL rules, so send every \
                 rule to keep (read them with get_link first). null clears description, clicksLimit, \
                 expirationDate, ogTitle, ogDescription and appearanceColor; clicksLimit 0 also means no limit; \
                 abTest {{\"enabled\": false, \"variants\": []}} switches the split off. Moving slug or domain \
                 releases the old short URL. {AB_RULES} {workspace_note}"
            ),
            schema::update_link_input(),
            schema::update_link_output(),
            annotations(false, true, true),
        ),
        tool(
            "delete_link",
            Scope::LinksDelete,
            "Delete a link",
            format!(
                "Permanently delete a link: its short URL stops working at once (visitors get 404) and its slug is \
                 free again. Cannot be undone. {workspace_note}"
            ),
            schema::link_id_input(),
            schema::delete_link_output(),
            annotations(false, true, false),
        ),
        tool(
            "bulk_create_links",
            Scope::LinksBulk,
            "Create links in bulk",
            format!(
                "Create 1 to 100 links in one call, each with the create_link fields. Every item is created or fails \
                 on its own: the result lists created links (id, slug, fullLink, name) and failed items with the \
                 reason. The whole call is refused only when the workspace plan cannot take all valid items. \
                 {AB_RULES} {workspace_note}"
            ),
            schema::bulk_input(),
            schema::bulk_output(),
            annotations(false, false, false),
        ),
        tool(
            "get_link_analytics",
            Scope::AnalyticsRead,
            "Get link analytics",
            format!(
                "Clicks of one link between from and to (YYYY-MM-DD, UTC days, both inclusive; default: since the \
                 link was created, until today): totals (all-time total, periodTotal, unique visitors), daily \
                 traffic with every day present, and breakdowns by country, city, device, browser, OS, referrer, \
                 routing rule (rulesStats, keyed by rule id) and A/B variant (abVariantsStats, keyed by variant \
                 id). {workspace_note}"
            ),
            schema::link_analytics_input(),
            schema::link_analytics_output(),
            annotations(true, false, true),
        ),
        tool(
            "get_workspace_analytics",
            Scope::AnalyticsRead,
            "Get workspace analytics",
            format!(
                "Clicks across all links of the workspace between from and to (YYYY-MM-DD, UTC days, inclusive; \
                 default: since the workspace was created, until today): totals, daily traffic, clicks per link, \
                 and breakdowns by country, city, device, browser and OS. Only the workspace owner or a manager may \
                 call it. {workspace_note}"
            ),
            schema::workspace_analytics_input(),
            schema::workspace_analytics_output(),
            annotations(true, false, true),
        ),
    ]
});

/// The tool called `name`, if any.
pub fn find(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| t.name == name)
}

/// Refuses arguments outside `allowed` (naming the first), like the HTTP API refuses
/// unknown body fields.
fn only(args: &Map<String, Value>, allowed: &[&str]) -> Result<(), ServiceError> {
    match args.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(field) => Err(lib::domain::Invalid::new(
            field.clone(),
            format!("{field} is not a known field; check its spelling."),
        )
        .into()),
        None => Ok(()),
    }
}

fn take_link_id(args: &mut Map<String, Value>) -> Result<lib::ids::ObjectId, ServiceError> {
    let raw = match args.remove("linkId") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s),
        Some(other) => Some(other.to_string()),
    };
    parse_link_id(raw.as_deref())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ListArgs {
    #[serde(default)]
    page: Option<serde_json::Number>,
    #[serde(default)]
    limit: Option<serde_json::Number>,
    #[serde(default)]
    search: Option<String>,
    #[serde(default)]
    tag_ids: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct RangeArgs {
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
}

/// A tool's arguments parsed into what its service operation takes: everything a call
/// checks before it needs a workspace.
#[derive(Debug)]
pub enum Parsed {
    List(ListQuery),
    Get(lib::ids::ObjectId),
    Create(Box<LinkInput>),
    Update(lib::ids::ObjectId, Box<LinkPatchInput>),
    Delete(lib::ids::ObjectId),
    Bulk(Vec<Value>),
    LinkAnalytics(String, RangeArgsOwned),
    WorkspaceAnalytics(RangeArgsOwned),
}

#[derive(Debug)]
pub struct RangeArgsOwned {
    pub from: Option<String>,
    pub to: Option<String>,
}

/// Parses `args` (without `workspaceId`) for `tool` (no I/O).
pub fn parse(tool: &Tool, mut args: Map<String, Value>) -> Result<Parsed, ServiceError> {
    Ok(match tool.name {
        "list_links" => {
            let a: ListArgs = wire::from_json(Value::Object(args))?;
            Parsed::List(ListQuery::parse(
                a.page.map(|n| n.to_string()).as_deref(),
                a.limit.map(|n| n.to_string()).as_deref(),
                a.search.as_deref(),
                a.tag_ids.as_deref().unwrap_or_default(),
            )?)
        }
        "get_link" | "delete_link" => {
            let id = take_link_id(&mut args)?;
            only(&args, &[])?;
            if tool.name == "get_link" {
                Parsed::Get(id)
            } else {
                Parsed::Delete(id)
            }
        }
        "create_link" => {
            only(&args, &CREATE_FIELDS)?;
            Parsed::Create(Box::new(wire::from_json(Value::Object(args))?))
        }
        "update_link" => {
            let id = take_link_id(&mut args)?;
            let allowed: Vec<&str> = CREATE_FIELDS.iter().chain(UPDATE_ONLY_FIELDS.iter()).copied().collect();
            only(&args, &allowed)?;
            Parsed::Update(id, Box::new(wire::from_json(Value::Object(args))?))
        }
        "bulk_create_links" => {
            let items = match args.remove("links") {
                Some(Value::Array(items)) => items,
                None | Some(Value::Null) => return Err(ServiceError::BulkEmpty),
                Some(_) => {
                    return Err(lib::domain::Invalid::new("links", "links must be an array of link objects.").into());
                }
            };
            only(&args, &[])?;
            Parsed::Bulk(items)
        }
        "get_link_analytics" => {
            let raw = match args.remove("linkId") {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(s)) => s,
                Some(other) => other.to_string(),
            };
            let range: RangeArgs = wire::from_json(Value::Object(args))?;
            Parsed::LinkAnalytics(
                raw,
                RangeArgsOwned {
                    from: range.from,
                    to: range.to,
                },
            )
        }
        "get_workspace_analytics" => {
            let range: RangeArgs = wire::from_json(Value::Object(args))?;
            Parsed::WorkspaceAnalytics(RangeArgsOwned {
                from: range.from,
                to: range.to,
            })
        }
        other => return Err(ServiceError::BadRequest(format!("Unknown tool: {other}."))),
    })
}

/// Items of a bulk call carrying a field create_link does not take fail on their own.
fn bulk_item_error(item: &Value) -> Option<String> {
    let field = item
        .as_object()?
        .keys()
        .find(|k| !CREATE_FIELDS.contains(&k.as_str()))?;
    Some(format!("{field} is not a known field; check its spelling."))
}

/// Runs a parsed call in the caller's workspace; the structured result, encoded.
pub async fn run(service: &Service, access: &Access, parsed: Parsed) -> Result<Box<RawValue>, ServiceError> {
    Ok(match parsed {
        Parsed::List(query) => encode(&service.list_links(access, &query).await?),
        Parsed::Get(id) => encode(&service.get_link_record(access, &id).await?),
        Parsed::Create(input) => {
            let created = service.create_link(access, &input, Door::Mcp).await?;
            encode(&json!({
                "message": format!("Link \"{}\" created.", created.name),
                "id": created.id,
                "slug": created.slug,
                "fullLink": created.full_link,
            }))
        }
        Parsed::Update(id, patch) => {
            let id = service.update_link(access, &id, &patch, Door::Mcp).await?;
            encode(&json!({ "message": "Link updated.", "id": id }))
        }
        Parsed::Delete(id) => {
            let deleted = service.delete_link(access, &id).await?;
            encode(&json!({ "message": format!("Link \"{}\" deleted.", deleted.name) }))
        }
        Parsed::Bulk(items) => encode(&bulk(service, access, items).await?),
        Parsed::LinkAnalytics(link, range) => encode(
            &service
                .link_analytics(access, &link, range.from.as_deref(), range.to.as_deref())
                .await?,
        ),
        Parsed::WorkspaceAnalytics(range) => encode(
            &service
                .workspace_analytics(access, range.from.as_deref(), range.to.as_deref())
                .await?,
        ),
    })
}

async fn bulk(service: &Service, access: &Access, items: Vec<Value>) -> Result<Value, ServiceError> {
    if items.len() > lib::service::MAX_BULK_LINKS {
        return Err(ServiceError::BulkTooLarge);
    }
    let mut failed: Vec<Value> = Vec::new();
    let mut valid = Vec::with_capacity(items.len());
    for item in items {
        match bulk_item_error(&item) {
            Some(error) => failed.push(json!({ "input": item, "error": error })),
            None => valid.push(item),
        }
    }
    let mut created: Vec<Value> = Vec::new();
    if !valid.is_empty() || failed.is_empty() {
        let outcome = service.bulk_create(access, &valid, Door::Mcp).await?;
        created = outcome
            .created
            .iter()
            .map(|c| json!({ "id": c.id, "slug": c.slug, "fullLink": c.full_link, "name": c.name }))
            .collect();
        failed.extend(
            outcome
                .failed
                .iter()
                .map(|f| json!({ "input": f.input, "error": f.error })),
        );
    }
    Ok(json!({
        "message": format!("{} links created, {} failed.", created.len(), failed.len()),
        "created": created,
        "failed": failed,
    }))
}

/// A result encoded once: it goes out both as `structuredContent` and as the text item.
pub fn encode<T: serde::Serialize>(value: &T) -> Box<RawValue> {
    // Service results are plain structs and string-keyed maps: encoding cannot fail.
    serde_json::value::to_raw_value(value).expect("service results encode as JSON")
}
