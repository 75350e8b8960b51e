//! Reading QR codes back with a real decoder (the `rqrr` crate, a port of quirc): PNGs as
//! served, and SVGs rasterised by resvg as a viewer would draw them.

use resvg::tiny_skia::Pixmap;
use resvg::usvg;

/// Every code `rqrr` finds and decodes in a pixmap, as text (an undecodable code is an `Err`
/// with its reason).
pub fn decode_pixmap(pixmap: &Pixmap) -> Vec<Result<String, String>> {
    read_pixmap(pixmap)
        .into_iter()
        .map(|r| r.map(|(_, text)| text))
        .collect()
}

/// The error correction level (`L`, `M`, `Q` or `H`) of every code `rqrr` reads in a PNG.
pub fn error_correction(png: &[u8]) -> Vec<char> {
    read_pixmap(&Pixmap::decode_png(png).expect("a PNG"))
        .into_iter()
        .filter_map(Result::ok)
        .map(|(level, _)| level)
        .collect()
}

fn read_pixmap(pixmap: &Pixmap) -> Vec<Result<(char, String), String>> {
    let (width, height) = (pixmap.width() as usize, pixmap.height() as usize);
    // Codes are opaque, so premultiplied and straight colour agree; BT.601 luma in integers.
    let luma: Vec<u8> = pixmap
        .data()
        .chunks_exact(4)
        .map(|p| ((299 * u32::from(p[0]) + 587 * u32::from(p[1]) + 114 * u32::from(p[2]) + 500) / 1000) as u8)
        .collect();
    let mut image = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| luma[y * width + x]);
    image
        .detect_grids()
        .into_iter()
        .map(|grid| {
            grid.decode()
                // The format bits' level field: 01 L, 00 M, 11 Q, 10 H.
                .map(|(meta, text)| (['M', 'L', 'H', 'Q'][usize::from(meta.ecc_level & 3)], text))
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// What `rqrr` reads in a PNG.
pub fn decode_png(png: &[u8]) -> Vec<Result<String, String>> {
    decode_pixmap(&Pixmap::decode_png(png).expect("a PNG"))
}

/// An SVG drawn by resvg at its own size (embedded data-URL images included).
pub fn rasterise_svg(svg: &[u8]) -> Pixmap {
    let tree = usvg::Tree::from_data(svg, &usvg::Options::default()).expect("an SVG");
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).expect("a pixmap");
    resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap
}

/// What `rqrr` reads in an SVG, rasterised.
pub fn decode_svg(svg: &[u8]) -> Vec<Result<String, String>> {
    decode_pixmap(&rasterise_svg(svg))
}
