//! What every page of a workspace starts from: the signed-in person, admitted to the
//! workspace by the same checks as an API key (`Service::open_workspace_as`), their other
//! workspaces for the switcher, and a notice left by the previous form post.

use lambda_http::http::header;
use lambda_http::{Body, Response};

use super::super::templates::{Chrome, SwitchEntry, WorkspaceNav};
use super::super::{Form, PageRequest, cookies, redirect};
use crate::service::{ServiceError, accounts::Access, accounts::SessionUser};
use crate::wire::WorkspaceSummary;

/// A signed-in person on a page of one of their workspaces.
pub struct Workspace {
    pub user: SessionUser,
    pub access: Access,
    /// Every workspace of the person (the switcher), by name.
    pub workspaces: Vec<WorkspaceSummary>,
    /// A notice the previous page left (shown once).
    pub notice: Option<String>,
}

impl Workspace {
    /// Opens the workspace a page's path names, for the signed-in person.
    pub async fn open(page: &PageRequest<'_>, raw_id: &str) -> Result<Self, ServiceError> {
        let user = page.signed_in().await?;
        let user_id = user.session.user_id.clone();
        let id = crate::wire::parse_id(crate::wire::IdField::Workspace, Some(raw_id))?;
        let (access, workspaces) = tokio::try_join!(
            page.service.open_workspace_as(user_id.clone(), &id),
            page.service.workspaces_of_user(&user_id)
        )?;
        Ok(Self {
            user,
            access,
            workspaces,
            notice: cookies::read_flash(page.req, page.is_local()),
        })
    }

    /// A form posted on a page of the workspace: its CSRF token and origin are checked before
    /// anything else happens.
    pub async fn open_form(page: &PageRequest<'_>, raw_id: &str) -> Result<(Self, Form), ServiceError> {
        let (_, form) = page.signed_in_form().await?;
        Ok((Self::open(page, raw_id).await?, form))
    }

    /// An upload posted on a page of the workspace, checked as [`Self::open_form`] checks a form.
    pub async fn open_upload(page: &PageRequest<'_>, raw_id: &str) -> Result<(Self, Form), ServiceError> {
        let (_, form) = page.signed_in_upload().await?;
        Ok((Self::open(page, raw_id).await?, form))
    }

    /// `/app/w/<id>`: where the workspace's pages live.
    pub fn base(&self) -> String {
        format!("/app/w/{}", self.access.workspace.id)
    }

    /// The layout's part: who is signed in, this workspace and the switcher, which leads to
    /// the same section (`links` or `analytics`) of another workspace.
    pub fn chrome(&self, section: &'static str) -> Chrome {
        let target = if section == "analytics" { "analytics" } else { "links" };
        let current = &self.access.workspace;
        let mut chrome = Chrome::signed_in(&self.user, section);
        chrome.workspace = Some(WorkspaceNav {
            id: current.id.to_string(),
            name: current.name.clone(),
            role: self.access.role.as_str(),
            switch: self
                .workspaces
                .iter()
                .map(|w| SwitchEntry {
                    href: format!("/app/w/{}/{target}", w.id),
                    name: w.name.clone(),
                    current: w.id == current.id,
                })
                .collect(),
        });
        chrome
    }

    /// A page's response, with the notice it showed forgotten.
    pub fn finish(&self, page: &PageRequest<'_>, mut response: Response<Body>) -> Response<Body> {
        if self.notice.is_some() {
            let local = page.is_local();
            response
                .headers_mut()
                .append(header::SET_COOKIE, cookies::clear(cookies::flash_name(local), local));
        }
        response
    }
}

/// `303` to `location`, leaving `notice` for the page there (`Link "Docs" created.`).
pub fn redirect_with_notice(page: &PageRequest<'_>, location: &str, notice: &str) -> Response<Body> {
    let mut response = redirect(location);
    response
        .headers_mut()
        .append(header::SET_COOKIE, cookies::set_flash(notice, page.is_local()));
    response
}
