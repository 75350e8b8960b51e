//! Driving the OAuth authorization server in tests: registering clients, PKCE, the
//! authorization request, sign-in and consent as a browser does them (over HTTP, with the
//! cookie-keeping [`Browser`]), the token endpoint, bearer calls to the MCP endpoint, and a
//! look at what the table holds.

use base64::Engine;
use lib::admin::{self, NewWorkspace};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::TestApp;
use crate::mcp_support::{Answer, PATH};
use crate::pages_support::{Browser, PASSWORD, PageAnswer};

pub const REDIRECT: &str = "http://127.0.0.1:33418/callback";

/// A PKCE pair: (verifier, S256 challenge).
pub fn pkce(seed: &str) -> (String, String) {
    let verifier = format!("{seed}-{}", "v".repeat(50));
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    (verifier, challenge)
}

/// A JSON answer of the authorization server.
#[derive(Debug)]
pub struct OAuthAnswer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl OAuthAnswer {
    /// The RFC error code of a refusal.
    pub fn error(&self) -> &str {
        self.body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("an error: {}", self.body))
    }
}

/// A registered client.
#[derive(Debug, Clone)]
pub struct Client {
    pub id: String,
    pub secret: Option<String>,
    pub redirect_uri: String,
}

/// A person who owns a workspace and can sign in.
#[derive(Debug, Clone)]
pub struct Person {
    pub email: String,
    pub workspace: String,
}

/// The parameters the client's redirect URI received.
#[derive(Debug, Clone)]
pub struct Callback {
    pub params: Vec<(String, String)>,
}

impl Callback {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

/// Parses where a redirect sends the browser (for the client's redirect URI).
pub fn callback(location: &str) -> Callback {
    let url = url::Url::parse(location).unwrap_or_else(|e| panic!("{location}: {e}"));
    Callback {
        params: url.query_pairs().into_owned().collect(),
    }
}

/// Tokens as the token endpoint answered them.
#[derive(Debug, Clone)]
pub struct Tokens {
    pub access: String,
    pub refresh: Option<String>,
}

impl TestApp {
    /// The authorization request URL of a client (every scope unless `scope` says).
    pub fn authorize_url(&self, client: &Client, challenge: &str, extra: &[(&str, &str)]) -> String {
        let mut params: Vec<(&str, &str)> = vec![
            ("response_type", "code"),
            ("client_id", &client.id),
            ("redirect_uri", &client.redirect_uri),
            ("state", "state-123"),
            ("code_challenge", challenge),
            ("code_challenge_method", "S256"),
        ];
        for (k, v) in extra {
            params.retain(|(name, _)| name != k);
            if !v.is_empty() {
                params.push((k, v));
            }
        }
        let query = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(params)
            .finish();
        format!("/oauth/authorize?{query}")
    }

    /// A person with a password and a workspace of their own.
    pub async fn oauth_person(&self) -> Person {
        let email = self.person().await;
        let options = NewWorkspace {
            name: "Acme".into(),
            ..Default::default()
        };
        let ws = admin::create_workspace(&self.service, &email, options)
            .await
            .expect("workspace");
        Person {
            email,
            workspace: ws.id.to_string(),
        }
    }

    pub async fn oauth_post_json(&self, path: &str, body: Value) -> OAuthAnswer {
        let response = self
            .http
            .post(format!("{}{path}", self.address))
            .json(&body)
            .send()
            .await
            .expect("request");
        answer(response).await
    }

    /// Registers a client; `auth` is its `token_endpoint_auth_method`.
    pub async fn register(&self, auth: &str) -> Client {
        self.register_with(auth, REDIRECT).await
    }

    pub async fn register_with(&self, auth: &str, redirect_uri: &str) -> Client {
        let body = json!({ "client_name": "Test client", "redirect_uris": [redirect_uri], "token_endpoint_auth_method": auth });
        let answer = self.oauth_post_json("/oauth/register", body).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
        Client {
            id: answer.body["client_id"].as_str().unwrap().to_string(),
            secret: answer.body["client_secret"].as_str().map(str::to_string),
            redirect_uri: redirect_uri.to_string(),
        }
    }

    /// POSTs a form to the token (or revocation) endpoint.
    pub async fn token_request(&self, path: &str, fields: &[(&str, &str)], basic: Option<(&str, &str)>) -> OAuthAnswer {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(fields)
            .finish();
        let mut request = self
            .http
            .post(format!("{}{path}", self.address))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body);
        if let Some((id, secret)) = basic {
            request = request.basic_auth(id, Some(secret));
        }
        answer(request.send().await.expect("request")).await
    }

    /// The token request of a client as it registered (secret in the body or in Basic).
    pub async fn token_as(&self, client: &Client, basic: bool, fields: &[(&str, &str)]) -> OAuthAnswer {
        let mut fields: Vec<(&str, &str)> = fields.to_vec();
        match (&client.secret, basic) {
            (Some(secret), true) => {
                return self
                    .token_request("/oauth/token", &fields, Some((&client.id, secret)))
                    .await;
            }
            (Some(secret), false) => {
                fields.push(("client_id", &client.id));
                fields.push(("client_secret", secret));
            }
            (None, _) => fields.push(("client_id", &client.id)),
        }
        self.token_request("/oauth/token", &fields, None).await
    }

    /// Exchanges a code for tokens as a public client (or with the secret in the body).
    pub async fn exchange(&self, client: &Client, code: &str, verifier: &str) -> OAuthAnswer {
        self.token_as(
            client,
            false,
            &[
                ("grant_type", "authorization_code"),
                ("code", code),
                ("redirect_uri", &client.redirect_uri),
                ("code_verifier", verifier),
                ("resource", &format!("{}{PATH}", self.address)),
            ],
        )
        .await
    }

    pub async fn refresh(&self, client: &Client, refresh_token: &str) -> OAuthAnswer {
        self.token_as(
            client,
            false,
            &[("grant_type", "refresh_token"), ("refresh_token", refresh_token)],
        )
        .await
    }

    /// An MCP request with `Authorization: Bearer <token>`.
    pub async fn mcp_bearer(&self, token: &str, method: &str, params: Value) -> Answer {
        let auth = format!("Bearer {token}");
        let headers = [
            ("content-type", "application/json"),
            ("accept", "application/json, text/event-stream"),
            ("authorization", auth.as_str()),
        ];
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params });
        self.mcp_raw(Method::POST, &headers, Some(body.to_string())).await
    }

    pub async fn tool_bearer(&self, token: &str, name: &str, arguments: Value) -> Answer {
        self.mcp_bearer(token, "tools/call", json!({ "name": name, "arguments": arguments }))
            .await
    }

    /// Removes the secret hash from a registered client's stored record (as a damaged or
    /// hand-edited record would lack it).
    pub async fn forget_client_secret(&self, client: &Client) {
        let key = lib::store::keys::oauth_client(&lib::domain::oauth::stored_hash(&client.id));
        self.store()
            .client()
            .update_item()
            .table_name(self.service.table_name())
            .key("PK", aws_sdk_dynamodb::types::AttributeValue::S(key.pk))
            .key("SK", aws_sdk_dynamodb::types::AttributeValue::S(key.sk))
            .update_expression("REMOVE secretHash")
            .send()
            .await
            .expect("remove the secret hash");
    }

    /// How many OAuth items of each kind the table holds: (codes, grants, access tokens,
    /// refresh tokens). A test-only scan of the test's own table.
    pub async fn oauth_items(&self) -> (usize, usize, usize, usize) {
        let mut counts = (0, 0, 0, 0);
        let mut start = None;
        loop {
            let out = self
                .store()
                .client()
                .scan()
                .table_name(self.service.table_name())
                .set_exclusive_start_key(start)
                .send()
                .await
                .expect("scan");
            for item in out.items.unwrap_or_default() {
                let pk = item.get("PK").and_then(|v| v.as_s().ok()).cloned().unwrap_or_default();
                let used = item.contains_key("usedAt");
                match pk.split('#').next().unwrap_or("") {
                    "OAUTHCODE" if !used => counts.0 += 1,
                    "OAUTHGRANT" => counts.1 += 1,
                    "OAUTHACCESS" => counts.2 += 1,
                    "OAUTHREFRESH" => counts.3 += 1,
                    _ => {}
                }
            }
            start = out.last_evaluated_key;
            if start.is_none() {
                return counts;
            }
        }
    }
}

async fn answer(response: reqwest::Response) -> OAuthAnswer {
    let status = response.status();
    let headers = response.headers().clone();
    let text = response.text().await.expect("body");
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    OAuthAnswer { status, headers, body }
}

impl Browser<'_> {
    /// Signs in as `person` and opens an authorization request: the consent page.
    pub async fn consent_page(&mut self, person: &Person, authorize_url: &str) -> PageAnswer {
        let first = self.get(authorize_url).await;
        if first.status == StatusCode::SEE_OTHER && first.location().is_some_and(|l| l.starts_with("/account/sign-in"))
        {
            let signed_in = self.sign_in(&person.email, PASSWORD).await;
            assert_eq!(signed_in.status, StatusCode::SEE_OTHER, "{}", signed_in.html);
            return self.get(authorize_url).await;
        }
        first
    }

    /// Answers a consent page: `approve` with the scopes and workspace given, or `deny`.
    pub async fn decide(
        &mut self,
        consent: &PageAnswer,
        decision: &str,
        scopes: &[&str],
        workspace: &str,
    ) -> PageAnswer {
        let csrf = consent.field("csrf").expect("the consent form carries the CSRF token");
        let request = consent.field("request").expect("the consent form names its request");
        let mut fields: Vec<(&str, &str)> = vec![("csrf", &csrf), ("request", &request), ("decision", decision)];
        for scope in scopes {
            fields.push(("scope", scope));
        }
        fields.push(("workspaceId", workspace));
        self.post("/oauth/consent", &fields).await
    }

    /// The whole front channel: sign in, consent with `scopes`, and the callback.
    pub async fn authorize(&mut self, person: &Person, authorize_url: &str, scopes: &[&str]) -> Callback {
        let consent = self.consent_page(person, authorize_url).await;
        assert_eq!(consent.status, StatusCode::OK, "{}", consent.html);
        let answered = self.decide(&consent, "approve", scopes, &person.workspace).await;
        assert_eq!(answered.status, StatusCode::SEE_OTHER, "{}", answered.html);
        callback(answered.location().expect("back to the client"))
    }
}

/// Every MCP scope, as a consent form sends them.
pub const ALL_SCOPES: [&str; 5] = [
    "links:read",
    "links:write",
    "links:delete",
    "links:bulk",
    "analytics:read",
];

impl TestApp {
    /// A person who connected a new public client with `scopes`: the client, the person and
    /// the tokens.
    pub async fn connected(&self, scopes: &[&str]) -> (Client, Person, Tokens) {
        let person = self.oauth_person().await;
        let (client, tokens) = self.connected_as(&person, scopes).await;
        (client, person, tokens)
    }

    /// `person` connecting a new public client with `scopes`: the client and the tokens.
    pub async fn connected_as(&self, person: &Person, scopes: &[&str]) -> (Client, Tokens) {
        let client = self.register("none").await;
        let (verifier, challenge) = pkce("connected");
        let mut browser = Browser::new(self);
        let url = self.authorize_url(&client, &challenge, &[]);
        let answer = browser.authorize(person, &url, scopes).await;
        let code = answer.get("code").expect("a code").to_string();
        let tokens = self.exchange(&client, &code, &verifier).await;
        assert_eq!(tokens.status, StatusCode::OK, "{}", tokens.body);
        let tokens = Tokens {
            access: tokens.body["access_token"].as_str().unwrap().to_string(),
            refresh: tokens.body["refresh_token"].as_str().map(str::to_string),
        };
        (client, tokens)
    }
}
