use serde::{Deserialize, Serialize};

use super::Invalid;

/// Non-empty text of at most `MAX` Unicode characters (leading/trailing space trimmed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct BoundedText<const MAX: usize>(String);

impl<const MAX: usize> schemars::JsonSchema for BoundedText<MAX> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        format!("BoundedText{MAX}").into()
    }
    fn inline_schema() -> bool {
        true
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string", "minLength": 1, "maxLength": MAX })
    }
}

impl<const MAX: usize> BoundedText<MAX> {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(Invalid::new(field, format!("{field} must not be empty.")));
        }
        let chars = trimmed.chars().count();
        if chars > MAX {
            return Err(Invalid::new(
                field,
                format!("{field} must be at most {MAX} characters (got {chars})."),
            ));
        }
        Ok(Self(trimmed.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<const MAX: usize> TryFrom<String> for BoundedText<MAX> {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse("text", &value)
    }
}

impl<const MAX: usize> From<BoundedText<MAX>> for String {
    fn from(value: BoundedText<MAX>) -> Self {
        value.0
    }
}

/// A count and its noun, as a page says it: the singular for exactly one, the plural for any
/// other number (`counted(1, "click", "clicks")` is "1 click"; 0 and 2 take "clicks"). Every count
/// the pages put in words goes through here, or through [`for_count`] when markup or other words
/// stand between the number and its noun.
pub fn counted(count: impl Count, singular: &str, plural: &str) -> String {
    format!("{count} {}", for_count(&count, singular, plural))
}

/// The word a count takes: `singular` for exactly one, else `plural` (a noun, or a verb that
/// agrees with the count: `for_count(n, "was", "were")`).
pub fn for_count<'a>(count: impl Count, singular: &'a str, plural: &'a str) -> &'a str {
    if count.is_one() { singular } else { plural }
}

/// A number of things a page counts, by value or by reference (as templates pass it).
pub trait Count: std::fmt::Display {
    fn is_one(&self) -> bool;
}

macro_rules! count {
    ($($number:ty),*) => {
        $(impl Count for $number {
            fn is_one(&self) -> bool {
                *self == 1
            }
        })*
    };
}
count!(u32, u64, usize);

impl<T: Count + ?Sized> Count for &T {
    fn is_one(&self) -> bool {
        (**self).is_one()
    }
}

/// An e-mail address, lower-cased.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let email = raw.trim().to_lowercase();
        let valid = match email.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !email.chars().any(char::is_whitespace)
                    && email.len() <= 254
            }
            None => false,
        };
        if valid {
            Ok(Self(email))
        } else {
            Err(Invalid::new("email", format!("{raw:?} is not an e-mail address.")))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Email {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Email> for String {
    fn from(value: Email) -> Self {
        value.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_text_counts_characters_not_bytes() {
        let name = "é".repeat(255);
        assert!(BoundedText::<255>::parse("name", &name).is_ok());
        let err = BoundedText::<255>::parse("name", &"é".repeat(256)).unwrap_err();
        assert_eq!(err.message, "name must be at most 255 characters (got 256).");
    }

    #[test]
    fn bounded_text_rejects_blank_text() {
        assert!(BoundedText::<10>::parse("name", "   ").is_err());
    }

    #[test]
    fn one_of_a_thing_is_singular_and_every_other_count_plural() {
        assert_eq!(counted(1_u64, "click", "clicks"), "1 click");
        assert_eq!(counted(0_u64, "click", "clicks"), "0 clicks");
        assert_eq!(counted(2_usize, "link", "links"), "2 links");
        assert_eq!(for_count(1_u32, "was", "were"), "was");
        assert_eq!(for_count(11_u32, "was", "were"), "were");
    }

    #[test]
    fn email_is_lowercased() {
        assert_eq!(Email::parse("Ann@Example.COM").unwrap().as_str(), "ann@example.com");
        assert!(Email::parse("not-an-email").is_err());
    }
}
