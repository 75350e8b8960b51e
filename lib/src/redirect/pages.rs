//! The small HTML pages of the visitor door (askama, compiled in; `lib/templates/redirect/`).

use askama::Template;
use base64::Engine;
use sha2::{Digest, Sha256};

use crate::domain::HexColor;

/// What a visitor of a link that no longer redirects is told (410).
pub const GONE: &str = "This link is no longer available.";

/// A page that only says something: no such link (404), or no longer available (410).
#[derive(Template)]
#[template(path = "redirect/notice.html")]
struct Notice<'a> {
    title: &'a str,
    message: &'a str,
    /// The link's report page, on a page about a link that exists.
    report: Option<&'a str>,
}

/// The page link-preview crawlers read.
#[derive(Template)]
#[template(path = "redirect/preview.html")]
struct Preview<'a> {
    location: Option<&'a str>,
    short_link: &'a str,
    title: &'a str,
    description: Option<&'a str>,
}

/// The pages escape as they always have (`html_escape`: quotes stay as they are in text and
/// become `&quot;` in attributes), not as askama does (`&#34;`, `&#39;`), so the bytes a visitor
/// receives did not change when the pages became templates.
mod filters {
    use askama::filters::Safe;

    /// Text between tags: `&`, `<` and `>` escaped.
    #[askama::filter_fn]
    pub fn in_text<T: std::fmt::Display>(value: T, _: &dyn askama::Values) -> askama::Result<Safe<String>> {
        Ok(Safe(html_escape::encode_text(&value.to_string()).into_owned()))
    }

    /// A double-quoted attribute's value: `&`, `<`, `>` and `"` escaped.
    #[askama::filter_fn]
    pub fn in_attribute<T: std::fmt::Display>(value: T, _: &dyn askama::Values) -> askama::Result<Safe<String>> {
        Ok(Safe(
            html_escape::encode_double_quoted_attribute(&value.to_string()).into_owned(),
        ))
    }
}

/// The page asking a person to share their location.
#[derive(Template)]
#[template(path = "redirect/location.html")]
struct LocationPage<'a> {
    style: &'a str,
    script: &'a str,
    asker: &'a str,
    host: &'a str,
    location: &'a str,
    token: &'a str,
    retention_days: u32,
    report: Option<&'a str>,
}

/// The style of the pages that ask a person something (location, password): the link's colour
/// (with whichever of black or white reads on it) where the page shows a brand.
pub(super) fn brand_style(colour: Option<&HexColor>) -> String {
    let default = HexColor::parse("colour", DEFAULT_BRAND).expect("a hex colour");
    let brand = colour.unwrap_or(&default);
    let black = HexColor::parse("ink", "#000000").expect("a hex colour");
    let white = HexColor::parse("ink", "#ffffff").expect("a hex colour");
    let ink = if brand.contrast_with(&black) >= brand.contrast_with(&white) {
        &black
    } else {
        &white
    };
    format!(
        ":root{{--brand:{};--brand-ink:{}}}{VISITOR_STYLE}",
        brand.as_str(),
        ink.as_str()
    )
}

/// The base64 SHA-256 of a page's inline style, as its CSP's `style-src 'sha256-…'` names it.
pub(super) fn style_hash(style: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(Sha256::digest(style.as_bytes()))
}

/// The pages' accent, for a link without `appearanceColor`.
const DEFAULT_BRAND: &str = "#0b57d0";

const VISITOR_STYLE: &str = "*{box-sizing:border-box}\
body{margin:0;font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;line-height:1.5;color:#1b1f24;background:#f6f8fa}\
main{max-width:34rem;margin:0 auto;padding:2rem 1rem}\
.card{background:#fff;border:1px solid #d0d7de;border-top:.4rem solid var(--brand);border-radius:8px;padding:1.25rem}\
h1{font-size:1.3rem;line-height:1.3;margin:0 0 .75rem;overflow-wrap:anywhere}\
p{margin:.5rem 0}\
strong{overflow-wrap:anywhere}\
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.25rem 0 .5rem}\
button,.continue{font:inherit;font-weight:600;padding:.6rem 1.2rem;border-radius:6px;min-height:2.75rem;display:inline-flex;align-items:center;justify-content:center}\
button{border:2px solid var(--brand);background:var(--brand);color:var(--brand-ink);cursor:pointer}\
button[hidden]{display:none}\
button:disabled{cursor:progress}\
.continue{border:2px solid #57606a;background:#fff;color:#1b1f24;text-decoration:none}\
.continue.primary{border-color:var(--brand);background:var(--brand);color:var(--brand-ink)}\
:focus-visible{outline:3px solid #1b1f24;outline-offset:2px}\
.status:empty{display:none}\
.muted{color:#57606a;font-size:.9rem}\
label{display:block;font-weight:600;margin:.75rem 0 .25rem}\
input[type=password]{font:inherit;width:100%;padding:.55rem .6rem;border:1px solid #57606a;border-radius:6px;min-height:2.75rem}\
.problem{color:#a40e26;font-weight:600}";

/// The location consent page and its Content-Security-Policy: its one script from this origin,
/// its inline style allowed by its hash alone, nothing else.
pub fn location(request: &LocationPageParts<'_>) -> (String, String) {
    let style = brand_style(request.colour);
    let hash = style_hash(&style);
    let html = render(&LocationPage {
        style: &style,
        script: super::location::SCRIPT_PATH,
        asker: request.asker,
        host: request.host,
        location: request.location,
        token: request.token,
        retention_days: request.retention_days,
        report: request.report,
    });
    let policy = format!(
        "default-src 'none'; script-src 'self'; style-src 'sha256-{hash}'; connect-src 'self'; img-src 'none'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    );
    (html, policy)
}

/// The page trying an app link.
#[derive(Template)]
#[template(path = "redirect/open_app.html")]
struct OpenAppPage<'a> {
    style: &'a str,
    script: &'a str,
    app_name: &'a str,
    app: &'a str,
    fallback: &'a str,
    fallback_host: &'a str,
    report: Option<&'a str>,
}

/// The page trying an app link and its Content-Security-Policy: its one script from this
/// origin, its inline style allowed by its hash alone, nothing else.
pub fn open_app(
    app: &str,
    fallback: &str,
    colour: Option<&HexColor>,
    script: &str,
    report: Option<&str>,
) -> (String, String) {
    let style = brand_style(colour);
    let hash = style_hash(&style);
    let html = render(&OpenAppPage {
        style: &style,
        script,
        app_name: &destination_name(app),
        app,
        fallback,
        fallback_host: &destination_name(fallback),
        report,
    });
    let policy = format!(
        "default-src 'none'; script-src 'self'; style-src 'sha256-{hash}'; img-src 'none'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    );
    (html, policy)
}

/// Where a destination goes, as a person reads it: its host (`shop.example`), or for an app
/// link its scheme (`the myapp app`).
pub(super) fn destination_name(location: &str) -> String {
    match url::Url::parse(location) {
        Ok(url) => url
            .host_str()
            .filter(|_| matches!(url.scheme(), "http" | "https"))
            .map_or_else(|| format!("the {} app", url.scheme()), str::to_string),
        Err(_) => location.to_string(),
    }
}

/// What the location page shows.
#[derive(Debug, Clone, Copy)]
pub struct LocationPageParts<'a> {
    pub asker: &'a str,
    /// Where the link goes, as people read it (the destination's host, or its scheme for an app).
    pub host: &'a str,
    pub location: &'a str,
    /// The signed grant.
    pub token: &'a str,
    pub colour: Option<&'a HexColor>,
    pub retention_days: u32,
    /// The link's report page.
    pub report: Option<&'a str>,
}

fn render(page: &impl Template) -> String {
    page.render().expect("the visitor pages render their own fields")
}

/// The Content-Security-Policy of the pages that run nothing (the preview crawlers read, not
/// found, gone): no script, no fetch, no form, no frame; the notices' inline `style` attribute.
pub const PLAIN_PAGE_POLICY: &str =
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

pub fn not_found() -> String {
    render(&Notice {
        title: "Link not found",
        message: "There is no link at this address. Check it for typos.",
        report: None,
    })
}

pub fn gone() -> String {
    gone_reportable(None)
}

/// The "no longer available" page, with a link to the link's report page when given.
pub fn gone_reportable(report: Option<&str>) -> String {
    render(&Notice {
        title: "Link no longer available",
        message: GONE,
        report,
    })
}

/// The page link-preview crawlers read: OG tags and, when given, a refresh to the destination.
pub fn preview(location: Option<&str>, short_link: &str, title: &str, description: Option<&str>) -> String {
    render(&Preview {
        location,
        short_link,
        title,
        description,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preview_pages_escape_what_they_echo() {
        let html = preview(
            Some("https://e.com/?a=1&b=\"2\""),
            "https://sl.test/x",
            "<script>x</script>",
            Some("a \"quote\""),
        );
        assert!(!html.contains("<script>x"));
        assert!(html.contains("&lt;script&gt;"));
        assert!(html.contains("content=\"a &quot;quote&quot;\""));
        assert!(html.contains("url=https://e.com/?a=1&amp;b=&quot;2&quot;"));
    }

    /// The pages byte for byte, with every character either escaper treats differently.
    #[test]
    fn the_pages_are_exactly_what_visitors_have_always_been_served() {
        assert_eq!(
            not_found(),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Link not found</title></head>\
             <body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem\">\
             <h1>Link not found</h1><p>There is no link at this address. Check it for typos.</p></body></html>"
        );
        assert_eq!(
            gone(),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Link no longer available</title></head>\
             <body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem\">\
             <h1>Link no longer available</h1><p>This link is no longer available.</p></body></html>"
        );
        let title = "Tom's <b>\"deal\"</b> & more";
        assert_eq!(
            preview(
                Some("https://e.com/?a=1&b='2'"),
                "https://sl.test/x?y=\"z\"",
                title,
                Some("It's \"<i>x</i>\" & y")
            ),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
             <title>Tom's &lt;b&gt;\"deal\"&lt;/b&gt; &amp; more</title>\
             <meta property=\"og:title\" content=\"Tom's &lt;b&gt;&quot;deal&quot;&lt;/b&gt; &amp; more\">\
             <meta property=\"og:description\" content=\"It's &quot;&lt;i&gt;x&lt;/i&gt;&quot; &amp; y\">\
             <meta name=\"description\" content=\"It's &quot;&lt;i&gt;x&lt;/i&gt;&quot; &amp; y\">\
             <meta property=\"og:url\" content=\"https://sl.test/x?y=&quot;z&quot;\">\
             <meta http-equiv=\"refresh\" content=\"0; url=https://e.com/?a=1&amp;b='2'\"></head>\
             <body><a href=\"https://e.com/?a=1&amp;b='2'\">Tom's &lt;b&gt;\"deal\"&lt;/b&gt; &amp; more</a></body></html>"
        );
        assert_eq!(
            preview(None, "https://sl.test/x", title, None),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
             <title>Tom's &lt;b&gt;\"deal\"&lt;/b&gt; &amp; more</title>\
             <meta property=\"og:title\" content=\"Tom's &lt;b&gt;&quot;deal&quot;&lt;/b&gt; &amp; more\">\
             <meta property=\"og:url\" content=\"https://sl.test/x\"></head>\
             <body><p>Tom's &lt;b&gt;\"deal\"&lt;/b&gt; &amp; more</p></body></html>"
        );
    }

    #[test]
    fn a_preview_without_a_destination_has_no_refresh() {
        let html = preview(None, "https://sl.test/x", "Limited", None);
        assert!(!html.contains("refresh"));
        assert!(html.contains("og:url\" content=\"https://sl.test/x\""));
    }
}
