use serde::{Deserialize, Serialize};

use super::{Invalid, path};

/// A colour written `#RGB` or `#RRGGBB` (any case; stored lower-case).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HexColor(String);

crate::wire::schema::string_schema!(HexColor, "HexColor", { "pattern": crate::wire::schema::COLOR_PATTERN });

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

/// QR code settings; omitted fields take their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QrFields {
    /// Foreground colour, #RGB or #RRGGBB (default #000000).
    #[serde(default)]
    #[schemars(regex(pattern = crate::wire::schema::COLOR_PATTERN))]
    pub color: Option<String>,
    /// Background colour, #RGB or #RRGGBB (default #ffffff).
    #[serde(default)]
    #[schemars(regex(pattern = crate::wire::schema::COLOR_PATTERN))]
    pub bg_color: Option<String>,
    /// Embeds the logo in the centre (default false).
    #[serde(default)]
    pub use_logo: Option<bool>,
    /// An image data URL (data:image/...) or an http(s) URL; required when useLogo is true.
    #[serde(default)]
    pub logo: Option<String>,
}

/// A link's QR code settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QrSettings {
    pub color: HexColor,
    pub bg_color: HexColor,
    pub use_logo: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
}

const MAX_LOGO_CHARS: usize = 200_000;

impl Default for QrSettings {
    fn default() -> Self {
        Self {
            color: HexColor("#000000".into()),
            bg_color: HexColor("#ffffff".into()),
            use_logo: false,
            logo: None,
        }
    }
}

impl QrSettings {
    pub fn parse(field: &str, fields: &QrFields) -> Result<Self, Invalid> {
        let defaults = Self::default();
        let color = match &fields.color {
            Some(c) => HexColor::parse(&path(field, "color"), c)?,
            None => defaults.color,
        };
        let bg_color = match &fields.bg_color {
            Some(c) => HexColor::parse(&path(field, "bgColor"), c)?,
            None => defaults.bg_color,
        };
        let use_logo = fields.use_logo.unwrap_or(false);
        let logo_field = path(field, "logo");
        if let Some((position, c)) = fields.logo.as_deref().and_then(super::url::control_character) {
            return Err(super::url::control_character_error(&logo_field, position, c));
        }
        let logo = match fields.logo.as_deref().map(str::trim).filter(|l| !l.is_empty()) {
            None if use_logo => {
                return Err(Invalid::new(
                    &logo_field,
                    format!("{logo_field} is required when useLogo is true."),
                ));
            }
            None => None,
            Some(logo) => {
                if logo.chars().count() > MAX_LOGO_CHARS {
                    return Err(Invalid::new(
                        &logo_field,
                        format!("{logo_field} must be at most {MAX_LOGO_CHARS} characters."),
                    ));
                }
                let is_data_image = logo.starts_with("data:image/");
                let is_web_url = url::Url::parse(logo)
                    .map(|u| matches!(u.scheme(), "http" | "https") && u.host_str().is_some())
                    .unwrap_or(false);
                if !is_data_image && !is_web_url {
                    return Err(Invalid::new(
                        &logo_field,
                        format!("{logo_field} must be an image data URL (data:image/...) or an http(s) URL."),
                    ));
                }
                Some(logo.to_string())
            }
        };
        Ok(Self {
            color,
            bg_color,
            use_logo,
            logo,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qr_settings_default_to_black_on_white() {
        let qr = QrSettings::parse("qrSettings", &QrFields::default()).unwrap();
        assert_eq!(qr, QrSettings::default());
    }

    #[test]
    fn colours_accept_short_and_long_hex_in_any_case() {
        assert_eq!(HexColor::parse("c", "#ABC").unwrap().as_str(), "#abc");
        assert!(HexColor::parse("c", "#A1B2C3").is_ok());
        assert!(HexColor::parse("c", "red").is_err());
        assert!(HexColor::parse("c", "#abcd").is_err());
    }

    #[test]
    fn use_logo_requires_a_logo() {
        let err = QrSettings::parse(
            "qrSettings",
            &QrFields {
                use_logo: Some(true),
                ..Default::default()
            },
        )
        .unwrap_err();
        assert_eq!(err.message, "qrSettings.logo is required when useLogo is true.");
    }
}
