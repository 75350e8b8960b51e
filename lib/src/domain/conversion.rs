//! What a conversion is called: the pixel's `e` and the API's `event`.

use std::fmt;

use super::Invalid;

/// An event name: 1 to 40 of `a-z`, `0-9`, `_`, `.`, `-`; `lead` when none is given.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EventName(String);

/// The longest event name.
pub const MAX_EVENT_CHARS: usize = 40;

impl EventName {
    /// `field` names the input in a refusal (`event` on the API, `e` on the pixel).
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '_' | '.' | '-');
        if raw.is_empty() || raw.len() > MAX_EVENT_CHARS || !raw.chars().all(allowed) {
            return Err(Invalid::new(
                field,
                format!(
                    "{field} must be 1 to {MAX_EVENT_CHARS} characters of lowercase letters, digits, '_', '.' and '-'."
                ),
            ));
        }
        Ok(Self(raw.to_string()))
    }

    /// The event a pixel records when it names none.
    pub fn lead() -> Self {
        Self("lead".into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EventName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_names_are_short_lowercase_words() {
        for ok in ["lead", "signup", "sale.v2", "trial-start", "a", &"x".repeat(40)] {
            assert_eq!(EventName::parse("e", ok).unwrap().as_str(), ok);
        }
    }

    #[test]
    fn anything_else_is_refused_naming_the_field() {
        for bad in ["", "Signup", "sign up", "ünicode", "a/b", &"x".repeat(41)] {
            let err = EventName::parse("event", bad).unwrap_err();
            assert_eq!(err.field.as_deref(), Some("event"), "{bad}");
        }
    }
}
