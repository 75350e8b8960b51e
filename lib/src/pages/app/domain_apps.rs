//! A domain's apps (`/app/w/<ws>/domains/<host>/apps`): the iOS app IDs and the Android package
//! and certificate fingerprints phones read from the domain's `/.well-known` files, so its links
//! open those apps directly. Any member reads them; the owner and managers change them.

use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::super::{Form, Page, PageRequest};
use super::catalogue_views::DomainAppsPage;
use super::context::{Workspace, redirect_with_notice};
use crate::domain::WellKnown;
use crate::domain::{AppAssociation, AppAssociationFields};
use crate::service::ServiceError;

/// The lines of a text area, blank ones left out.
fn lines(text: &str) -> Vec<String> {
    text.lines()
        .flat_map(|line| line.split(','))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

fn posted(form: &Form) -> AppAssociationFields {
    AppAssociationFields {
        app_ids: lines(form.get("appIds").unwrap_or_default()),
        package_name: form.get("packageName").unwrap_or_default().trim().to_string(),
        sha256_cert_fingerprints: lines(form.get("sha256CertFingerprints").unwrap_or_default()),
    }
}

fn render(
    page: &PageRequest<'_>,
    ws: &Workspace,
    host: &str,
    fields: &AppAssociationFields,
    status: StatusCode,
    error: Option<(String, String)>,
) -> Response<Body> {
    let base = format!("{}/domains/{host}", ws.base());
    let (error, error_field) = error.map_or((None, String::new()), |(message, field)| (Some(message), field));
    let template = DomainAppsPage {
        chrome: ws.chrome("domains"),
        notice: ws.notice.clone(),
        host: host.to_string(),
        may_manage: ws.access.manages(),
        csrf: ws.user.session.csrf_token.clone(),
        action: format!("{base}/apps"),
        back_href: format!("{}/domains", ws.base()),
        app_ids: fields.app_ids.join("\n"),
        package_name: fields.package_name.clone(),
        fingerprints: fields.sha256_cert_fingerprints.join("\n"),
        error,
        error_field,
        apple_href: format!("https://{host}{}", WellKnown::APPLE_PATH),
        android_href: format!("https://{host}{}", WellKnown::ANDROID_PATH),
    };
    ws.finish(page, Page::new(status, &template).into_response())
}

pub async fn show(page: &PageRequest<'_>, raw_ws: &str, host: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let apps = page.service.domain_apps(&ws.access, host).await?;
    let fields = apps.association.fields();
    Ok(render(page, &ws, apps.host.as_str(), &fields, StatusCode::OK, None))
}

pub async fn save(page: &PageRequest<'_>, raw_ws: &str, host: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let fields = posted(&form);
    let saved = match AppAssociation::parse(&fields) {
        Ok(association) => page.service.set_domain_apps(&ws.access, host, association).await,
        Err(invalid) => Err(ServiceError::from(invalid)),
    };
    match saved {
        Ok(apps) => Ok(redirect_with_notice(
            page,
            &format!("{}/domains/{}/apps", ws.base(), apps.host.as_str()),
            &apps.message(),
        )),
        Err(ServiceError::Invalid(invalid)) => {
            let field = invalid.field.clone().unwrap_or_default();
            let status = crate::http::status_of(&ServiceError::Invalid(invalid.clone()));
            Ok(render(page, &ws, host, &fields, status, Some((invalid.message, field))))
        }
        Err(err) => Err(err),
    }
}
