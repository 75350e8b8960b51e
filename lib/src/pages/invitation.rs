//! An invitation's link (`/account/invitations/<token>`): a signed-in person whose address it
//! is joins at once; someone without an account sets a name and a password and is signed in; an
//! address with an account is asked to sign in first; anyone else is told it is not theirs. A
//! dead link says why (expired, revoked, used, not valid), as a page.

use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::app::redirect_with_notice;
use super::stranger_forms::{self, StrangerForm};
use super::templates::{Chrome, InvitationPage};
use super::{Page, PageRequest, cookies};
use crate::domain::{Invalid, NewPassword, OneTimeToken, PersonName};
use crate::service::{ServiceError, teams::OpenInvitation, teams::invitation_path};

fn token_of(raw: &str) -> Result<OneTimeToken, ServiceError> {
    OneTimeToken::parse(raw).ok_or(ServiceError::InvitationDead(crate::domain::InvitationDead::Unknown))
}

/// `GET`: join at once, or the form, or the reason the link is dead.
pub async fn show(page: &PageRequest<'_>, raw: &str) -> Result<Response<Body>, ServiceError> {
    let token = token_of(raw)?;
    let open = page.service.open_invitation(&token).await?;
    if let Some(session) = page.session_token()
        && let Some(signed_in) = page.service.session(&session).await?
    {
        let ws = page.service.accept_invitation(&token, &signed_in).await?;
        let notice = format!("You joined {}.", open.workspace_name);
        return Ok(redirect_with_notice(page, &format!("/app/w/{ws}/links"), &notice));
    }
    Ok(form_page(page, &token, &open, StatusCode::OK, "", None).into_response())
}

/// `POST`: a new person's name and password.
pub async fn join(page: &PageRequest<'_>, raw: &str) -> Result<Response<Body>, ServiceError> {
    let token = token_of(raw)?;
    let form = stranger_forms::posted(page)?;
    let open = page.service.open_invitation(&token).await?;
    let name_text = form.get("name").unwrap_or("");
    let parsed = PersonName::parse("name", name_text)
        .and_then(|name| Ok((name, NewPassword::parse(form.get("password").unwrap_or(""))?)));
    let (name, password) = match parsed {
        Ok(fields) => fields,
        Err(Invalid { message, .. }) => {
            let answer = form_page(page, &token, &open, StatusCode::BAD_REQUEST, name_text, Some(message));
            return Ok(answer.into_response());
        }
    };
    let (ws, signed_in) = page.service.accept_invitation_as_new(&token, name, &password).await?;
    let notice = format!("Welcome: you joined {}.", open.workspace_name);
    let mut response = redirect_with_notice(page, &format!("/app/w/{ws}/links"), &notice);
    cookies::sign_in(&mut response, &signed_in.token, page.is_local());
    Ok(response)
}

fn form_page(
    page: &PageRequest<'_>,
    token: &OneTimeToken,
    open: &OpenInvitation,
    status: StatusCode,
    name: &str,
    error: Option<String>,
) -> Page {
    let path = invitation_path(token);
    let sign_in_href = format!(
        "/account/sign-in?{}",
        url::form_urlencoded::Serializer::new(String::new())
            .append_pair("next", &path)
            .finish()
    );
    let form = StrangerForm::new(page);
    let template = InvitationPage {
        chrome: Chrome::anonymous(),
        workspace: open.workspace_name.clone(),
        role: open.invitation.role.as_str(),
        email: open.invitation.email.as_str().to_string(),
        has_account: open.has_account,
        sign_in_href,
        action: path,
        csrf: form.csrf.clone(),
        name: name.to_string(),
        error,
    };
    form.attach(page, Page::new(status, &template))
}
