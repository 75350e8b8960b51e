//! Every code drawn here is read back by a real decoder (`rqrr`): a table of colour pairs that
//! pass the contrast rule, with and without a logo, at the smallest and largest size, as PNG
//! and as SVG rasterised by resvg. With `QR_SAMPLES_DIR` set, the PNGs are also written there
//! (with the text each must read as) for `tests/qr-zbar.sh`, which reads them with Debian's
//! `zbarimg` in the test command.

use super::*;
use crate::domain::QrFields;
use crate::testing::logos;
use crate::testing::qr::{decode_png, decode_svg, error_correction, rasterise_svg};

const LINK: &str = "https://sl.test/spring-sale?qr=1";

/// Dark-on-light pairs at 3:1 or more, from black on white down to a mid grey and an orange
/// just above the threshold.
const PAIRS: [(&str, &str); 12] = [
    ("#000000", "#ffffff"),
    ("#1d3557", "#f1faee"),
    ("#b71c1c", "#ffffff"),
    ("#1b5e20", "#f1f8e9"),
    ("#4a148c", "#fff8e1"),
    ("#0d47a1", "#e3f2fd"),
    ("#333333", "#ffeb3b"),
    ("#5d4037", "#d7ccc8"),
    ("#e4572e", "#ffffff"),
    ("#8c8c8c", "#ffffff"),
    ("#006064", "#e0f7fa"),
    ("#0000ff", "#ffff00"),
];

fn settings(color: &str, bg: &str) -> QrSettings {
    let fields = QrFields {
        color: Some(color.into()),
        bg_color: Some(bg.into()),
        ..Default::default()
    };
    QrSettings::parse("qrSettings", &fields).unwrap_or_else(|e| panic!("{color} on {bg}: {}", e.message))
}

/// A fixture logo, a different format for each pair.
fn logo(i: usize) -> Logo {
    Logo::read(logos::ALL[i % logos::ALL.len()].1).expect("fixture logo")
}

fn request(format: Format, size: u32) -> QrRequest {
    QrRequest { format, size }
}

/// Draws every pair, with and without a logo, at both ends of the size range; `check` reads
/// each drawing and names what failed.
fn for_every_drawing(format: Format, mut check: impl FnMut(&str, &QrImage)) {
    for (i, (color, bg)) in PAIRS.iter().enumerate() {
        for with_logo in [false, true] {
            for size in [MIN_SIZE, MAX_SIZE] {
                let logo = with_logo.then(|| logo(i));
                let image = draw(LINK, &settings(color, bg), logo.as_ref(), request(format, size)).expect("drawn");
                let name = format!(
                    "{}-on-{}-{size}px{}",
                    &color[1..],
                    &bg[1..],
                    if with_logo { "-logo" } else { "" }
                );
                check(&name, &image);
            }
        }
    }
}

#[test]
fn every_colour_pair_decodes_as_png_at_the_smallest_and_largest_size_with_and_without_a_logo() {
    let samples = std::env::var_os("QR_SAMPLES_DIR").map(std::path::PathBuf::from);
    let mut drawn = 0;
    for_every_drawing(Format::Png, |name, image| {
        assert_eq!(decode_png(&image.bytes), [Ok(LINK.to_string())], "{name}");
        if let Some(dir) = &samples {
            std::fs::write(dir.join(format!("{name}.png")), &image.bytes).expect("write sample");
            std::fs::write(dir.join(format!("{name}.txt")), LINK).expect("write sample text");
        }
        drawn += 1;
    });
    assert_eq!(drawn, PAIRS.len() * 4);
}

#[test]
fn every_colour_pair_decodes_as_rasterised_svg_at_the_smallest_and_largest_size_with_and_without_a_logo() {
    for_every_drawing(Format::Svg, |name, image| {
        assert_eq!(decode_svg(&image.bytes), [Ok(LINK.to_string())], "{name}");
    });
}

#[test]
fn a_logo_in_each_format_is_drawn_and_the_code_still_decodes() {
    for (media_type, bytes) in logos::ALL {
        let logo = Logo::read(bytes).unwrap_or_else(|e| panic!("{media_type}: {e}"));
        let image = draw(LINK, &QrSettings::default(), Some(&logo), request(Format::Png, 512)).unwrap();
        assert_eq!(decode_png(&image.bytes), [Ok(LINK.to_string())], "{media_type}");
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&image.bytes).unwrap();
        // The fixture logo is orange at its edge and white in the middle: the centre of the code
        // shows the logo, not modules.
        let layout = Layout::new(LINK, 512, true).unwrap();
        let (x, y, side) = layout.logo_box().unwrap();
        let edge = pixmap.pixel(x + side / 2, y + side / 8).unwrap();
        let near = |a: u8, b: u8| a.abs_diff(b) <= 4; // JPEG is lossy
        assert!(
            near(edge.red(), 228) && near(edge.green(), 87) && near(edge.blue(), 46),
            "{media_type}: {edge:?}"
        );
    }
}

#[test]
fn a_logo_raises_error_correction_to_h_and_a_plain_code_uses_m() {
    let logo = logo(0);
    let with = draw(LINK, &QrSettings::default(), Some(&logo), request(Format::Png, 512)).unwrap();
    let without = draw(LINK, &QrSettings::default(), None, request(Format::Png, 512)).unwrap();
    assert_eq!(error_correction(&with.bytes), ['H']);
    assert_eq!(error_correction(&without.bytes), ['M']);
}

#[test]
fn the_logo_covers_at_most_a_fifth_of_the_code_centred() {
    for content in [
        LINK.to_string(),
        format!("https://{}/{}?qr=1", "a".repeat(60), "b".repeat(100)),
    ] {
        let layout = Layout::new(&content, 1024, true).unwrap();
        let fraction = layout.logo_fraction();
        assert!(fraction <= MAX_LOGO_AREA && fraction > 0.1, "{fraction}");
        let (first, side) = layout.logo_area.unwrap();
        assert_eq!(first * 2 + side, layout.modules, "centred");
    }
}

#[test]
fn the_quiet_zone_is_at_least_four_modules_of_background_on_every_side() {
    for size in [MIN_SIZE, 333, 512, MAX_SIZE] {
        let layout = Layout::new(LINK, size, false).unwrap();
        assert!(layout.offset >= QUIET_ZONE * layout.module_px, "{size}");
        let far_edge = size - layout.offset - layout.modules * layout.module_px;
        assert!(far_edge >= QUIET_ZONE * layout.module_px, "{size}");
        let image = draw(LINK, &settings("#1d3557", "#f1faee"), None, request(Format::Png, size)).unwrap();
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&image.bytes).unwrap();
        let border = layout.offset.min(far_edge);
        for i in 0..size {
            for (x, y) in [(i, border - 1), (border - 1, i), (i, size - border), (size - border, i)] {
                let p = pixmap.pixel(x, y).unwrap();
                assert_eq!((p.red(), p.green(), p.blue()), (0xf1, 0xfa, 0xee), "{size}: ({x}, {y})");
            }
        }
    }
}

#[test]
fn modules_are_drawn_in_color_on_bg_color() {
    let image = draw(LINK, &settings("#4a148c", "#fff8e1"), None, request(Format::Png, 512)).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&image.bytes).unwrap();
    let layout = Layout::new(LINK, 512, false).unwrap();
    // The top-left finder pattern's corner module is dark.
    let corner = pixmap.pixel(layout.offset, layout.offset).unwrap();
    assert_eq!((corner.red(), corner.green(), corner.blue()), (0x4a, 0x14, 0x8c));
    let colours: std::collections::BTreeSet<(u8, u8, u8)> =
        pixmap.pixels().iter().map(|p| (p.red(), p.green(), p.blue())).collect();
    assert_eq!(colours.len(), 2, "two colours, no anti-aliased edges");
}

#[test]
fn the_svg_rasterises_to_the_same_pixels_as_the_png() {
    let settings = settings("#0d47a1", "#e3f2fd");
    let logo = logo(3);
    let png = draw(LINK, &settings, Some(&logo), request(Format::Png, 400)).unwrap();
    let svg = draw(LINK, &settings, Some(&logo), request(Format::Svg, 400)).unwrap();
    let from_svg = rasterise_svg(&svg.bytes);
    let from_png = resvg::tiny_skia::Pixmap::decode_png(&png.bytes).unwrap();
    let layout = Layout::new(LINK, 400, true).unwrap();
    let (x, y, side) = layout.logo_box().unwrap();
    let in_logo = |px: u32, py: u32| (x..x + side).contains(&px) && (y..y + side).contains(&py);
    let differing = (0..400 * 400)
        .filter(|i| {
            let (px, py) = (i % 400, i / 400);
            !in_logo(px, py) && from_svg.pixel(px, py) != from_png.pixel(px, py)
        })
        .count();
    assert_eq!(differing, 0);
}

#[test]
fn the_longest_possible_link_decodes_at_the_smallest_size_that_fits_it_with_a_logo() {
    let content = format!("https://{}.example.com/{}?qr=1", "d".repeat(63), "s".repeat(100));
    for format in [Format::Png, Format::Svg] {
        let image = draw(&content, &QrSettings::default(), Some(&logo(1)), request(format, 162)).unwrap();
        let read = match format {
            Format::Png => decode_png(&image.bytes),
            Format::Svg => decode_svg(&image.bytes),
        };
        assert_eq!(read, [Ok(content.clone())], "{format:?}");
    }
}

#[test]
fn an_svg_code_carries_only_shapes_and_pixels() {
    let hostile =
        br#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
        <script>alert(1)</script><rect width="10" height="10" fill="red" onload="alert(2)"/>
        <image href="https://attacker.example/track.png" width="10" height="10"/>
        <image xlink:href="/etc/hostname" width="10" height="10"/></svg>"#;
    let logo = Logo::read(hostile).expect("an SVG logo");
    let image = draw(LINK, &QrSettings::default(), Some(&logo), request(Format::Svg, 512)).unwrap();
    let svg = String::from_utf8(image.bytes.clone()).unwrap();
    for absent in ["script", "alert", "onload", "attacker", "/etc/", "xlink"] {
        assert!(!svg.contains(absent), "{absent} in {svg}");
    }
    assert_eq!(svg.matches("href=").count(), 1, "only the logo's own data URL");
    assert!(svg.contains("href=\"data:image/png;base64,"));
    assert_eq!(decode_svg(&image.bytes), [Ok(LINK.to_string())]);
}

#[test]
fn an_svg_logo_cannot_read_local_files() {
    let png_path = std::env::temp_dir().join(format!("qr-local-{}.png", std::process::id()));
    std::fs::write(&png_path, logos::PNG).unwrap();
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="8" height="8" fill="red"/>
           <image href="{}" x="32" y="32" width="64" height="64"/></svg>"#,
        png_path.display()
    );
    let logo = Logo::read(svg.as_bytes()).expect("an SVG logo");
    let pixmap = logo.rasterise(96, 96).unwrap();
    std::fs::remove_file(&png_path).ok();
    assert_eq!(
        pixmap.pixel(2, 2).unwrap().alpha(),
        255,
        "the logo's own shapes are drawn"
    );
    let file_area_drawn = (32..96).any(|x| (32..96).any(|y| pixmap.pixel(x, y).unwrap().alpha() > 0));
    assert!(!file_area_drawn, "the local file was drawn");
}

#[test]
fn a_logo_of_huge_pixel_dimensions_is_refused_before_it_is_decoded() {
    // A PNG header claiming 100000 × 100000 pixels (decoded, 40 GB).
    let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
    png.extend_from_slice(&100_000u32.to_be_bytes());
    png.extend_from_slice(&100_000u32.to_be_bytes());
    png.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(
        Logo::read(&png).unwrap_err(),
        LogoError::TooManyPixels {
            width: 100_000,
            height: 100_000
        }
    );
}

#[test]
fn bytes_that_are_no_image_are_refused() {
    assert_eq!(Logo::read(b"<html>hello</html>").unwrap_err(), LogoError::UnknownFormat);
}

#[test]
fn a_damaged_image_is_refused_as_drawing_nothing() {
    assert_eq!(Logo::read(&logos::PNG[..60]).unwrap_err(), LogoError::Empty);
    let external_only = br#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><image href="https://e.com/a.png" width="9" height="9"/></svg>"#;
    assert_eq!(Logo::read(external_only).unwrap_err(), LogoError::Empty);
}

#[test]
fn a_module_is_at_least_two_pixels_or_the_size_is_refused_naming_the_least_that_fits() {
    let content = format!("https://{}.example.com/{}?qr=1", "d".repeat(63), "s".repeat(100));
    let err = Layout::new(&content, MIN_SIZE, true).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("size"));
    assert_eq!(
        err.message,
        "size must be at least 162 pixels for this link's code (81 modules with its quiet zone, 2 pixels each)."
    );
    assert!(Layout::new(&content, 162, true).is_ok());
}

#[test]
fn format_and_size_default_to_svg_at_512_pixels() {
    assert_eq!(QrRequest::parse(None, None).unwrap(), request(Format::Svg, 512));
    assert_eq!(
        QrRequest::parse(Some("PNG"), Some("2048")).unwrap(),
        request(Format::Png, 2048)
    );
}

#[test]
fn a_size_outside_128_to_2048_is_refused_with_a_sentence() {
    for raw in ["127", "2049", "0", "-5", "512.5", "big"] {
        let err = QrRequest::parse(Some("png"), Some(raw)).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("size"));
        assert_eq!(
            err.message,
            format!("size must be a whole number of pixels from 128 to 2048 (got {raw}).")
        );
    }
}

#[test]
fn an_unknown_format_is_refused_with_a_sentence() {
    let err = QrRequest::parse(Some("gif"), None).unwrap_err();
    assert_eq!(
        (err.field.as_deref(), err.message.as_str()),
        (Some("format"), "format must be svg or png (got \"gif\").")
    );
}
