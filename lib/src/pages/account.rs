//! The account pages (`functions/account`): sign-in, sign-out and the integrations page where
//! a user sees their workspaces and generates their API key.

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};

use super::stranger_forms::{self, StrangerForm};
use super::templates::{Chrome, IntegrationsPage, KeyCreatedPage, KeyRow, ScopeOption, SignInPage, WorkspaceRow};
use super::{Form, LocalPath, Page, PageRequest, assets, cookies, redirect};
use crate::domain::ids::ObjectId;
use crate::domain::{ApiKeyRecord, Scope};
use crate::service::{
    ServiceError, accounts::Integrations, accounts::IssuedKey, accounts::KeyGrants, accounts::SessionUser,
    accounts::SignInAttempt,
};

/// The paths of the account pages and the methods each answers (`HEAD` wherever `GET`).
const ROUTES: &[(&str, &[&str])] = &[
    ("/account", &["GET"]),
    ("/account/sign-in", &["GET", "POST"]),
    ("/account/sign-out", &["POST"]),
    ("/account/integrations", &["GET"]),
    ("/account/integrations/keys", &["POST"]),
    ("/account/connected-apps", &["GET"]),
    ("/account/connected-apps/revoke", &["POST"]),
    ("/account/forgot-password", &["GET", "POST"]),
    ("/account/sign-up", &["GET", "POST"]),
    ("/account/profile", &["GET"]),
    ("/account/profile/name", &["POST"]),
    ("/account/profile/password", &["POST"]),
    ("/account/profile/sessions", &["POST"]),
];

/// The account pages whose last segment is a one-time token, and the methods each answers.
const TOKEN_ROUTES: &[(&str, &[&str])] = &[
    ("/account/invitations/", &["GET", "POST"]),
    ("/account/reset-password/", &["GET", "POST"]),
    ("/account/verify-email/", &["GET", "POST"]),
];

/// Routes one request of the account function.
pub async fn handle(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let path = page.req.uri().path().trim_end_matches('/');
    let method = match page.req.method().as_str() {
        "HEAD" => "GET",
        other => other,
    };
    if let Some(name) = page.req.uri().path().strip_prefix(assets::PREFIX)
        && method == "GET"
    {
        return assets::serve(name).ok_or_else(|| not_found(page));
    }
    match (method, path) {
        ("GET", "/account") => Ok(redirect("/account/integrations")),
        ("GET", "/account/sign-in") => sign_in_form(page).await,
        ("POST", "/account/sign-in") => sign_in(page).await,
        ("POST", "/account/sign-out") => sign_out(page).await,
        ("GET", "/account/integrations") => integrations(page).await,
        ("POST", "/account/integrations/keys") => generate_key(page).await,
        ("GET", "/account/connected-apps") => super::connected_apps::list(page).await,
        ("POST", "/account/connected-apps/revoke") => super::connected_apps::revoke(page).await,
        ("GET", "/account/forgot-password") => super::recovery::forgot_form(page).await,
        ("POST", "/account/forgot-password") => super::recovery::forgot(page).await,
        ("GET", "/account/sign-up") => super::sign_up::form(page).await,
        ("POST", "/account/sign-up") => Box::pin(super::sign_up::sign_up(page)).await,
        ("GET", "/account/profile") => super::profile::show(page).await,
        ("POST", "/account/profile/name") => super::profile::save_name(page).await,
        ("POST", "/account/profile/password") => Box::pin(super::profile::change_password(page)).await,
        ("POST", "/account/profile/sessions") => super::profile::sign_out_elsewhere(page).await,
        _ => token_page(page, method, path).await,
    }
}

/// The pages of one-time links: `/account/<kind>/<token>`.
async fn token_page(page: &PageRequest<'_>, method: &str, path: &str) -> Result<Response<Body>, ServiceError> {
    let Some((prefix, token)) = TOKEN_ROUTES
        .iter()
        .find_map(|(prefix, _)| Some((*prefix, path.strip_prefix(prefix)?)))
        .filter(|(_, token)| !token.is_empty() && !token.contains('/'))
    else {
        return Err(unrouted(page, path));
    };
    match (method, prefix) {
        ("GET", "/account/invitations/") => Box::pin(super::invitation::show(page, token)).await,
        ("POST", "/account/invitations/") => Box::pin(super::invitation::join(page, token)).await,
        ("GET", "/account/reset-password/") => super::recovery::reset_form(page, token).await,
        ("POST", "/account/reset-password/") => Box::pin(super::recovery::reset(page, token)).await,
        ("GET", "/account/verify-email/") => super::sign_up::verify_form(page, token).await,
        ("POST", "/account/verify-email/") => super::sign_up::verify(page, token).await,
        _ => Err(unrouted(page, path)),
    }
}

fn not_found(page: &PageRequest<'_>) -> ServiceError {
    ServiceError::NoSuchEndpoint {
        method: page.req.method().to_string(),
        path: page.req.uri().path().to_string(),
    }
}

fn unrouted(page: &PageRequest<'_>, path: &str) -> ServiceError {
    let token_route = TOKEN_ROUTES.iter().find(|(prefix, _)| path.starts_with(prefix));
    match ROUTES.iter().find(|(p, _)| *p == path).or(token_route) {
        Some((_, methods)) => {
            let mut allowed: Vec<&'static str> = methods.to_vec();
            if allowed.contains(&"GET") {
                allowed.push("HEAD");
            }
            ServiceError::MethodNotAllowed {
                method: page.req.method().to_string(),
                path: path.to_string(),
                allowed,
            }
        }
        None => not_found(page),
    }
}

/// The sign-in form with a fresh CSRF cookie (double submit: the form carries the same value).
fn sign_in_page(
    page: &PageRequest<'_>,
    status: StatusCode,
    next: &LocalPath,
    email: &str,
    error: Option<String>,
    notice: Option<String>,
) -> Page {
    let token = StrangerForm::new(page);
    let template = SignInPage {
        chrome: Chrome::anonymous(),
        csrf: token.csrf.clone(),
        next: next.as_str().to_string(),
        email: email.to_string(),
        error,
        notice,
        open_signup: page.service.config.open_signup,
    };
    token.attach(page, Page::new(status, &template))
}

async fn sign_in_form(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let next = LocalPath::or_default(crate::http::query(page.req, "next").as_deref());
    if let Some(token) = page.session_token()
        && page.service.session(&token).await?.is_some()
    {
        return Ok(redirect(next.as_str()));
    }
    let notice = if crate::http::query(page.req, "signedOut").is_some() {
        Some("You are signed out.".to_string())
    } else if crate::http::query(page.req, "passwordReset").is_some() {
        Some("Your new password is set and every session of your account has ended. Sign in with it.".to_string())
    } else {
        None
    };
    Ok(sign_in_page(page, StatusCode::OK, &next, "", None, notice).into_response())
}

async fn sign_in(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let form = Form::parse(page.req)?;
    let next = LocalPath::or_default(form.get("next"));
    let email = form.get("email").unwrap_or("");
    let local = page.is_local();
    if let Err(expired) = stranger_forms::check(page, &form) {
        let error = Some(expired.to_string());
        return Ok(sign_in_page(page, StatusCode::FORBIDDEN, &next, email, error, None).into_response());
    }
    let address = page.client_address();
    let replacing = page.session_token();
    let attempt = SignInAttempt {
        email,
        password: form.get("password").unwrap_or(""),
        address: &address,
        replacing: replacing.as_ref(),
    };
    match page.service.sign_in(attempt).await {
        Ok(signed_in) => {
            let mut response = redirect(next.as_str());
            cookies::sign_in(&mut response, &signed_in.token, local);
            Ok(response)
        }
        Err(err @ ServiceError::EmailNotVerified) => {
            Ok(sign_in_page(page, StatusCode::FORBIDDEN, &next, email, Some(err.to_string()), None).into_response())
        }
        Err(err @ ServiceError::IncorrectSignIn) => Ok(sign_in_page(
            page,
            StatusCode::UNAUTHORIZED,
            &next,
            email,
            Some(err.to_string()),
            None,
        )
        .into_response()),
        Err(err @ ServiceError::SignInLocked { retry_after }) => Ok(sign_in_page(
            page,
            StatusCode::TOO_MANY_REQUESTS,
            &next,
            email,
            Some(err.to_string()),
            None,
        )
        .with_header(header::RETRY_AFTER, HeaderValue::from(retry_after))
        .into_response()),
        Err(other) => Err(other),
    }
}

async fn sign_out(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let (signed_in, _) = page.signed_in_form().await?;
    page.service.sign_out(&signed_in.token).await?;
    let local = page.is_local();
    let mut response = redirect("/account/sign-in?signedOut=1");
    response
        .headers_mut()
        .append(header::SET_COOKIE, cookies::clear(cookies::session_name(local), local));
    Ok(response)
}

/// What the key form asked for, as the page shows it again after an error.
struct KeyChoice {
    http_api: bool,
    scopes: Vec<Scope>,
    workspace: Option<ObjectId>,
}

impl KeyChoice {
    fn from_form(form: &Form) -> Result<Self, ServiceError> {
        let scopes = form
            .all("scope")
            .into_iter()
            .map(|s| Scope::parse(s).ok_or_else(|| ServiceError::BadRequest(format!("{s:?} is not an MCP scope."))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            http_api: form.checked("httpApi"),
            scopes,
            workspace: form.get("workspaceId").and_then(|w| ObjectId::parse(w).ok()),
        })
    }
}

async fn integrations(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let signed_in = page.signed_in().await?;
    let view = page.service.integrations(&signed_in.session.user_id).await?;
    let choice = KeyChoice {
        http_api: true,
        scopes: Vec::new(),
        workspace: None,
    };
    Ok(integrations_page(&signed_in, &view, &choice, None).into_response())
}

fn integrations_page(signed_in: &SessionUser, view: &Integrations, choice: &KeyChoice, error: Option<String>) -> Page {
    let selected = choice
        .workspace
        .as_ref()
        .filter(|id| view.workspaces.iter().any(|(w, _)| &w.id == *id));
    let workspaces = view
        .workspaces
        .iter()
        .enumerate()
        .map(|(i, (ws, role))| WorkspaceRow {
            id: ws.id.to_string(),
            name: ws.name.clone(),
            role: role.as_str(),
            selected: selected.map_or(i == 0, |id| id == &ws.id),
        })
        .collect();
    let template = IntegrationsPage {
        chrome: Chrome::signed_in(signed_in, "integrations"),
        workspaces,
        current_key: view.current_key.as_ref().map(key_row),
        csrf: signed_in.session.csrf_token.clone(),
        form_token: signed_in.session.key_form_token.clone(),
        http_api: choice.http_api,
        scopes: Scope::ALL
            .iter()
            .map(|s| ScopeOption {
                value: s.as_str(),
                description: scope_words(*s),
                checked: choice.scopes.contains(s),
            })
            .collect(),
        error: error.clone(),
    };
    let status = if error.is_some() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    Page::new(status, &template)
}

/// What a scope lets an agent do, in plain words.
pub fn scope_words(scope: Scope) -> &'static str {
    match scope {
        Scope::LinksRead => "list and read your links",
        Scope::LinksWrite => "create and change links",
        Scope::LinksDelete => "delete links",
        Scope::LinksBulk => "create up to 100 links in one call",
        Scope::AnalyticsRead => {
            "read click analytics and, if it may also change links, have every click and sale sent to a \
             webhook URL it picks"
        }
    }
}

/// `HTTP API, MCP links:read, analytics:read`.
fn grants_words(record: &ApiKeyRecord) -> String {
    let mut parts = Vec::new();
    if record.http_api {
        parts.push("HTTP API".to_string());
    }
    if record.mcp_enabled {
        let scopes: Vec<&str> = record.mcp_scopes.iter().map(|s| s.as_str()).collect();
        parts.push(if scopes.is_empty() {
            "MCP with no scope".to_string()
        } else {
            format!("MCP {}", scopes.join(", "))
        });
    }
    if parts.is_empty() {
        "no access".to_string()
    } else {
        parts.join("; ")
    }
}

fn key_row(record: &ApiKeyRecord) -> KeyRow {
    KeyRow {
        prefix: record
            .prefix
            .as_ref()
            .map_or_else(|| "(made before prefixes were kept)".to_string(), |p| format!("{p}…")),
        grants: grants_words(record),
        created: record.created_at.format("%Y-%m-%d %H:%M UTC").to_string(),
        created_iso: record.created_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    }
}

async fn generate_key(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let (signed_in, form) = page.signed_in_form().await?;
    let choice = KeyChoice::from_form(&form)?;
    let grants = match KeyGrants::chosen(choice.http_api, choice.scopes.clone()) {
        Ok(grants) => grants,
        Err(invalid) => {
            let view = page.service.integrations(&signed_in.session.user_id).await?;
            return Ok(integrations_page(&signed_in, &view, &choice, Some(invalid.message)).into_response());
        }
    };
    let issued = page
        .service
        .issue_api_key_from_form(&signed_in, form.get("formToken").unwrap_or(""), &grants)
        .await?;
    let view = page.service.integrations(&signed_in.session.user_id).await?;
    let workspace = choice
        .workspace
        .filter(|id| view.workspaces.iter().any(|(w, _)| &w.id == id))
        .or_else(|| view.workspaces.first().map(|(w, _)| w.id.clone()));
    Ok(Page::ok(&key_created(page, &signed_in, &issued, workspace.as_ref())).into_response())
}

fn key_created(
    page: &PageRequest<'_>,
    signed_in: &SessionUser,
    issued: &IssuedKey,
    workspace: Option<&ObjectId>,
) -> KeyCreatedPage {
    let origin = page.origin();
    let workspace = workspace.map_or("<your workspace id>", ObjectId::as_str);
    let quoted = |text: &str| serde_json::to_string(text).expect("strings encode as JSON");
    // Written out (not serialised) to keep the order docs/mcp.md ("Connect with an API key") shows: type, url, headers.
    let mcp_config = issued.record.mcp_enabled.then(|| {
        format!(
            "{{\n  \"mcpServers\": {{\n    \"smartlinks\": {{\n      \"type\": \"http\",\n      \"url\": {},\n      \"headers\": {{\n        \"X-Api-Key\": {},\n        \"X-Workspace-Id\": {}\n      }}\n    }}\n  }}\n}}",
            quoted(&format!("{origin}/apiv1/mcp")),
            quoted(&issued.key),
            quoted(workspace)
        )
    });
    let curl = issued.record.http_api.then(|| {
        let body = serde_json::json!({
            "workspaceId": workspace,
            "name": "Docs",
            "url": "https://example.com/docs"
        });
        format!(
            "curl -s -X POST {origin}/apiv1/link/create \\\n  -H 'Content-Type: application/json' -H 'X-Api-Key: {}' \\\n  -d '{body}'",
            issued.key
        )
    });
    KeyCreatedPage {
        chrome: Chrome::signed_in(signed_in, "integrations"),
        key: issued.key.clone(),
        grants: grants_words(&issued.record),
        mcp_config,
        curl,
    }
}
