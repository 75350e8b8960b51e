//! Parsing rules: every constraint of the contract and of decisions.md, one sentence each.

use super::*;
use crate::clock::Entropy;
use crate::domain::{Locale, TimeOfDay, TimeWindow};
use crate::testing::SeededEntropy;

fn ids() -> impl FnMut() -> ObjectId {
    let entropy = SeededEntropy::new(1);
    move || ObjectId::generate(chrono::Utc::now(), &entropy as &dyn Entropy)
}

fn default_rule(url: &str) -> RuleFields {
    RuleFields {
        target_url: Some(url.into()),
        is_default: Some(true),
        ..Default::default()
    }
}

fn country_rule(countries: &[&str]) -> RuleFields {
    RuleFields {
        target_url: Some("https://example.com/local".into()),
        is_default: Some(false),
        country: Some(countries.iter().map(|c| c.to_string()).collect()),
        ..Default::default()
    }
}

#[test]
fn rules_parse_with_one_default_and_generated_ids() {
    let rules = Rules::parse("rules", &[country_rule(&["us"]), default_rule("https://e.com")], ids()).unwrap();
    assert_eq!(rules.len(), 2);
    assert_eq!(
        rules.default_rule().target_url.as_str(),
        "https://e.com/",
        "stored in canonical form"
    );
    assert_eq!(rules.conditional().next().unwrap().conditions.country[0].alpha2(), "US");
}

#[test]
fn rules_reject_a_second_default_rule() {
    let err = Rules::parse(
        "rules",
        &[default_rule("https://a.com"), default_rule("https://b.com")],
        ids(),
    )
    .unwrap_err();
    assert_eq!(err.message, "Exactly one rule must have isDefault true (found 2).");
}

#[test]
fn rules_reject_a_missing_default_rule() {
    let err = Rules::parse("rules", &[country_rule(&["US"])], ids()).unwrap_err();
    assert_eq!(err.message, "Exactly one rule must have isDefault true (found 0).");
}

#[test]
fn rules_reject_an_empty_list() {
    let err = Rules::parse("rules", &[], ids()).unwrap_err();
    assert_eq!(err.message, "rules must be a non-empty array.");
}

#[test]
fn rule_rejects_a_client_supplied_id() {
    let mut rule = default_rule("https://a.com");
    rule.id = Some("65a1b2c3d4e5f60718293a4b".into());
    let err = Rules::parse("rules", &[rule], ids()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("rules[0].id"));
}

#[test]
fn default_rule_cannot_carry_conditions() {
    let mut rule = default_rule("https://a.com");
    rule.device = Some(vec!["mobile".into()]);
    let err = Rules::parse("rules", &[rule], ids()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("rules[0].device"));
    assert!(
        err.message
            .starts_with("rules[0] is the default rule and cannot carry conditions (device)")
    );
}

#[test]
fn city_requires_country_on_the_same_rule() {
    let mut rule = country_rule(&[]);
    rule.country = None;
    rule.city = Some(vec!["Berlin".into()]);
    let err = Rules::parse("rules", &[default_rule("https://a.com"), rule], ids()).unwrap_err();
    assert_eq!(err.message, "rules[1].city requires country on the same rule.");
    assert_eq!(err.field.as_deref(), Some("rules[1].city"));
}

#[test]
fn unknown_country_codes_are_rejected() {
    let err = Rules::parse(
        "rules",
        &[country_rule(&["US", "XX"]), default_rule("https://a.com")],
        ids(),
    )
    .unwrap_err();
    assert_eq!(err.field.as_deref(), Some("rules[0].country[1]"));
}

#[test]
fn vocabulary_values_are_exact() {
    let mut rule = country_rule(&["US"]);
    rule.browser = Some(vec!["chrome".into()]);
    let err = Rules::parse("rules", &[rule, default_rule("https://a.com")], ids()).unwrap_err();
    assert_eq!(
        err.message,
        "rules[0].browser[0] is \"chrome\"; allowed values are Chrome, Firefox, Safari, Edge, Opera, Brave."
    );
}

#[test]
fn time_window_needs_both_ends() {
    let mut rule = country_rule(&["US"]);
    rule.time_start = Some("09:00".into());
    let err = Rules::parse("rules", &[rule, default_rule("https://a.com")], ids()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("rules[0].timeEnd"));
}

#[test]
fn time_window_rejects_equal_ends_and_bad_format() {
    let mut rule = country_rule(&["US"]);
    rule.time_start = Some("09:00".into());
    rule.time_end = Some("09:00".into());
    assert!(Rules::parse("rules", &[rule.clone(), default_rule("https://a.com")], ids()).is_err());
    rule.time_end = Some("9:30".into());
    let err = Rules::parse("rules", &[rule, default_rule("https://a.com")], ids()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("rules[0].timeEnd"));
}

#[test]
fn time_window_crossing_midnight_contains_late_and_early_times() {
    let window = TimeWindow {
        start: TimeOfDay::parse("22:00").unwrap(),
        end: TimeOfDay::parse("06:00").unwrap(),
    };
    assert!(window.contains(TimeOfDay::parse("23:59").unwrap()));
    assert!(window.contains(TimeOfDay::parse("00:00").unwrap()));
    assert!(window.contains(TimeOfDay::parse("22:00").unwrap()));
    assert!(!window.contains(TimeOfDay::parse("06:00").unwrap()));
    assert!(!window.contains(TimeOfDay::parse("12:00").unwrap()));
}

#[test]
fn days_of_week_must_be_zero_to_six() {
    let mut rule = country_rule(&["US"]);
    rule.days_of_week = Some(vec![0, 7]);
    let err = Rules::parse("rules", &[rule, default_rule("https://a.com")], ids()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("rules[0].daysOfWeek[1]"));
}

#[test]
fn non_default_rule_needs_a_condition() {
    let mut rule = default_rule("https://b.com");
    rule.is_default = Some(false);
    let err = Rules::parse("rules", &[rule, default_rule("https://a.com")], ids()).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("rules[0]"));
}

#[test]
fn locale_matches_on_primary_subtag() {
    let locale = Locale::parse("de-AT").unwrap();
    assert_eq!(locale.primary(), "de");
    assert!(Locale::parse("german").is_none());
}

#[test]
fn rule_round_trips_through_its_json_shape() {
    let mut rule = country_rule(&["us", "DE"]);
    rule.city = Some(vec!["Berlin".into()]);
    rule.time_start = Some("22:00".into());
    rule.time_end = Some("06:00".into());
    rule.days_of_week = Some(vec![0, 6]);
    rule.locale = Some(vec!["de".into()]);
    let rules = Rules::parse("rules", &[rule, default_rule("https://a.com")], ids()).unwrap();
    let json = serde_json::to_value(&rules).unwrap();
    assert_eq!(json[0]["country"], serde_json::json!(["US", "DE"]));
    assert_eq!(json[0]["timeStart"], "22:00");
    let back: Rules = serde_json::from_value(json).unwrap();
    assert_eq!(back, rules);
}

#[test]
fn a_rule_is_written_exactly_as_its_fields() {
    let rule = RuleFields {
        name: Some("Weekday nights in Berlin".into()),
        city: Some(vec!["Berlin".into()]),
        device: Some(vec!["mobile".into(), "tablet".into()]),
        os: Some(vec!["Android".into(), "iOS".into()]),
        browser: Some(vec!["Chrome".into()]),
        locale: Some(vec!["de-AT".into()]),
        time_start: Some("22:00".into()),
        time_end: Some("06:30".into()),
        days_of_week: Some(vec![1, 2, 3]),
        ..country_rule(&["de"])
    };
    let rules = Rules::parse("rules", &[rule, default_rule("https://a.com")], ids()).unwrap();
    for rule in &rules {
        assert_eq!(
            serde_json::to_string(rule).unwrap(),
            serde_json::to_string(&RuleFields::from(rule.clone())).unwrap()
        );
    }
}
