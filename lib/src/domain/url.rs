use serde::{Deserialize, Serialize};

use super::Invalid;

mod schemes;

use schemes::{FORBIDDEN_SCHEMES, SchemeKind};

/// A destination a visitor may be sent to: an absolute URL (web or app deep link) whose
/// scheme cannot run code in the browser, held in its canonical ASCII form (the `url` crate's
/// serialisation: punycode hosts, percent-encoded paths and queries). Every character is
/// visible ASCII, so it is always a valid `Location` header value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TargetUrl(String);

crate::domain::schema::string_schema!(TargetUrl, "TargetUrl", { "minLength": 1, "maxLength": 4096 });

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
mod tests;
