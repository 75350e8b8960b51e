//! `/` (the home page: what this is and where each door answers, or straight to the app when
//! signed in), `/app` (the first workspace's links), and `/app/help`.

use lambda_http::{Body, Response};

use super::super::templates::{Chrome, MessagePage};
use super::super::{Page, PageRequest, redirect};
use super::views::{HelpPage, Places, WorkspaceLine};
use crate::service::ServiceError;

impl Places {
    /// The addresses of this deployment, as the request reached it.
    pub fn of(page: &PageRequest<'_>) -> Self {
        let origin = page.origin();
        let short_domain = page.service.config.default_domain.clone();
        let local_short_links = page.is_local().then(|| {
            let host = crate::http::header_str(page.req, "host").unwrap_or("localhost");
            let port = host
                .rsplit_once(':')
                .map(|(_, p)| p)
                .filter(|p| p.bytes().all(|b| b.is_ascii_digit()))
                .unwrap_or("80");
            format!("http://{short_domain}:{port}/<slug>")
        });
        Self {
            api: format!("{origin}/apiv1"),
            mcp: format!("{origin}/apiv1/mcp"),
            sign_in: format!("{origin}/account/sign-in"),
            short_links: format!("https://{short_domain}/<slug>"),
            short_domain,
            local_short_links,
        }
    }
}

/// `/`: the app for someone signed in, else what this is and where to sign in.
pub async fn home(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    match page.signed_in().await {
        Ok(_) => Ok(redirect("/app")),
        Err(ServiceError::NotSignedIn) => help_page(page).await,
        Err(other) => Err(other),
    }
}

/// `/app/help`: the same, for everyone, with the person's workspaces when signed in.
pub async fn help(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    match page.signed_in().await {
        Ok(_) | Err(ServiceError::NotSignedIn) => help_page(page).await,
        Err(other) => Err(other),
    }
}

async fn help_page(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let (chrome, workspaces) = match page.known_user() {
        Some(user) => {
            let workspaces = page.service.workspaces_of_user(&user.session.user_id).await?;
            let lines = workspaces
                .into_iter()
                .map(|w| WorkspaceLine {
                    href: format!("/app/w/{}/links", w.id),
                    id: w.id.to_string(),
                    name: w.name,
                    role: w.role,
                })
                .collect();
            (Chrome::signed_in(user, "help"), lines)
        }
        None => (Chrome::anonymous(), Vec::new()),
    };
    let template = HelpPage {
        signed_in: page.known_user().is_some(),
        chrome,
        places: Places::of(page),
        workspaces,
    };
    Ok(Page::ok(&template).into_response())
}

/// `/app` and `/app/analytics`: the person's first workspace (by name), or a word on how to
/// get one.
pub async fn start(page: &PageRequest<'_>, section: &str) -> Result<Response<Body>, ServiceError> {
    let user = page.signed_in().await?;
    let workspaces = page.service.workspaces_of_user(&user.session.user_id).await?;
    match workspaces.first() {
        Some(first) => Ok(redirect(&format!("/app/w/{}/{section}", first.id))),
        None => {
            let template = MessagePage {
                chrome: Chrome::signed_in(&user, "links"),
                title: "No workspace yet".into(),
                message: "You are not a member of any workspace yet. Ask a workspace owner to add you.".into(),
                request_id: None,
                back_href: "/app/help".into(),
                back_text: "Read how the service works".into(),
            };
            Ok(Page::ok(&template).into_response())
        }
    }
}
