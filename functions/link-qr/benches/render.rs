//! Drawing one QR code in-process (no DynamoDB, no network): SVG and PNG at 512 pixels, without
//! and with a logo (read from its bytes on every request, as the service does, then drawn), and
//! the largest PNG. `cargo bench -p link-qr`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lib::domain::{QrFields, QrSettings};
use lib::qr::{Format, Logo, QrRequest, draw};
use lib::testing::logos;

const LINK: &str = "https://sl.example.com/spring-sale?qr=1";

fn render(c: &mut Criterion) {
    let settings = QrSettings::parse(
        "qrSettings",
        &QrFields {
            color: Some("#1d3557".into()),
            bg_color: Some("#f1faee".into()),
            ..Default::default()
        },
    )
    .expect("colours");
    let cases = [
        ("svg 512 px", Format::Svg, 512, None),
        ("svg 512 px + PNG logo", Format::Svg, 512, Some(logos::PNG)),
        ("svg 512 px + SVG logo", Format::Svg, 512, Some(logos::SVG)),
        ("png 512 px", Format::Png, 512, None),
        ("png 512 px + PNG logo", Format::Png, 512, Some(logos::PNG)),
        ("png 512 px + SVG logo", Format::Png, 512, Some(logos::SVG)),
        ("png 2048 px + PNG logo", Format::Png, 2048, Some(logos::PNG)),
    ];
    for (name, format, size, logo) in cases {
        let request = QrRequest { format, size };
        c.bench_function(&format!("qr: {name}"), |b| {
            b.iter(|| {
                let logo = logo.map(|bytes| Logo::read(black_box(bytes)).expect("logo"));
                black_box(draw(LINK, &settings, logo.as_ref(), request).expect("drawn"))
            })
        });
    }
}

criterion_group!(benches, render);
criterion_main!(benches);
