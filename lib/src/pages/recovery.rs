//! "Forgot your password?" and the reset link it mails. The request page answers one sentence
//! whether or not the address has an account; the reset page sets the password, which ends
//! every session of the account, and sends the person to sign in.

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};

use super::stranger_forms::{self, StrangerForm};
use super::templates::{Chrome, ForgotPasswordPage, MessagePage, ResetPasswordPage};
use super::{Page, PageRequest, redirect};
use crate::domain::{Email, NewPassword, OneTimeToken};
use crate::service::{ServiceError, accounts::reset_path};

/// What the request page says after any address.
const SENT: &str =
    "If this address has an account, a link to choose a new password is on its way. It works for one hour.";

fn forgot_page(
    page: &PageRequest<'_>,
    status: StatusCode,
    email: &str,
    notice: Option<&str>,
    error: Option<String>,
) -> Page {
    let form = StrangerForm::new(page);
    let template = ForgotPasswordPage {
        chrome: Chrome::anonymous(),
        csrf: form.csrf.clone(),
        email: email.to_string(),
        notice: notice.map(str::to_string),
        error,
    };
    form.attach(page, Page::new(status, &template))
}

pub async fn forgot_form(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    Ok(forgot_page(page, StatusCode::OK, "", None, None).into_response())
}

pub async fn forgot(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    let form = stranger_forms::posted(page)?;
    let raw = form.get("email").unwrap_or("");
    let email = match Email::parse(raw) {
        Ok(email) => email,
        Err(invalid) => {
            return Ok(forgot_page(page, StatusCode::BAD_REQUEST, raw, None, Some(invalid.message)).into_response());
        }
    };
    let address = page.client_address();
    match page.service.admit_password_reset(&email, &address).await {
        Ok(()) => {
            // Whether the address has an account shows in neither the answer nor its timing.
            let (service, site) = (page.service.clone(), page.origin());
            page.after_answer(async move {
                if let Err(err) = service.send_password_reset(&email, &site).await {
                    tracing::error!(error = %crate::telemetry::error_chain(&err), "a password reset was not sent");
                }
            })
            .await;
            Ok(forgot_page(page, StatusCode::OK, "", Some(SENT), None).into_response())
        }
        Err(err @ ServiceError::TooManyMails { retry_after }) => {
            Ok(
                forgot_page(page, StatusCode::TOO_MANY_REQUESTS, raw, None, Some(err.to_string()))
                    .with_header(header::RETRY_AFTER, HeaderValue::from(retry_after))
                    .into_response(),
            )
        }
        Err(other) => Err(other),
    }
}

/// The one-time token in an account link's path; a malformed one is a dead link.
pub(super) fn token_of(raw: &str) -> Result<OneTimeToken, ServiceError> {
    OneTimeToken::parse(raw).ok_or(ServiceError::AccountLinkDead)
}

fn reset_page(page: &PageRequest<'_>, token: &OneTimeToken, status: StatusCode, error: Option<String>) -> Page {
    let form = StrangerForm::new(page);
    let template = ResetPasswordPage {
        chrome: Chrome::anonymous(),
        csrf: form.csrf.clone(),
        action: reset_path(token),
        error,
    };
    form.attach(page, Page::new(status, &template))
}

/// The reset link's page: its form while the link works (opening it uses nothing up).
pub async fn reset_form(page: &PageRequest<'_>, raw: &str) -> Result<Response<Body>, ServiceError> {
    let token = token_of(raw)?;
    page.service.check_reset_link(&token).await?;
    Ok(reset_page(page, &token, StatusCode::OK, None).into_response())
}

pub async fn reset(page: &PageRequest<'_>, raw: &str) -> Result<Response<Body>, ServiceError> {
    let token = token_of(raw)?;
    let form = stranger_forms::posted(page)?;
    let password = match NewPassword::parse(form.get("password").unwrap_or("")) {
        Ok(password) => password,
        Err(invalid) => {
            page.service.check_reset_link(&token).await?;
            return Ok(reset_page(page, &token, StatusCode::BAD_REQUEST, Some(invalid.message)).into_response());
        }
    };
    page.service.reset_password(&token, password).await?;
    Ok(redirect("/account/sign-in?passwordReset=1"))
}

/// The page an account link answers once it worked (verification), or a plain message.
pub fn message(title: &str, message: &str) -> Page {
    let template = MessagePage {
        chrome: Chrome::anonymous(),
        title: title.into(),
        message: message.into(),
        request_id: None,
        back_href: "/account/sign-in".into(),
        back_text: "Sign in".into(),
    };
    Page::ok(&template)
}
