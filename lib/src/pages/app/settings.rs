//! A workspace's settings (`/app/w/<ws>/settings`): its team (see `team`) and whether its links
//! may ask visitors for their location. The owner and managers open the page; only the owner
//! changes the location setting (the service refuses anyone else, and the page shows them no
//! form).

use lambda_http::{Body, Response};

use super::super::PageRequest;
use super::context::{Workspace, redirect_with_notice};
use super::team::LOCATION_FIELD;
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
