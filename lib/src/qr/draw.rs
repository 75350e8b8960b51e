//! Drawing a code: the matrix from the `qrcode` crate, laid out on whole pixels (so a PNG has
//! crisp modules and the SVG rasterises to the same pixels), then written as SVG or PNG.

use base64::Engine as _;
use qrcode::{Color, EcLevel, QrCode};
use resvg::tiny_skia::{self, Paint, Pixmap, PixmapPaint, Rect, Transform};

use super::logo::Logo;
use crate::domain::{HexColor, Invalid};

/// The light border scanners need around a code, in modules.
pub const QUIET_ZONE: u32 = 4;
/// The most of a code's area (its modules, quiet zone aside) a logo may cover.
pub const MAX_LOGO_AREA: f64 = 0.2;
/// The fewest pixels a module is drawn with (at one pixel, decoders lose codes with a logo).
pub const MIN_MODULE_PX: u32 = 2;

/// Where every module and the logo go on a `size` × `size` image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Modules per side (the quiet zone aside).
    pub modules: u32,
    /// Pixels per module.
    pub module_px: u32,
    /// Pixels from the image's edge to the first module (at least the quiet zone).
    pub offset: u32,
    pub size: u32,
    /// Dark modules, row by row, as runs `(row, first column, length)`.
    pub runs: Vec<(u32, u32, u32)>,
    /// The square left light for the logo: first module and modules per side.
    pub logo_area: Option<(u32, u32)>,
}

impl Layout {
    /// Lays out the code of `content` on `size` pixels; with a logo, error correction is raised
    /// to H and a centred square of at most [`MAX_LOGO_AREA`] is left light for it.
    pub fn new(content: &str, size: u32, with_logo: bool) -> Result<Self, Invalid> {
        let level = if with_logo { EcLevel::H } else { EcLevel::M };
        let code = QrCode::with_error_correction_level(content.as_bytes(), level)
            .map_err(|e| Invalid::general(format!("This link is too long for a QR code ({e}).")))?;
        let modules = code.width() as u32;
        let total = modules + 2 * QUIET_ZONE;
        let module_px = size / total;
        if module_px < MIN_MODULE_PX {
            return Err(Invalid::new(
                "size",
                format!(
                    "size must be at least {} pixels for this link's code ({total} modules with its quiet zone, \
                     {MIN_MODULE_PX} pixels each).",
                    total * MIN_MODULE_PX
                ),
            ));
        }
        let offset = (size - modules * module_px) / 2;
        let logo_area = with_logo.then(|| {
            let mut side = (MAX_LOGO_AREA.sqrt() * f64::from(modules)).floor() as u32;
            if (modules - side) % 2 == 1 {
                side -= 1;
            }
            ((modules - side) / 2, side)
        });
        let cleared = |row: u32, column: u32| {
            logo_area.is_some_and(|(first, side)| {
                (first..first + side).contains(&row) && (first..first + side).contains(&column)
            })
        };
        let colors = code.to_colors();
        let mut runs = Vec::new();
        for row in 0..modules {
            let mut column = 0;
            while column < modules {
                let dark = |c: u32| colors[(row * modules + c) as usize] == Color::Dark && !cleared(row, c);
                if !dark(column) {
                    column += 1;
                    continue;
                }
                let start = column;
                while column < modules && dark(column) {
                    column += 1;
                }
                runs.push((row, start, column - start));
            }
        }
        Ok(Self {
            modules,
            module_px,
            offset,
            size,
            runs,
            logo_area,
        })
    }

    /// The logo's box in pixels `(x, y, side)`: the light square less one module all round.
    pub fn logo_box(&self) -> Option<(u32, u32, u32)> {
        let (first, side) = self.logo_area?;
        let at = self.offset + (first + 1) * self.module_px;
        Some((at, at, (side - 2) * self.module_px))
    }

    /// The share of the code's area left light for the logo.
    pub fn logo_fraction(&self) -> f64 {
        self.logo_area.map_or(0.0, |(_, side)| {
            f64::from(side * side) / f64::from(self.modules * self.modules)
        })
    }
}

fn css(colour: &HexColor) -> String {
    let [r, g, b] = colour.rgb();
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn skia(colour: &HexColor) -> tiny_skia::Color {
    let [r, g, b] = colour.rgb();
    tiny_skia::Color::from_rgba8(r, g, b, 255)
}

/// The code as an SVG document of `size` pixels: one rectangle, one path, and the logo as an
/// embedded PNG (pixels only).
pub fn svg(layout: &Layout, content: &str, dark: &HexColor, light: &HexColor, logo: Option<&Logo>) -> String {
    let (size, m) = (layout.size, layout.module_px);
    let mut path = String::with_capacity(layout.runs.len() * 24);
    for &(row, column, length) in &layout.runs {
        let x = layout.offset + column * m;
        let y = layout.offset + row * m;
        path.push_str(&format!("M{x} {y}h{}v{m}h-{}z", length * m, length * m));
    }
    let image = match (logo, layout.logo_box()) {
        (Some(logo), Some((x, y, side))) => {
            // Rasterised at twice the box, so the logo stays sharp when the SVG is enlarged.
            let scale = 2;
            match logo
                .rasterise(side * scale, side * scale)
                .and_then(|p| encode_png(p, Colours::Rgba).ok())
            {
                Some(png) => format!(
                    "<image x=\"{x}\" y=\"{y}\" width=\"{side}\" height=\"{side}\" href=\"data:image/png;base64,{}\"/>",
                    base64::engine::general_purpose::STANDARD.encode(png)
                ),
                None => String::new(),
            }
        }
        _ => String::new(),
    };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\" \
         shape-rendering=\"crispEdges\" role=\"img\"><title>QR code: {title}</title>\
         <rect width=\"{size}\" height=\"{size}\" fill=\"{light}\"/><path fill=\"{dark}\" d=\"{path}\"/>{image}</svg>",
        title = html_escape::encode_text(content),
        light = css(light),
        dark = css(dark),
    )
}

/// The code as a PNG of `size` × `size` pixels: two colours (1 bit per pixel) without a logo,
/// opaque RGB with one.
pub fn png(layout: &Layout, dark: &HexColor, light: &HexColor, logo: Option<&Logo>) -> Result<Vec<u8>, String> {
    let mut pixmap = Pixmap::new(layout.size, layout.size).ok_or("no pixmap of that size")?;
    pixmap.fill(skia(light));
    let mut paint = Paint::default();
    paint.set_color(skia(dark));
    paint.anti_alias = false;
    let m = layout.module_px as f32;
    for &(row, column, length) in &layout.runs {
        let x = layout.offset as f32 + column as f32 * m;
        let y = layout.offset as f32 + row as f32 * m;
        if let Some(rect) = Rect::from_xywh(x, y, length as f32 * m, m) {
            pixmap.fill_rect(rect, &paint, Transform::identity(), None);
        }
    }
    let colours = match (logo, layout.logo_box()) {
        (Some(logo), Some((x, y, side))) => {
            if let Some(drawn) = logo.rasterise(side, side) {
                pixmap.draw_pixmap(
                    x as i32,
                    y as i32,
                    drawn.as_ref(),
                    &PixmapPaint::default(),
                    Transform::identity(),
                    None,
                );
            }
            Colours::Rgb
        }
        _ => Colours::Two(light.rgb(), dark.rgb()),
    };
    encode_png(pixmap, colours).map_err(|e| e.to_string())
}

/// How a pixmap's pixels are written to a PNG.
enum Colours {
    /// Exactly these two colours (light, dark): a 1-bit palette image.
    Two([u8; 3], [u8; 3]),
    /// Opaque: 8-bit RGB.
    Rgb,
    /// With transparency: 8-bit RGBA, straight alpha.
    Rgba,
}

/// A PNG with the `Up` filter and fdeflate's fastest mode: a code's rows repeat module after
/// module, so `Up` leaves little but zeros to compress, and a 2048-pixel code takes
/// milliseconds instead of the default level's tenths of a second.
fn encode_png(pixmap: Pixmap, colours: Colours) -> Result<Vec<u8>, png::EncodingError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_compression(png::Compression::Fastest);
    let data = match colours {
        Colours::Two(light, dark) => {
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_depth(png::BitDepth::One);
            encoder.set_palette([light, dark].concat());
            let row_bytes = (width as usize).div_ceil(8);
            let mut bits = vec![0u8; row_bytes * height as usize];
            for (i, pixel) in pixmap.pixels().iter().enumerate() {
                let (x, y) = (i % width as usize, i / width as usize);
                if [pixel.red(), pixel.green(), pixel.blue()] == dark {
                    bits[y * row_bytes + x / 8] |= 0x80 >> (x % 8);
                }
            }
            bits
        }
        Colours::Rgb => {
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect()
        }
        Colours::Rgba => {
            encoder.set_color(png::ColorType::Rgba);
            encoder.set_depth(png::BitDepth::Eight);
            pixmap.take_demultiplied()
        }
    };
    encoder.write_header()?.write_image_data(&data)?;
    Ok(out)
}
