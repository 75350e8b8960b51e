//! The connected-apps page (`functions/account`): every OAuth grant of the signed-in person,
//! each with a revoke button.

use lambda_http::{Body, Response};

use super::account::scope_words;
use super::templates::{AppRow, Chrome, ConnectedAppsPage, ScopeOption};
use super::{Page, PageRequest, redirect};
use crate::service::ServiceError;
use crate::service::oauth::ConnectedApp;

fn when(at: chrono::DateTime<chrono::Utc>) -> (String, String) {
    (
        at.format("%Y-%m-%d %H:%M UTC").to_string(),
        at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    )
}

fn row(app: &ConnectedApp) -> AppRow {
    let grant = &app.grant;
    let terms = &grant.terms;
    let (created, created_iso) = when(grant.created_at);
    let (last_used, last_used_iso) = when(grant.last_used_at);
    AppRow {
        id: grant.id.to_string(),
        name: terms.client.shown_name(),
        document_host: terms.client.document_host.clone(),
        redirect_place: terms.redirect_uri.place(),
        workspace: app
            .workspace
            .as_ref()
            .map_or_else(|| "(a workspace that no longer exists)".to_string(), |w| w.name.clone()),
        scopes: terms
            .scopes
            .iter()
            .map(|s| ScopeOption {
                value: s.as_str(),
                description: scope_words(s),
                checked: true,
            })
            .collect(),
        created,
        created_iso,
        last_used,
        last_used_iso,
    }
}

/// `GET /account/connected-apps`.
pub async fn list(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let signed_in = page.signed_in().await?;
    let apps = page.service.connected_apps(&signed_in.session.user_id).await?;
    let notice = crate::http::query(page.req, "revoked")
        .map(|_| "Access revoked: that app can no longer reach your workspace.".to_string());
    let template = ConnectedAppsPage {
        chrome: Chrome::signed_in(&signed_in, "connected-apps"),
        apps: apps.iter().map(row).collect(),
        csrf: signed_in.session.csrf_token.clone(),
        notice,
    };
    Ok(Page::ok(&template).into_response())
}

/// `POST /account/connected-apps/revoke`: the grant's tokens stop working at once.
pub async fn revoke(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let (signed_in, form) = page.signed_in_form().await?;
    let grant = form.get("grant").unwrap_or_default();
    // Revoking what is already gone (a second click, another tab) ends the same way.
    page.service
        .revoke_connected_app(&signed_in.session.user_id, grant)
        .await?;
    Ok(redirect("/account/connected-apps?revoked=1"))
}
