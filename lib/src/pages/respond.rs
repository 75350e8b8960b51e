//! Page responses: the security headers every page carries, redirects, and the one place a
//! failure becomes a page.

use std::future::Future;

use askama::Template;
use lambda_http::http::{HeaderName, HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};

use super::PageRequest;
use super::templates::{Chrome, MessagePage};
use crate::service::ServiceError;

/// No inline script or style, nothing from another origin, no framing, forms only to us.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// [`CONTENT_SECURITY_POLICY`] with one more `form-action` source: the one place a page's form
/// may be redirected to besides this site (the consent page's answer goes to the client's
/// redirect URI, and Chromium applies `form-action` to the redirect after a form post).
pub fn content_security_policy(form_redirect: Option<&str>) -> String {
    match form_redirect {
        None => CONTENT_SECURITY_POLICY.to_string(),
        Some(source) => CONTENT_SECURITY_POLICY.replace("form-action 'self'", &format!("form-action 'self' {source}")),
    }
}

/// A page's response before the security headers: status, HTML, extra headers.
#[derive(Debug)]
pub struct Page {
    pub status: StatusCode,
    pub html: String,
    pub headers: Vec<(HeaderName, HeaderValue)>,
    /// A CSP source a form of this page may be redirected to (see [`content_security_policy`]).
    pub form_redirect: Option<String>,
}

impl Page {
    pub fn new(status: StatusCode, template: &impl Template) -> Self {
        Self {
            status,
            html: template.render().expect("templates render their own fields"),
            headers: Vec::new(),
            form_redirect: None,
        }
    }

    pub fn ok(template: &impl Template) -> Self {
        Self::new(StatusCode::OK, template)
    }

    pub fn with_header(mut self, name: HeaderName, value: HeaderValue) -> Self {
        self.headers.push((name, value));
        self
    }

    /// Lets this page's forms be redirected to `source` as well (a CSP source expression).
    pub fn allowing_form_redirect_to(mut self, source: String) -> Self {
        self.form_redirect = Some(source);
        self
    }

    pub fn into_response(self) -> Response<Body> {
        let mut response = html(self.status, self.html);
        if let Some(source) = &self.form_redirect
            && let Ok(policy) = HeaderValue::from_str(&content_security_policy(Some(source)))
        {
            response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, policy);
        }
        for (name, value) in self.headers {
            response.headers_mut().append(name, value);
        }
        response
    }
}

/// The headers every page response carries, redirects included. Pages show per-user data
/// and one-time secrets, so nothing is stored by caches.
fn secure(response: &mut Response<Body>) {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
}

/// An HTML response with the security headers.
pub fn html(status: StatusCode, body: String) -> Response<Body> {
    let mut response = Response::new(Body::Text(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    secure(&mut response);
    response
}

/// A file to save (`Content-Disposition: attachment`), with the security headers. `name` is
/// made of safe characters by the caller.
pub fn download(name: &str, media_type: &'static str, body: String) -> Response<Body> {
    let mut response = Response::new(Body::Text(body));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(media_type));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    secure(&mut response);
    response
}

/// `303 See Other` to a path of this site (after a form post, or to sign in).
pub fn redirect(location: &str) -> Response<Body> {
    let mut response = Response::new(Body::Empty);
    *response.status_mut() = StatusCode::SEE_OTHER;
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    secure(&mut response);
    response
}

/// The page a failure is answered with.
fn failure_page(page: &PageRequest<'_>, err: &ServiceError) -> Response<Body> {
    if matches!(err, ServiceError::NotSignedIn) {
        let next = page.here();
        let query = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("next", next.as_str())
            .finish();
        return redirect(&format!("/account/sign-in?{query}"));
    }
    let status = crate::http::status_of(err);
    let request_id = crate::http::request_id(page.req);
    let (title, message, request_id) = match err {
        ServiceError::Internal(_) | ServiceError::MailFailed(_) | ServiceError::QueueFailed(_) => {
            tracing::error!(request_id, error = %crate::telemetry::error_chain(err), "page failed");
            (
                "Something went wrong",
                "The page could not be shown. Try again in a moment.".to_string(),
                Some(request_id),
            )
        }
        ServiceError::NoSuchEndpoint { .. } => {
            ("Page not found", "There is no page at this address.".to_string(), None)
        }
        ServiceError::FormExpired => ("Form expired", err.to_string(), None),
        ServiceError::OAuth(_) => ("This app cannot connect", err.to_string(), None),
        ServiceError::WorkspaceSuspended(_) => ("Workspace suspended", err.to_string(), None),
        _ if status == StatusCode::NOT_FOUND => ("Not found", err.to_string(), None),
        _ if status == StatusCode::FORBIDDEN => ("Not allowed", err.to_string(), None),
        _ if status == StatusCode::GONE => ("This link no longer works", err.to_string(), None),
        _ if status == StatusCode::TOO_MANY_REQUESTS => ("Too many requests", err.to_string(), None),
        _ => ("That did not work", err.to_string(), None),
    };
    let status = match err {
        // Refusals of the authorization endpoint shown on a page are about the request.
        ServiceError::OAuth(_) => StatusCode::BAD_REQUEST,
        _ => status,
    };
    let (back_href, back_text) = page.home.link();
    let chrome = page
        .known_user()
        .map_or_else(Chrome::anonymous, |user| Chrome::signed_in(user, ""));
    let template = MessagePage {
        chrome,
        title: title.into(),
        message,
        request_id,
        back_href: back_href.into(),
        back_text: back_text.into(),
    };
    let mut response = Page::new(status, &template).into_response();
    if let ServiceError::MethodNotAllowed { allowed, .. } = err
        && let Ok(value) = HeaderValue::from_str(&allowed.join(", "))
    {
        response.headers_mut().insert(header::ALLOW, value);
    }
    if let ServiceError::TooManyFromAddress { retry_after } | ServiceError::TooManyMails { retry_after } = err {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(*retry_after));
    }
    response
}

/// Runs a page handler; its failure becomes a page (sign-in for a missing session, a short
/// message otherwise, an opaque one with the request id for internal failures). `HEAD` gets
/// the answer `GET` would, without the body.
pub async fn respond<F>(page: &PageRequest<'_>, work: F) -> Result<Response<Body>, lambda_http::Error>
where
    F: Future<Output = Result<Response<Body>, ServiceError>>,
{
    let mut response = match work.await {
        Ok(response) => response,
        Err(err) => failure_page(page, &err),
    };
    if page.req.method() == lambda_http::http::Method::HEAD {
        *response.body_mut() = Body::Empty;
    }
    Ok(response)
}
