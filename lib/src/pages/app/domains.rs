//! The domains tab (`/app/w/<ws>/domains`): the default domain, and each domain of the
//! workspace with its status and the two DNS records to publish; the owner and managers add
//! one, verify it now, or remove it (which asks first).

use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::super::{Page, PageRequest};
use super::catalogue_views::{DomainRow, DomainsPage};
use super::context::{Workspace, redirect_with_notice};
use super::team::shown;
use super::views::ConfirmPage;
use crate::domain::DomainStatus;
use crate::service::{ServiceError, workspace::DomainSetup};

/// The id of a domain's card on the tab.
fn anchor(host: &str) -> String {
    format!("domain-{}", host.replace('.', "-"))
}

/// What a domain's status means, for the person reading its card.
fn explanation(setup: &DomainSetup) -> String {
    let host = setup.claim.host.as_str();
    match setup.claim.status {
        DomainStatus::Pending => {
            format!("Publish both records below at your DNS provider, then verify. Until then no link can use {host}.")
        }
        DomainStatus::Verified if setup.claim.missing_since.is_some() => format!(
            "The TXT record is gone. {host} stays verified for 7 days after it went; publish it again before then."
        ),
        DomainStatus::Verified => format!("New links may use {host}. Keep both records in place."),
        DomainStatus::Invalid => format!(
            "The TXT record has been gone for 7 days. Links on {host} keep redirecting, but new links cannot use it \
             until the record is back and verified."
        ),
    }
}

fn row(ws: &Workspace, setup: &DomainSetup) -> DomainRow {
    let claim = &setup.claim;
    let host = claim.host.as_str();
    let base = format!("{}/domains/{host}", ws.base());
    DomainRow {
        host: host.to_string(),
        anchor: anchor(host),
        status: claim.status.as_str(),
        badge: match claim.status {
            DomainStatus::Verified if claim.missing_since.is_none() => "ok",
            DomainStatus::Pending => "off",
            _ => "warn",
        },
        explanation: explanation(setup),
        verified_at: claim.verified_at.map(shown),
        checked_at: claim.checked_at.map(shown),
        txt_name: claim.record_name(),
        txt_value: claim.record_value(),
        cname_target: setup.cname_target.clone(),
        verify_action: format!("{base}/verify"),
        remove_href: format!("{base}/remove"),
        apps_href: format!("{base}/apps"),
    }
}

async fn domains_page(
    page: &PageRequest<'_>,
    ws: &Workspace,
    status: StatusCode,
    error: Option<String>,
    new_host: String,
) -> Result<Response<Body>, ServiceError> {
    let setups = page.service.domain_setups(&ws.access).await?;
    let template = DomainsPage {
        chrome: ws.chrome("domains"),
        notice: ws.notice.clone(),
        workspace: ws.access.workspace.name.clone(),
        default_domain: page.service.config.default_domain.clone(),
        may_manage: ws.access.manages(),
        csrf: ws.user.session.csrf_token.clone(),
        add_action: format!("{}/domains", ws.base()),
        domains: setups.iter().map(|s| row(ws, s)).collect(),
        error,
        new_host,
    };
    Ok(ws.finish(page, Page::new(status, &template).into_response()))
}

/// A refusal shown on the domains page; a fault stays an error.
async fn refused(
    page: &PageRequest<'_>,
    ws: &Workspace,
    err: ServiceError,
    new_host: String,
) -> Result<Response<Body>, ServiceError> {
    if matches!(err, ServiceError::Internal(_)) {
        return Err(err);
    }
    domains_page(page, ws, crate::http::status_of(&err), Some(err.to_string()), new_host).await
}

pub async fn show(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    domains_page(page, &ws, StatusCode::OK, None, String::new()).await
}

pub async fn add(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let raw = form.get("hostname").unwrap_or("").to_string();
    match page.service.add_domain_claim(&ws.access, &raw).await {
        Ok(setup) => {
            let added = row(&ws, &setup);
            let notice = format!("{} is added. Publish its two records, then verify it.", added.host);
            Ok(redirect_with_notice(
                page,
                &format!("{}/domains#{}", ws.base(), added.anchor),
                &notice,
            ))
        }
        Err(err) => refused(page, &ws, err, raw).await,
    }
}

pub async fn verify(page: &PageRequest<'_>, raw_ws: &str, host: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    match page.service.verify_domain(&ws.access, host).await {
        Ok(done) => {
            let anchor = anchor(done.claim.host.as_str());
            Ok(redirect_with_notice(
                page,
                &format!("{}/domains#{anchor}", ws.base()),
                &done.message(),
            ))
        }
        Err(err) => refused(page, &ws, err, String::new()).await,
    }
}

pub async fn confirm_remove(page: &PageRequest<'_>, raw_ws: &str, host: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    if !ws.access.manages() {
        return Err(ServiceError::DomainsClosed);
    }
    let setups = page.service.domain_setups(&ws.access).await?;
    let setup = setups
        .iter()
        .find(|s| s.claim.host.as_str() == host)
        .ok_or_else(|| ServiceError::DomainNotFound(host.to_string()))?;
    let template = ConfirmPage {
        chrome: ws.chrome("domains"),
        title: format!("Remove {}?", setup.claim.host.as_str()),
        text: "The domain leaves this workspace; adding it again means publishing a new TXT record. A domain that \
               links use cannot be removed until they are moved or deleted."
            .into(),
        action: format!("{}/domains/{host}/remove", ws.base()),
        csrf: ws.user.session.csrf_token.clone(),
        button: format!("Remove {}", setup.claim.host.as_str()),
        cancel_href: format!("{}/domains", ws.base()),
    };
    Ok(ws.finish(page, Page::new(StatusCode::OK, &template).into_response()))
}

pub async fn remove(page: &PageRequest<'_>, raw_ws: &str, host: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    match page.service.remove_domain_claim(&ws.access, host).await {
        Ok(host) => Ok(redirect_with_notice(
            page,
            &format!("{}/domains", ws.base()),
            &format!("{} is removed from this workspace.", host.as_str()),
        )),
        Err(err) => refused(page, &ws, err, String::new()).await,
    }
}
