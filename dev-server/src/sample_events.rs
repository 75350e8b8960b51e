//! The functions' sample events (`sam local invoke --event`, and the tests that feed each to
//! its handler): `events/<name>.json` where a function's event needs something of its own (a
//! body, a stream or queue batch, CloudFront's headers), and otherwise generated from the
//! manifest: the API Gateway event of the function's first route, a `GET` the sample API key
//! sends for the sample workspace. `dev-server-sample-event <name>` prints either.

use lib::manifest::{Api, Function};
use serde_json::{Value, json};

/// The API key the sample events carry (the tests seed it).
pub const SAMPLE_KEY: &str = "slk_0123456789abcdef0123456789abcdef0123456789abcdef";
/// The workspace the sample events name.
pub const SAMPLE_WORKSPACE: &str = "64656d6f0000000000000001";

/// Where the sample event files are.
pub fn events_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../events")
}

/// The text of `function`'s sample event: its file's, or the generated one; `None` when it
/// has neither.
pub fn sample_event(function: &Function) -> Option<String> {
    match std::fs::read_to_string(events_dir().join(format!("{}.json", function.name))) {
        Ok(text) => Some(text),
        Err(_) => generated_event(function).map(|event| serde_json::to_string_pretty(&event).expect("JSON")),
    }
}

/// The event generated for `function`: the API Gateway (HTTP API, payload 2.0) event of its
/// first route when that is a service API `GET` without path parameters, as the sample key
/// calls it for the sample workspace; `None` for any other function, which needs a file.
pub fn generated_event(function: &Function) -> Option<Value> {
    let route = function.routes.first()?;
    if route.api != Api::Service || route.method != "GET" || route.path.contains('{') {
        return None;
    }
    let route_key = format!("GET {}", route.path);
    Some(json!({
        "version": "2.0",
        "routeKey": route_key,
        "rawPath": route.path,
        "rawQueryString": format!("workspaceId={SAMPLE_WORKSPACE}"),
        "queryStringParameters": { "workspaceId": SAMPLE_WORKSPACE },
        "headers": {
            "accept": "*/*",
            "host": "api.example.com",
            "user-agent": "curl/8.5.0",
            "x-api-key": SAMPLE_KEY,
            "x-forwarded-for": "203.0.113.7",
            "x-forwarded-port": "443",
            "x-forwarded-proto": "https"
        },
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "a1b2c3d4e5",
            "domainName": "api.example.com",
            "domainPrefix": "api",
            "http": {
                "method": "GET",
                "path": route.path,
                "protocol": "HTTP/1.1",
                "sourceIp": "203.0.113.7",
                "userAgent": "curl/8.5.0"
            },
            "requestId": "Jm5ZxhHAoAMEbqA=",
            "routeKey": route_key,
            "stage": "$default",
            "time": "22/Nov/2026:12:00:00 +0000",
            "timeEpoch": 1795348800000_u64
        },
        "isBase64Encoded": false
    }))
}
