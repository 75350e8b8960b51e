//! `spawn_app()`: a dev server on its own port over its own DynamoDB Local table.

use std::sync::Arc;
use std::time::Duration;

use lib::admin::{self, KeyGrants, NewWorkspace};
use lib::clock::{FixedClock, OsEntropy};
use lib::config::Config;
use lib::domain::Scope;
use lib::ids::ObjectId;
use lib::service::Service;
use lib::store::metrics::RequestCounter;
use lib::store::{Store, StoredLink};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

pub const DEFAULT_DOMAIN: &str = "sl.test";

pub struct TestApp {
    pub address: String,
    pub service: Arc<Service>,
    pub clock: Arc<FixedClock>,
    pub requests: RequestCounter,
    pub http: reqwest::Client,
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
    lib::store::local_client(&endpoint, counter).await
}

pub fn unique_table() -> String {
    let entropy = lib::clock::OsEntropy;
    format!("test-{:016x}", lib::clock::Entropy::next_u64(&entropy))
}

pub async fn spawn_app() -> TestApp {
    let requests = RequestCounter::new();
    let client = dynamodb_client(&requests).await;
    let table = unique_table();
    lib::store::create_table(&client, &table)
        .await
        .expect("create test table");
    let clock = Arc::new(FixedClock::new(chrono::Utc::now()));
    let config = Config {
        table_name: table.clone(),
        default_domain: DEFAULT_DOMAIN.into(),
        link_cache_ttl: Duration::from_secs(5),
        click_retention_days: 400,
    };
    let service = Arc::new(Service::new(
        Store::new(client, table),
        config,
        clock.clone(),
        Arc::new(OsEntropy),
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = format!("http://{}", listener.local_addr().expect("address"));
    tokio::spawn(dev_server::serve(listener, service.clone()));
    TestApp {
        address,
        service,
        clock,
        requests,
        http: reqwest::Client::new(),
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

    /// The link as stored (straight from DynamoDB Local).
    pub async fn stored(&self, link_id: &str) -> Option<StoredLink> {
        self.service
            .store
            .get_link(&ObjectId::parse(link_id).unwrap())
            .await
            .expect("read link")
    }
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
