//! The API reference page: this document rendered by Redoc, whose standalone bundle the
//! `api-docs` function embeds (no CDN). No inline script: the page names the bundle, which
//! finds the `<redoc spec-url>` element itself.

use crate::manifest::{DOCS_PATH, DOCS_SCRIPT_PATH, OPENAPI_PATH};

/// The page's Content-Security-Policy: scripts from this origin only (no inline script, no
/// `eval`); inline styles, which Redoc injects; its search worker runs from a `blob:`.
pub const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; base-uri 'none'; \
form-action 'none'; frame-ancestors 'none'";

/// A path relative to the page's own (`/apiv1/docs` → `/apiv1/`), so the page works under any
/// base path.
fn relative(path: &str) -> &str {
    let base = DOCS_PATH.rsplit_once('/').map_or("", |(dir, _)| dir);
    path.strip_prefix(base).map_or(path, |p| p.trim_start_matches('/'))
}

/// The page's HTML.
pub fn html() -> String {
    format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Smart links API reference</title>
</head>
<body>
<noscript><p>This reference needs JavaScript. The OpenAPI document itself is at <a href="{spec}">{spec}</a>.</p></noscript>
<redoc spec-url="{spec}" hide-download-button="false" path-in-middle-panel="true" native-scrollbars="true"></redoc>
<script src="{script}"></script>
</body>
</html>
"#,
        spec = relative(OPENAPI_PATH),
        script = relative(DOCS_SCRIPT_PATH),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_names_the_document_and_the_renderer_relative_to_itself_and_runs_no_inline_script() {
        let page = html();
        assert!(page.contains(r#"spec-url="openapi.json""#), "{page}");
        assert!(
            page.contains(r#"<script src="docs/redoc.standalone.js"></script>"#),
            "{page}"
        );
        assert_eq!(page.matches("<script").count(), 1);
        assert!(CSP.contains("script-src 'self';") && !CSP.contains("unsafe-eval"));
    }
}
