//! The password page's door side: what a request brings for a protected link (the pass cookie a
//! right password left, or a password posted from the page with its form token), and the page
//! itself with its cookies.
//!
//! The form is guarded by a double-submit token: the page sets it in an `HttpOnly`,
//! `SameSite=Strict` cookie scoped to the link's path and in a hidden field, and a post must
//! carry both, equal. Another site can neither read the field nor make the browser send the
//! cookie with its post. The pass is `HttpOnly`, `Secure`, `SameSite=Lax` (a later click from an
//! e-mail still carries it) and scoped to the link's path, for [`PASS_LIFETIME`].

use askama::Template;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use lambda_http::http::{HeaderValue, Method, StatusCode, header};
use lambda_http::{Body, Request, Response};

use super::pages::{brand_style, style_hash};
use crate::clock::Entropy;
use crate::domain::{PASS_LIFETIME, PasswordPass, SigningKey};
use crate::http;
use crate::service::{visits::LockReason, visits::LockedPage, visits::Unlock};

/// The cookie a right password leaves.
pub const PASS_COOKIE: &str = "sl_pass";
/// The cookie holding the page's form token.
pub const FORM_COOKIE: &str = "sl_form";
/// How long a shown page's form stays good.
const FORM_LIFETIME_SECONDS: i64 = 3600;
/// The largest form body read; a bigger one brings no password.
const MAX_FORM_BYTES: usize = 4096;

/// What `req` brings for a protected link. A post whose form token does not match its cookie
/// (or that another site sent) brings [`Unlock::StaleForm`], whatever it holds.
pub fn unlock(req: &Request, key: &SigningKey) -> Unlock {
    if req.method() == Method::POST {
        return posted(req);
    }
    match cookie(req, PASS_COOKIE).and_then(|raw| PasswordPass::verify(raw, key)) {
        Some(pass) => Unlock::Pass(pass),
        None => Unlock::Nothing,
    }
}

fn posted(req: &Request) -> Unlock {
    use subtle::ConstantTimeEq;
    let body = req.body().as_ref();
    if body.len() > MAX_FORM_BYTES {
        return Unlock::Password(String::new());
    }
    let cross_site = http::header_str(req, "sec-fetch-site").is_some_and(|site| site == "cross-site");
    let mut token = None;
    let mut password = None;
    for (name, value) in url::form_urlencoded::parse(body) {
        match name.as_ref() {
            "form" => token = Some(value.into_owned()),
            "password" => password = Some(value.into_owned()),
            _ => {}
        }
    }
    let expected = cookie(req, FORM_COOKIE).unwrap_or_default();
    let matches = token.is_some_and(|t| !t.is_empty() && bool::from(t.as_bytes().ct_eq(expected.as_bytes())));
    if cross_site || !matches {
        return Unlock::StaleForm;
    }
    Unlock::Password(password.unwrap_or_default())
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub(super) fn cookie<'a>(req: &'a Request, name: &str) -> Option<&'a str> {
    req.headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|line| line.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}

/// The `Set-Cookie` of a pass for the link at `path`.
pub fn pass_cookie(pass: &PasswordPass, key: &SigningKey, path: &str) -> Option<HeaderValue> {
    HeaderValue::from_str(&format!(
        "{PASS_COOKIE}={}; Path={path}; Max-Age={}; HttpOnly; Secure; SameSite=Lax",
        pass.sign(key),
        PASS_LIFETIME.num_seconds()
    ))
    .ok()
}

/// The page's status for its reason.
fn status(reason: LockReason) -> StatusCode {
    match reason {
        LockReason::Ask | LockReason::Head | LockReason::Wrong => StatusCode::UNAUTHORIZED,
        LockReason::StaleForm => StatusCode::FORBIDDEN,
        LockReason::TooManyTries { .. } | LockReason::LinkLocked { .. } => StatusCode::TOO_MANY_REQUESTS,
    }
}

/// The answer to `HEAD` (and to anything that is not a person's page): the status alone.
pub fn locked_status(page: &LockedPage) -> Response<Body> {
    let mut response = Response::new(Body::Empty);
    *response.status_mut() = status(page.reason);
    let headers = response.headers_mut();
    headers.insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Form realm=\"protected link\""),
    );
    retry_after(page, headers);
    response
}

fn retry_after(page: &LockedPage, headers: &mut lambda_http::http::HeaderMap) {
    if let Some(minutes) = page.reason.wait_minutes() {
        headers.insert(header::RETRY_AFTER, HeaderValue::from(minutes * 60));
    }
}

#[derive(Template)]
#[template(path = "redirect/password.html")]
struct PasswordPage<'a> {
    style: &'a str,
    action: &'a str,
    form_token: &'a str,
    message: &'a str,
    failed: bool,
    report: Option<&'a str>,
}

/// The password page for `req` (a `GET`, or a post that did not let the visitor through), with
/// a new form token; never cached, its own strict CSP.
pub fn locked_page(page: &LockedPage, req: &Request, entropy: &dyn Entropy) -> Response<Body> {
    let token_bytes: Vec<u8> = (0..2).flat_map(|_| entropy.next_u64().to_be_bytes()).collect();
    let token = URL_SAFE_NO_PAD.encode(token_bytes);
    let path = req.uri().path();
    // The form posts back to the very address the visitor opened, query included.
    let action = req.uri().path_and_query().map_or(path, |pq| pq.as_str());
    let style = brand_style(page.colour.as_ref());
    let report = super::report::link_to(path.trim_start_matches('/'));
    let html = PasswordPage {
        report: Some(&report),
        style: &style,
        action,
        form_token: &token,
        message: &page.reason.message(),
        failed: !matches!(page.reason, LockReason::Ask | LockReason::Head),
    }
    .render()
    .expect("the password page renders its own fields");
    let hash = style_hash(&style);
    let mut response = locked_status(page);
    *response.body_mut() = Body::Text(html);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    // No `form-action`: browsers hold the redirect that follows a right password to it, and the
    // destination can be anywhere (an app link too). The form's own action is this address.
    let policy = format!(
        "default-src 'none'; style-src 'sha256-{hash}'; img-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    );
    if let Ok(policy) = HeaderValue::from_str(&policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    if let Ok(cookie) = HeaderValue::from_str(&format!(
        "{FORM_COOKIE}={token}; Path={path}; Max-Age={FORM_LIFETIME_SECONDS}; HttpOnly; Secure; SameSite=Strict"
    )) {
        headers.append(header::SET_COOKIE, cookie);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    fn post(body: &str, cookies: &str, site: &str) -> Request {
        lambda_http::http::Request::builder()
            .method("POST")
            .uri("https://sl.test/secret")
            .header("cookie", cookies)
            .header("sec-fetch-site", site)
            .body(Body::Text(body.into()))
            .unwrap()
    }

    #[test]
    fn a_post_brings_its_password_only_with_the_pages_token_in_both_places() {
        let right = post("form=abc&password=open+sesame", "x=1; sl_form=abc", "same-origin");
        assert_eq!(unlock(&right, &key()), Unlock::Password("open sesame".into()));
        let wrong_token = post("form=abd&password=open+sesame", "sl_form=abc", "same-origin");
        assert_eq!(unlock(&wrong_token, &key()), Unlock::StaleForm);
        let no_cookie = post("form=abc&password=x", "", "same-origin");
        assert_eq!(unlock(&no_cookie, &key()), Unlock::StaleForm);
        let empty = post("form=&password=x", "sl_form=", "same-origin");
        assert_eq!(unlock(&empty, &key()), Unlock::StaleForm);
        let other_site = post("form=abc&password=x", "sl_form=abc", "cross-site");
        assert_eq!(unlock(&other_site, &key()), Unlock::StaleForm);
    }

    fn key() -> SigningKey {
        SigningKey::derive(
            b"a secret of at least thirty-two characters",
            crate::domain::PASSWORD_PURPOSE,
        )
    }

    #[test]
    fn the_page_sets_its_form_token_for_the_links_path_and_allows_only_its_own_style() {
        let req: Request = lambda_http::http::Request::builder()
            .uri("https://sl.test/secret?utm_source=mail")
            .body(Body::Empty)
            .unwrap();
        let page = LockedPage {
            reason: LockReason::Wrong,
            colour: None,
        };
        let response = locked_page(&page, &req, &SeededEntropy::new(1));
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
        let cookie = response.headers()[header::SET_COOKIE].to_str().unwrap();
        assert!(cookie.starts_with("sl_form="), "{cookie}");
        assert!(cookie.ends_with("; Path=/secret; Max-Age=3600; HttpOnly; Secure; SameSite=Strict"));
        let token = &cookie["sl_form=".len()..cookie.find(';').unwrap()];
        let Body::Text(html) = response.body() else {
            panic!("a page")
        };
        assert!(html.contains(&format!("name=\"form\" value=\"{token}\"")));
        assert!(html.contains("action=\"/secret?utm_source=mail\""));
        assert!(html.contains("That password is not right."));
        let csp = response.headers()[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.starts_with("default-src 'none'; style-src 'sha256-"), "{csp}");
        assert!(!html.contains("<script"));
    }

    #[test]
    fn too_many_tries_say_when_to_come_back() {
        let page = LockedPage {
            reason: LockReason::TooManyTries { minutes: 12 },
            colour: None,
        };
        let response = locked_status(&page);
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(response.headers()[header::RETRY_AFTER], "720");
    }
}
