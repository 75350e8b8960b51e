//! The `451` answer of a link that must not redirect: the operator disabled it or suspended
//! its workspace, or its destination is blocked ([`Withheld`]). A person gets a small page
//! saying why, with a link to report the link (`/_sl/report/<slug>`, on the same short
//! domain); robots and `HEAD` get the status alone. Never counted (the service records nothing).

use askama::Template;
use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::door::guarded_page;
use super::pages::{brand_style, style_hash};
use crate::domain::Withheld;
use crate::service::visits::WithheldPage;

/// What the page says, by why the link is withheld.
fn words(why: Withheld) -> (&'static str, &'static str) {
    match why {
        Withheld::DisabledForAbuse => (
            "This link has been disabled",
            "This short link was disabled for abuse, such as phishing, malware or spam.",
        ),
        Withheld::BlockedDestination => (
            "This link has been disabled",
            "This short link leads to a destination that is blocked for abuse, such as phishing, malware or spam.",
        ),
    }
}

#[derive(Template)]
#[template(path = "redirect/withheld.html")]
struct WithheldTemplate<'a> {
    style: &'a str,
    title: &'a str,
    message: &'a str,
    report: Option<&'a str>,
}

/// The page and its Content-Security-Policy: no script, its inline style by its hash alone,
/// no form.
pub fn page(withheld: &WithheldPage) -> (String, String) {
    let style = brand_style(None);
    let (title, message) = words(withheld.why);
    let html = WithheldTemplate {
        style: &style,
        title,
        message,
        report: Some(&super::report::link_to(withheld.slug.as_str())),
    }
    .render()
    .expect("the withheld page renders its own fields");
    let policy = format!(
        "default-src 'none'; style-src 'sha256-{}'; img-src 'none'; base-uri 'none'; form-action 'none'; \
         frame-ancestors 'none'",
        style_hash(&style)
    );
    (html, policy)
}

/// `451`: the page for a person, the status alone for a robot or `HEAD`; never cached.
pub fn response(withheld: &WithheldPage, head: bool) -> Response<Body> {
    let (html, policy) = page(withheld);
    let mut response = guarded_page(html, &policy, head || !withheld.page);
    *response.status_mut() = StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS;
    if !withheld.page {
        response.headers_mut().remove(lambda_http::http::header::CONTENT_TYPE);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn withheld(why: Withheld, page: bool) -> WithheldPage {
        WithheldPage {
            slug: crate::domain::Slug::parse("spring").unwrap(),
            why,
            page,
        }
    }

    #[test]
    fn a_person_is_told_the_link_was_disabled_for_abuse_and_where_to_report_it() {
        let response = response(&withheld(Withheld::DisabledForAbuse, true), false);
        assert_eq!(response.status(), StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS);
        let Body::Text(html) = response.body() else {
            panic!("a page")
        };
        assert!(html.contains("disabled for abuse"));
        assert!(html.contains("href=\"/_sl/report/spring\""));
        assert!(!html.contains("<script"));
    }

    #[test]
    fn a_robot_gets_the_status_alone() {
        let response = response(&withheld(Withheld::DisabledForAbuse, false), false);
        assert_eq!(response.status(), StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS);
        assert!(matches!(response.body(), Body::Empty));
    }

    #[test]
    fn head_gets_the_status_alone() {
        let response = response(&withheld(Withheld::DisabledForAbuse, true), true);
        assert_eq!(response.status(), StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS);
        assert!(matches!(response.body(), Body::Empty));
    }

    #[test]
    fn a_blocked_destination_says_so_on_the_same_page() {
        let (html, policy) = page(&withheld(Withheld::BlockedDestination, true));
        assert!(html.contains("destination that is blocked"));
        assert!(policy.contains("style-src 'sha256-"));
    }
}
