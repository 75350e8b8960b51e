//! A cookie-keeping browser stand-in for the page tests: it GETs pages, posts forms, keeps the
//! cookies the server sets, and reads the hidden fields of a page's forms.

use std::collections::BTreeMap;

use reqwest::StatusCode;
use reqwest::header::HeaderMap;

use crate::helpers::TestApp;

/// The password every page-test user gets.
pub const PASSWORD: &str = "correct horse battery staple";

/// One page as the browser received it.
#[derive(Debug)]
pub struct PageAnswer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub html: String,
}

impl PageAnswer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn location(&self) -> Option<&str> {
        self.header("location")
    }

    /// The value of the first form field `name` on the page (hidden inputs and read-only
    /// fields, as the templates write them: `name="x" value="…"` or `id="x" … value="…"`).
    pub fn field(&self, name: &str) -> Option<String> {
        let marker = format!("name=\"{name}\" value=\"");
        let start = self.html.find(&marker)? + marker.len();
        let end = self.html[start..].find('"')? + start;
        Some(self.html[start..end].to_string())
    }

    /// The value of the input with id `id`.
    pub fn input_value(&self, id: &str) -> Option<String> {
        let marker = format!("id=\"{id}\"");
        let tag_start = self.html.find(&marker)?;
        let tag_end = self.html[tag_start..].find('>')? + tag_start;
        let tag = &self.html[tag_start..tag_end];
        let value_start = tag.find("value=\"")? + "value=\"".len();
        let value_end = tag[value_start..].find('"')? + value_start;
        Some(tag[value_start..value_end].to_string())
    }
}

/// A browser: its cookies and the app it talks to.
pub struct Browser<'a> {
    app: &'a TestApp,
    pub cookies: BTreeMap<String, String>,
    /// Sent as `X-Forwarded-For`, which the dev server reads as the client's address.
    pub address: Option<String>,
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp) -> Self {
        Self {
            app,
            cookies: BTreeMap::new(),
            address: None,
        }
    }

    fn cookie_header(&self) -> String {
        self.cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    async fn send(&mut self, request: reqwest::RequestBuilder) -> PageAnswer {
        let mut request = request;
        if !self.cookies.is_empty() {
            request = request.header("cookie", self.cookie_header());
        }
        if let Some(address) = &self.address {
            request = request.header("x-forwarded-for", address);
        }
        let response = request.send().await.expect("page request");
        for set in response.headers().get_all("set-cookie") {
            let text = set.to_str().expect("visible cookie");
            let (pair, attributes) = text.split_once(';').unwrap_or((text, ""));
            let (name, value) = pair.split_once('=').expect("name=value");
            if value.is_empty() || attributes.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_string(), value.to_string());
            }
        }
        PageAnswer {
            status: response.status(),
            headers: response.headers().clone(),
            html: response.text().await.expect("page body"),
        }
    }

    pub async fn get(&mut self, path: &str) -> PageAnswer {
        let request = self.app.http.get(format!("{}{}", self.app.address, path));
        self.send(request).await
    }

    /// Posts a form as a browser on this site would (urlencoded, with our `Origin`).
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> PageAnswer {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(fields)
            .finish();
        let request = self
            .app
            .http
            .post(format!("{}{}", self.app.address, path))
            .header("content-type", "application/x-www-form-urlencoded")
            .header("origin", &self.app.address)
            .body(body);
        self.send(request).await
    }

    /// Posts a form of `page` (with its CSRF token) and `fields`, as the page's form would.
    pub async fn submit(&mut self, path: &str, page: &PageAnswer, fields: &[(&str, &str)]) -> PageAnswer {
        let csrf = page.field("csrf").expect("the page's form carries a CSRF token");
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.post(path, &all).await
    }

    /// Opens the sign-in page and signs in with `email` and `password`.
    pub async fn sign_in(&mut self, email: &str, password: &str) -> PageAnswer {
        let form = self.get("/account/sign-in").await;
        let csrf = form.field("csrf").expect("the sign-in form carries a CSRF token");
        self.post(
            "/account/sign-in",
            &[
                ("csrf", &csrf),
                ("next", "/account/integrations"),
                ("email", email),
                ("password", password),
            ],
        )
        .await
    }

    /// The session cookie (the dev server is plain HTTP on a loopback name: no `__Host-`).
    pub fn session(&self) -> Option<&String> {
        self.cookies.get("session")
    }

    /// Generates a key on the integrations page with the boxes given.
    pub async fn generate_key(&mut self, http_api: bool, scopes: &[&str]) -> PageAnswer {
        let page = self.get("/account/integrations").await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.html);
        let csrf = page.field("csrf").expect("csrf");
        let token = page.field("formToken").expect("form token");
        let mut fields: Vec<(&str, &str)> = vec![("csrf", &csrf), ("formToken", &token)];
        if http_api {
            fields.push(("httpApi", "on"));
        }
        for scope in scopes {
            fields.push(("scope", scope));
        }
        self.post("/account/integrations/keys", &fields).await
    }
}

/// A person who owns a workspace; returns (email, workspace id).
pub async fn owner_with_workspace(app: &TestApp, name: &str) -> (String, String) {
    let email = app.person().await;
    let options = lib::admin::NewWorkspace {
        name: name.into(),
        ..Default::default()
    };
    let ws = lib::admin::create_workspace(&app.service, &email, options)
        .await
        .expect("workspace");
    (email, ws.id.to_string())
}

impl TestApp {
    /// A user who can sign in with [`PASSWORD`]; returns the e-mail.
    pub async fn person(&self) -> String {
        let email = format!("{}@example.com", self.service.new_id());
        lib::admin::create_user_with_password(&self.service, &email, Some(PASSWORD))
            .await
            .expect("user with a password");
        email
    }
}

impl TestApp {
    /// An HTTP API key of the person with `email` (to read back what the pages did).
    pub async fn key_of(&self, email: &str) -> String {
        let user = lib::admin::resolve_user(&self.service, email).await.expect("user");
        self.key_for(user.id.as_str(), true, None).await
    }
}

/// A person signed in to the app who owns a workspace: (browser, email, workspace id).
pub async fn signed_in_owner<'a>(app: &'a TestApp, name: &str) -> (Browser<'a>, String, String) {
    let (email, ws) = owner_with_workspace(app, name).await;
    let mut browser = Browser::new(app);
    browser.sign_in(&email, PASSWORD).await;
    (browser, email, ws)
}

/// A person signed in to the app who owns a workspace "Acme", and that workspace with the
/// person's own HTTP API key (to read back through the API what the pages did).
pub async fn signed_in_owner_with_key(app: &TestApp) -> (Browser<'_>, crate::helpers::TestWorkspace) {
    let (browser, email, id) = signed_in_owner(app, "Acme").await;
    let key = app.key_of(&email).await;
    let ws = crate::helpers::TestWorkspace {
        id,
        key,
        owner: String::new(),
    };
    (browser, ws)
}

/// A new person made a manager of `workspace`, signed in.
pub async fn signed_in_manager<'a>(app: &'a TestApp, workspace: &str) -> Browser<'a> {
    signed_in_as(app, workspace, "manager").await
}

/// A new person given `role` in `workspace`, signed in.
pub async fn signed_in_as<'a>(app: &'a TestApp, workspace: &str, role: &str) -> Browser<'a> {
    let email = app.person().await;
    lib::admin::add_member(&app.service, workspace, &email, role)
        .await
        .unwrap();
    let mut person = Browser::new(app);
    person.sign_in(&email, PASSWORD).await;
    person
}
