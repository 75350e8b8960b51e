//! What the link editor shows beside "Conversion tracking": the lines a site copies to report
//! conversions against the click id (`sl_cid`) a tracked redirect brings, for the link's short
//! domain, and the `curl` of the same report from a server.
//!
//! The script is loaded without `async`: a classic script runs before the lines after it, so
//! `smartlinks.convert` exists when the next line calls it (with `async` the call could run
//! first). The call is guarded, so a blocked script breaks nothing on the site.

use crate::domain::PIXEL_SCRIPT_PATH as SCRIPT_PATH;

/// The three things to copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackingSnippet {
    /// For every page a visitor may land on: keeps the click id in a first-party cookie.
    pub script: String,
    /// On the page where the conversion happens, after the script.
    pub convert: String,
    /// A sale reported by a server, with its amount in minor units.
    pub curl: String,
    /// How long the click id is kept, in days.
    pub window_days: u32,
}

/// The snippet for a link on `domain`, in workspace `workspace_id`, with the HTTP API at `api`
/// (`https://api.example.com/apiv1`).
pub fn tracking(domain: &str, api: &str, workspace_id: &str, window_days: u32) -> TrackingSnippet {
    let body = format!(
        r#"{{"workspaceId":"{workspace_id}","clickId":"<sl_cid from the landing URL>","event":"sale","amount":4999,"currency":"EUR"}}"#
    );
    TrackingSnippet {
        script: format!(r#"<script src="https://{domain}{SCRIPT_PATH}"></script>"#),
        convert: "<script>window.smartlinks && smartlinks.convert('signup');</script>".into(),
        curl: format!(
            "curl -X POST {api}/conversions \\\n  -H 'X-Api-Key: <your key>' \\\n  -H 'Content-Type: application/json' \\\n  -d '{body}'"
        ),
        window_days,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_snippet_loads_the_script_of_the_link_s_domain_before_calling_it() {
        let snippet = tracking("go.example.com", "https://api.example.com/apiv1", "ws1", 90);
        assert_eq!(
            snippet.script,
            r#"<script src="https://go.example.com/_sl/c.js"></script>"#
        );
        assert!(
            !snippet.script.contains("async"),
            "the call after it must find the script run"
        );
        assert!(snippet.convert.contains("smartlinks.convert('signup')"));
    }

    #[test]
    fn the_curl_reports_a_sale_to_the_workspace() {
        let snippet = tracking("go.example.com", "https://api.example.com/apiv1", "ws1", 90);
        assert!(
            snippet
                .curl
                .starts_with("curl -X POST https://api.example.com/apiv1/conversions \\\n"),
            "{}",
            snippet.curl
        );
        assert!(snippet.curl.contains(r#""workspaceId":"ws1""#));
        assert!(snippet.curl.contains(r#""amount":4999,"currency":"EUR""#));
    }
}
