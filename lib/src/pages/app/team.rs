//! A workspace's team on its settings page (`/app/w/<ws>/settings`): members with the actions
//! the person may take on each, pending invitations, the invitation form, and the confirmations
//! before handing ownership over or leaving. The service decides; the page offers only what it
//! would allow and shows its sentence when it refuses.

use chrono::{DateTime, Utc};
use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::super::{Form, Page, PageRequest};
use super::context::{Workspace, redirect_with_notice};
use super::views::{ConfirmPage, CopyLink, InvitationRow, MemberRow, RoleForm, SettingsPage, Shown};
use crate::domain::ids::ObjectId;
use crate::domain::{Email, Invalid, Role, TeamAction, invitable_roles};
use crate::mail::Delivery;
use crate::service::teams::MAX_MEMBERS;
use crate::service::{ServiceError, teams::Invited, teams::Team};

/// The field of the location switch.
pub const LOCATION_FIELD: &str = "locationRequests";

/// The field of the link-health switch.
pub const HEALTH_FIELD: &str = "healthChecks";

pub(super) fn shown(at: DateTime<Utc>) -> Shown {
    (
        at.format("%Y-%m-%d %H:%M UTC").to_string(),
        at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    )
}

/// What the invitation form shows again after a refusal, or a link to pass on.
#[derive(Default)]
pub struct Extras {
    pub invite_email: String,
    pub invite_role: Option<Role>,
    pub invite_error: Option<String>,
    pub copy_link: Option<CopyLink>,
}

/// The settings page of the workspace (owner and managers).
pub async fn settings_page(
    page: &PageRequest<'_>,
    ws: &Workspace,
    status: StatusCode,
    extras: Extras,
) -> Result<Response<Body>, ServiceError> {
    let team = page.service.team(&ws.access).await?;
    let role = ws.access.role;
    let base = format!("{}/settings", ws.base());
    let invitable: Vec<&'static str> = invitable_roles(role).into_iter().map(Role::as_str).collect();
    let template = SettingsPage {
        chrome: ws.chrome("settings"),
        notice: ws.notice.clone(),
        workspace: ws.access.workspace.name.clone(),
        location_requests: !ws.access.workspace.gps_capture_off,
        owner: role == Role::Owner,
        csrf: ws.user.session.csrf_token.clone(),
        action: base.clone(),
        field: LOCATION_FIELD,
        health_checks: !ws.access.workspace.health_checks_off,
        health_action: format!("{base}/health"),
        health_field: HEALTH_FIELD,
        members_truncated: team.members.len() >= MAX_MEMBERS,
        members: member_rows(ws, &team, &base),
        invitations: invitation_rows(role, &team, &base),
        leave_href: format!("{base}/leave"),
        invite_action: format!("{base}/invitations"),
        invite_role: extras.invite_role.unwrap_or(Role::Member).as_str(),
        invitable,
        invite_email: extras.invite_email,
        invite_error: extras.invite_error,
        mail_configured: page.service.mailer.is_configured(),
        copy_link: extras.copy_link,
    };
    Ok(ws.finish(page, Page::new(status, &template).into_response()))
}

fn member_rows(ws: &Workspace, team: &Team, base: &str) -> Vec<MemberRow> {
    let role = ws.access.role;
    team.members
        .iter()
        .map(|m| {
            let is_you = m.user_id == ws.access.user_id;
            let path = format!("{base}/members/{}", m.user_id);
            let options: Vec<(&'static str, bool)> = [Role::Manager, Role::Member]
                .into_iter()
                .filter(|to| {
                    TeamAction::ChangeRole { from: m.role, to: *to }
                        .allowed_for(role)
                        .is_ok()
                })
                .map(|to| (to.as_str(), to == m.role))
                .collect();
            let may = |action: TeamAction| !is_you && action.allowed_for(role).is_ok();
            MemberRow {
                id: m.user_id.to_string(),
                name: m.name.clone(),
                email: m.email.as_str().to_string(),
                role: m.role.as_str(),
                since: m.since.map(shown),
                is_you,
                role_form: (!is_you && options.len() > 1).then(|| RoleForm {
                    action: format!("{path}/role"),
                    options,
                }),
                remove_action: may(TeamAction::Remove(m.role)).then(|| format!("{path}/remove")),
                hand_over_href: may(TeamAction::HandOwnership(m.role)).then(|| format!("{path}/ownership")),
            }
        })
        .collect()
}

fn invitation_rows(role: Role, team: &Team, base: &str) -> Vec<InvitationRow> {
    team.invitations
        .iter()
        .map(|i| {
            let path = format!("{base}/invitations/{}", i.id);
            InvitationRow {
                email: i.email.as_str().to_string(),
                role: i.role.as_str(),
                sent: shown(i.sent_at),
                expires: shown(i.expires_at),
                actions: TeamAction::ManageInvitation(i.role)
                    .allowed_for(role)
                    .is_ok()
                    .then(|| (format!("{path}/resend"), format!("{path}/revoke"))),
            }
        })
        .collect()
}

pub async fn show(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    settings_page(page, &ws, StatusCode::OK, Extras::default()).await
}

fn role_of(form: &Form) -> Result<Role, Invalid> {
    let raw = form.get("role").unwrap_or("");
    Role::parse(raw).ok_or_else(|| Invalid::new("role", format!("role must be manager or member (got {raw:?}).")))
}

/// Where the settings page answers after an invitation went out (or shows its link).
async fn after_invitation(
    page: &PageRequest<'_>,
    ws: &Workspace,
    invited: Invited,
) -> Result<Response<Body>, ServiceError> {
    let email = invited.invitation.email.as_str().to_string();
    match invited.delivery {
        Delivery::Sent => Ok(redirect_with_notice(
            page,
            &format!("{}/settings#invitations", ws.base()),
            &format!("Invitation sent to {email}."),
        )),
        Delivery::Logged => {
            let extras = Extras {
                copy_link: Some(CopyLink {
                    email,
                    url: invited.link,
                }),
                ..Extras::default()
            };
            settings_page(page, ws, StatusCode::OK, extras).await
        }
    }
}

pub async fn invite(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let raw_email = form.get("email").unwrap_or("").to_string();
    let parsed = Email::parse(&raw_email).and_then(|email| Ok((email, role_of(&form)?)));
    let result = match parsed {
        Ok((email, role)) => page.service.invite(&ws.access, email, role, &page.origin()).await,
        Err(invalid) => Err(invalid.into()),
    };
    match result {
        Ok(invited) => after_invitation(page, &ws, invited).await,
        Err(err @ (ServiceError::Internal(_) | ServiceError::MailFailed(_))) => Err(err),
        Err(err) => {
            let extras = Extras {
                invite_email: raw_email,
                invite_role: role_of(&form).ok(),
                invite_error: Some(err.to_string()),
                copy_link: None,
            };
            let mut response = settings_page(page, &ws, crate::http::status_of(&err), extras).await?;
            if let ServiceError::TooManyMails { retry_after } = err {
                response
                    .headers_mut()
                    .insert(lambda_http::http::header::RETRY_AFTER, retry_after.into());
            }
            Ok(response)
        }
    }
}

fn id_of(raw: &str, missing: ServiceError) -> Result<ObjectId, ServiceError> {
    ObjectId::parse(raw).map_err(|_| missing)
}

pub async fn resend(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    let id = id_of(raw_id, ServiceError::InvitationNotFound)?;
    let invited = page.service.resend_invitation(&ws.access, &id, &page.origin()).await?;
    after_invitation(page, &ws, invited).await
}

pub async fn revoke(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    let id = id_of(raw_id, ServiceError::InvitationNotFound)?;
    let invitation = page.service.revoke_invitation(&ws.access, &id).await?;
    let notice = format!(
        "The invitation to {} is revoked; its link no longer works.",
        invitation.email.as_str()
    );
    Ok(redirect_with_notice(
        page,
        &format!("{}/settings#invitations", ws.base()),
        &notice,
    ))
}

pub async fn change_role(page: &PageRequest<'_>, raw_ws: &str, raw_user: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let user = id_of(raw_user, ServiceError::MemberNotFound)?;
    let to = role_of(&form)?;
    let member = page.service.change_role(&ws.access, &user, to).await?;
    let notice = format!("{} is now a {}.", member.name, member.role.as_str());
    Ok(redirect_with_notice(
        page,
        &format!("{}/settings#members", ws.base()),
        &notice,
    ))
}

pub async fn remove(page: &PageRequest<'_>, raw_ws: &str, raw_user: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    let user = id_of(raw_user, ServiceError::MemberNotFound)?;
    let member = page.service.remove_member(&ws.access, &user).await?;
    let notice = format!("{} is no longer a member of this workspace.", member.name);
    Ok(redirect_with_notice(
        page,
        &format!("{}/settings#members", ws.base()),
        &notice,
    ))
}

pub async fn confirm_hand_over(
    page: &PageRequest<'_>,
    raw_ws: &str,
    raw_user: &str,
) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let user = id_of(raw_user, ServiceError::MemberNotFound)?;
    let team = page.service.team(&ws.access).await?;
    let member = team
        .members
        .iter()
        .find(|m| m.user_id == user)
        .ok_or(ServiceError::MemberNotFound)?;
    TeamAction::HandOwnership(member.role).allowed_for(ws.access.role)?;
    let template = ConfirmPage {
        chrome: ws.chrome("settings"),
        title: format!("Hand {} to {}?", ws.access.workspace.name, member.name),
        text: format!(
            "{} ({}) becomes the workspace's owner, and you become a manager. Only the new owner can hand it back.",
            member.name,
            member.email.as_str()
        ),
        action: format!("{}/settings/members/{user}/ownership", ws.base()),
        csrf: ws.user.session.csrf_token.clone(),
        button: "Hand ownership over".into(),
        cancel_href: format!("{}/settings", ws.base()),
    };
    Ok(Page::ok(&template).into_response())
}

pub async fn hand_over(page: &PageRequest<'_>, raw_ws: &str, raw_user: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    let user = id_of(raw_user, ServiceError::MemberNotFound)?;
    let member = page.service.hand_over(&ws.access, &user).await?;
    let notice = format!("{} owns this workspace now; you are a manager.", member.name);
    Ok(redirect_with_notice(
        page,
        &format!("{}/settings#members", ws.base()),
        &notice,
    ))
}

pub async fn confirm_leave(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    TeamAction::Leave.allowed_for(ws.access.role)?;
    let template = ConfirmPage {
        chrome: ws.chrome("settings"),
        title: format!("Leave {}?", ws.access.workspace.name),
        text: "You lose access to its links and analytics at once, and your API key stops working in it. Someone \
               has to invite you again to come back."
            .into(),
        action: format!("{}/settings/leave", ws.base()),
        csrf: ws.user.session.csrf_token.clone(),
        button: "Leave the workspace".into(),
        cancel_href: format!("{}/links", ws.base()),
    };
    Ok(Page::ok(&template).into_response())
}

pub async fn leave(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    page.service.leave(&ws.access).await?;
    let notice = format!("You left {}.", ws.access.workspace.name);
    Ok(redirect_with_notice(page, "/app", &notice))
}
