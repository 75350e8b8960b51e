//! `GET /` on the dev server: what runs where, for someone who opened it in a browser.

use html_escape::encode_text as text;
use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};

use crate::Functions;

/// A small page naming the API base, the MCP URL, the short-link host and the demo workspace.
pub fn page(host: &str, functions: &Functions) -> Response<Body> {
    let base = format!("http://{host}");
    let port = host.rsplit_once(':').map(|(_, p)| p).unwrap_or("80");
    let short = format!("http://{}:{port}", functions.service.config.default_domain);
    let demo = functions.demo_workspace.as_ref().map_or_else(
        || "<p>No demo workspace was seeded (start with <code>scripts/serve</code> for one).</p>".to_string(),
        |id| {
            format!(
                "<p>Demo workspace id: <code>{}</code> (its API key, e-mail and password were printed by <code>scripts/serve</code>).</p>",
                text(id.as_str())
            )
        },
    );
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Smart links dev server</title></head>\
         <body style=\"font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5\">\
         <h1>Smart links dev server</h1>\
         <p>Every Lambda function of <code>template.yaml</code>, served locally over DynamoDB Local.</p>\
         <dl>\
         <dt>HTTP API base</dt><dd><code>{base}/apiv1</code> (header <code>X-Api-Key</code>, <code>workspaceId</code> in the body or query)</dd>\
         <dt>MCP endpoint</dt><dd><code>{base}/apiv1/mcp</code> (streamable HTTP, same key, or OAuth: give a client just this URL)</dd>\
         <dt>OAuth</dt><dd><a href=\"/.well-known/oauth-authorization-server\"><code>{base}/.well-known/oauth-authorization-server</code></a>; apps you allowed are on <a href=\"/account/connected-apps\">connected apps</a></dd>\
         <dt>Sign in</dt><dd><a href=\"/account/sign-in\"><code>{base}/account/sign-in</code></a> (the integrations page, where people generate API keys)</dd>\
         <dt>Short links</dt><dd><code>{short}/&lt;slug&gt;</code> (or send <code>Host: {domain}</code> to this port)</dd>\
         </dl>{demo}\
         <p>The README explains each door and the test command.</p></body></html>",
        base = text(&base),
        short = text(&short),
        domain = text(&functions.service.config.default_domain),
    );
    let mut response = Response::new(Body::Text(html));
    *response.status_mut() = StatusCode::OK;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response
}
