//! The small HTML pages of the visitor door (askama, compiled in; `lib/templates/redirect/`).

use askama::Template;

/// What a visitor of a link that no longer redirects is told (410).
pub const GONE: &str = "This link is no longer available.";

/// A page that only says something: no such link (404), or no longer available (410).
#[derive(Template)]
#[template(path = "redirect/notice.html")]
struct Notice<'a> {
    title: &'a str,
    message: &'a str,
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

fn render(page: &impl Template) -> String {
    page.render().expect("the visitor pages render their own fields")
}

pub fn not_found() -> String {
    render(&Notice {
        title: "Link not found",
        message: "There is no link at this address. Check it for typos.",
    })
}

pub fn gone() -> String {
    render(&Notice {
        title: "Link no longer available",
        message: GONE,
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
