//! The analytics app (MCP Apps): one self-contained HTML document, built from `mcp-app/` with
//! the official `@modelcontextprotocol/ext-apps` package and committed, that a host renders in
//! the chat beside `get_link_analytics` and `get_workspace_analytics` and fills from the tool's
//! structured result.
//!
//! The resource declares (`_meta.ui`, MCP Apps 2026-01-26) a Content Security Policy with no
//! outside origin at all: the document inlines its script and style, fetches nothing and
//! connects nowhere (its data comes from the host over `postMessage`), so the host's strictest
//! policy fits it.

use rmcp::model::{MetaObject, Resource, ResourceContents};
use serde::Serialize;

/// The app's resource URI, named by the analytics tools in `_meta.ui.resourceUri`.
pub const ANALYTICS_APP_URI: &str = "ui://smartlinks/analytics.html";

/// The MIME type MCP Apps hosts look for.
pub const APP_MIME_TYPE: &str = "text/html;profile=mcp-app";

/// The built document (`mcp-app/build` writes it; the test command checks it is fresh).
pub const ANALYTICS_APP_HTML: &str = include_str!("../../assets/mcp/analytics-app.html");

/// The resource's name in `resources/list`.
const NAME: &str = "analytics-app";
const TITLE: &str = "Analytics view";
const DESCRIPTION: &str = "Draws the result of get_link_analytics or get_workspace_analytics in \
     the chat: clicks and conversions per day, the top countries, cities, devices, browsers, \
     systems and referrers, each rule's and A/B variant's conversions, and the A/B leader.";

/// `_meta.ui` of the resource (the MCP Apps `McpUiResourceMeta`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
struct UiResourceMeta {
    csp: Csp,
    prefers_border: bool,
}

/// The origins the document may reach, per kind (`McpUiResourceCsp`): none of any kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
struct Csp {
    /// `connect-src`: fetch, XHR, WebSocket.
    connect_domains: Vec<String>,
    /// `img-src`, `script-src`, `style-src`, `font-src`, `media-src`.
    resource_domains: Vec<String>,
    /// `frame-src`.
    frame_domains: Vec<String>,
    /// `base-uri`.
    base_uri_domains: Vec<String>,
}

/// `{ "ui": { "csp": { … every list empty … }, "prefersBorder": true } }`: the `_meta` of
/// the resource, in `resources/list` and on its contents in `resources/read`.
pub fn analytics_app_meta() -> MetaObject {
    let ui = UiResourceMeta {
        csp: Csp::default(),
        prefers_border: true,
    };
    let mut meta = MetaObject::default();
    meta.0.insert(
        "ui".into(),
        serde_json::to_value(ui).expect("the UI metadata encodes as JSON"),
    );
    meta
}

/// The app as `resources/list` lists it.
pub fn analytics_app_resource() -> Resource {
    Resource::new(ANALYTICS_APP_URI, NAME)
        .with_title(TITLE)
        .with_description(DESCRIPTION)
        .with_mime_type(APP_MIME_TYPE)
        .with_size(ANALYTICS_APP_HTML.len() as u64)
        .with_meta(analytics_app_meta())
}

/// The app as `resources/read` returns it: the document, its MIME type and its `_meta.ui`.
pub fn analytics_app_contents() -> ResourceContents {
    ResourceContents::text(ANALYTICS_APP_HTML, ANALYTICS_APP_URI)
        .with_mime_type(APP_MIME_TYPE)
        .with_meta(analytics_app_meta())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_app_declares_a_policy_that_reaches_no_origin() {
        let meta = serde_json::to_value(analytics_app_meta()).unwrap();
        assert_eq!(
            meta,
            json!({ "ui": {
                "csp": { "connectDomains": [], "resourceDomains": [], "frameDomains": [], "baseUriDomains": [] },
                "prefersBorder": true
            }})
        );
    }

    #[test]
    fn reading_the_app_gives_the_built_document_as_an_mcp_app() {
        let contents = serde_json::to_value(analytics_app_contents()).unwrap();
        assert_eq!(contents["uri"], ANALYTICS_APP_URI);
        assert_eq!(contents["mimeType"], "text/html;profile=mcp-app");
        assert_eq!(contents["text"], ANALYTICS_APP_HTML);
        assert_eq!(contents["_meta"], serde_json::to_value(analytics_app_meta()).unwrap());
    }

    #[test]
    fn the_listed_app_carries_its_type_size_and_policy() {
        let listed = serde_json::to_value(analytics_app_resource()).unwrap();
        assert_eq!(listed["uri"], ANALYTICS_APP_URI);
        assert_eq!(listed["mimeType"], APP_MIME_TYPE);
        assert_eq!(listed["size"], ANALYTICS_APP_HTML.len());
        assert_eq!(listed["_meta"]["ui"]["csp"]["connectDomains"], json!([]));
    }

    #[test]
    fn the_built_document_is_self_contained() {
        let html = ANALYTICS_APP_HTML;
        assert!(html.starts_with("<!doctype html>"), "a whole document");
        assert!(
            html.contains("<script type=\"module\">") && html.contains("<style>"),
            "script and style inlined"
        );
        for remote in ["<script src", "<link ", "@import", "url(http", "url(//"] {
            assert!(!html.contains(remote), "loads nothing from elsewhere ({remote})");
        }
    }
}
