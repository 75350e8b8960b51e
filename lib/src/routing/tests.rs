use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use super::*;
use crate::domain::{Browser, CountryCode, Device, LinkSettings, Os};
use crate::testing::SeededEntropy;
use crate::visitor::{Agent, Visitor};

/// Settings from a create body's `rules` (and optional `abTest`).
fn settings(rules: Value, ab_test: Option<Value>) -> LinkSettings {
    let mut body = json!({ "name": "t", "rules": rules });
    if let Some(ab) = ab_test {
        body["abTest"] = ab;
    }
    crate::testing::link_from_json_at(body, "2026-01-01T00:00:00Z".parse().unwrap()).settings
}

fn visitor() -> Visitor {
    Visitor {
        agent: Agent::Human,
        country: CountryCode::parse("US"),
        city: Some("New York".into()),
        area: None,
        device: Device::Desktop,
        os: Some(Os::Windows),
        browser: Some(Browser::Chrome),
        language: Some("en".into()),
        referrer: None,
        visitor_hash: "h".into(),
    }
}

/// A Wednesday, 12:00 UTC.
fn noon() -> DateTime<Utc> {
    "2026-01-07T12:00:00Z".parse().unwrap()
}

fn rule(condition: Value) -> Value {
    let mut rule = json!({ "targetUrl": "https://example.com/matched", "isDefault": false });
    for (k, v) in condition.as_object().unwrap() {
        rule[k] = v.clone();
    }
    rule
}

fn default_rule() -> Value {
    json!({ "targetUrl": "https://example.com/default", "isDefault": true })
}

fn route(condition: Value, visitor: &Visitor, now: DateTime<Utc>) -> String {
    let s = settings(json!([rule(condition), default_rule()]), None);
    choose(&s, visitor, now, &SeededEntropy::new(1))
        .target()
        .as_str()
        .to_string()
}

fn with(f: impl FnOnce(&mut Visitor)) -> Visitor {
    let mut v = visitor();
    f(&mut v);
    v
}

#[test]
fn every_condition_kind_matches_and_misses() {
    let matched = "https://example.com/matched";
    let fallback = "https://example.com/default";
    let cases: Vec<(&str, Value, Visitor, &str)> = vec![
        ("country listed", json!({ "country": ["DE", "US"] }), visitor(), matched),
        ("country not listed", json!({ "country": ["DE"] }), visitor(), fallback),
        (
            "unknown country never matches",
            json!({ "country": ["US"] }),
            with(|v| v.country = None),
            fallback,
        ),
        (
            "city any case",
            json!({ "country": ["US"], "city": ["new york"] }),
            visitor(),
            matched,
        ),
        (
            "city elsewhere",
            json!({ "country": ["US"], "city": ["Boston"] }),
            visitor(),
            fallback,
        ),
        (
            "city right, country wrong",
            json!({ "country": ["GB"], "city": ["New York"] }),
            visitor(),
            fallback,
        ),
        ("device", json!({ "device": ["mobile", "desktop"] }), visitor(), matched),
        ("device miss", json!({ "device": ["tablet"] }), visitor(), fallback),
        ("os", json!({ "os": ["Windows"] }), visitor(), matched),
        ("os miss", json!({ "os": ["macOS"] }), visitor(), fallback),
        (
            "unknown os never matches",
            json!({ "os": ["Linux"] }),
            with(|v| v.os = None),
            fallback,
        ),
        ("browser", json!({ "browser": ["Chrome"] }), visitor(), matched),
        ("browser miss", json!({ "browser": ["Brave"] }), visitor(), fallback),
        (
            "locale by primary subtag",
            json!({ "locale": ["de-AT"] }),
            with(|v| v.language = Some("de".into())),
            matched,
        ),
        ("locale miss", json!({ "locale": ["de"] }), visitor(), fallback),
        (
            "no language never matches",
            json!({ "locale": ["en"] }),
            with(|v| v.language = None),
            fallback,
        ),
        (
            "time window",
            json!({ "timeStart": "09:00", "timeEnd": "17:00" }),
            visitor(),
            matched,
        ),
        (
            "time window miss",
            json!({ "timeStart": "13:00", "timeEnd": "17:00" }),
            visitor(),
            fallback,
        ),
        ("day of week", json!({ "daysOfWeek": [3] }), visitor(), matched),
        ("day of week miss", json!({ "daysOfWeek": [0, 6] }), visitor(), fallback),
        (
            "all conditions match",
            json!({ "country": ["US"], "device": ["desktop"], "os": ["Windows"], "browser": ["Chrome"], "daysOfWeek": [3], "timeStart": "11:00", "timeEnd": "13:00" }),
            visitor(),
            matched,
        ),
        (
            "one condition of many misses",
            json!({ "country": ["US"], "device": ["desktop"], "browser": ["Firefox"] }),
            visitor(),
            fallback,
        ),
    ];
    for (name, condition, v, expected) in cases {
        assert_eq!(route(condition, &v, noon()), expected, "{name}");
    }
}

#[test]
fn time_windows_are_start_inclusive_end_exclusive_and_may_cross_midnight() {
    let night = json!({ "timeStart": "22:00", "timeEnd": "06:00" });
    let day = json!({ "timeStart": "09:00", "timeEnd": "17:00" });
    let cases = [
        (&day, "2026-01-07T09:00:00Z", true),
        (&day, "2026-01-07T16:59:59Z", true),
        (&day, "2026-01-07T17:00:00Z", false),
        (&day, "2026-01-07T08:59:59Z", false),
        (&night, "2026-01-07T22:00:00Z", true),
        (&night, "2026-01-07T23:59:59Z", true),
        (&night, "2026-01-08T00:00:00Z", true),
        (&night, "2026-01-08T05:59:00Z", true),
        (&night, "2026-01-08T06:00:00Z", false),
        (&night, "2026-01-07T21:59:00Z", false),
        (&night, "2026-01-07T12:00:00Z", false),
    ];
    for (condition, at, expected) in cases {
        let got = route(condition.clone(), &visitor(), at.parse().unwrap()) == "https://example.com/matched";
        assert_eq!(got, expected, "{condition} at {at}");
    }
}

#[test]
fn days_of_week_switch_at_utc_midnight() {
    let weekend = json!({ "daysOfWeek": [0, 6] });
    let cases = [
        ("2026-01-09T23:59:59Z", false), // Friday
        ("2026-01-10T00:00:00Z", true),  // Saturday
        ("2026-01-11T23:59:59Z", true),  // Sunday
        ("2026-01-12T00:00:00Z", false), // Monday
    ];
    for (at, expected) in cases {
        let got = route(weekend.clone(), &visitor(), at.parse().unwrap()) == "https://example.com/matched";
        assert_eq!(got, expected, "{at}");
    }
}

#[test]
fn days_and_a_midnight_window_are_judged_at_the_same_utc_instant() {
    // Saturday 23:30 and Sunday 00:30 are both in the window; only Saturday is listed.
    let condition = json!({ "daysOfWeek": [6], "timeStart": "23:00", "timeEnd": "01:00" });
    assert_eq!(
        route(condition.clone(), &visitor(), "2026-01-10T23:30:00Z".parse().unwrap()),
        "https://example.com/matched"
    );
    assert_eq!(
        route(condition, &visitor(), "2026-01-11T00:30:00Z".parse().unwrap()),
        "https://example.com/default"
    );
}

#[test]
fn the_first_matching_rule_wins() {
    let s = settings(
        json!([
            { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"] },
            { "targetUrl": "https://example.com/us-mobile", "isDefault": false, "country": ["US"], "device": ["mobile"] },
            { "targetUrl": "https://example.com/us", "isDefault": false, "country": ["US"] },
            { "targetUrl": "https://example.com/desktop", "isDefault": false, "device": ["desktop"] },
            default_rule(),
        ]),
        None,
    );
    let entropy = SeededEntropy::new(1);
    assert_eq!(
        choose(&s, &visitor(), noon(), &entropy).target().as_str(),
        "https://example.com/us"
    );
    let mobile = with(|v| v.device = Device::Mobile);
    assert_eq!(
        choose(&s, &mobile, noon(), &entropy).target().as_str(),
        "https://example.com/us-mobile"
    );
}

#[test]
fn the_default_rule_catches_everyone_else_wherever_it_stands() {
    let s = settings(json!([default_rule(), rule(json!({ "country": ["DE"] }))]), None);
    let entropy = SeededEntropy::new(1);
    let route = choose(&s, &visitor(), noon(), &entropy);
    assert_eq!(route.target().as_str(), "https://example.com/default");
    assert!(matches!(route, Route::Rule(r) if r.is_default));
    let german = with(|v| v.country = CountryCode::parse("DE"));
    assert_eq!(
        choose(&s, &german, noon(), &entropy).target().as_str(),
        "https://example.com/matched"
    );
}

#[test]
fn an_enabled_ab_test_ignores_the_rules() {
    let ab = json!({ "enabled": true, "variants": [
        { "id": "a", "name": "A", "url": "https://example.com/a", "weight": 50 },
        { "id": "b", "name": "B", "url": "https://example.com/b", "weight": 50 } ] });
    let s = settings(json!([rule(json!({ "country": ["US"] })), default_rule()]), Some(ab));
    let route = choose(&s, &visitor(), noon(), &SeededEntropy::new(3));
    assert!(matches!(route, Route::Variant(_)), "{route:?}");
}

#[test]
fn a_disabled_ab_test_leaves_routing_to_the_rules() {
    let ab = json!({ "enabled": false, "variants": [] });
    let s = settings(json!([rule(json!({ "country": ["US"] })), default_rule()]), Some(ab));
    assert_eq!(
        choose(&s, &visitor(), noon(), &SeededEntropy::new(3)).target().as_str(),
        "https://example.com/matched"
    );
}

#[test]
fn ten_thousand_draws_follow_the_weights_within_two_points() {
    for weights in [[70, 30, 0], [50, 25, 25], [1, 98, 1], [34, 33, 33]] {
        let variants: Vec<Value> = weights
            .iter()
            .enumerate()
            .filter(|(_, w)| **w > 0)
            .map(|(i, w)| json!({ "id": format!("v{i}"), "name": format!("V{i}"), "url": format!("https://example.com/{i}"), "weight": w }))
            .collect();
        let s = settings(
            json!([default_rule()]),
            Some(json!({ "enabled": true, "variants": variants })),
        );
        let entropy = SeededEntropy::new(42);
        let mut counts = [0u32; 3];
        for _ in 0..10_000 {
            match choose(&s, &visitor(), noon(), &entropy) {
                Route::Variant(v) => counts[v.id.as_str()[1..].parse::<usize>().unwrap()] += 1,
                Route::Rule(_) => panic!("an enabled test always picks a variant"),
            }
        }
        for (i, weight) in weights.iter().enumerate() {
            let share = f64::from(counts[i]) / 100.0;
            assert!(
                (share - f64::from(*weight)).abs() <= 2.0,
                "weights {weights:?}: variant {i} got {share}%"
            );
        }
    }
}
