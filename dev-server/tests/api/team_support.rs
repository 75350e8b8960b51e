//! What the team tests share: a workspace with an owner signed in, people in each role, and
//! the settings page's forms.

use lib::mail::Mailer;
use reqwest::StatusCode;

use crate::helpers::{TestApp, spawn_app_with_mailer};
use crate::pages_support::{Browser, PASSWORD, PageAnswer, owner_with_workspace};

/// An app without a mail server: invitation links are shown to the inviter to pass on.
pub async fn app_without_mail() -> TestApp {
    spawn_app_with_mailer(Mailer::log_only(), |_| {}).await
}

/// A person with `role` in `ws`; returns their e-mail.
pub async fn person_in(app: &TestApp, ws: &str, role: &str) -> String {
    let email = app.person().await;
    lib::admin::add_member(&app.service, ws, &email, role)
        .await
        .expect("member");
    email
}

/// A browser signed in as `email`.
pub async fn signed_in<'a>(app: &'a TestApp, email: &str) -> Browser<'a> {
    let mut browser = Browser::new(app);
    let answer = browser.sign_in(email, PASSWORD).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.html);
    browser
}

/// A workspace whose owner is signed in: (owner's e-mail, workspace id, browser).
pub async fn owned_workspace(app: &TestApp) -> (String, String, Browser<'_>) {
    let (email, ws) = owner_with_workspace(app, "Acme").await;
    let browser = signed_in(app, &email).await;
    (email, ws, browser)
}

pub fn settings(ws: &str) -> String {
    format!("/app/w/{ws}/settings")
}

/// The user id of the person with `email`.
pub async fn id_of(app: &TestApp, email: &str) -> String {
    lib::admin::resolve_user(&app.service, email)
        .await
        .expect("user")
        .id
        .to_string()
}

/// The role of `email` in `ws` as stored, if a member.
pub async fn role_of(app: &TestApp, ws: &str, email: &str) -> Option<String> {
    let user = lib::admin::resolve_user(&app.service, email).await.expect("user");
    let ws = lib::domain::ids::ObjectId::parse(ws).expect("workspace id");
    lib::testing::store(&app.service)
        .membership(&ws, &user.id)
        .await
        .expect("read")
        .map(|m| m.role.as_str().to_string())
}

impl Browser<'_> {
    /// Posts a settings form of `ws` at `path` (under `/settings`) with the page's CSRF token.
    /// Uses the CSRF token of any page of the app (a member cannot open the settings).
    pub async fn settings_form(&mut self, ws: &str, path: &str, fields: &[(&str, &str)]) -> PageAnswer {
        let page = self.get(&format!("/app/w/{ws}/links")).await;
        self.submit(&format!("{}{path}", settings(ws)), &page, fields).await
    }

    /// Invites `email` with `role` from the settings of `ws`.
    pub async fn invite(&mut self, ws: &str, email: &str, role: &str) -> PageAnswer {
        self.settings_form(ws, "/invitations", &[("email", email), ("role", role)])
            .await
    }
}

/// The invitation link a page shows to pass on (no mail server), as a path.
pub fn passed_on_link(page: &PageAnswer) -> String {
    let url = page
        .input_value("invitation-url")
        .unwrap_or_else(|| panic!("the page shows the invitation link: {}", page.html));
    let start = url.find("/account/invitations/").expect("an invitation path");
    url[start..].to_string()
}

/// The id of the pending invitation to `email` in `ws`, from the store.
pub async fn invitation_id(app: &TestApp, ws: &str, email: &str) -> String {
    let ws = lib::domain::ids::ObjectId::parse(ws).expect("workspace id");
    lib::testing::store(&app.service)
        .workspace_invitations(&ws)
        .await
        .expect("read")
        .into_iter()
        .find(|i| i.email.as_str() == email)
        .expect("an invitation")
        .id
        .to_string()
}
