//! Forms for people who are not signed in (sign-in, sign-up, "forgot your password?", a reset,
//! joining by invitation): CSRF by double submit, a random token both in a short-lived cookie and
//! in the form, compared in constant time, beside the origin check.

use lambda_http::http::header;

use super::{Form, Page, PageRequest, cookies, forms};
use crate::domain::random_token;
use crate::service::ServiceError;

/// How long such a form's CSRF cookie lives (a form left open longer is refused, and shown
/// again with a fresh one).
const FORM_LIFETIME: chrono::Duration = chrono::Duration::hours(2);

/// A fresh token for a stranger's form; [`StrangerForm::attach`] sets its cookie on the page.
pub struct StrangerForm {
    pub csrf: String,
}

impl StrangerForm {
    pub fn new(page: &PageRequest<'_>) -> Self {
        Self {
            csrf: random_token(page.service.entropy.as_ref()),
        }
    }

    /// The page with the cookie that holds the token.
    pub fn attach(&self, page: &PageRequest<'_>, answer: Page) -> Page {
        let local = page.is_local();
        answer.with_header(
            header::SET_COOKIE,
            cookies::set(cookies::sign_in_name(local), &self.csrf, FORM_LIFETIME, local),
        )
    }
}

/// A stranger's form post, once its token and origin are checked.
pub fn posted(page: &PageRequest<'_>) -> Result<Form, ServiceError> {
    let form = Form::parse(page.req)?;
    check(page, &form)?;
    Ok(form)
}

/// Whether a stranger's form came from our page: its token matches its cookie, and its origin
/// is ours ([`ServiceError::FormExpired`] otherwise).
pub fn check(page: &PageRequest<'_>, form: &Form) -> Result<(), ServiceError> {
    let cookie = cookies::read(page.req, cookies::sign_in_name(page.is_local()));
    if page.check_origin().is_err() || !forms::tokens_match(form.get("csrf"), cookie.as_deref()) {
        return Err(ServiceError::FormExpired);
    }
    Ok(())
}
