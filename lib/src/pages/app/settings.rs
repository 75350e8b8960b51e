//! A workspace's settings (`/app/w/<ws>/settings`): its team (see `team`), whether its links
//! may ask visitors for their location, and whether the link-health checker asks their
//! destinations. The owner and managers open the page and change the health setting; only the
//! owner changes the location setting (the service refuses anyone else, and the page shows them
//! no form).

use lambda_http::{Body, Response};

use super::super::PageRequest;
use super::context::{Workspace, redirect_with_notice};
use super::team::{HEALTH_FIELD, LOCATION_FIELD};
use crate::service::ServiceError;

pub use super::team::show;

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

/// The link-health switch (`POST …/settings/health`).
pub async fn save_health_checks(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let on = form.checked(HEALTH_FIELD);
    page.service.set_health_checks(&ws.access, on).await?;
    let notice = if on {
        "Link health checks are on: the next hourly run asks this workspace's destinations again."
    } else {
        "Link health checks are off: no destination of this workspace is asked, and nobody is told of breaks."
    };
    Ok(redirect_with_notice(page, &format!("{}/settings", ws.base()), notice))
}
