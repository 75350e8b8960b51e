use super::*;

#[test]
fn an_app_fallback_is_an_https_url_beside_an_app_link() {
    let app = TargetUrl::parse("targetUrl", "myapp://open/4").unwrap();
    let fallback = TargetUrl::parse_app_fallback(
        "appFallbackUrl",
        Some("https://apps.apple.com/app/id1"),
        "targetUrl",
        &app,
    );
    assert_eq!(fallback.unwrap().unwrap().as_str(), "https://apps.apple.com/app/id1");
    assert_eq!(
        TargetUrl::parse_app_fallback("appFallbackUrl", Some("  "), "targetUrl", &app),
        Ok(None)
    );
}

#[test]
fn an_app_fallback_must_be_https() {
    let app = TargetUrl::parse("targetUrl", "myapp://open/4").unwrap();
    for raw in ["http://shop.example/app", "otherapp://x"] {
        let err = TargetUrl::parse_app_fallback("rules[0].appFallbackUrl", Some(raw), "rules[0].targetUrl", &app)
            .unwrap_err();
        assert_eq!(
            err.message,
            "rules[0].appFallbackUrl must be an https URL (an App Store, Play Store or web page)."
        );
    }
}

#[test]
fn an_app_fallback_is_refused_beside_a_web_target() {
    let web = TargetUrl::parse("targetUrl", "https://shop.example/").unwrap();
    let err =
        TargetUrl::parse_app_fallback("appFallbackUrl", Some("https://apps.example/"), "targetUrl", &web).unwrap_err();
    assert_eq!(
        err.message,
        "appFallbackUrl is only for an app link: targetUrl must use an app scheme such as myapp://."
    );
    assert!(!web.is_app());
}

#[test]
fn target_url_accepts_web_urls_and_app_deep_links() {
    for ok in [
        "https://example.com/a?b=c",
        "http://x.io/",
        "myapp://open/item/4",
        "mailto:a@b.co",
    ] {
        assert_eq!(TargetUrl::parse("targetUrl", ok).unwrap().as_str(), ok);
    }
}

#[test]
fn target_url_rejects_script_schemes() {
    for bad in [
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "data:text/html,hi",
        "vbscript:x",
        "file:///etc/passwd",
    ] {
        let err = TargetUrl::parse("targetUrl", bad).unwrap_err();
        assert!(err.message.contains("must not use"), "{bad}: {}", err.message);
    }
}

#[test]
fn a_target_cannot_hand_a_visitor_to_an_os_handler() {
    for bad in [
        "ms-msdt:/id PCWDiagnostic /skip force",
        "search-ms:query=x&crumb=location:\\\\evil.example\\share",
        "intent://scan/#Intent;scheme=zxing;package=com.example;end",
        "ms-officecmd:{}",
        "itms-services://?action=download-manifest&url=https://evil.example/m.plist",
        "x-apple-helpbasic://x",
        "vscode://ext/install",
    ] {
        let err = TargetUrl::parse("targetUrl", bad).unwrap_err();
        assert!(
            err.message.starts_with("targetUrl must not use the "),
            "{bad}: {}",
            err.message
        );
    }
}

#[test]
fn an_app_scheme_is_a_name_or_reverse_dns() {
    for ok in [
        "com.example.app://open",
        "fb://profile/4",
        "spotify:track:4",
        "tel:+4930123",
        "geo:52.5,13.4",
    ] {
        assert!(TargetUrl::parse("targetUrl", ok).is_ok(), "{ok}");
    }
    let err = TargetUrl::parse("targetUrl", "a+b://x").unwrap_err();
    assert_eq!(
        err.message,
        "targetUrl must use https, http or an app's own scheme, such as myapp:// or com.example.app://."
    );
}

#[test]
fn a_stored_os_handler_target_still_reads_but_is_known_for_one() {
    let stored: TargetUrl = serde_json::from_value(serde_json::json!("ms-msdt:/id")).unwrap();
    assert!(stored.opens_os_handler());
    assert!(!TargetUrl::parse("targetUrl", "myapp://x").unwrap().opens_os_handler());
    assert!(
        !TargetUrl::parse("targetUrl", "https://x.example/")
            .unwrap()
            .opens_os_handler()
    );
}

#[test]
fn target_url_rejects_relative_and_hostless_urls() {
    assert!(TargetUrl::parse("targetUrl", "/relative").is_err());
    assert!(TargetUrl::parse("targetUrl", "example.com").is_err());
    assert!(TargetUrl::parse("targetUrl", "https://").is_err());
}

#[test]
fn a_control_character_anywhere_is_refused_naming_the_field() {
    for bad in [
        "https://example.com/\r\nX-A: 1",
        "https://example.com/\n",
        "https://example.com/a\u{0}b",
        "https://example.com/\u{7f}",
        "\thttps://example.com/",
        "https://exa\u{85}mple.com/",
    ] {
        let err = TargetUrl::parse("rules[0].targetUrl", bad).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("rules[0].targetUrl"));
        assert!(
            err.message.contains("must not contain control characters"),
            "{}",
            err.message
        );
    }
}

#[test]
fn a_non_ascii_host_is_stored_as_punycode() {
    let url = TargetUrl::parse("targetUrl", "https://аррӏе.com/").unwrap();
    assert_eq!(url.as_str(), "https://xn--80ak6aa92e.com/");
}

#[test]
fn paths_and_queries_are_percent_encoded() {
    let url = TargetUrl::parse("targetUrl", "https://example.com/über straße?q=café&x=a b").unwrap();
    assert_eq!(
        url.as_str(),
        "https://example.com/%C3%BCber%20stra%C3%9Fe?q=caf%C3%A9&x=a%20b"
    );
    let deep = TargetUrl::parse("targetUrl", "myapp://open/ü?id=4").unwrap();
    assert_eq!(deep.as_str(), "myapp://open/%C3%BC?id=4");
}

#[test]
fn every_stored_target_is_visible_ascii() {
    for raw in [
        "https://例え.jp/パス?キー=値",
        "myapp://x/ß",
        "https://EXAMPLE.com:443/a/../b",
    ] {
        let url = TargetUrl::parse("targetUrl", raw).unwrap();
        assert!(url.as_str().bytes().all(|b| b.is_ascii_graphic()), "{}", url.as_str());
    }
}
