//! The signed-in person's profile (`/account/profile`): their name, a new password given the
//! current one, and "sign out everywhere else".

use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::app::redirect_with_notice;
use super::templates::{Chrome, ProfilePage};
use super::{Page, PageRequest, cookies};
use crate::domain::{NewPassword, PersonName};
use crate::service::{ServiceError, accounts::SessionUser};

const PATH: &str = "/account/profile";

async fn profile_page(
    page: &PageRequest<'_>,
    signed_in: &SessionUser,
    status: StatusCode,
    error: Option<String>,
) -> Result<Page, ServiceError> {
    let user = page.service.signed_in_user(signed_in).await?;
    let template = ProfilePage {
        chrome: Chrome::signed_in(signed_in, "profile"),
        csrf: signed_in.session.csrf_token.clone(),
        email: user.email.as_str().to_string(),
        name: user.name.as_ref().map_or("", PersonName::as_str).to_string(),
        notice: cookies::read_flash(page.req, page.is_local()),
        error,
    };
    Ok(Page::new(status, &template))
}

/// The page, with the notice the previous form left (if any) forgotten.
fn finish(page: &PageRequest<'_>, answer: Page) -> Response<Body> {
    let local = page.is_local();
    if cookies::read_flash(page.req, local).is_none() {
        return answer.into_response();
    }
    answer
        .with_header(
            lambda_http::http::header::SET_COOKIE,
            cookies::clear(cookies::flash_name(local), local),
        )
        .into_response()
}

pub async fn show(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let signed_in = page.signed_in().await?;
    Ok(finish(
        page,
        profile_page(page, &signed_in, StatusCode::OK, None).await?,
    ))
}

/// A refused form: the page again with its sentence.
async fn refused(
    page: &PageRequest<'_>,
    signed_in: &SessionUser,
    err: ServiceError,
) -> Result<Response<Body>, ServiceError> {
    let status = crate::http::status_of(&err);
    Ok(profile_page(page, signed_in, status, Some(err.to_string()))
        .await?
        .into_response())
}

pub async fn save_name(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let (signed_in, form) = page.signed_in_form().await?;
    let name = match PersonName::parse("name", form.get("name").unwrap_or("")) {
        Ok(name) => name,
        Err(invalid) => return refused(page, &signed_in, invalid.into()).await,
    };
    page.service.set_name(&signed_in, &name).await?;
    Ok(redirect_with_notice(page, PATH, "Your name is saved."))
}

pub async fn change_password(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let (signed_in, form) = page.signed_in_form().await?;
    let password = match NewPassword::parse(form.get("password").unwrap_or("")) {
        Ok(password) => password,
        Err(invalid) => return refused(page, &signed_in, invalid.into()).await,
    };
    let current = form.get("currentPassword").unwrap_or("");
    match page.service.change_password(&signed_in, current, password).await {
        Ok(()) => Ok(redirect_with_notice(
            page,
            PATH,
            "Your password is changed; your other sessions have ended.",
        )),
        Err(err @ ServiceError::WrongCurrentPassword) => refused(page, &signed_in, err).await,
        Err(other) => Err(other),
    }
}

pub async fn sign_out_elsewhere(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let (signed_in, _) = page.signed_in_form().await?;
    page.service.sign_out_elsewhere(&signed_in).await?;
    Ok(redirect_with_notice(
        page,
        PATH,
        "Every other session of your account has ended.",
    ))
}
