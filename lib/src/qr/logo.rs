//! A logo, read from its bytes (PNG, JPEG, WebP or SVG) into a vector tree that resvg draws at
//! whatever size the code needs. Every logo is rasterised: the codes we serve carry pixels of
//! it, never its markup, so an SVG logo's scripts, external references and fonts cannot reach
//! a viewer. Reading refuses what would cost too much to draw (huge pixel dimensions).

use std::sync::Arc;

use base64::Engine as _;
use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, ImageHrefResolver, Options, Tree};

/// The largest raster logo drawn, per side (a 4096 × 4096 RGBA image is 64 MB decoded).
pub const MAX_LOGO_PIXELS_PER_SIDE: u32 = 4096;

/// Why a logo's bytes cannot be drawn; each completes "the logo cannot be drawn: …".
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum LogoError {
    #[error("it is not a PNG, JPEG, WebP or SVG image")]
    UnknownFormat,
    #[error("it is {width} × {height} pixels; at most {max} × {max} are drawn, so scale it down", max = MAX_LOGO_PIXELS_PER_SIDE)]
    TooManyPixels { width: usize, height: usize },
    #[error("it could not be read as {kind} ({reason})")]
    Unreadable { kind: &'static str, reason: String },
    #[error("it draws nothing (damaged, empty or fully transparent)")]
    Empty,
}

/// A logo ready to draw.
#[derive(Debug, Clone)]
pub struct Logo {
    tree: Arc<Tree>,
}

impl Logo {
    /// Reads a logo's bytes, whatever its declared type: the bytes themselves say what they are.
    pub fn read(bytes: &[u8]) -> Result<Self, LogoError> {
        let options = options();
        let tree = match imagesize::image_type(bytes) {
            Ok(imagesize::ImageType::Png) => raster(bytes, "image/png", "PNG", &options)?,
            Ok(imagesize::ImageType::Jpeg) => raster(bytes, "image/jpeg", "JPEG", &options)?,
            Ok(imagesize::ImageType::Webp) => raster(bytes, "image/webp", "WebP", &options)?,
            _ if looks_like_svg(bytes) => Tree::from_data(bytes, &options).map_err(|e| LogoError::Unreadable {
                kind: "SVG",
                reason: e.to_string(),
            })?,
            _ => return Err(LogoError::UnknownFormat),
        };
        let size = tree.size();
        if size.width() < 1.0 || size.height() < 1.0 {
            return Err(LogoError::Empty);
        }
        let logo = Self { tree: Arc::new(tree) };
        // resvg skips what it cannot decode: a damaged image (or an SVG of external
        // references only) draws nothing, which is refused here rather than drawn as a blank.
        let probe = logo.rasterise(64, 64).ok_or(LogoError::Empty)?;
        if probe.pixels().iter().all(|p| p.alpha() == 0) {
            return Err(LogoError::Empty);
        }
        Ok(logo)
    }

    /// The logo drawn into a transparent `width` × `height` pixmap, scaled to fit and centred
    /// (its aspect ratio kept).
    pub fn rasterise(&self, width: u32, height: u32) -> Option<Pixmap> {
        let mut pixmap = Pixmap::new(width.max(1), height.max(1))?;
        let size = self.tree.size();
        let scale = (width as f32 / size.width()).min(height as f32 / size.height());
        let dx = (width as f32 - size.width() * scale) / 2.0;
        let dy = (height as f32 - size.height() * scale) / 2.0;
        let transform = Transform::from_scale(scale, scale).post_translate(dx, dy);
        resvg::render(&self.tree, transform, &mut pixmap.as_mut());
        Some(pixmap)
    }
}

fn looks_like_svg(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).to_ascii_lowercase();
    head.contains("<svg")
}

/// A raster logo as a one-image SVG, so every format is drawn by the same resvg path.
fn raster(bytes: &[u8], media_type: &str, kind: &'static str, options: &Options) -> Result<Tree, LogoError> {
    let size = imagesize::blob_size(bytes).map_err(|e| LogoError::Unreadable {
        kind,
        reason: e.to_string(),
    })?;
    check_pixels(size.width, size.height)?;
    if size.width == 0 || size.height == 0 {
        return Err(LogoError::Empty);
    }
    let data = base64::engine::general_purpose::STANDARD.encode(bytes);
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\
         <image width=\"{w}\" height=\"{h}\" href=\"data:{media_type};base64,{data}\"/></svg>",
        w = size.width,
        h = size.height
    );
    let tree = Tree::from_str(&svg, options).map_err(|e| LogoError::Unreadable {
        kind,
        reason: e.to_string(),
    })?;
    if !tree.root().has_children() {
        return Err(LogoError::Unreadable {
            kind,
            reason: "its image data is damaged".into(),
        });
    }
    Ok(tree)
}

fn check_pixels(width: usize, height: usize) -> Result<(), LogoError> {
    let max = MAX_LOGO_PIXELS_PER_SIDE as usize;
    if width > max || height > max {
        return Err(LogoError::TooManyPixels { width, height });
    }
    Ok(())
}

/// How logos are parsed: no file access, no network (usvg never fetches), embedded images only
/// as data URLs within the size limit (also inside an SVG logo's own nested images).
fn options() -> Options<'static> {
    let within_limits = |data: &[u8]| {
        imagesize::blob_size(data)
            .map(|s| check_pixels(s.width, s.height).is_ok())
            .unwrap_or(true)
    };
    let default_data = ImageHrefResolver::default_data_resolver();
    Options {
        image_href_resolver: ImageHrefResolver {
            resolve_data: Box::new(move |mime, data, options| {
                if !within_limits(&data) {
                    return None;
                }
                default_data(mime, data, options)
            }),
            resolve_string: Box::new(|_, _| None),
        },
        shape_rendering: usvg::ShapeRendering::GeometricPrecision,
        // Bilinear scaling of raster logos: bicubic cost ten times as much for no visible gain
        // at logo sizes.
        image_rendering: usvg::ImageRendering::Smooth,
        ..Options::default()
    }
}
