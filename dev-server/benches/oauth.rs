//! What OAuth costs, through the functions' handlers in-process, against DynamoDB Local:
//! - the whole flow of a signed-in person: `GET /oauth/authorize` (the consent page), `POST
//!   /oauth/consent` (approve: the code), `POST /oauth/token` (the code for tokens) and the first
//!   MCP `tools/call` with the bearer token: time per step and in all, and DynamoDB requests;
//! - a tool call (`get_link`) authenticated by an OAuth access token against the same call with
//!   an API key: the added cost of the bearer check.
//!
//! Run with `scripts/bench` (it starts DynamoDB Local), or
//! `AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 cargo bench -p dev-server --bench oauth`.

use std::time::{Duration, Instant};

use base64::Engine;
use lambda_http::{Body, Response};
use lib::domain::oauth::{ClientAuthMethod, ClientMetadata, RedirectUri};
use lib::domain::{Scope, SessionToken};
use lib::mcp::Endpoint;
use lib::net::Fetcher;
use lib::pages::{Settings, Site};
use lib::testing::RequestCounter;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use support::{request, spread, summary};

mod support;

const ROUNDS: usize = 30;
const PASSWORD: &str = "a benchmark password";
const REDIRECT: &str = "http://127.0.0.1:9/callback";

fn text(response: &Response<Body>) -> String {
    match response.body() {
        Body::Text(text) => text.clone(),
        Body::Binary(bytes) => String::from_utf8_lossy(bytes).into_owned(),
        _ => String::new(),
    }
}

fn field(html: &str, name: &str) -> String {
    let marker = format!("name=\"{name}\" value=\"");
    let start = html.find(&marker).expect(name) + marker.len();
    html[start..start + html[start..].find('"').expect("quote")].to_string()
}

fn form(fields: &[(&str, &str)]) -> String {
    url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(fields)
        .finish()
}

/// `tools/call get_link` with these credential headers.
fn get_link(credential: (&str, String), workspace: &str, link: &str) -> lambda_http::Request {
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call",
                       "params": { "name": "get_link", "arguments": { "workspaceId": workspace, "linkId": link } } });
    request(
        "POST",
        "/apiv1/mcp",
        &[
            ("content-type", "application/json".into()),
            ("accept", "application/json, text/event-stream".into()),
            credential,
        ],
        Some(body.to_string()),
    )
}

/// Durations of one step over every round, and its DynamoDB requests in the last round.
#[derive(Default)]
struct Step {
    times: Vec<Duration>,
    requests: String,
}

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("oauth: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does) to run against DynamoDB Local");
        return;
    };
    let counter = RequestCounter::new();
    let service = support::service(&endpoint, &counter).await;
    let email = "bench@example.com";
    let workspace = support::person_with_workspace(&service, email, PASSWORD).await;
    let session = support::session(&service, email, PASSWORD).await;
    assert!(SessionToken::parse(&session).is_some());
    let metadata = ClientMetadata {
        name: Some("Bench client".into()),
        redirect_uris: vec![RedirectUri::parse(REDIRECT).expect("redirect")],
        auth_method: ClientAuthMethod::None,
        refresh_tokens: true,
    };
    let client = service
        .register_client(metadata, &lib::domain::ClientAddress::from_source(Some("203.0.113.1")))
        .await
        .expect("client")
        .client_id;
    let server =
        dev_server::handlers::oauth::OAuth::new(Site::new(service.clone(), Settings::default()), Fetcher::public());
    let mcp = Endpoint::new(service.clone(), lib::mcp::Settings::default());
    let cookie = ("cookie", format!("session={session}"));

    let mut steps: [Step; 4] = Default::default();
    let mut totals = Vec::new();
    let mut access = String::new();
    let (key, link_id) = {
        let key = lib::admin::create_key(
            &service,
            email,
            lib::admin::KeyGrants {
                http_api: true,
                mcp_scopes: Some(Scope::ALL.to_vec()),
            },
        )
        .await
        .expect("key")
        .1;
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": { "name": "create_link",
            "arguments": { "workspaceId": workspace.id, "name": "Bench", "rules": [{ "targetUrl": "https://example.com/", "isDefault": true }] } } });
        let created = mcp
            .handle(request(
                "POST",
                "/apiv1/mcp",
                &[
                    ("content-type", "application/json".into()),
                    ("accept", "application/json".into()),
                    ("x-api-key", key.clone()),
                ],
                Some(body.to_string()),
            ))
            .await;
        let value: Value = serde_json::from_str(&text(&created)).expect("json");
        (
            key,
            value["result"]["structuredContent"]["id"]
                .as_str()
                .expect("link id")
                .to_string(),
        )
    };

    for round in 0..ROUNDS {
        let verifier = format!("bench-verifier-{round}-{}", "v".repeat(40));
        let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
        let query = form(&[
            ("response_type", "code"),
            ("client_id", &client),
            ("redirect_uri", REDIRECT),
            ("state", "s"),
            ("code_challenge", &challenge),
            ("code_challenge_method", "S256"),
            ("scope", "links:read"),
        ]);
        let started = Instant::now();

        counter.reset();
        let at = Instant::now();
        let consent = dev_server::handlers::oauth::handler(
            &server,
            request(
                "GET",
                &format!("/oauth/authorize?{query}"),
                std::slice::from_ref(&cookie),
                None,
            ),
        )
        .await
        .expect("authorize");
        steps[0].times.push(at.elapsed());
        steps[0].requests = summary(&counter);
        assert_eq!(consent.status(), 200, "{}", text(&consent));
        let html = text(&consent);

        counter.reset();
        let at = Instant::now();
        let body = form(&[
            ("csrf", &field(&html, "csrf")),
            ("request", &field(&html, "request")),
            ("decision", "approve"),
            ("scope", "links:read"),
            ("workspaceId", workspace.id.as_str()),
        ]);
        let answered = dev_server::handlers::oauth::handler(
            &server,
            request(
                "POST",
                "/oauth/consent",
                &[
                    cookie.clone(),
                    ("content-type", "application/x-www-form-urlencoded".into()),
                ],
                Some(body),
            ),
        )
        .await
        .expect("consent");
        steps[1].times.push(at.elapsed());
        steps[1].requests = summary(&counter);
        let location = answered.headers()["location"].to_str().expect("location").to_string();
        let code = url::Url::parse(&location)
            .expect("callback")
            .query_pairs()
            .find(|(k, _)| k == "code")
            .expect("code")
            .1
            .into_owned();

        counter.reset();
        let at = Instant::now();
        let tokens = dev_server::handlers::oauth::handler(
            &server,
            request(
                "POST",
                "/oauth/token",
                &[("content-type", "application/x-www-form-urlencoded".into())],
                Some(form(&[
                    ("grant_type", "authorization_code"),
                    ("code", &code),
                    ("redirect_uri", REDIRECT),
                    ("code_verifier", &verifier),
                    ("client_id", &client),
                ])),
            ),
        )
        .await
        .expect("token");
        steps[2].times.push(at.elapsed());
        steps[2].requests = summary(&counter);
        let tokens: Value = serde_json::from_str(&text(&tokens)).expect("token json");
        access = tokens["access_token"].as_str().expect("access token").to_string();

        counter.reset();
        let at = Instant::now();
        let call = mcp
            .handle(get_link(
                ("authorization", format!("Bearer {access}")),
                workspace.id.as_str(),
                &link_id,
            ))
            .await;
        steps[3].times.push(at.elapsed());
        steps[3].requests = summary(&counter);
        assert_eq!(call.status(), 200, "{}", text(&call));
        totals.push(started.elapsed());
    }
    println!("the OAuth flow of a signed-in person, in-process, {ROUNDS} rounds, DynamoDB Local at {endpoint}");
    let names = [
        "GET /oauth/authorize (consent page)",
        "POST /oauth/consent (approve)",
        "POST /oauth/token (code exchange)",
        "first tools/call with the bearer token",
    ];
    for (name, step) in names.iter().zip(steps) {
        println!("  {name}: {}; DynamoDB requests: {}", spread(step.times), step.requests);
    }
    println!("  the whole flow: {}", spread(totals));

    let mut with_key = Vec::new();
    let mut with_token = Vec::new();
    let (mut key_requests, mut token_requests) = (String::new(), String::new());
    for _ in 0..ROUNDS * 3 {
        counter.reset();
        let at = Instant::now();
        let answer = mcp
            .handle(get_link(("x-api-key", key.clone()), workspace.id.as_str(), &link_id))
            .await;
        with_key.push(at.elapsed());
        key_requests = summary(&counter);
        assert_eq!(answer.status(), 200);
        counter.reset();
        let at = Instant::now();
        let answer = mcp
            .handle(get_link(
                ("authorization", format!("Bearer {access}")),
                workspace.id.as_str(),
                &link_id,
            ))
            .await;
        with_token.push(at.elapsed());
        token_requests = summary(&counter);
        assert_eq!(answer.status(), 200);
    }
    let median = |mut times: Vec<Duration>| {
        times.sort();
        times[times.len() / 2].as_secs_f64() * 1000.0
    };
    let (key_median, token_median) = (median(with_key.clone()), median(with_token.clone()));
    println!("tools/call get_link, {} rounds each, alternating", ROUNDS * 3);
    println!(
        "  with an API key:      {}; DynamoDB requests: {key_requests}",
        spread(with_key)
    );
    println!(
        "  with an access token: {}; DynamoDB requests: {token_requests}",
        spread(with_token)
    );
    println!(
        "  the bearer check adds {:.2} ms at the median",
        token_median - key_median
    );
}
