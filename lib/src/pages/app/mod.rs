//! The web app (`functions/app`): the home page, a workspace's links, the link editor, and
//! analytics drawn as charts. Every page opens the workspace and calls the same service
//! operations as the HTTP API, through the same wire types, so a page can never do what the
//! API would refuse; the service's sentences are shown as they are.
//!
//! Where pages live: `/` and everything under `/app` on the service's own host (never a
//! short-link domain), and `app` is a reserved slug.

mod analytics;
mod analytics_views;
mod anchors;
mod bots;
mod catalogue_views;
mod charts;
mod context;
mod conversions;
mod csv;
mod domain_apps;
mod domains;
mod editor;
mod home;
mod link_form;
mod link_input;
mod links;
mod locations;
mod map;
mod range;
mod settings;
mod snippet;
mod tags;
mod team;
mod transfer;
mod transfer_views;
mod views;
mod webhook_views;
mod webhooks;

use lambda_http::{Body, Response};

pub use context::{Workspace, redirect_with_notice};
pub use link_form::{Action, LinkForm};

use super::PageRequest;
use crate::service::ServiceError;

/// What a request asks for, once its path is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Page<'p> {
    Home,
    Start,
    StartAnalytics,
    Help,
    Links(&'p str),
    NewLink(&'p str),
    EditLink(&'p str, &'p str),
    DeleteLink(&'p str, &'p str),
    LinkAnalytics(&'p str, &'p str),
    LinkCsv(&'p str, &'p str),
    WorkspaceAnalytics(&'p str),
    WorkspaceCsv(&'p str),
    Settings(&'p str),
    HealthChecks(&'p str),
    Invite(&'p str),
    ResendInvitation(&'p str, &'p str),
    RevokeInvitation(&'p str, &'p str),
    ChangeRole(&'p str, &'p str),
    RemoveMember(&'p str, &'p str),
    HandOver(&'p str, &'p str),
    Leave(&'p str),
    Tags(&'p str),
    Tag(&'p str, &'p str),
    DeleteTag(&'p str, &'p str),
    Domains(&'p str),
    VerifyDomain(&'p str, &'p str),
    RemoveDomain(&'p str, &'p str),
    DomainApps(&'p str, &'p str),
    Webhooks(&'p str),
    Webhook(&'p str, &'p str),
    DeleteWebhook(&'p str, &'p str),
    Transfer(&'p str),
    ImportTemplate(&'p str),
    ExportLinks(&'p str, bool),
    ExportClicks(&'p str),
    StartImport(&'p str),
    ImportJob(&'p str, &'p str),
    ImportResults(&'p str, &'p str),
}

impl<'p> Page<'p> {
    /// The page a path names, and the methods it answers (`HEAD` wherever `GET`).
    fn of(path: &'p str) -> Option<(Self, &'static [&'static str])> {
        const READ: &[&str] = &["GET", "HEAD"];
        const FORM: &[&str] = &["GET", "HEAD", "POST"];
        const POST: &[&str] = &["POST"];
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        Some(match segments.as_slice() {
            [""] => (Self::Home, READ),
            ["app"] => (Self::Start, READ),
            ["app", "analytics"] => (Self::StartAnalytics, READ),
            ["app", "help"] => (Self::Help, READ),
            ["app", "w", ws, "links"] => (Self::Links(ws), READ),
            ["app", "w", ws, "links", "new"] => (Self::NewLink(ws), FORM),
            ["app", "w", ws, "links", id, "edit"] => (Self::EditLink(ws, id), FORM),
            ["app", "w", ws, "links", id, "delete"] => (Self::DeleteLink(ws, id), FORM),
            ["app", "w", ws, "links", id, "analytics"] => (Self::LinkAnalytics(ws, id), READ),
            ["app", "w", ws, "links", id, "analytics.csv"] => (Self::LinkCsv(ws, id), READ),
            ["app", "w", ws, "analytics"] => (Self::WorkspaceAnalytics(ws), READ),
            ["app", "w", ws, "analytics.csv"] => (Self::WorkspaceCsv(ws), READ),
            ["app", "w", ws, "settings"] => (Self::Settings(ws), FORM),
            ["app", "w", ws, "settings", "health"] => (Self::HealthChecks(ws), POST),
            ["app", "w", ws, "settings", "invitations"] => (Self::Invite(ws), POST),
            ["app", "w", ws, "settings", "invitations", id, "resend"] => (Self::ResendInvitation(ws, id), POST),
            ["app", "w", ws, "settings", "invitations", id, "revoke"] => (Self::RevokeInvitation(ws, id), POST),
            ["app", "w", ws, "settings", "members", user, "role"] => (Self::ChangeRole(ws, user), POST),
            ["app", "w", ws, "settings", "members", user, "remove"] => (Self::RemoveMember(ws, user), POST),
            ["app", "w", ws, "settings", "members", user, "ownership"] => (Self::HandOver(ws, user), FORM),
            ["app", "w", ws, "settings", "leave"] => (Self::Leave(ws), FORM),
            ["app", "w", ws, "tags"] => (Self::Tags(ws), FORM),
            ["app", "w", ws, "tags", id] => (Self::Tag(ws, id), POST),
            ["app", "w", ws, "tags", id, "delete"] => (Self::DeleteTag(ws, id), FORM),
            ["app", "w", ws, "domains"] => (Self::Domains(ws), FORM),
            ["app", "w", ws, "domains", host, "verify"] => (Self::VerifyDomain(ws, host), POST),
            ["app", "w", ws, "domains", host, "remove"] => (Self::RemoveDomain(ws, host), FORM),
            ["app", "w", ws, "domains", host, "apps"] => (Self::DomainApps(ws, host), FORM),
            ["app", "w", ws, "webhooks"] => (Self::Webhooks(ws), FORM),
            ["app", "w", ws, "webhooks", id] => (Self::Webhook(ws, id), POST),
            ["app", "w", ws, "webhooks", id, "delete"] => (Self::DeleteWebhook(ws, id), FORM),
            ["app", "w", ws, "transfer"] => (Self::Transfer(ws), FORM),
            ["app", "w", ws, "transfer", "template.csv"] => (Self::ImportTemplate(ws), READ),
            ["app", "w", ws, "transfer", "links.csv"] => (Self::ExportLinks(ws, false), READ),
            ["app", "w", ws, "transfer", "links.jsonl"] => (Self::ExportLinks(ws, true), READ),
            ["app", "w", ws, "transfer", "clicks.csv"] => (Self::ExportClicks(ws), READ),
            ["app", "w", ws, "transfer", "imports"] => (Self::StartImport(ws), POST),
            ["app", "w", ws, "transfer", "imports", id] => (Self::ImportJob(ws, id), READ),
            ["app", "w", ws, "transfer", "imports", id, "results.csv"] => (Self::ImportResults(ws, id), READ),
            _ => return None,
        })
    }
}

/// Routes one request of the app function.
pub async fn handle(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let path = page.req.uri().path().to_string();
    let method = page.req.method().as_str();
    let Some((target, methods)) = Page::of(&path) else {
        return Err(ServiceError::NoSuchEndpoint {
            method: method.to_string(),
            path,
        });
    };
    if !methods.contains(&method) {
        return Err(ServiceError::MethodNotAllowed {
            method: method.to_string(),
            path: path.clone(),
            allowed: methods.to_vec(),
        });
    }
    let post = method == "POST";
    // Each page's future is boxed: together they would make one future too large for a
    // thread's stack in a debug build.
    match target {
        Page::Home => Box::pin(home::home(page)).await,
        Page::Start => Box::pin(home::start(page, "links")).await,
        Page::StartAnalytics => Box::pin(home::start(page, "analytics")).await,
        Page::Help => Box::pin(home::help(page)).await,
        Page::Links(ws) => Box::pin(links::list(page, ws)).await,
        Page::NewLink(ws) if post => Box::pin(editor::create(page, ws)).await,
        Page::NewLink(ws) => Box::pin(editor::new_form(page, ws)).await,
        Page::EditLink(ws, id) if post => Box::pin(editor::update(page, ws, id)).await,
        Page::EditLink(ws, id) => Box::pin(editor::edit_form(page, ws, id)).await,
        Page::DeleteLink(ws, id) if post => Box::pin(editor::delete(page, ws, id)).await,
        Page::DeleteLink(ws, id) => Box::pin(editor::confirm_delete(page, ws, id)).await,
        Page::LinkAnalytics(ws, id) => Box::pin(analytics::link(page, ws, id)).await,
        Page::LinkCsv(ws, id) => Box::pin(csv::link(page, ws, id)).await,
        Page::WorkspaceAnalytics(ws) => Box::pin(analytics::workspace(page, ws)).await,
        Page::WorkspaceCsv(ws) => Box::pin(csv::workspace(page, ws)).await,
        Page::Settings(ws) if post => Box::pin(settings::save(page, ws)).await,
        Page::Settings(ws) => Box::pin(settings::show(page, ws)).await,
        Page::HealthChecks(ws) => Box::pin(settings::save_health_checks(page, ws)).await,
        Page::Invite(ws) => Box::pin(team::invite(page, ws)).await,
        Page::ResendInvitation(ws, id) => Box::pin(team::resend(page, ws, id)).await,
        Page::RevokeInvitation(ws, id) => Box::pin(team::revoke(page, ws, id)).await,
        Page::ChangeRole(ws, user) => Box::pin(team::change_role(page, ws, user)).await,
        Page::RemoveMember(ws, user) => Box::pin(team::remove(page, ws, user)).await,
        Page::HandOver(ws, user) if post => Box::pin(team::hand_over(page, ws, user)).await,
        Page::HandOver(ws, user) => Box::pin(team::confirm_hand_over(page, ws, user)).await,
        Page::Leave(ws) if post => Box::pin(team::leave(page, ws)).await,
        Page::Leave(ws) => Box::pin(team::confirm_leave(page, ws)).await,
        Page::Webhooks(ws) if post => Box::pin(webhooks::create(page, ws)).await,
        Page::Webhooks(ws) => Box::pin(webhooks::show(page, ws)).await,
        Page::Webhook(ws, id) => Box::pin(webhooks::act(page, ws, id)).await,
        Page::DeleteWebhook(ws, id) if post => Box::pin(webhooks::delete(page, ws, id)).await,
        Page::DeleteWebhook(ws, id) => Box::pin(webhooks::confirm_delete(page, ws, id)).await,
        Page::Transfer(ws) if post => Box::pin(transfer::check(page, ws)).await,
        Page::Transfer(ws) => Box::pin(transfer::show(page, ws)).await,
        Page::ImportTemplate(ws) => Box::pin(transfer::template(page, ws)).await,
        Page::ExportLinks(ws, jsonl) => Box::pin(transfer::links(page, ws, jsonl)).await,
        Page::ExportClicks(ws) => Box::pin(transfer::clicks(page, ws)).await,
        Page::StartImport(ws) => Box::pin(transfer::start(page, ws)).await,
        Page::ImportJob(ws, id) => Box::pin(transfer::job(page, ws, id)).await,
        Page::ImportResults(ws, id) => Box::pin(transfer::results(page, ws, id)).await,
        Page::Tags(ws) if post => Box::pin(tags::create(page, ws)).await,
        Page::Tags(ws) => Box::pin(tags::show(page, ws)).await,
        Page::Tag(ws, id) => Box::pin(tags::update(page, ws, id)).await,
        Page::DeleteTag(ws, id) if post => Box::pin(tags::delete(page, ws, id)).await,
        Page::DeleteTag(ws, id) => Box::pin(tags::confirm_delete(page, ws, id)).await,
        Page::Domains(ws) if post => Box::pin(domains::add(page, ws)).await,
        Page::Domains(ws) => Box::pin(domains::show(page, ws)).await,
        Page::VerifyDomain(ws, host) => Box::pin(domains::verify(page, ws, host)).await,
        Page::RemoveDomain(ws, host) if post => Box::pin(domains::remove(page, ws, host)).await,
        Page::RemoveDomain(ws, host) => Box::pin(domains::confirm_remove(page, ws, host)).await,
        Page::DomainApps(ws, host) if post => Box::pin(domain_apps::save(page, ws, host)).await,
        Page::DomainApps(ws, host) => Box::pin(domain_apps::show(page, ws, host)).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_their_pages_and_methods() {
        assert_eq!(Page::of("/").map(|p| p.0), Some(Page::Home));
        assert_eq!(
            Page::of("/app/w/abc/links/def/edit").map(|p| p.0),
            Some(Page::EditLink("abc", "def"))
        );
        assert!(Page::of("/app/w/abc/links/def/edit").unwrap().1.contains(&"POST"));
        assert!(!Page::of("/app/w/abc/links").unwrap().1.contains(&"POST"));
        assert_eq!(Page::of("/app/nope"), None);
        assert_eq!(Page::of("/app/w/abc/links/"), None);
    }
}
