//! `spawn_app()`: a dev server on its own port over its own DynamoDB Local table.

use std::sync::Arc;
use std::time::Duration;

use lib::admin::{self, KeyGrants, NewWorkspace};
use lib::clock::OsEntropy;
use lib::config::Config;
use lib::domain::Scope;
use lib::domain::ids::ObjectId;
use lib::service::Service;
use lib::store::{Store, StoredLink};
use lib::testing::FixedClock;
use lib::testing::RequestCounter;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

pub const DEFAULT_DOMAIN: &str = "sl.test";

pub struct TestApp {
    pub address: String,
    pub functions: Arc<dev_server::Functions>,
    pub service: Arc<Service>,
    pub clock: Arc<FixedClock>,
    pub requests: RequestCounter,
    pub http: reqwest::Client,
    /// Deletes the app's table when the test ends (the last field, so dropped last).
    _table: lib::testing::TestTable,
}

/// A workspace with its owner's API key.
#[derive(Debug, Clone)]
pub struct TestWorkspace {
    pub id: String,
    pub key: String,
    pub owner: String,
}

pub async fn dynamodb_client(counter: &RequestCounter) -> aws_sdk_dynamodb::Client {
    let endpoint = std::env::var("AWS_ENDPOINT_URL_DYNAMODB")
        .expect("AWS_ENDPOINT_URL_DYNAMODB must point at DynamoDB Local; run the tests with scripts/test");
    lib::testing::local_client(&endpoint, counter).await
}

pub fn unique_table() -> String {
    let entropy = lib::clock::OsEntropy;
    format!("test-{:016x}", lib::clock::Entropy::next_u64(&entropy))
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// `spawn_app` with a changed configuration (for example the link cache TTL).
pub async fn spawn_app_with(configure: impl FnOnce(&mut Config)) -> TestApp {
    spawn(configure, None, dev_server::Settings::default()).await
}

/// `spawn_app` whose QR logos are fetched with `logos` (a test server's fetcher).
pub async fn spawn_app_with_logos(logos: lib::qr::LogoFetcher) -> TestApp {
    spawn(|_| {}, Some(logos), dev_server::Settings::default()).await
}

/// `spawn_app` with the functions' settings given (a public base URL, a test-only fetcher).
pub async fn spawn_app_with_settings(settings: dev_server::Settings) -> TestApp {
    spawn(|_| {}, None, settings).await
}

/// `spawn_app` whose list requests may examine only `budget` index entries.
pub async fn spawn_app_with_list_budget(budget: usize) -> TestApp {
    spawn_with(
        |_| {},
        |service| service.with_list_read_budget(budget),
        dev_server::Settings::default(),
    )
    .await
}

/// `spawn_app` sending mail with `mailer` (log-only: pages show invitation links to pass on),
/// with a changed configuration.
pub async fn spawn_app_with_mailer(mailer: lib::mail::Mailer, configure: impl FnOnce(&mut Config)) -> TestApp {
    spawn_with(
        configure,
        |service| service.with_mailer(mailer),
        dev_server::Settings::default(),
    )
    .await
}

async fn spawn(
    configure: impl FnOnce(&mut Config),
    logos: Option<lib::qr::LogoFetcher>,
    settings: dev_server::Settings,
) -> TestApp {
    let with_logos = |service: Service| match logos {
        Some(logos) => service.with_logo_fetcher(logos),
        None => service,
    };
    spawn_with(configure, with_logos, settings).await
}

/// `spawn_app` whose functions reach DynamoDB through `endpoint` (a test proxy in front of
/// DynamoDB Local), making at most `attempts` attempts per request, with `settings`.
pub async fn spawn_app_through(endpoint: &str, attempts: u32, settings: dev_server::Settings) -> TestApp {
    let requests = RequestCounter::new();
    let client = lib::testing::local_client_with_attempts(endpoint, &requests, attempts).await;
    spawn_on(client, requests, |_| {}, |service| service, settings).await
}

pub async fn spawn_with(
    configure: impl FnOnce(&mut Config),
    adjust: impl FnOnce(Service) -> Service,
    settings: dev_server::Settings,
) -> TestApp {
    let requests = RequestCounter::new();
    let client = dynamodb_client(&requests).await;
    spawn_on(client, requests, configure, adjust, settings).await
}

/// An app whose webhooks go through `fetcher` (a test receiver's: loopback admitted, its
/// certificate trusted), as the production fetcher reaches a public receiver.
pub async fn spawn_reaching(fetcher: lib::net::Fetcher) -> TestApp {
    spawn_with(
        |_| {},
        move |service| service.with_webhook_fetcher(fetcher),
        dev_server::Settings::default(),
    )
    .await
}

async fn spawn_on(
    client: aws_sdk_dynamodb::Client,
    requests: RequestCounter,
    configure: impl FnOnce(&mut Config),
    adjust: impl FnOnce(Service) -> Service,
    mut settings: dev_server::Settings,
) -> TestApp {
    settings.visitor_key.get_or_insert_with(lib::testing::visitor_key);
    let endpoint = std::env::var("AWS_ENDPOINT_URL_DYNAMODB").expect("DynamoDB Local endpoint");
    let table = lib::testing::TestTable::create(&client, &endpoint).await;
    let clock = Arc::new(FixedClock::new(chrono::Utc::now()));
    let mut config = Config {
        table_name: table.name().to_string(),
        default_domain: DEFAULT_DOMAIN.into(),
        link_cache_ttl: Duration::from_secs(5),
        click_retention_days: 400,
        conversion_window_days: 90,
        gps_retention_days: 30,
        rate_limits: lib::domain::RateLimits::default(),
        open_signup: false,
        new_tenants: lib::domain::NewTenantLimits::default(),
        cname_target: "links.sl.test".into(),
        service_host: None,
    };
    configure(&mut config);
    // Mail goes to the SMTP catcher scripts/test starts (SMTP_TEST_URL), else to the log.
    let service = adjust(
        Service::new(
            Store::new(client, table.name().to_string()),
            config,
            clock.clone(),
            Arc::new(OsEntropy),
        )
        .with_mailer(lib::testing::mail::test_mailer()),
    );
    let service = Arc::new(service);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    let streams = dev_server::streams::StreamPoller::local_client(&endpoint, &lib::testing::local_access_key());
    let functions = dev_server::Functions::with_settings((*service).clone(), streams, settings);
    tokio::spawn(dev_server::serve(listener, functions.clone()));
    TestApp {
        address,
        functions,
        service,
        clock,
        requests,
        http: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client"),
        _table: table,
    }
}

impl TestApp {
    pub async fn user(&self) -> String {
        let email = format!("{}@example.com", self.service.new_id());
        admin::create_user(&self.service, &email)
            .await
            .expect("user")
            .id
            .to_string()
    }

    pub async fn key_for(&self, user: &str, http_api: bool, scopes: Option<Vec<Scope>>) -> String {
        let grants = KeyGrants {
            http_api,
            mcp_scopes: scopes,
        };
        admin::create_key(&self.service, user, grants).await.expect("key").1
    }

    /// A workspace on the default plan, owned by a new user with an HTTP API key.
    pub async fn workspace(&self) -> TestWorkspace {
        self.workspace_with(NewWorkspace::default()).await
    }

    pub async fn workspace_with(&self, mut options: NewWorkspace) -> TestWorkspace {
        let owner = self.user().await;
        if options.name.is_empty() {
            options.name = "Test workspace".into();
        }
        let ws = admin::create_workspace(&self.service, &owner, options)
            .await
            .expect("workspace");
        let key = self.key_for(&owner, true, None).await;
        TestWorkspace {
            id: ws.id.to_string(),
            key,
            owner,
        }
    }

    /// A new user in `ws` with `role`, and that user's HTTP API key.
    pub async fn member(&self, ws: &TestWorkspace, role: &str) -> String {
        let user = self.user().await;
        admin::add_member(&self.service, &ws.id, &user, role)
            .await
            .expect("member");
        self.key_for(&user, true, None).await
    }

    pub async fn request(
        &self,
        method: Method,
        path: &str,
        key: Option<&str>,
        body: Option<String>,
    ) -> (StatusCode, Value) {
        let mut request = self.http.request(method, format!("{}{}", self.address, path));
        if let Some(key) = key {
            request = request.header("X-Api-Key", key);
        }
        if let Some(body) = body {
            request = request.header("Content-Type", "application/json").body(body);
        }
        let response = request.send().await.expect("request");
        let status = response.status();
        let text = response.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    pub async fn call(&self, method: Method, path: &str, key: &str, body: Value) -> (StatusCode, Value) {
        self.request(method, path, Some(key), Some(body.to_string())).await
    }

    pub async fn create(&self, ws: &TestWorkspace, mut body: Value) -> (StatusCode, Value) {
        body["workspaceId"] = json!(ws.id);
        self.call(Method::POST, "/apiv1/link/create", &ws.key, body).await
    }

    /// Creates a link and returns its id, failing the test if creation fails.
    pub async fn create_ok(&self, ws: &TestWorkspace, body: Value) -> String {
        let (status, value) = self.create(ws, body).await;
        assert_eq!(status, StatusCode::OK, "{value}");
        value["id"].as_str().expect("id").to_string()
    }

    pub async fn update(&self, ws: &TestWorkspace, link_id: &str, mut body: Value) -> (StatusCode, Value) {
        body["workspaceId"] = json!(ws.id);
        body["linkId"] = json!(link_id);
        self.call(Method::PUT, "/apiv1/link/update", &ws.key, body).await
    }

    pub async fn delete(&self, ws: &TestWorkspace, link_id: &str) -> (StatusCode, Value) {
        self.call(
            Method::DELETE,
            "/apiv1/link/delete",
            &ws.key,
            json!({ "workspaceId": ws.id, "linkId": link_id }),
        )
        .await
    }

    pub async fn bulk(&self, ws: &TestWorkspace, links: Value) -> (StatusCode, Value) {
        self.call(
            Method::POST,
            "/apiv1/links/bulk-create",
            &ws.key,
            json!({ "workspaceId": ws.id, "links": links }),
        )
        .await
    }

    /// The service's store, to seed or inspect the table directly.
    pub fn store(&self) -> &Store {
        lib::testing::store(&self.service)
    }

    /// The ids of a stored link's rules, in evaluation order (the default last).
    pub async fn rule_ids(&self, link_id: &str) -> Vec<String> {
        let link = self.stored(link_id).await.expect("a stored link").link;
        link.settings.rules.iter().map(|rule| rule.id.to_string()).collect()
    }

    /// The link as stored (straight from DynamoDB Local).
    pub async fn stored(&self, link_id: &str) -> Option<StoredLink> {
        self.store()
            .get_link(&ObjectId::parse(link_id).unwrap())
            .await
            .expect("read link")
    }
}

/// An answer with its headers: status, headers, and the body (JSON when it parses, else its
/// text).
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Answer {
    pub async fn of(response: reqwest::Response) -> Self {
        let status = response.status();
        let headers = response.headers().clone();
        let text = response.text().await.expect("body");
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Self { status, headers, body }
    }

    pub fn content_type(&self) -> Option<&str> {
        self.header("content-type")
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

impl TestApp {
    /// Any request, with these headers (and the key, when given), answered with its headers.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        key: Option<&str>,
        headers: &[(&str, &str)],
        body: Option<Value>,
    ) -> Answer {
        let mut request = self.http.request(method, format!("{}{}", self.address, path));
        if let Some(key) = key {
            request = request.header("X-Api-Key", key);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        if let Some(body) = body {
            request = request
                .header("Content-Type", "application/json")
                .body(body.to_string());
        }
        Answer::of(request.send().await.expect("request")).await
    }

    /// A create with an `Idempotency-Key`.
    pub async fn create_with_key(&self, ws: &TestWorkspace, key: &str, mut body: Value) -> Answer {
        body["workspaceId"] = json!(ws.id);
        self.send(
            Method::POST,
            "/apiv1/link/create",
            Some(&ws.key),
            &[("Idempotency-Key", key)],
            Some(body),
        )
        .await
    }

    /// The workspace's links, as `GET /links` lists them.
    pub async fn link_ids(&self, ws: &TestWorkspace) -> Vec<String> {
        let (status, page) = self
            .request(
                Method::GET,
                &format!("/apiv1/links?workspaceId={}&limit=100", ws.id),
                Some(&ws.key),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        page["links"]
            .as_array()
            .expect("links")
            .iter()
            .map(|l| l["id"].as_str().expect("id").to_string())
            .collect()
    }
}

/// Asserts an answer is exactly the documented rejection: `status` and
/// `{ "error": message, "field": field }`.
pub fn assert_rejected(answer: (StatusCode, Value), status: StatusCode, message: &str, field: &str) {
    assert_eq!(answer, (status, json!({ "error": message, "field": field })));
}

/// The simplest valid create body.
pub fn simple_link(name: &str) -> Value {
    json!({ "name": name, "rules": [{ "targetUrl": "https://example.com/", "isDefault": true }] })
}

/// A create body with a slug.
pub fn link_with_slug(name: &str, slug: &str) -> Value {
    let mut body = simple_link(name);
    body["slug"] = json!(slug);
    body
}

impl TestApp {
    pub fn clock_now(&self) -> chrono::DateTime<chrono::Utc> {
        use lib::clock::Clock;
        self.clock.now()
    }
}

pub fn oid(id: &str) -> ObjectId {
    ObjectId::parse(id).expect("object id")
}

/// A visitor's answer: status, headers and body text.
#[derive(Debug)]
pub struct Visit {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: String,
}

impl Visit {
    pub fn location(&self) -> Option<&str> {
        self.headers.get("location").and_then(|v| v.to_str().ok())
    }
}

pub const DESKTOP_CHROME: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
pub const IPHONE_SAFARI: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

impl TestApp {
    /// A visitor's request for `path` on the default short domain, as a desktop Chrome
    /// unless `headers` say otherwise.
    pub async fn visit(&self, method: Method, path: &str, headers: &[(&str, &str)]) -> Visit {
        self.visit_with_body(method, path, headers, None).await
    }

    /// [`Self::visit`] sending `body` (a form a visitor's page posts).
    pub async fn visit_with_body(
        &self,
        method: Method,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<String>,
    ) -> Visit {
        let mut request = self
            .http
            .request(method, format!("{}/{}", self.address, path.trim_start_matches('/')));
        let has = |name: &str| headers.iter().any(|(k, _)| k.eq_ignore_ascii_case(name));
        if !has("host") {
            request = request.header("host", DEFAULT_DOMAIN);
        }
        if !has("user-agent") {
            request = request.header("user-agent", DESKTOP_CHROME);
        }
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        if let Some(body) = body {
            request = request.body(body);
        }
        let response = request.send().await.expect("visit");
        // The click is written after the answer: a test reads the table once it is.
        self.settled().await;
        Visit {
            status: response.status(),
            headers: response.headers().clone(),
            body: response.text().await.expect("body"),
        }
    }

    /// Waits until every answered visit's click is written.
    pub async fn settled(&self) {
        self.functions.redirector.after().settled().await;
    }

    pub async fn get(&self, path: &str, headers: &[(&str, &str)]) -> Visit {
        self.visit(Method::GET, path, headers).await
    }

    /// The raw clicks stored for a link today.
    pub async fn clicks(&self, link_id: &str) -> Vec<lib::store::Click> {
        let pointer = self
            .store()
            .get_link_ref(&oid(link_id))
            .await
            .expect("ref")
            .expect("link exists");
        let day = self.clock_now().date_naive();
        let all = self
            .store()
            .clicks_on(&pointer.workspace_id, day)
            .await
            .expect("clicks");
        all.into_iter().filter(|c| c.link_id.as_str() == link_id).collect()
    }
}

impl TestApp {
    /// Runs the click aggregator over everything the table's stream holds now.
    pub async fn aggregate(&self) -> lib::analytics::FoldReport {
        self.functions.aggregator.drain().await.expect("aggregate the stream")
    }
}
