//! A link's QR code settings, and the rules that keep a drawn code scannable: dark modules on a
//! light background at a contrast of at least 3:1, and a logo a scanner's error correction can
//! stand (see `crate::qr` for the drawing).

use serde::{Deserialize, Serialize};

use super::{HexColor, Invalid, path};

/// The lowest contrast ratio (WCAG 2) between `color` and `bgColor` a code may be drawn with.
pub const MIN_CONTRAST: f64 = 3.0;
/// The most image data a logo may hold, in bytes (a fetched logo, or a data URL's content).
pub const MAX_LOGO_BYTES: usize = 256 * 1024;
/// A stored data URL is at most this long: a link is one DynamoDB item (at most 400 KB), so a
/// data URL holds about 146 KB of image; a larger logo is given as an https URL.
pub const MAX_LOGO_CHARS: usize = 200_000;
/// The media types a logo may have, and how the sentences name them.
const LOGO_TYPES: [(&str, &str); 5] = [
    ("image/png", "PNG"),
    ("image/jpeg", "JPEG"),
    ("image/jpg", "JPEG"),
    ("image/svg+xml", "SVG"),
    ("image/webp", "WebP"),
];

/// QR code settings; omitted fields take their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct QrFields {
    /// Colour of the dark modules, #RGB or #RRGGBB (default #000000). Must be darker than bgColor,
    /// with a contrast ratio of at least 3:1, or the code is refused as unscannable.
    #[serde(default)]
    #[schemars(regex(pattern = crate::domain::schema::COLOR_PATTERN))]
    pub color: Option<String>,
    /// Background colour, #RGB or #RRGGBB (default #ffffff).
    #[serde(default)]
    #[schemars(regex(pattern = crate::domain::schema::COLOR_PATTERN))]
    pub bg_color: Option<String>,
    /// Embeds the logo in the centre (at most 20% of the code; error correction H) (default false).
    #[serde(default)]
    pub use_logo: Option<bool>,
    /// The logo: an https URL of a PNG, JPEG, WebP or SVG image (at most 256 KB), or such an
    /// image as a data URL (data:image/png;base64,...); required when useLogo is true.
    #[serde(default)]
    pub logo: Option<String>,
}

/// A link's QR code settings. Read back from storage as they were saved: the scanning rules
/// apply to input, and the QR endpoint checks a stored link's settings again before drawing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QrSettings {
    pub color: HexColor,
    pub bg_color: HexColor,
    pub use_logo: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
}

impl Default for QrSettings {
    fn default() -> Self {
        Self {
            color: HexColor::parse("color", "#000000").expect("black"),
            bg_color: HexColor::parse("bgColor", "#ffffff").expect("white"),
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
        scannable_colours(field, &color, &bg_color)?;
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
                LogoSource::parse(&logo_field, logo)?;
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

    /// Whether the stored colours can be drawn (links saved before the rule may not be).
    pub fn check_colours(&self) -> Result<(), Invalid> {
        scannable_colours("qrSettings", &self.color, &self.bg_color)
    }
}

/// Scanners read dark modules on a light background, and need them apart: refuses a contrast
/// under [`MIN_CONTRAST`], then an inverted pair (foreground lighter than background).
fn scannable_colours(field: &str, color: &HexColor, bg_color: &HexColor) -> Result<(), Invalid> {
    let ratio = color.contrast_with(bg_color);
    if ratio < MIN_CONTRAST {
        let bg_field = path(field, "bgColor");
        // Rounded down, so a refused ratio never reads as 3.0.
        let shown = (ratio * 10.0).floor() / 10.0;
        return Err(Invalid::new(
            &bg_field,
            format!("{bg_field} must contrast with color at least 3:1 (got {shown:.1}:1)."),
        ));
    }
    if color.relative_luminance() > bg_color.relative_luminance() {
        let color_field = path(field, "color");
        return Err(Invalid::new(
            &color_field,
            format!(
                "{color_field} must be darker than bgColor: many scanners cannot read light modules on a dark \
                 background (got {} on {}); swap the two colours.",
                color.as_str(),
                bg_color.as_str()
            ),
        ));
    }
    Ok(())
}

/// Where a logo comes from: its bytes (a data URL) or an https URL to fetch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogoSource {
    Data(Vec<u8>),
    Https(url::Url),
}

impl LogoSource {
    /// Reads a logo setting: an https URL with a host, or a data URL of a PNG, JPEG, SVG or WebP
    /// image of at most [`MAX_LOGO_BYTES`] (and [`MAX_LOGO_CHARS`] characters).
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        if let Some((position, c)) = super::url::control_character(raw) {
            return Err(super::url::control_character_error(field, position, c));
        }
        let chars = raw.chars().count();
        if chars > MAX_LOGO_CHARS {
            return Err(Invalid::new(
                field,
                format!(
                    "{field} must be at most {MAX_LOGO_CHARS} characters (got {chars}); give a larger logo as an \
                     https URL."
                ),
            ));
        }
        if raw.get(..5).is_some_and(|s| s.eq_ignore_ascii_case("data:")) {
            return Self::data(field, raw);
        }
        let what = format!("{field} must be an https URL or an image data URL (data:image/png;base64,...)");
        match url::Url::parse(raw) {
            Ok(url) if url.scheme() == "https" && url.host_str().is_some_and(|h| !h.is_empty()) => Ok(Self::Https(url)),
            Ok(url) if url.scheme() == "http" => Err(Invalid::new(
                field,
                format!("{what}; logos are fetched over https only."),
            )),
            _ => Err(Invalid::new(field, format!("{what}."))),
        }
    }

    fn data(field: &str, raw: &str) -> Result<Self, Invalid> {
        let unreadable = |why: String| Invalid::new(field, format!("{field} is not a readable data URL: {why}."));
        let url = data_url::DataUrl::process(raw).map_err(|e| unreadable(format!("{e:?}")))?;
        let mime = url.mime_type();
        let media_type = format!("{}/{}", mime.type_, mime.subtype).to_ascii_lowercase();
        if !LOGO_TYPES.iter().any(|(t, _)| *t == media_type) {
            return Err(Invalid::new(
                field,
                format!("{field} must be a PNG, JPEG, SVG or WebP image (got {media_type})."),
            ));
        }
        let (bytes, _) = url
            .decode_to_vec()
            .map_err(|_| unreadable("its base64 does not decode".into()))?;
        if bytes.is_empty() {
            return Err(Invalid::new(field, format!("{field} holds no image data.")));
        }
        if bytes.len() > MAX_LOGO_BYTES {
            return Err(too_large(field, bytes.len()));
        }
        Ok(Self::Data(bytes))
    }
}

/// The sentence for a logo over [`MAX_LOGO_BYTES`].
pub fn too_large(field: &str, bytes: usize) -> Invalid {
    Invalid::new(
        field,
        format!(
            "{field} must be at most 256 KB of image data (got {} KB); use a smaller image.",
            bytes.div_ceil(1024)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colours(color: &str, bg: &str) -> QrFields {
        QrFields {
            color: Some(color.into()),
            bg_color: Some(bg.into()),
            ..Default::default()
        }
    }

    fn with_logo(logo: &str) -> QrFields {
        QrFields {
            use_logo: Some(true),
            logo: Some(logo.into()),
            ..Default::default()
        }
    }

    fn refusal(fields: &QrFields) -> (String, String) {
        let err = QrSettings::parse("qrSettings", fields).unwrap_err();
        (err.field.unwrap_or_default(), err.message)
    }

    #[test]
    fn qr_settings_default_to_black_on_white() {
        let qr = QrSettings::parse("qrSettings", &QrFields::default()).unwrap();
        assert_eq!(qr, QrSettings::default());
    }

    #[test]
    fn use_logo_requires_a_logo() {
        let fields = QrFields {
            use_logo: Some(true),
            ..Default::default()
        };
        assert_eq!(
            refusal(&fields),
            (
                "qrSettings.logo".into(),
                "qrSettings.logo is required when useLogo is true.".into()
            )
        );
    }

    #[test]
    fn a_pair_under_three_to_one_is_refused_with_its_ratio() {
        assert_eq!(
            refusal(&colours("#aaaaaa", "#ffffff")),
            (
                "qrSettings.bgColor".into(),
                "qrSettings.bgColor must contrast with color at least 3:1 (got 2.3:1).".into()
            )
        );
    }

    #[test]
    fn a_ratio_just_under_three_reads_as_under_three() {
        let (_, message) = refusal(&colours("#959595", "#ffffff"));
        assert!(message.ends_with("(got 2.9:1)."), "{message}");
    }

    #[test]
    fn a_lone_light_colour_on_the_default_white_is_refused() {
        let fields = QrFields {
            color: Some("#eeeeee".into()),
            ..Default::default()
        };
        assert_eq!(refusal(&fields).0, "qrSettings.bgColor");
    }

    #[test]
    fn an_inverted_code_is_refused_even_at_full_contrast() {
        assert_eq!(
            refusal(&colours("#ffffff", "#000000")),
            (
                "qrSettings.color".into(),
                "qrSettings.color must be darker than bgColor: many scanners cannot read light modules on a dark \
                 background (got #ffffff on #000000); swap the two colours."
                    .into()
            )
        );
    }

    #[test]
    fn dark_on_light_pairs_at_three_to_one_or_more_are_accepted() {
        for (color, bg) in [
            ("#000", "#fff"),
            ("#1a237e", "#fff8e1"),
            ("#767676", "#ffffff"),
            ("#b71c1c", "#ffffff"),
        ] {
            assert!(
                QrSettings::parse("qrSettings", &colours(color, bg)).is_ok(),
                "{color} on {bg}"
            );
        }
    }

    #[test]
    fn stored_colours_are_checked_by_the_same_rule() {
        let stored: QrSettings =
            serde_json::from_value(serde_json::json!({ "color": "#777777", "bgColor": "#888888", "useLogo": false }))
                .expect("stored settings load without the input rule");
        let err = stored.check_colours().unwrap_err();
        assert_eq!(err.field.as_deref(), Some("qrSettings.bgColor"));
    }

    #[test]
    fn a_logo_is_an_https_url_or_an_image_data_url() {
        assert!(QrSettings::parse("qrSettings", &with_logo("https://example.com/logo.png")).is_ok());
        assert!(QrSettings::parse("qrSettings", &with_logo("data:image/png;base64,iVBORw0KGgo=")).is_ok());
        assert!(QrSettings::parse("qrSettings", &with_logo("data:image/svg+xml,%3Csvg%2F%3E")).is_ok());
        let (field, message) = refusal(&with_logo("http://example.com/logo.png"));
        assert_eq!(field, "qrSettings.logo");
        assert!(message.ends_with("logos are fetched over https only."), "{message}");
        assert!(
            refusal(&with_logo("ftp://example.com/logo.png"))
                .1
                .starts_with("qrSettings.logo must be")
        );
    }

    #[test]
    fn a_data_url_of_another_image_type_is_refused() {
        assert_eq!(
            refusal(&with_logo("data:image/gif;base64,R0lGODlhAQABAAAAACw=")).1,
            "qrSettings.logo must be a PNG, JPEG, SVG or WebP image (got image/gif)."
        );
    }

    #[test]
    fn a_data_url_whose_base64_does_not_decode_is_refused() {
        assert_eq!(
            refusal(&with_logo("data:image/png;base64,@@@")).1,
            "qrSettings.logo is not a readable data URL: its base64 does not decode."
        );
    }

    #[test]
    fn a_logo_with_a_control_character_is_refused() {
        assert_eq!(refusal(&with_logo("https://e.com/\nlogo.png")).0, "qrSettings.logo");
    }
}
