use super::*;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/well-known");
const FINGERPRINT: &str =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{FIXTURES}/{name}")).expect("fixture")
}

fn shop() -> AppAssociation {
    AppAssociation::parse(&AppAssociationFields {
        app_ids: vec![
            "ABCDE12345.com.example.shop".into(),
            " ".into(),
            "ABCDE12345.com.example.shop-beta".into(),
        ],
        package_name: " com.example.shop ".into(),
        // As keytool prints it, and again without colons in lower case: one certificate.
        sha256_cert_fingerprints: vec![FINGERPRINT.to_ascii_lowercase().replace(':', "")],
    })
    .expect("valid")
}

/// Whether `document` has the shape of `schema` (a JSON Schema written from the platform's
/// documentation), and the errors when not.
fn shape_errors(schema: &str, document: &str) -> Vec<String> {
    let schema: serde_json::Value = serde_json::from_str(&fixture(schema)).expect("schema");
    let document: serde_json::Value = serde_json::from_str(document).expect("JSON");
    let validator = jsonschema::draft202012::new(&schema).expect("a valid schema");
    validator.iter_errors(&document).map(|e| e.to_string()).collect()
}

#[test]
fn the_apple_file_is_byte_for_byte_the_fixture() {
    assert_eq!(
        shop().apple_app_site_association().as_deref(),
        Some(&*fixture("apple-app-site-association"))
    );
}

#[test]
fn the_android_file_is_byte_for_byte_the_fixture() {
    assert_eq!(shop().asset_links().as_deref(), Some(&*fixture("assetlinks.json")));
}

#[test]
fn both_fixtures_have_the_shapes_apple_and_google_document() {
    let apple = fixture("apple-app-site-association");
    assert_eq!(
        shape_errors("apple-app-site-association.schema.json", &apple),
        Vec::<String>::new()
    );
    let android = fixture("assetlinks.json");
    assert_eq!(shape_errors("assetlinks.schema.json", &android), Vec::<String>::new());
}

#[test]
fn the_shape_checks_can_fail() {
    let legacy_typo = r#"{"applinks":{"details":[{"appIds":["ABCDE12345.com.example.shop"]}]}}"#;
    assert!(!shape_errors("apple-app-site-association.schema.json", legacy_typo).is_empty());
    let lower_case = fixture("assetlinks.json").replace("14:6D", "14:6d");
    assert!(!shape_errors("assetlinks.schema.json", &lower_case).is_empty());
}

#[test]
fn a_domain_with_one_platform_serves_only_its_file() {
    let ios_only = AppAssociation::parse(&AppAssociationFields {
        app_ids: vec!["ABCDE12345.com.example.shop".into()],
        ..AppAssociationFields::default()
    })
    .unwrap();
    assert!(ios_only.apple_app_site_association().is_some());
    assert_eq!(ios_only.asset_links(), None);
    let none = AppAssociation::parse(&AppAssociationFields::default()).unwrap();
    assert!(none.is_empty());
    assert_eq!(none.apple_app_site_association(), None);
}

#[test]
fn an_app_id_needs_a_ten_character_team_id_and_a_bundle_id() {
    for bad in [
        "com.example.shop",
        "abcde12345.com.example",
        "ABCDE12345.",
        "ABCDE12345.com..x",
        "ABCDE1234.com.x",
    ] {
        let err = AppleAppId::parse("appIds[0]", bad).unwrap_err();
        assert_eq!(
            err.message,
            format!(
                "appIds[0] must be an app ID: a 10-character Team ID, a dot and a bundle ID, such as \
                 ABCDE12345.com.example.app (got {bad:?})."
            ),
            "{bad}"
        );
    }
}

#[test]
fn a_package_name_has_two_or_more_java_names() {
    assert!(PackageName::parse("packageName", "com.example_1.app2").is_ok());
    for bad in [
        "shop",
        "com.1example",
        "com..example",
        "com.example-app",
        "com.example.",
    ] {
        let err = PackageName::parse("packageName", bad).unwrap_err();
        assert_eq!(
            err.message,
            format!("packageName must be an Android package name such as com.example.app (got {bad:?}).")
        );
    }
}

#[test]
fn a_fingerprint_is_32_bytes_of_hex() {
    let short = &FINGERPRINT[..FINGERPRINT.len() - 3];
    let err = CertFingerprint::parse("sha256CertFingerprints[0]", short).unwrap_err();
    assert!(
        err.message
            .starts_with("sha256CertFingerprints[0] must be a SHA-256 certificate fingerprint")
    );
    assert!(CertFingerprint::parse("f", &FINGERPRINT.replace("E5", "G5")).is_err());
}

#[test]
fn android_needs_its_package_and_a_fingerprint_together() {
    let package_only = AppAssociationFields {
        package_name: "com.example.shop".into(),
        ..AppAssociationFields::default()
    };
    assert_eq!(
        AppAssociation::parse(&package_only).unwrap_err().message,
        "sha256CertFingerprints needs at least one fingerprint when packageName is given."
    );
    let fingerprint_only = AppAssociationFields {
        sha256_cert_fingerprints: vec![FINGERPRINT.into()],
        ..AppAssociationFields::default()
    };
    assert_eq!(
        AppAssociation::parse(&fingerprint_only).unwrap_err().message,
        "packageName is required with sha256CertFingerprints."
    );
}

#[test]
fn a_list_holds_at_most_ten_entries() {
    let many = AppAssociationFields {
        app_ids: (0..11).map(|i| format!("ABCDE12345.com.example.app{i}")).collect(),
        ..AppAssociationFields::default()
    };
    assert_eq!(
        AppAssociation::parse(&many).unwrap_err().message,
        "appIds may hold at most 10 entries (got 11)."
    );
}

#[test]
fn a_stored_association_reads_back_as_it_was_written() {
    let stored = serde_json::to_string(&shop()).unwrap();
    assert_eq!(serde_json::from_str::<AppAssociation>(&stored).unwrap(), shop());
    assert_eq!(shop().fields().sha256_cert_fingerprints, vec![FINGERPRINT.to_string()]);
}
