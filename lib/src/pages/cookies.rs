//! The pages' cookies: the session, and the sign-in form's CSRF cookie. Both `HttpOnly`,
//! `SameSite=Lax`, `Path=/`, and `Secure` with the `__Host-` prefix everywhere but plain HTTP
//! on a loopback name (the dev server).

use cookie::{Cookie, SameSite};
use lambda_http::Request;
use lambda_http::http::HeaderValue;

/// The session cookie's name over HTTPS (`__Host-`: no `Domain`, `Path=/`, `Secure`).
pub const SESSION_COOKIE: &str = "__Host-session";
/// The sign-in form's double-submit CSRF cookie over HTTPS.
pub const SIGN_IN_COOKIE: &str = "__Host-signin";
/// A one-time notice carried across the redirect after a form post (`Link "Docs" created.`).
pub const FLASH_COOKIE: &str = "__Host-flash";
/// How long a notice waits for the page it is meant for.
const FLASH_LIFETIME: chrono::Duration = chrono::Duration::minutes(1);

/// A cookie's name where it goes: the `__Host-` prefix needs `Secure`, which plain HTTP on
/// localhost cannot have.
fn name(secure_name: &'static str, local: bool) -> &'static str {
    if local {
        secure_name.trim_start_matches("__Host-")
    } else {
        secure_name
    }
}

pub fn session_name(local: bool) -> &'static str {
    name(SESSION_COOKIE, local)
}

pub fn sign_in_name(local: bool) -> &'static str {
    name(SIGN_IN_COOKIE, local)
}

pub fn flash_name(local: bool) -> &'static str {
    name(FLASH_COOKIE, local)
}

/// `Set-Cookie` for a notice the next page shows once (base64url, so any sentence fits).
pub fn set_flash(message: &str, local: bool) -> HeaderValue {
    use base64::Engine;
    let value = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(message);
    set(flash_name(local), &value, FLASH_LIFETIME, local)
}

/// The notice a request carries, if any.
pub fn read_flash(req: &Request, local: bool) -> Option<String> {
    use base64::Engine;
    let value = read(req, flash_name(local))?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(value).ok()?;
    String::from_utf8(bytes).ok().filter(|m| !m.is_empty())
}

/// The value of a cookie the request carries.
pub fn read(req: &Request, wanted: &str) -> Option<String> {
    req.headers()
        .get_all(lambda_http::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|header| Cookie::split_parse(header.to_string()).filter_map(Result::ok))
        .find(|c| c.name() == wanted)
        .map(|c| c.value().to_string())
}

/// `Set-Cookie` for a cookie of ours living `max_age`.
pub fn set(name: &'static str, value: &str, max_age: chrono::Duration, local: bool) -> HeaderValue {
    let cookie = Cookie::build((name, value.to_string()))
        .http_only(true)
        .secure(!local)
        .same_site(SameSite::Lax)
        .path("/")
        .max_age(cookie::time::Duration::seconds(max_age.num_seconds()))
        .build();
    HeaderValue::from_str(&cookie.to_string()).expect("our cookies are visible ASCII")
}

/// The cookies of a browser that just signed in: the session's, and the stranger's form token
/// forgotten.
pub fn sign_in(
    response: &mut lambda_http::Response<lambda_http::Body>,
    token: &crate::domain::SessionToken,
    local: bool,
) {
    let headers = response.headers_mut();
    headers.append(
        lambda_http::http::header::SET_COOKIE,
        set(
            session_name(local),
            token.as_str(),
            crate::service::accounts::COOKIE_LIFETIME,
            local,
        ),
    );
    headers.append(lambda_http::http::header::SET_COOKIE, clear(sign_in_name(local), local));
}

/// `Set-Cookie` that makes the browser forget a cookie of ours.
pub fn clear(name: &'static str, local: bool) -> HeaderValue {
    set(name, "", chrono::Duration::zero(), local)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_session_cookie_is_http_only_secure_lax_and_host_prefixed() {
        let header = set(session_name(false), "abc", chrono::Duration::hours(1), false);
        let text = header.to_str().unwrap();
        assert!(text.starts_with("__Host-session=abc"), "{text}");
        for part in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", "Max-Age=3600"] {
            assert!(text.contains(part), "{text} lacks {part}");
        }
    }

    #[test]
    fn on_localhost_the_cookie_drops_secure_and_its_prefix() {
        let header = set(session_name(true), "abc", chrono::Duration::hours(1), true);
        let text = header.to_str().unwrap();
        assert!(text.starts_with("session=abc"), "{text}");
        assert!(!text.contains("Secure"), "{text}");
    }

    #[test]
    fn a_notice_survives_its_cookie() {
        let header = set_flash("Link \"Spring; sale\" created.", true);
        let pair = header.to_str().unwrap().split(';').next().unwrap().to_string();
        let req = lambda_http::http::Request::builder()
            .header("cookie", pair)
            .body(lambda_http::Body::Empty)
            .unwrap();
        assert_eq!(
            read_flash(&req, true).as_deref(),
            Some("Link \"Spring; sale\" created.")
        );
    }

    #[test]
    fn cookies_are_read_from_every_cookie_header() {
        let req = lambda_http::http::Request::builder()
            .header("cookie", "a=1; session=xyz")
            .body(lambda_http::Body::Empty)
            .unwrap();
        assert_eq!(read(&req, "session").as_deref(), Some("xyz"));
        assert_eq!(read(&req, "b"), None);
    }
}
