//! The resources: each link and its analytics over a range, addressed by URI templates, and
//! the analytics app (MCP Apps). A link resource is read by the tool that answers the same
//! question (`get_link`, `get_link_analytics`), so its JSON, its scope, its errors and its rate
//! limits are that tool's; this module only names the resources and reads their URIs.

use rmcp::ErrorData;
use rmcp::model::{
    CallToolRequestParams, ListResourcesResult, MetaObject, ReadResourceResult, Resource, ResourceContents,
    ResourceTemplate,
};
use serde_json::{Map, Value, json};

use super::app::{ANALYTICS_APP_HTML, ANALYTICS_APP_URI, APP_MIME_TYPE};
use super::channel::Admitted;
use super::server::Server;
use super::tools::Output;
use crate::domain::{RateClass, Scope};
use crate::service::ServiceError;

type Parts = lambda_http::http::request::Parts;

/// The template of a link resource.
pub const LINK_TEMPLATE: &str = "smartlinks://workspaces/{workspaceId}/links/{linkId}";
/// The template of a link's analytics resource (`from`/`to`: `YYYY-MM-DD`, UTC, inclusive).
pub const ANALYTICS_TEMPLATE: &str = "smartlinks://workspaces/{workspaceId}/links/{linkId}/analytics{?from,to}";
/// The MIME type of every link resource.
pub const JSON_MIME_TYPE: &str = "application/json";
/// Links per `resources/list` page (one `list_links` page).
pub const PAGE_SIZE: u64 = 50;

/// What a resource URI names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The analytics app's HTML.
    App,
    /// A tool call answering the resource: the tool's name and its arguments (with
    /// `workspaceId`, taken from the URI).
    Tool {
        tool: &'static str,
        args: Map<String, Value>,
    },
}

/// What `uri` names, or `None` when it is not one of ours. The ids are not checked here: the
/// tool's own parsing refuses a malformed one with its usual error.
pub fn target(uri: &str) -> Option<Target> {
    if uri == ANALYTICS_APP_URI {
        return Some(Target::App);
    }
    let rest = uri.strip_prefix("smartlinks://workspaces/")?;
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let segments: Vec<&str> = path.split('/').collect();
    let (workspace, link, analytics) = match segments.as_slice() {
        [workspace, "links", link] => (workspace, link, false),
        [workspace, "links", link, "analytics"] => (workspace, link, true),
        _ => return None,
    };
    if workspace.is_empty() || link.is_empty() || (!analytics && !query.is_empty()) {
        return None;
    }
    let mut args = Map::new();
    args.insert("workspaceId".into(), json!(workspace));
    args.insert("linkId".into(), json!(link));
    if !analytics {
        return Some(Target::Tool { tool: "get_link", args });
    }
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        match key.as_ref() {
            "from" | "to" if !args.contains_key(key.as_ref()) => {
                args.insert(key.into_owned(), json!(value));
            }
            _ => return None,
        }
    }
    Some(Target::Tool {
        tool: "get_link_analytics",
        args,
    })
}

/// A link's resource URI.
pub fn link_uri(workspace: &str, link: &str) -> String {
    format!("smartlinks://workspaces/{workspace}/links/{link}")
}

/// One link of a `list_links` page as a resource (`None` for an item without an id).
pub fn link_resource(record: &Value) -> Option<Resource> {
    let id = record.get("id")?.as_str()?;
    let workspace = record.get("workspaceId")?.as_str()?;
    let name = record.get("name").and_then(Value::as_str).unwrap_or(id);
    let mut resource = Resource::new(link_uri(workspace, id), name).with_title(name);
    resource.description = record
        .get("fullLink")
        .and_then(Value::as_str)
        .map(|full| format!("The smart link {full}: its rules, A/B test, settings and click count."));
    Some(resource.with_mime_type(JSON_MIME_TYPE))
}

/// The templates `resources/templates/list` shows.
pub fn templates() -> Vec<ResourceTemplate> {
    let template = |uri: &str, name: &str, title: &str, description: &str| {
        ResourceTemplate::new(uri, name)
            .with_title(title)
            .with_description(description)
            .with_mime_type(JSON_MIME_TYPE)
    };
    vec![
        template(
            LINK_TEMPLATE,
            "link",
            "Smart link",
            "A link's full record, as get_link answers it (needs links:read).",
        ),
        template(
            ANALYTICS_TEMPLATE,
            "link_analytics",
            "Smart link analytics",
            "A link's clicks over a range of UTC days (from and to: YYYY-MM-DD, inclusive; by default from the \
             link's creation day to today), as get_link_analytics answers it (needs analytics:read).",
        ),
    ]
}

/// What MCP Apps hosts read about the app: no remote domain at all (the document is
/// self-contained), drawn with a border.
fn app_meta() -> MetaObject {
    let mut meta = MetaObject::new();
    meta.0.insert(
        "ui".into(),
        json!({ "csp": { "connectDomains": [], "resourceDomains": [] }, "prefersBorder": true }),
    );
    meta
}

/// The analytics app as `resources/list` shows it.
pub fn app_resource() -> Resource {
    Resource::new(ANALYTICS_APP_URI, "analytics_app")
        .with_title("Analytics view")
        .with_description(
            "The chart and breakdowns that get_link_analytics and get_workspace_analytics render in the chat \
             (MCP Apps; needs analytics:read).",
        )
        .with_mime_type(APP_MIME_TYPE)
        .with_meta(app_meta())
}

/// The analytics app's contents.
pub fn app_contents() -> ResourceContents {
    ResourceContents::TextResourceContents {
        uri: ANALYTICS_APP_URI.into(),
        mime_type: Some(APP_MIME_TYPE.into()),
        text: ANALYTICS_APP_HTML.into(),
        meta: Some(app_meta()),
    }
}

/// A tool's JSON answer as a resource's contents.
pub fn json_contents(uri: &str, text: String) -> ResourceContents {
    ResourceContents::TextResourceContents {
        uri: uri.into(),
        mime_type: Some(JSON_MIME_TYPE.into()),
        text,
        meta: None,
    }
}

impl Server {
    /// One `resources/list` page: the app first (with `analytics:read`, on the first page),
    /// then one `list_links` page of the selected workspace (with `links:read`; none when no
    /// workspace is selected), going on with the links' own cursor.
    pub(super) async fn resource_page(
        &self,
        admitted: &Admitted,
        parts: &Parts,
        cursor: Option<String>,
    ) -> Result<ListResourcesResult, ServiceError> {
        let mut resources = Vec::new();
        if cursor.is_none() && admitted.caller.has_scope(Scope::AnalyticsRead) {
            resources.push(app_resource());
        }
        let mut next_cursor = None;
        if admitted.caller.has_scope(Scope::LinksRead) {
            let mut args = Map::new();
            args.insert("limit".into(), json!(PAGE_SIZE));
            if let Some(cursor) = cursor {
                args.insert("cursor".into(), json!(cursor));
            }
            let request = CallToolRequestParams::new("list_links").with_arguments(args);
            if let Output::Json { value, .. } = self.call_plain(admitted, parts, request).await? {
                let links = value.get("links").and_then(Value::as_array);
                resources.extend(links.into_iter().flatten().filter_map(link_resource));
                next_cursor = value.get("nextCursor").and_then(Value::as_str).map(str::to_string);
            }
        }
        let mut result = ListResourcesResult::with_all_items(resources);
        result.next_cursor = next_cursor;
        Ok(result)
    }

    /// `resources/read`: a link resource by its tool, the app with `analytics:read` (charged
    /// as a standard call).
    pub(super) async fn read(
        &self,
        admitted: &Admitted,
        parts: &Parts,
        uri: &str,
    ) -> Result<ReadResourceResult, ErrorData> {
        let Some(target) = target(uri) else {
            self.charge(admitted, None, RateClass::Standard)
                .await
                .map_err(|err| refusal(admitted, &err))?;
            return Err(ErrorData::resource_not_found(
                "Unknown resource. Call resources/templates/list for the resources this server has.",
                Some(json!({ "uri": uri })),
            ));
        };
        self.read_target(admitted, parts, uri, target)
            .await
            .map_err(|err| refusal(admitted, &err))
    }

    async fn read_target(
        &self,
        admitted: &Admitted,
        parts: &Parts,
        uri: &str,
        target: Target,
    ) -> Result<ReadResourceResult, ServiceError> {
        match target {
            Target::App => {
                let allowed = admitted.caller.require_scope(Scope::AnalyticsRead);
                self.charge(admitted, None, RateClass::Standard).await?;
                allowed?;
                Ok(ReadResourceResult::new(vec![app_contents()]))
            }
            Target::Tool { tool, args } => {
                let request = CallToolRequestParams::new(tool).with_arguments(args);
                let text = match self.call_plain(admitted, parts, request).await? {
                    Output::Json { text, .. } => text,
                    // Not one of the resources' tools; its summary is its JSON.
                    other => other.into_result().structured_content.unwrap_or_default().to_string(),
                };
                Ok(ReadResourceResult::new(vec![json_contents(uri, text)]))
            }
        }
    }
}

/// The JSON-RPC error a refused resource request answers (the tools' mapping).
pub(super) fn refusal(admitted: &Admitted, err: &ServiceError) -> ErrorData {
    let rpc = super::errors::to_rpc(err, &admitted.request_id);
    admitted.meter.refused(err, &rpc);
    rpc
}

#[cfg(test)]
mod tests {
    use super::*;

    const WS: &str = "aaaaaaaaaaaaaaaaaaaaaaaa";
    const LINK: &str = "bbbbbbbbbbbbbbbbbbbbbbbb";

    fn tool(uri: &str) -> (&'static str, Value) {
        match target(uri) {
            Some(Target::Tool { tool, args }) => (tool, Value::Object(args)),
            other => panic!("{uri} named {other:?}"),
        }
    }

    #[test]
    fn a_link_uri_is_read_by_get_link_in_its_workspace() {
        let (name, args) = tool(&link_uri(WS, LINK));
        assert_eq!(name, "get_link");
        assert_eq!(args, json!({ "workspaceId": WS, "linkId": LINK }));
    }

    #[test]
    fn an_analytics_uri_is_read_by_get_link_analytics_with_its_range() {
        let (name, args) = tool(&format!(
            "{}/analytics?from=2026-01-01&to=2026-01-31",
            link_uri(WS, LINK)
        ));
        assert_eq!(name, "get_link_analytics");
        assert_eq!(
            args,
            json!({ "workspaceId": WS, "linkId": LINK, "from": "2026-01-01", "to": "2026-01-31" })
        );
        let (_, args) = tool(&format!("{}/analytics", link_uri(WS, LINK)));
        assert_eq!(args, json!({ "workspaceId": WS, "linkId": LINK }));
    }

    #[test]
    fn the_app_uri_names_the_app() {
        assert_eq!(target(ANALYTICS_APP_URI), Some(Target::App));
    }

    #[test]
    fn other_uris_name_nothing() {
        for uri in [
            "smartlinks://workspaces/",
            "https://example.com/",
            &format!("smartlinks://workspaces/{WS}/links"),
            &format!("{}?from=2026-01-01", link_uri(WS, LINK)),
            &format!("{}/analytics?days=3", link_uri(WS, LINK)),
            &format!("{}/analytics?from=2026-01-01&from=2026-01-02", link_uri(WS, LINK)),
            &format!("{}/rules", link_uri(WS, LINK)),
        ] {
            assert_eq!(target(uri), None, "{uri}");
        }
    }

    #[test]
    fn a_listed_link_points_at_its_resource() {
        let resource = link_resource(&json!({ "id": LINK, "workspaceId": WS, "name": "Spring",
            "fullLink": "https://sl.test/spring" }))
        .unwrap();
        assert_eq!(resource.uri, link_uri(WS, LINK));
        assert_eq!(resource.name, "Spring");
        assert_eq!(resource.mime_type.as_deref(), Some(JSON_MIME_TYPE));
    }
}
