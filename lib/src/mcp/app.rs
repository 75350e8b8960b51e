//! The analytics app (MCP Apps): one self-contained HTML document, built from `mcp-app/` with
//! the official `@modelcontextprotocol/ext-apps` package and committed, that a host renders in
//! the chat beside `get_link_analytics` and `get_workspace_analytics` and fills from the tool's
//! structured result.

/// The app's resource URI, named by the analytics tools in `_meta.ui.resourceUri`.
pub const ANALYTICS_APP_URI: &str = "ui://smartlinks/analytics.html";

/// The MIME type MCP Apps hosts look for.
pub const APP_MIME_TYPE: &str = "text/html;profile=mcp-app";

/// The built document (`mcp-app/build` writes it; the test command checks it is fresh).
pub const ANALYTICS_APP_HTML: &str = include_str!("../../assets/mcp/analytics-app.html");
