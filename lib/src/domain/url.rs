use serde::{Deserialize, Serialize};

use super::Invalid;

/// A destination a visitor may be sent to: an absolute URL (web or app deep link) whose
/// scheme cannot run code in the browser, held in its canonical ASCII form (the `url` crate's
/// serialisation: punycode hosts, percent-encoded paths and queries). Every character is
/// visible ASCII, so it is always a valid `Location` header value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TargetUrl(String);

crate::domain::schema::string_schema!(TargetUrl, "TargetUrl", { "minLength": 1, "maxLength": 4096 });

const FORBIDDEN_SCHEMES: [&str; 4] = ["javascript", "data", "vbscript", "file"];

/// Schemes of the operating system's and browsers' own handlers: a link must not hand a
/// visitor to them (`ms-msdt:` ran code through the Windows troubleshooter, `search-ms:` shows a
/// remote share as a local folder, `intent:` opens any Android activity, `itms-services:`
/// installs an iOS app). Each also matches every scheme it prefixes with a `-`
/// (`ms-officecmd`, `x-apple-helpbasic`).
const OS_HANDLER_SCHEMES: [&str; 39] = [
    "ms",
    "microsoft",
    "search",
    "search-ms",
    "shell",
    "intent",
    "android-app",
    "itms-services",
    "x-apple",
    "x-apple.systempreferences",
    "help",
    "hcp",
    "its",
    "mk",
    "res",
    "jar",
    "jnlp",
    "smb",
    "cifs",
    "nfs",
    "ldap",
    "ldaps",
    "telnet",
    "rlogin",
    "ssh",
    "vnc",
    "rdp",
    "ftp",
    "ftps",
    "sftp",
    "about",
    "blob",
    "filesystem",
    "view-source",
    "chrome",
    "chrome-extension",
    "moz-extension",
    "vscode",
    "steam",
];

/// Everyday schemes a visitor's own apps answer (write, call, text, navigate).
const EVERYDAY_SCHEMES: [&str; 6] = ["mailto", "tel", "sms", "facetime", "facetime-audio", "geo"];

/// Whether a visitor may be handed to a scheme, as new targets are checked and stored ones
/// served: the one place that decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SchemeKind {
    /// Web, everyday or an app's own shape.
    Handed,
    /// An OS or browser handler's.
    OsHandler,
    /// Neither a known kind nor an app's shape.
    Unshaped,
}

impl SchemeKind {
    fn of(scheme: &str) -> Self {
        if matches!(scheme, "http" | "https") || EVERYDAY_SCHEMES.contains(&scheme) {
            Self::Handed
        } else if is_os_handler(scheme) {
            Self::OsHandler
        } else if is_app_scheme(scheme) {
            Self::Handed
        } else {
            Self::Unshaped
        }
    }
}

/// Whether `scheme` is an OS or browser handler's ([`OS_HANDLER_SCHEMES`]).
fn is_os_handler(scheme: &str) -> bool {
    OS_HANDLER_SCHEMES
        .iter()
        .any(|h| scheme == *h || scheme.strip_prefix(h).is_some_and(|rest| rest.starts_with('-')))
}

/// The shape of an app's own scheme: reverse-DNS (`com.example.app`) or a name of
/// letters, digits and `-`, starting with a letter (`myapp`, `fb`, `spotify`); 2 to 32 of them.
fn is_app_scheme(scheme: &str) -> bool {
    let name = |n: &str| {
        n.starts_with(|c: char| c.is_ascii_lowercase())
            && n.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    let reverse_dns = scheme.contains('.') && scheme.split('.').all(|part| !part.is_empty() && name(part));
    reverse_dns || ((2..=32).contains(&scheme.len()) && name(scheme))
}
const MAX_URL_CHARS: usize = 4096;

/// The first control character of `raw` (C0, DEL or C1), with its character position.
pub(crate) fn control_character(raw: &str) -> Option<(usize, char)> {
    raw.chars().enumerate().find(|(_, c)| c.is_control())
}

/// The sentence for a URL field holding a control character.
pub(crate) fn control_character_error(field: &str, position: usize, c: char) -> Invalid {
    Invalid::new(
        field,
        format!(
            "{field} must not contain control characters (found U+{:04X} at position {}).",
            u32::from(c),
            position + 1
        ),
    )
}

impl TargetUrl {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        if let Some((position, c)) = control_character(raw) {
            return Err(control_character_error(field, position, c));
        }
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
        match SchemeKind::of(scheme) {
            SchemeKind::OsHandler => {
                return Err(Invalid::new(
                    field,
                    format!("{field} must not use the {scheme}: scheme."),
                ));
            }
            SchemeKind::Unshaped => {
                return Err(Invalid::new(
                    field,
                    format!(
                        "{field} must use https, http or an app's own scheme, such as myapp:// or com.example.app://."
                    ),
                ));
            }
            SchemeKind::Handed => {}
        }
        if matches!(scheme, "http" | "https") && parsed.host_str().is_none_or(str::is_empty) {
            return Err(Invalid::new(field, format!("{field} must name a host.")));
        }
        let canonical = String::from(parsed);
        if canonical.len() > MAX_URL_CHARS {
            return Err(Invalid::new(
                field,
                format!(
                    "{field} must be at most {MAX_URL_CHARS} characters once encoded (got {}).",
                    canonical.len()
                ),
            ));
        }
        debug_assert!(canonical.bytes().all(|b| b.is_ascii_graphic()), "{canonical}");
        Ok(Self(canonical))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether it hands a visitor to an OS or browser handler (only a target saved before such
    /// schemes were refused can).
    pub fn opens_os_handler(&self) -> bool {
        self.0
            .split_once(':')
            .is_none_or(|(scheme, _)| SchemeKind::of(scheme) != SchemeKind::Handed)
    }

    /// Whether it opens an app (`myapp://…`) rather than a web page.
    pub fn is_app(&self) -> bool {
        !(self.0.starts_with("https:") || self.0.starts_with("http:"))
    }

    /// The `appFallbackUrl` of a target (`field`, beside the target at `target_field`): where a
    /// person goes when the app did not open. An https URL (an App Store, Play Store or web
    /// page), and only beside a target with an app scheme; blank means none.
    pub fn parse_app_fallback(
        field: &str,
        raw: Option<&str>,
        target_field: &str,
        target: &TargetUrl,
    ) -> Result<Option<Self>, Invalid> {
        let Some(raw) = raw.filter(|raw| !raw.trim().is_empty()) else {
            return Ok(None);
        };
        let fallback = Self::parse(field, raw)?;
        if !fallback.0.starts_with("https:") {
            return Err(Invalid::new(
                field,
                format!("{field} must be an https URL (an App Store, Play Store or web page)."),
            ));
        }
        if !target.is_app() {
            return Err(Invalid::new(
                field,
                format!("{field} is only for an app link: {target_field} must use an app scheme such as myapp://."),
            ));
        }
        Ok(Some(fallback))
    }
}

impl TryFrom<String> for TargetUrl {
    type Error = Invalid;
    /// A stored target read back. One saved before the OS-handler schemes were refused reads as
    /// it was (the visit door still refuses to hand it out: [`TargetUrl::opens_os_handler`]).
    fn try_from(value: String) -> Result<Self, Self::Error> {
        match Self::parse("url", &value) {
            Ok(url) => Ok(url),
            Err(refused) => match url::Url::parse(&value) {
                Ok(parsed)
                    if !FORBIDDEN_SCHEMES.contains(&parsed.scheme()) && String::from(parsed.clone()) == value =>
                {
                    Ok(Self(value))
                }
                _ => Err(refused),
            },
        }
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
    fn an_app_fallback_is_an_https_url_beside_an_app_link() {
        let app = TargetUrl::parse("targetUrl", "myapp://open/4").unwrap();
        let fallback = TargetUrl::parse_app_fallback(
            "appFallbackUrl",
            Some("https://apps.apple.com/app/id1"),
            "targetUrl",
            &app,
        );
        assert_eq!(fallback.unwrap().unwrap().as_str(), "https://apps.apple.com/app/id1");
        assert_eq!(
            TargetUrl::parse_app_fallback("appFallbackUrl", Some("  "), "targetUrl", &app),
            Ok(None)
        );
    }

    #[test]
    fn an_app_fallback_must_be_https() {
        let app = TargetUrl::parse("targetUrl", "myapp://open/4").unwrap();
        for raw in ["http://shop.example/app", "otherapp://x"] {
            let err = TargetUrl::parse_app_fallback("rules[0].appFallbackUrl", Some(raw), "rules[0].targetUrl", &app)
                .unwrap_err();
            assert_eq!(
                err.message,
                "rules[0].appFallbackUrl must be an https URL (an App Store, Play Store or web page)."
            );
        }
    }

    #[test]
    fn an_app_fallback_is_refused_beside_a_web_target() {
        let web = TargetUrl::parse("targetUrl", "https://shop.example/").unwrap();
        let err = TargetUrl::parse_app_fallback("appFallbackUrl", Some("https://apps.example/"), "targetUrl", &web)
            .unwrap_err();
        assert_eq!(
            err.message,
            "appFallbackUrl is only for an app link: targetUrl must use an app scheme such as myapp://."
        );
        assert!(!web.is_app());
    }

    #[test]
    fn target_url_accepts_web_urls_and_app_deep_links() {
        for ok in [
            "https://example.com/a?b=c",
            "http://x.io/",
            "myapp://open/item/4",
            "mailto:a@b.co",
        ] {
            assert_eq!(TargetUrl::parse("targetUrl", ok).unwrap().as_str(), ok);
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
    fn a_target_cannot_hand_a_visitor_to_an_os_handler() {
        for bad in [
            "ms-msdt:/id PCWDiagnostic /skip force",
            "search-ms:query=x&crumb=location:\\\\evil.example\\share",
            "intent://scan/#Intent;scheme=zxing;package=com.example;end",
            "ms-officecmd:{}",
            "itms-services://?action=download-manifest&url=https://evil.example/m.plist",
            "x-apple-helpbasic://x",
            "vscode://ext/install",
        ] {
            let err = TargetUrl::parse("targetUrl", bad).unwrap_err();
            assert!(
                err.message.starts_with("targetUrl must not use the "),
                "{bad}: {}",
                err.message
            );
        }
    }

    #[test]
    fn an_app_scheme_is_a_name_or_reverse_dns() {
        for ok in [
            "com.example.app://open",
            "fb://profile/4",
            "spotify:track:4",
            "tel:+4930123",
            "geo:52.5,13.4",
        ] {
            assert!(TargetUrl::parse("targetUrl", ok).is_ok(), "{ok}");
        }
        let err = TargetUrl::parse("targetUrl", "a+b://x").unwrap_err();
        assert_eq!(
            err.message,
            "targetUrl must use https, http or an app's own scheme, such as myapp:// or com.example.app://."
        );
    }

    #[test]
    fn a_stored_os_handler_target_still_reads_but_is_known_for_one() {
        let stored: TargetUrl = serde_json::from_value(serde_json::json!("ms-msdt:/id")).unwrap();
        assert!(stored.opens_os_handler());
        assert!(!TargetUrl::parse("targetUrl", "myapp://x").unwrap().opens_os_handler());
        assert!(
            !TargetUrl::parse("targetUrl", "https://x.example/")
                .unwrap()
                .opens_os_handler()
        );
    }

    #[test]
    fn target_url_rejects_relative_and_hostless_urls() {
        assert!(TargetUrl::parse("targetUrl", "/relative").is_err());
        assert!(TargetUrl::parse("targetUrl", "example.com").is_err());
        assert!(TargetUrl::parse("targetUrl", "https://").is_err());
    }

    #[test]
    fn a_control_character_anywhere_is_refused_naming_the_field() {
        for bad in [
            "https://example.com/\r\nX-A: 1",
            "https://example.com/\n",
            "https://example.com/a\u{0}b",
            "https://example.com/\u{7f}",
            "\thttps://example.com/",
            "https://exa\u{85}mple.com/",
        ] {
            let err = TargetUrl::parse("rules[0].targetUrl", bad).unwrap_err();
            assert_eq!(err.field.as_deref(), Some("rules[0].targetUrl"));
            assert!(
                err.message.contains("must not contain control characters"),
                "{}",
                err.message
            );
        }
    }

    #[test]
    fn a_non_ascii_host_is_stored_as_punycode() {
        let url = TargetUrl::parse("targetUrl", "https://аррӏе.com/").unwrap();
        assert_eq!(url.as_str(), "https://xn--80ak6aa92e.com/");
    }

    #[test]
    fn paths_and_queries_are_percent_encoded() {
        let url = TargetUrl::parse("targetUrl", "https://example.com/über straße?q=café&x=a b").unwrap();
        assert_eq!(
            url.as_str(),
            "https://example.com/%C3%BCber%20stra%C3%9Fe?q=caf%C3%A9&x=a%20b"
        );
        let deep = TargetUrl::parse("targetUrl", "myapp://open/ü?id=4").unwrap();
        assert_eq!(deep.as_str(), "myapp://open/%C3%BC?id=4");
    }

    #[test]
    fn every_stored_target_is_visible_ascii() {
        for raw in [
            "https://例え.jp/パス?キー=値",
            "myapp://x/ß",
            "https://EXAMPLE.com:443/a/../b",
        ] {
            let url = TargetUrl::parse("targetUrl", raw).unwrap();
            assert!(url.as_str().bytes().all(|b| b.is_ascii_graphic()), "{}", url.as_str());
        }
    }
}
