use serde::{Deserialize, Serialize};

use super::Invalid;

/// A destination a visitor may be sent to: an absolute URL (web or app deep link) whose
/// scheme cannot run code in the browser.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TargetUrl(String);

const FORBIDDEN_SCHEMES: [&str; 4] = ["javascript", "data", "vbscript", "file"];
const MAX_URL_CHARS: usize = 4096;

impl TargetUrl {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let raw = raw.trim();
        if raw.chars().count() > MAX_URL_CHARS {
            return Err(Invalid::new(
                field,
                format!("{field} must be at most {MAX_URL_CHARS} characters."),
            ));
        }
        let parsed = url::Url::parse(raw).map_err(|_| {
            Invalid::new(
                field,
                format!("{field} must be an absolute URL such as https://example.com/page or myapp://path."),
            )
        })?;
        let scheme = parsed.scheme();
        if FORBIDDEN_SCHEMES.contains(&scheme) {
            return Err(Invalid::new(
                field,
                format!("{field} must not use the {scheme}: scheme."),
            ));
        }
        if matches!(scheme, "http" | "https") && parsed.host_str().is_none_or(str::is_empty) {
            return Err(Invalid::new(field, format!("{field} must name a host.")));
        }
        Ok(Self(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for TargetUrl {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse("url", &value)
    }
}

impl From<TargetUrl> for String {
    fn from(value: TargetUrl) -> Self {
        value.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_url_accepts_web_urls_and_app_deep_links() {
        for ok in [
            "https://example.com/a?b=c",
            "http://x.io",
            "myapp://open/item/4",
            "mailto:a@b.co",
        ] {
            assert!(TargetUrl::parse("targetUrl", ok).is_ok(), "{ok}");
        }
    }

    #[test]
    fn target_url_rejects_script_schemes() {
        for bad in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            "data:text/html,hi",
            "vbscript:x",
            "file:///etc/passwd",
        ] {
            let err = TargetUrl::parse("targetUrl", bad).unwrap_err();
            assert!(err.message.contains("must not use"), "{bad}: {}", err.message);
        }
    }

    #[test]
    fn target_url_rejects_relative_and_hostless_urls() {
        assert!(TargetUrl::parse("targetUrl", "/relative").is_err());
        assert!(TargetUrl::parse("targetUrl", "example.com").is_err());
        assert!(TargetUrl::parse("targetUrl", "https://").is_err());
    }
}
