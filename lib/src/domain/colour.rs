//! Hex colours, and how far apart two of them are for a scanner (WCAG 2 relative luminance
//! and contrast ratio).

use serde::{Deserialize, Serialize};

use super::Invalid;

/// A colour written `#RGB` or `#RRGGBB` (any case; stored lower-case).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HexColor(String);

crate::domain::schema::string_schema!(HexColor, "HexColor", { "pattern": crate::domain::schema::COLOR_PATTERN });

impl HexColor {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let ok = raw.starts_with('#') && matches!(raw.len(), 4 | 7) && raw[1..].bytes().all(|b| b.is_ascii_hexdigit());
        if ok {
            Ok(Self(raw.to_ascii_lowercase()))
        } else {
            Err(Invalid::new(
                field,
                format!("{field} must be a hex colour such as #1a2b3c or #abc (got {raw:?})."),
            ))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Red, green and blue, 0–255 (`#abc` is `#aabbcc`).
    pub fn rgb(&self) -> [u8; 3] {
        let hex = &self.0[1..];
        let channel = |i: usize| match hex.len() {
            3 => u8::from_str_radix(&hex[i..=i], 16).map(|v| v * 17),
            _ => u8::from_str_radix(&hex[2 * i..2 * i + 2], 16),
        };
        // Only built from checked hex digits.
        [0, 1, 2].map(|i| channel(i).unwrap_or(0))
    }

    /// WCAG 2 relative luminance: 0 for black, 1 for white.
    pub fn relative_luminance(&self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = self.rgb();
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2 contrast ratio with `other`, from 1 (the same) to 21 (black and white).
    pub fn contrast_with(&self, other: &HexColor) -> f64 {
        let (a, b) = (self.relative_luminance(), other.relative_luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }
}

impl TryFrom<String> for HexColor {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse("color", &value)
    }
}

impl From<HexColor> for String {
    fn from(value: HexColor) -> Self {
        value.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(raw: &str) -> HexColor {
        HexColor::parse("c", raw).unwrap()
    }

    #[test]
    fn colours_accept_short_and_long_hex_in_any_case() {
        assert_eq!(hex("#ABC").as_str(), "#abc");
        assert!(HexColor::parse("c", "#A1B2C3").is_ok());
        assert!(HexColor::parse("c", "red").is_err());
        assert!(HexColor::parse("c", "#abcd").is_err());
    }

    #[test]
    fn short_hex_doubles_each_digit() {
        assert_eq!(hex("#abc").rgb(), [0xaa, 0xbb, 0xcc]);
        assert_eq!(hex("#0a1B2c").rgb(), [0x0a, 0x1b, 0x2c]);
    }

    #[test]
    fn black_on_white_is_twenty_one_to_one_and_a_colour_on_itself_one_to_one() {
        assert!((hex("#000").contrast_with(&hex("#fff")) - 21.0).abs() < 1e-9);
        assert!((hex("#fff").contrast_with(&hex("#000")) - 21.0).abs() < 1e-9);
        assert!((hex("#777777").contrast_with(&hex("#777777")) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn contrast_matches_published_wcag_values() {
        // #767676 on white is the classic 4.54:1 grey; #959595 on white 2.99:1.
        assert!((hex("#767676").contrast_with(&hex("#ffffff")) - 4.54).abs() < 0.01);
        assert!((hex("#959595").contrast_with(&hex("#ffffff")) - 2.99).abs() < 0.01);
    }
}
