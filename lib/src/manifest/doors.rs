//! The other doors of the service host: MCP, the API's documents, people's pages (the account
//! pages, the app), the OAuth authorization server, and the API's fallback.

use super::{
    BATCH_GET, CONDITION_CHECK, DEFAULT_ROUTE, DELETE_ITEM, DOCS_PATH, DOCS_SCRIPT_PATH, Function, GET_ITEM,
    OPENAPI_PATH, PLAIN, PUT_ITEM, QUERY, UPDATE_ITEM, function_url, service,
};

/// What people's pages (the account pages, the app) do on the table: every kind of read and
/// write, as the people using them do.
const PAGES_TABLE_ACTIONS: &[&str] = &[
    GET_ITEM,
    BATCH_GET,
    QUERY,
    PUT_ITEM,
    UPDATE_ITEM,
    DELETE_ITEM,
    CONDITION_CHECK,
];

functions! {
    pub const MCP: Function = Function {
        name: "mcp",
        logical_id: "McpFunction",
        routes: &[service("ANY", "/apiv1/mcp"), function_url("/mcp")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM, CONDITION_CHECK],
        index_actions: &[QUERY],
        ..PLAIN
    };

    /// The OpenAPI document, its reference page and the page's renderer: no key, no table.
    pub const API_DOCS: Function = Function {
        name: "api-docs",
        logical_id: "ApiDocsFunction",
        routes: &[
            service("GET", OPENAPI_PATH),
            service("HEAD", OPENAPI_PATH),
            service("GET", DOCS_PATH),
            service("HEAD", DOCS_PATH),
            service("GET", DOCS_SCRIPT_PATH),
            service("HEAD", DOCS_SCRIPT_PATH),
        ],
        ..PLAIN
    };

    /// The account pages (sign-in, integrations, invitations, resets, the profile, sign-up): people's pages, not the API, so not in the
    /// OpenAPI document.
    pub const ACCOUNT: Function = Function {
        name: "account",
        logical_id: "AccountFunction",
        routes: &[service("ANY", "/account"), service("ANY", "/account/{proxy+}")],
        table_actions: PAGES_TABLE_ACTIONS,
        index_actions: &[QUERY],
        ..PLAIN
    };

    /// The web app: the home page, and every page under `/app` (links, the editor, analytics).
    pub const APP: Function = Function {
        name: "app",
        logical_id: "AppFunction",
        routes: &[
            service("ANY", "/"),
            service("ANY", "/app"),
            service("ANY", "/app/{proxy+}"),
        ],
        table_actions: PAGES_TABLE_ACTIONS,
        index_actions: &[QUERY],
        ..PLAIN
    };

    /// The OAuth authorization server and the protected resource's metadata: discovery,
    /// registration, the consent page, tokens and revocation, connected apps.
    pub const OAUTH: Function = Function {
        name: "oauth",
        logical_id: "OAuthFunction",
        routes: &[
            service("GET", "/.well-known/oauth-authorization-server"),
            service("HEAD", "/.well-known/oauth-authorization-server"),
            service("GET", "/.well-known/oauth-protected-resource"),
            service("HEAD", "/.well-known/oauth-protected-resource"),
            service("GET", "/.well-known/oauth-protected-resource/apiv1/mcp"),
            service("HEAD", "/.well-known/oauth-protected-resource/apiv1/mcp"),
            service("ANY", "/oauth/{proxy+}"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
        index_actions: &[QUERY],
        ..PLAIN
    };

    pub const FALLBACK: Function = Function {
        name: "fallback",
        logical_id: "FallbackFunction",
        routes: &[service("ANY", DEFAULT_ROUTE)],
        ..PLAIN
    };
}
