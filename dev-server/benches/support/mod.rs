//! What the request benchmarks share: requests as API Gateway hands them to a handler, and
//! how times and DynamoDB requests are reported.

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use lambda_http::{Body, Request};
use lib::clock::{Clock, OsEntropy, SystemClock};
use lib::config::Config;
use lib::service::Service;
use lib::store::Store;
use lib::testing::RequestCounter;

/// The service over a fresh table of DynamoDB Local at `endpoint`, its requests counted.
pub async fn service(endpoint: &str, counter: &RequestCounter) -> Service {
    service_at(endpoint, counter, Arc::new(SystemClock)).await
}

/// [`service`] on the given clock (a bench that moves time).
pub async fn service_at(endpoint: &str, counter: &RequestCounter, clock: Arc<dyn Clock>) -> Service {
    let client = lib::testing::local_client(endpoint, counter).await;
    let table = format!("bench-{:016x}", lib::clock::Entropy::next_u64(&OsEntropy));
    lib::store::create_table(&client, &table).await.expect("table");
    let name = table.clone();
    let config = Config::from_lookup(move |key| match key {
        "TABLE_NAME" => Some(name.clone()),
        "DEFAULT_DOMAIN" => Some("sl.test".into()),
        _ => None,
    })
    .expect("config");
    Service::new(Store::new(client, table), config, clock, Arc::new(OsEntropy))
}

/// A user who signs in with `password` and owns a workspace; the workspace.
pub async fn person_with_workspace(service: &Service, email: &str, password: &str) -> lib::domain::Workspace {
    lib::admin::create_user_with_password(service, email, Some(password))
        .await
        .expect("user");
    let options = lib::admin::NewWorkspace {
        name: "bench".into(),
        ..Default::default()
    };
    lib::admin::create_workspace(service, email, options)
        .await
        .expect("workspace")
}

/// A workspace with room for a million links, and its owner's HTTP API key.
pub async fn workspace_and_key(service: &Service) -> (lib::domain::Workspace, String) {
    use lib::admin::{self, KeyGrants, NewWorkspace};
    let owner = admin::create_user(service, "bench@example.com").await.expect("user");
    let options = NewWorkspace {
        name: "bench".into(),
        max_links: Some(1_000_000),
        ..Default::default()
    };
    let ws = admin::create_workspace(service, owner.id.as_str(), options)
        .await
        .expect("workspace");
    let grants = KeyGrants {
        http_api: true,
        mcp_scopes: None,
    };
    let (_, key) = admin::create_key(service, owner.id.as_str(), grants)
        .await
        .expect("key");
    (ws, key)
}

/// A session of `email` signed in with `password`: its token.
pub async fn session(service: &Service, email: &str, password: &str) -> String {
    let signed_in = service
        .sign_in(lib::service::accounts::SignInAttempt {
            email,
            password,
            address: &lib::domain::ClientAddress::from_source(None),
            replacing: None,
        })
        .await
        .expect("sign in");
    signed_in.token.as_str().to_string()
}

pub fn request(method: &str, uri: &str, headers: &[(&str, String)], body: Option<String>) -> Request {
    let mut builder = lambda_http::http::Request::builder()
        .method(method)
        .uri(uri)
        .header("host", "localhost");
    for (name, value) in headers {
        builder = builder.header(*name, value);
    }
    Request::from(builder.body(body.map_or(Body::Empty, Body::Text)).expect("request"))
}

pub fn summary(counter: &RequestCounter) -> String {
    let requests = counter.snapshot();
    let parts: Vec<String> = requests.iter().map(|(op, n)| format!("{op} {n}")).collect();
    format!("{} ({})", requests.values().sum::<u64>(), parts.join(", "))
}

/// Median and 99th percentile, in milliseconds.
pub fn spread(mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let at = |q: f64| ms(times[((times.len() as f64 - 1.0) * q).round() as usize]);
    format!("median {:.2} ms, p99 {:.2} ms", at(0.5), at(0.99))
}

pub fn cookie_value(response: &lambda_http::Response<Body>, name: &str) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix(&format!("{name}=")))
        .map(|rest| rest.split(';').next().unwrap_or("").to_string())
}
