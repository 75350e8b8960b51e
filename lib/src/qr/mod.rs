//! QR codes of links: what a caller asks for (format and size), the drawing from a link's
//! `qrSettings` (`draw`), and its logo (`logo`), fetched from https URLs under SSRF rules
//! (`fetch`, on [`crate::net`]). The service (`Service::link_qr`) puts them together for both doors.

mod draw;
pub mod fetch;
pub mod logo;
#[cfg(test)]
mod tests;

use serde::Serialize;

pub use draw::{Layout, MAX_LOGO_AREA, QUIET_ZONE};
pub use fetch::{FETCH_TIMEOUT, FetchError, LogoFetcher};
pub use logo::{Logo, LogoError};

use crate::domain::{Invalid, QrSettings};

/// The sizes a code may be drawn at, in pixels per side.
pub const MIN_SIZE: u32 = 128;
pub const MAX_SIZE: u32 = 2048;
pub const DEFAULT_SIZE: u32 = 512;

/// What a QR code is to be delivered as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    pub fn media_type(self) -> &'static str {
        match self {
            Self::Svg => "image/svg+xml",
            Self::Png => "image/png",
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Svg => "svg",
            Self::Png => "png",
        }
    }
}

/// A request for a code: its format (default SVG) and size (default 512 pixels).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QrRequest {
    pub format: Format,
    pub size: u32,
}

impl Default for QrRequest {
    fn default() -> Self {
        Self {
            format: Format::Svg,
            size: DEFAULT_SIZE,
        }
    }
}

impl QrRequest {
    /// Reads `format` (`svg` or `png`, any case) and `size` (whole pixels, 128 to 2048) as a
    /// door received them: query-string text, or a JSON value's text.
    pub fn parse(format: Option<&str>, size: Option<&str>) -> Result<Self, Invalid> {
        let format = match format.map(str::trim).filter(|f| !f.is_empty()) {
            None => Format::Svg,
            Some(f) if f.eq_ignore_ascii_case("svg") => Format::Svg,
            Some(f) if f.eq_ignore_ascii_case("png") => Format::Png,
            Some(f) => {
                return Err(Invalid::new(
                    "format",
                    format!("format must be svg or png (got {f:?})."),
                ));
            }
        };
        let size = match size.map(str::trim).filter(|s| !s.is_empty()) {
            None => DEFAULT_SIZE,
            Some(raw) => raw
                .parse::<u32>()
                .ok()
                .filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
                .ok_or_else(|| {
                    Invalid::new(
                        "size",
                        format!("size must be a whole number of pixels from {MIN_SIZE} to {MAX_SIZE} (got {raw})."),
                    )
                })?,
        };
        Ok(Self { format, size })
    }
}

/// A drawn code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QrImage {
    pub format: Format,
    pub size: u32,
    /// What the code reads as: the link's `fullLink` with `?qr=1`.
    pub encodes: String,
    pub bytes: Vec<u8>,
}

/// What a code of `full_link` encodes: scans are told apart from clicks by `qr=1`.
pub fn scan_url(full_link: &str) -> String {
    format!("{full_link}?qr=1")
}

/// Draws the code of `content` in the settings' colours, with `logo` in its centre when given.
/// The colours must already have passed [`QrSettings::check_colours`].
pub fn draw(content: &str, settings: &QrSettings, logo: Option<&Logo>, request: QrRequest) -> Result<QrImage, Invalid> {
    let layout = Layout::new(content, request.size, logo.is_some())?;
    let (dark, light) = (&settings.color, &settings.bg_color);
    let bytes = match request.format {
        Format::Svg => draw::svg(&layout, content, dark, light, logo).into_bytes(),
        Format::Png => draw::png(&layout, dark, light, logo)
            .map_err(|e| Invalid::general(format!("The QR code could not be drawn ({e}).")))?,
    };
    Ok(QrImage {
        format: request.format,
        size: request.size,
        encodes: content.to_string(),
        bytes,
    })
}
