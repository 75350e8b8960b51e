//! What a conversion is: its event name (the pixel's `e`, the API's `event`), who reported it,
//! and what the API may add to it: an amount in a currency's minor units and the caller's own
//! event id.

use std::fmt;

use super::Invalid;

/// Where the conversion pixel's site script is served, on every short-link domain (`_` is
/// never in a slug); the app's snippet names it.
pub const PIXEL_SCRIPT_PATH: &str = "/_sl/c.js";

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

/// Who reported a conversion: the public pixel (anyone holding the click id) or the API (a
/// server holding the workspace's key). Each counts once per (click, event) apart from the
/// other, so a pixel never pre-empts the server's report of the same event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ConversionSource {
    Pixel,
    Api,
}

impl ConversionSource {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pixel => "pixel",
            Self::Api => "api",
        }
    }
}

/// An ISO 4217 currency code, as the API takes it (`EUR`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Currency(iso_currency::Currency);

impl Currency {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        iso_currency::Currency::from_code(raw).map(Self).ok_or_else(|| {
            Invalid::new(
                "currency",
                "currency must be an ISO 4217 code in capitals, such as EUR or USD.",
            )
        })
    }

    pub fn code(&self) -> &'static str {
        self.0.code()
    }
}

/// The caller's own id of an event (at most 100 characters): a retry with it answers the first
/// result and counts once.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EventId(String);

/// The longest event id.
pub const MAX_EVENT_ID_CHARS: usize = 100;

impl EventId {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let chars = raw.chars().count();
        if chars == 0 || chars > MAX_EVENT_ID_CHARS || raw.chars().any(char::is_control) {
            return Err(Invalid::new(
                "eventId",
                format!("eventId must be 1 to {MAX_EVENT_ID_CHARS} characters without control characters."),
            ));
        }
        Ok(Self(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A sale's value: an amount in the currency's minor units (cents for EUR).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sale {
    pub amount: u64,
    pub currency: Currency,
}

/// A conversion as the API reports it, parsed. `click` is `None` for a malformed click id,
/// which is answered as an unknown one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionReport {
    pub click: Option<super::ClickToken>,
    pub event: EventName,
    pub sale: Option<Sale>,
    pub event_id: Option<EventId>,
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

    #[test]
    fn currencies_are_iso_4217_codes() {
        assert_eq!(Currency::parse("EUR").unwrap().code(), "EUR");
        for bad in ["eur", "EURO", "XYZ", ""] {
            assert_eq!(
                Currency::parse(bad).unwrap_err().field.as_deref(),
                Some("currency"),
                "{bad}"
            );
        }
    }

    #[test]
    fn event_ids_are_short_printable_text() {
        assert_eq!(EventId::parse("order-4711").unwrap().as_str(), "order-4711");
        for bad in ["", "a\nb", &"x".repeat(101)] {
            assert_eq!(EventId::parse(bad).unwrap_err().field.as_deref(), Some("eventId"));
        }
    }
}
