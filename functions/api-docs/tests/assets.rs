//! The embedded renderer is the pinned package's bundle, byte for byte, with its licences.

use sha2::{Digest, Sha256};

fn asset(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR"))).expect("asset")
}

#[test]
fn the_embedded_renderer_and_its_licences_match_their_checksums() {
    let sums = String::from_utf8(asset("SHA256SUMS")).unwrap();
    let mut checked = 0;
    for line in sums.lines() {
        let (sum, name) = line.split_once("  ").expect("sha256sum format");
        assert_eq!(
            hex::encode(Sha256::digest(asset(name))),
            sum,
            "{name} changed; run scripts/fetch-redoc"
        );
        checked += 1;
    }
    assert_eq!(checked, 3);
    assert_eq!(
        hex::encode(Sha256::digest(api_docs::REDOC.as_bytes())),
        sums.split_once("  ").unwrap().0,
        "the binary embeds the checked bundle"
    );
}

#[test]
fn the_renderer_is_the_pinned_version_under_its_licence() {
    let version = String::from_utf8(asset("VERSION")).unwrap();
    assert_eq!(version.trim(), "2.5.4");
    assert!(String::from_utf8(asset("LICENSE")).unwrap().contains("MIT License"));
    assert!(api_docs::REDOC.starts_with("/*! For license information please see redoc.standalone.js.LICENSE.txt */"));
}
