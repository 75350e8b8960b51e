//! A workspace's settings (`/app/w/<ws>/settings`): whether its links may ask visitors for their
//! location. Every member sees the setting; only the owner changes it (the service refuses
//! anyone else, and the page shows them no form).

use lambda_http::{Body, Response};

use super::super::{Page, PageRequest};
use super::context::{Workspace, redirect_with_notice};
use super::views::SettingsPage;
use crate::domain::Role;
use crate::service::ServiceError;

/// The field of the location switch.
const LOCATION_FIELD: &str = "locationRequests";

pub async fn show(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let template = SettingsPage {
        chrome: ws.chrome("settings"),
        notice: ws.notice.clone(),
        workspace: ws.access.workspace.name.clone(),
        location_requests: !ws.access.workspace.gps_capture_off,
        owner: ws.access.role == Role::Owner,
        csrf: ws.user.session.csrf_token.clone(),
        action: format!("{}/settings", ws.base()),
        field: LOCATION_FIELD,
    };
    Ok(ws.finish(page, Page::ok(&template).into_response()))
}

pub async fn save(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let allowed = form.checked(LOCATION_FIELD);
    page.service.set_gps_capture(&ws.access, allowed).await?;
    let notice = if allowed {
        "Links with location requests on may ask their visitors again."
    } else {
        "No link of this workspace asks its visitors for their location any more."
    };
    Ok(redirect_with_notice(page, &format!("{}/settings", ws.base()), notice))
}
