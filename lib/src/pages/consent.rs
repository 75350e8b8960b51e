//! The authorization endpoint's pages (served by `functions/oauth`): `GET /oauth/authorize`
//! checks the request, sends an anonymous browser to sign in, and shows the consent page;
//! `POST /oauth/consent` takes the person's answer and sends the browser back to the client.

use lambda_http::http::Method;
use lambda_http::{Body, Request, Response};

use super::account::scope_words;
use super::templates::{Chrome, ConsentPage, ConsentWorkspace, MessagePage, ReturnToAppPage, ScopeOption};
use super::{Page, PageRequest, Site, redirect, respond};
use crate::domain::Scope;
use crate::domain::oauth::{OAuthFailure, PendingAuthorization, RedirectKind, RedirectUri};
use crate::service::oauth::ClientDocuments;
use crate::service::oauth::{AuthorizeRefusal, ConsentAnswer, PendingConsent};
use crate::service::{ServiceError, accounts::SessionUser};

/// The consent page's two paths, `GET /oauth/authorize` and `POST /oauth/consent`, answered;
/// `None` for every other request (the authorization server's).
pub async fn route(
    site: &Site,
    documents: &ClientDocuments,
    req: &Request,
) -> Option<Result<Response<Body>, lambda_http::Error>> {
    let method = req.method();
    let page = PageRequest::new(&site.service, &site.settings, req);
    match req.uri().path() {
        "/oauth/authorize" if method == Method::GET || method == Method::HEAD => {
            Some(respond(&page, authorize(&page, documents)).await)
        }
        "/oauth/consent" if method == Method::POST => Some(respond(&page, answer(&page)).await),
        _ => None,
    }
}

/// `GET /oauth/authorize`.
pub async fn authorize(page: &PageRequest<'_>, documents: &ClientDocuments) -> Result<Response<Body>, ServiceError> {
    let params: Vec<(String, String)> = url::form_urlencoded::parse(page.req.uri().query().unwrap_or("").as_bytes())
        .into_owned()
        .collect();
    let resource = page.settings.public_base.mcp_resource(page.req);
    let address = page.client_address();
    let request = match page
        .service
        .check_authorization(&params, &resource, documents, &address)
        .await
    {
        Ok(request) => request,
        Err(AuthorizeRefusal::Page(err)) => return Err(err),
        Err(AuthorizeRefusal::Redirect {
            client,
            redirect_uri,
            state,
            failure,
        }) => {
            let issuer = page.origin();
            let mut parameters = vec![
                ("error", failure.code.as_str()),
                ("error_description", failure.description.as_str()),
            ];
            if let Some(state) = &state {
                parameters.push(("state", state));
            }
            parameters.push(("iss", &issuer));
            let back = redirect_uri.with_parameters(&parameters);
            // RFC 9700 §4.11.2: never an automatic redirect to a client the person has not
            // trusted before (anyone may register one whose redirect URI they own).
            let granted = match page.signed_in().await {
                Ok(signed_in) => page.service.has_granted(&signed_in, &client).await?,
                Err(ServiceError::NotSignedIn) => false,
                Err(other) => return Err(other),
            };
            if granted {
                return Ok(redirect(&back));
            }
            return Ok(refused_request(page, &failure, back, &redirect_uri.place()));
        }
    };
    let signed_in = page.signed_in().await?;
    let pending = page.service.begin_consent(&signed_in, &request).await?;
    let selected = page.service.consent_workspaces(&signed_in).await?;
    let requested = pending.request.scopes.as_slice();
    Ok(consent_page(page, &signed_in, &pending, selected, requested, None, None).into_response())
}

/// A failed authorization request of a client the person has not granted: the reason on a
/// page of ours, and at most a link back to the client (`400`).
fn refused_request(page: &PageRequest<'_>, failure: &OAuthFailure, back: String, place: &str) -> Response<Body> {
    let chrome = page
        .known_user()
        .map_or_else(Chrome::anonymous, |user| Chrome::signed_in(user, ""));
    let template = MessagePage {
        chrome,
        title: "This app's request cannot be answered".into(),
        message: format!("{} ({})", failure.description, failure.code.as_str()),
        request_id: None,
        back_href: back,
        back_text: format!("Return to {place}"),
    };
    Page::new(lambda_http::http::StatusCode::BAD_REQUEST, &template).into_response()
}

/// What the page says about where the answer goes, when it is a program on this device.
fn warning(redirect_uri: &RedirectUri) -> Option<String> {
    let place = redirect_uri.place();
    match redirect_uri.kind() {
        RedirectKind::Https => None,
        RedirectKind::Loopback => Some(format!(
            "The answer goes to a program on your own computer ({place}). Allow only if you started this \
             connection from an app on this computer just now."
        )),
        RedirectKind::PrivateUse => Some(format!(
            "The answer goes to an app installed on your device ({place}). Allow only if you started this \
             connection from that app just now."
        )),
    }
}

/// The consent page for a pending request (with the person's choices kept after an error).
fn consent_page(
    page: &PageRequest<'_>,
    signed_in: &SessionUser,
    pending: &PendingConsent,
    workspaces: Vec<(crate::domain::Workspace, crate::domain::Role)>,
    checked: &[Scope],
    chosen_workspace: Option<&str>,
    error: Option<String>,
) -> Page {
    let request: &PendingAuthorization = &pending.request;
    let now = page.service.clock.now();
    let first_usable = workspaces.iter().position(|(w, _)| !w.license_expired(now));
    let workspaces = workspaces
        .iter()
        .enumerate()
        .map(|(i, (ws, role))| ConsentWorkspace {
            id: ws.id.to_string(),
            name: ws.name.clone(),
            role: role.as_str(),
            selected: chosen_workspace.map_or(Some(i) == first_usable, |c| c == ws.id.as_str()),
            expired: ws.license_expired(now),
        })
        .collect();
    let client_name = request
        .client
        .name
        .clone()
        .or_else(|| request.client.document_host.clone())
        .unwrap_or_else(|| "An unnamed app".to_string());
    let template = ConsentPage {
        chrome: Chrome::signed_in(signed_in, ""),
        client_name,
        document_host: request.client.document_host.clone(),
        redirect_place: request.redirect_uri.place(),
        warning: warning(&request.redirect_uri),
        scopes: request
            .scopes
            .iter()
            .map(|s| ScopeOption {
                value: s.as_str(),
                description: scope_words(s),
                checked: checked.contains(&s),
            })
            .collect(),
        workspaces,
        csrf: signed_in.session.csrf_token.clone(),
        request: pending.id.clone(),
        error: error.clone(),
    };
    let status = if error.is_some() {
        lambda_http::http::StatusCode::BAD_REQUEST
    } else {
        lambda_http::http::StatusCode::OK
    };
    let view = Page::new(status, &template);
    match request.redirect_uri.form_action_source() {
        Some(source) => view.allowing_form_redirect_to(source),
        None => view,
    }
}

/// `POST /oauth/consent`: the person's answer (`decision` = `approve` or `deny`).
pub async fn answer(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let (signed_in, form) = page.signed_in_form().await?;
    let id = form.get("request").unwrap_or_default();
    let answered = match form.get("decision") {
        Some("deny") => page.service.deny_consent(&signed_in, id).await?,
        Some("approve") => {
            let scopes = form.all("scope");
            let workspace = form.get("workspaceId");
            match page.service.approve_consent(&signed_in, id, &scopes, workspace).await {
                Ok(answered) => answered,
                Err(ServiceError::Invalid(invalid)) => {
                    let pending = page.service.pending_consent(&signed_in, id).await?;
                    let workspaces = page.service.consent_workspaces(&signed_in).await?;
                    let checked: Vec<Scope> = scopes.iter().filter_map(|s| Scope::parse(s)).collect();
                    let view = consent_page(
                        page,
                        &signed_in,
                        &pending,
                        workspaces,
                        &checked,
                        workspace,
                        Some(invalid.message),
                    );
                    return Ok(view.into_response());
                }
                Err(other) => return Err(other),
            }
        }
        _ => return Err(ServiceError::BadRequest("Choose Allow or Deny.".into())),
    };
    Ok(back_to_client(page, &answered))
}

/// Sends the browser to the client's redirect URI with the answer (RFC 6749 §4.1.2, with
/// `iss` of RFC 9207): a `303` the consent page's CSP admits, or, where no CSP source can
/// name the target (an IPv6 literal), a page that refreshes to it.
fn back_to_client(page: &PageRequest<'_>, answered: &ConsentAnswer) -> Response<Body> {
    let issuer = page.origin();
    let mut parameters: Vec<(&str, &str)> = match &answered.code {
        Some(code) => vec![("code", code)],
        None => vec![
            ("error", "access_denied"),
            ("error_description", "The user denied access."),
        ],
    };
    if let Some(state) = &answered.state {
        parameters.push(("state", state));
    }
    parameters.push(("iss", &issuer));
    let location = answered.redirect_uri.with_parameters(&parameters);
    if answered.redirect_uri.form_action_source().is_some() {
        return redirect(&location);
    }
    let template = ReturnToAppPage {
        chrome: Chrome::anonymous(),
        location,
        place: answered.redirect_uri.place(),
    };
    Page::ok(&template).into_response()
}
