//! Sign-up (only when the operator sets `OPEN_SIGNUP=true`) and the link that confirms the
//! address: its page's button confirms, opening it does not. The answer after the form is the
//! same whether or not the address has an account.

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};

use super::recovery::{message, token_of};
use super::stranger_forms::{self, StrangerForm};
use super::templates::{Chrome, SignUpPage, VerifyEmailPage};
use super::{Form, Page, PageRequest};
use crate::domain::{BoundedText, Email, Invalid, NewPassword, PersonName};
use crate::service::{ServiceError, accounts::SignUp, accounts::verification_path};

/// What the page says once the form is in, whoever the address belongs to.
const CHECK_YOUR_MAIL: &str =
    "We sent a link to the address you gave. Open it to confirm the address, then sign in. It works for three days.";

fn sign_up_page(page: &PageRequest<'_>, status: StatusCode, form: Option<&Form>, error: Option<String>) -> Page {
    let field = |name: &str| form.and_then(|f| f.get(name)).unwrap_or("").to_string();
    let token = StrangerForm::new(page);
    let template = SignUpPage {
        chrome: Chrome::anonymous(),
        csrf: token.csrf.clone(),
        name: field("name"),
        email: field("email"),
        workspace: form.map_or_else(|| "My workspace".to_string(), |_| field("workspace")),
        error,
    };
    token.attach(page, Page::new(status, &template))
}

pub async fn form(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    if !page.service.config.open_signup {
        return Err(ServiceError::SignUpClosed);
    }
    Ok(sign_up_page(page, StatusCode::OK, None, None).into_response())
}

fn parse(form: &Form) -> Result<SignUp, Invalid> {
    let get = |name: &str| form.get(name).unwrap_or("");
    Ok(SignUp {
        name: PersonName::parse("name", get("name"))?,
        email: Email::parse(get("email"))?,
        password: NewPassword::parse(get("password"))?,
        workspace: BoundedText::parse("workspace", get("workspace"))?,
    })
}

pub async fn sign_up(page: &PageRequest<'_>) -> Result<Response<Body>, ServiceError> {
    if !page.service.config.open_signup {
        return Err(ServiceError::SignUpClosed);
    }
    let form = stranger_forms::posted(page)?;
    let fields = match parse(&form) {
        Ok(fields) => fields,
        Err(invalid) => {
            return Ok(sign_up_page(page, StatusCode::BAD_REQUEST, Some(&form), Some(invalid.message)).into_response());
        }
    };
    let address = page.client_address();
    match page.service.admit_sign_up(&fields.email, &address).await {
        Ok(()) => {
            // Whether the address has an account shows in neither the answer nor its timing.
            let (service, site) = (page.service.clone(), page.origin());
            page.after_answer(async move {
                if let Err(err) = service.sign_up(fields, &site).await {
                    tracing::error!(error = %crate::telemetry::error_chain(&err), "a sign-up was not completed");
                }
            })
            .await;
            Ok(message("Check your mail", CHECK_YOUR_MAIL).into_response())
        }
        Err(err @ ServiceError::TooManyMails { retry_after }) => {
            Ok(
                sign_up_page(page, StatusCode::TOO_MANY_REQUESTS, Some(&form), Some(err.to_string()))
                    .with_header(header::RETRY_AFTER, HeaderValue::from(retry_after))
                    .into_response(),
            )
        }
        Err(other) => Err(other),
    }
}

/// The confirm link's page: its button while the link works. Opening it changes nothing, so
/// a mail scanner that follows every link confirms nothing.
pub async fn verify_form(page: &PageRequest<'_>, raw: &str) -> Result<Response<Body>, ServiceError> {
    let token = token_of(raw)?;
    page.service.check_verification_link(&token).await?;
    let form = StrangerForm::new(page);
    let template = VerifyEmailPage {
        chrome: Chrome::anonymous(),
        csrf: form.csrf.clone(),
        action: verification_path(&token),
    };
    Ok(form.attach(page, Page::ok(&template)).into_response())
}

/// The confirm button: confirms the address.
pub async fn verify(page: &PageRequest<'_>, raw: &str) -> Result<Response<Body>, ServiceError> {
    let token = token_of(raw)?;
    stranger_forms::posted(page)?;
    page.service.verify_email(&token).await?;
    Ok(message(
        "Address confirmed",
        "Your address is confirmed. Sign in with it and your password.",
    )
    .into_response())
}
