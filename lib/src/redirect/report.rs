//! `GET`/`HEAD`/`POST /_sl/report/<slug>` on every short domain: the page where anyone reports a
//! link (a reason, an optional note; no account, no script), and the thanks once posted.
//!
//! The form is guarded as the password page's is: a random token in an `HttpOnly`,
//! `SameSite=Strict` cookie scoped to the page's path and in a hidden field, both required and
//! equal, and a post another site sent is refused. The answer never depends on whether the slug
//! names a link: the same page, the same thanks (see `crate::service::reports`).

use askama::Template;
use lambda_http::http::{HeaderValue, Method, StatusCode, header};
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt, Response};

use super::door::{guarded_page, short_domain, visitor_headers};
use super::pages::{brand_style, style_hash};
use super::password::cookie;
use super::{Redirector, pages};
use crate::domain::{MAX_REPORT_NOTE_CHARS, ReportForm, ReportReason, Slug, random_token};
use crate::http;
use crate::service::{ServiceError, reports::NewReport};

/// Where a link's report page is: this, then its slug (`_` is never in a slug).
pub const REPORT_PREFIX: &str = "/_sl/report/";
/// The cookie holding the report form's token.
const FORM_COOKIE: &str = "sl_report";
/// How long a shown form stays good.
const FORM_LIFETIME_SECONDS: i64 = 3600;
/// The largest form body read (a note of the longest, every character escaped, fits).
const MAX_FORM_BYTES: usize = 16 * 1024;

/// The thanks, the same for every report that passes the form.
pub const THANKS: &str = "Thank you. Your report was received; we look into every report we get.";

/// The report page of the link at `slug` (for the links on the other visitor pages).
pub fn link_to(slug: &str) -> String {
    format!("{REPORT_PREFIX}{slug}")
}

/// The report page's answer for a request whose path starts with [`REPORT_PREFIX`], or `None`
/// for any other path.
pub async fn answer(redirector: &Redirector, req: &Request) -> Option<Response<Body>> {
    let raw = req.uri().path().strip_prefix(REPORT_PREFIX)?;
    let head = *req.method() == Method::HEAD;
    let Ok(slug) = Slug::parse(&raw.to_ascii_lowercase()) else {
        return Some(not_found(head));
    };
    Some(match *req.method() {
        Method::GET | Method::HEAD => form_page(redirector, &slug, &Shown::Asking, StatusCode::OK, head),
        Method::POST => posted(redirector, req, slug).await,
        _ => {
            let mut response = Response::new(Body::Empty);
            *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
            response
                .headers_mut()
                .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD, POST"));
            response
        }
    })
}

/// What the page shows.
enum Shown<'a> {
    /// The empty form.
    Asking,
    /// The form again, with what was posted and what to change.
    Problem {
        message: String,
        reason: Option<ReportReason>,
        note: &'a str,
    },
    /// The thanks.
    Thanked,
}

async fn posted(redirector: &Redirector, req: &Request, slug: Slug) -> Response<Body> {
    use subtle::ConstantTimeEq;
    let body = req.body().as_ref();
    let mut token = String::new();
    let mut reason = None;
    let mut note = String::new();
    if body.len() <= MAX_FORM_BYTES {
        for (name, value) in url::form_urlencoded::parse(body) {
            match name.as_ref() {
                "form" => token = value.into_owned(),
                "reason" => reason = Some(value.into_owned()),
                "note" => note = value.into_owned(),
                _ => {}
            }
        }
    }
    let cross_site = http::header_str(req, "sec-fetch-site").is_some_and(|site| site == "cross-site");
    let expected = cookie(req, FORM_COOKIE).unwrap_or_default();
    let matches = !token.is_empty() && bool::from(token.as_bytes().ct_eq(expected.as_bytes()));
    let chosen = reason.as_deref().and_then(|r| ReportReason::parse(r).ok());
    if cross_site || !matches {
        let shown = Shown::Problem {
            message: ServiceError::FormExpired.to_string(),
            reason: chosen,
            note: &note,
        };
        return form_page(redirector, &slug, &shown, StatusCode::FORBIDDEN, false);
    }
    let form = match ReportForm::parse(reason.as_deref(), Some(&note)) {
        Ok(form) => form,
        Err(invalid) => {
            let shown = Shown::Problem {
                message: invalid.message,
                reason: chosen,
                note: &note,
            };
            return form_page(redirector, &slug, &shown, StatusCode::BAD_REQUEST, false);
        }
    };
    let Some(domain) = short_domain(req) else {
        return not_found(false);
    };
    let source_ip = match req.request_context_ref() {
        Some(RequestContext::ApiGatewayV2(ctx)) => ctx.http.source_ip.as_deref(),
        _ => None,
    };
    let address = visitor_headers(req, source_ip).client_address();
    let report = NewReport {
        domain,
        slug: slug.clone(),
        form,
        address: &address,
        hash_key: &redirector.visitor_key,
    };
    match redirector.service.report_link(report).await {
        Ok(()) => form_page(redirector, &slug, &Shown::Thanked, StatusCode::OK, false),
        Err(err @ ServiceError::TooManyFromAddress { retry_after }) => {
            let shown = Shown::Problem {
                message: err.to_string(),
                reason: chosen,
                note: &note,
            };
            let mut response = form_page(redirector, &slug, &shown, StatusCode::TOO_MANY_REQUESTS, false);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
            response
        }
        Err(err) => http::error_response(&err, &http::request_id(req)),
    }
}

/// One reason as the page lists it.
struct Choice {
    value: &'static str,
    label: &'static str,
    checked: bool,
}

#[derive(Template)]
#[template(path = "redirect/report.html")]
struct ReportPage<'a> {
    style: &'a str,
    report: Option<&'a str>,
    action: &'a str,
    form_token: &'a str,
    choices: Vec<Choice>,
    problem: Option<&'a str>,
    note: &'a str,
    thanked: bool,
    thanks: &'a str,
    max_note: usize,
}

/// The page's own additions to the visitor pages' style.
const REPORT_STYLE: &str = "fieldset{border:0;margin:.75rem 0;padding:0}\
legend{font-weight:600;padding:0;margin-bottom:.25rem}\
.choice{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.5rem 0}\
.choice input{width:1.25rem;height:1.25rem;margin:.15rem 0 0;flex:none}\
textarea{font:inherit;width:100%;min-height:6rem;padding:.55rem .6rem;border:1px solid #57606a;border-radius:6px}";

/// The form (or the thanks) with a fresh token in its cookie; never cached, its own strict CSP.
fn form_page(
    redirector: &Redirector,
    slug: &Slug,
    shown: &Shown<'_>,
    status: StatusCode,
    head: bool,
) -> Response<Body> {
    let token = random_token(redirector.service.entropy.as_ref());
    let action = link_to(slug.as_str());
    let style = format!("{}{REPORT_STYLE}", brand_style(None));
    let (problem, reason, note) = match shown {
        Shown::Problem { message, reason, note } => (Some(message.as_str()), *reason, *note),
        Shown::Asking | Shown::Thanked => (None, None, ""),
    };
    let html = ReportPage {
        style: &style,
        report: None,
        action: &action,
        form_token: &token,
        choices: ReportReason::ALL
            .into_iter()
            .map(|r| Choice {
                value: r.as_str(),
                label: r.label(),
                checked: reason == Some(r),
            })
            .collect(),
        problem,
        note,
        thanked: matches!(shown, Shown::Thanked),
        thanks: THANKS,
        max_note: MAX_REPORT_NOTE_CHARS,
    }
    .render()
    .expect("the report page renders its own fields");
    let policy = format!(
        "default-src 'none'; style-src 'sha256-{}'; img-src 'none'; base-uri 'none'; form-action 'self'; \
         frame-ancestors 'none'",
        style_hash(&style)
    );
    let mut response = guarded_page(html, &policy, head);
    *response.status_mut() = status;
    if let Ok(cookie) = HeaderValue::from_str(&format!(
        "{FORM_COOKIE}={token}; Path={action}; Max-Age={FORM_LIFETIME_SECONDS}; HttpOnly; Secure; SameSite=Strict"
    )) {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// `404` for a path no link could ever have: the plain "not found" page.
fn not_found(head: bool) -> Response<Body> {
    let mut response = guarded_page(pages::not_found(), pages::PLAIN_PAGE_POLICY, head);
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_page_of_a_slug_is_under_the_services_own_prefix() {
        assert_eq!(link_to("spring-sale"), "/_sl/report/spring-sale");
    }
}
