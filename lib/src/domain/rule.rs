//! Routing rules: the ordered conditions that choose a visitor's destination.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{BoundedText, Invalid, TargetUrl, path};
use crate::ids::ObjectId;

/// A closed vocabulary of visitor attributes (device, OS, browser).
pub trait Vocabulary: Sized + Copy + 'static {
    const ALL: &'static [Self];
    const KIND: &'static str;
    fn name(self) -> &'static str;

    fn parse(raw: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.name() == raw)
    }

    fn allowed() -> String {
        Self::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
    }
}

macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident, $kind:literal, { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl Vocabulary for $name {
            const ALL: &'static [Self] = &[$(Self::$variant),+];
            const KIND: &'static str = $kind;
            fn name(self) -> &'static str {
                match self { $(Self::$variant => $text),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

vocabulary!(
    /// Device type of a visitor.
    Device, "device", {
        Desktop => "desktop", Mobile => "mobile", Tablet => "tablet", Console => "console",
        SmartTv => "smarttv", Wearable => "wearable", Embedded => "embedded",
    }
);
vocabulary!(
    /// Operating system family of a visitor.
    Os, "os", {
        Windows => "Windows", MacOs => "macOS", Linux => "Linux", Ios => "iOS", Android => "Android",
    }
);
vocabulary!(
    /// Browser family of a visitor.
    Browser, "browser", {
        Chrome => "Chrome", Firefox => "Firefox", Safari => "Safari", Edge => "Edge",
        Opera => "Opera", Brave => "Brave",
    }
);

/// An ISO 3166-1 alpha-2 country code, upper-case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CountryCode {
    text: [u8; 2],
}

impl CountryCode {
    pub fn parse(raw: &str) -> Option<Self> {
        let upper = raw.to_ascii_uppercase();
        let text: [u8; 2] = upper.as_bytes().try_into().ok()?;
        keshvar::Alpha2::try_from(upper.as_str()).ok()?;
        Some(Self { text })
    }

    pub fn alpha2(&self) -> &str {
        std::str::from_utf8(&self.text).expect("ASCII letters")
    }

    /// The English name people use (`United States`, `United Kingdom`, `South Korea`).
    pub fn name(&self) -> &'static str {
        let code = keshvar::Alpha2::try_from(self.alpha2()).expect("validated when parsed");
        let country = code.to_country();
        country
            .unofficial_name_list()
            .first()
            .copied()
            .unwrap_or_else(|| country.iso_short_name())
    }
}

impl TryFrom<String> for CountryCode {
    type Error = String;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value).ok_or_else(|| format!("{value:?} is not an ISO 3166-1 alpha-2 code"))
    }
}

impl From<CountryCode> for String {
    fn from(value: CountryCode) -> Self {
        value.alpha2().to_string()
    }
}

/// A time of day in UTC, minute precision, written `HH:MM`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TimeOfDay(u16);

impl TimeOfDay {
    pub fn parse(raw: &str) -> Option<Self> {
        let bytes = raw.as_bytes();
        if bytes.len() != 5 || bytes[2] != b':' {
            return None;
        }
        let digits = |a: u8, b: u8| -> Option<u16> {
            (a.is_ascii_digit() && b.is_ascii_digit()).then(|| u16::from(a - b'0') * 10 + u16::from(b - b'0'))
        };
        let hours = digits(bytes[0], bytes[1])?;
        let minutes = digits(bytes[3], bytes[4])?;
        (hours < 24 && minutes < 60).then_some(Self(hours * 60 + minutes))
    }

    pub fn from_minutes(minutes: u16) -> Option<Self> {
        (minutes < 24 * 60).then_some(Self(minutes))
    }

    pub fn minutes(self) -> u16 {
        self.0
    }
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

/// A UTC window, start inclusive and end exclusive; may cross midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeWindow {
    pub start: TimeOfDay,
    pub end: TimeOfDay,
}

impl TimeWindow {
    pub fn contains(self, at: TimeOfDay) -> bool {
        if self.start < self.end {
            self.start <= at && at < self.end
        } else {
            at >= self.start || at < self.end
        }
    }
}

/// Day of week, 0 = Sunday through 6 = Saturday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Weekday(u8);

impl Weekday {
    pub fn new(day: u8) -> Option<Self> {
        (day <= 6).then_some(Self(day))
    }
    pub fn number(self) -> u8 {
        self.0
    }
}

/// A browser language tag (`de`, `en-US`); rules match on its primary subtag.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Locale {
    tag: String,
    primary: String,
}

impl Locale {
    pub fn parse(raw: &str) -> Option<Self> {
        let mut parts = raw.split(['-', '_']);
        let primary = parts.next()?;
        let primary_ok = (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_alphabetic());
        let rest_ok = parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()));
        (primary_ok && rest_ok).then(|| Self {
            tag: raw.replace('_', "-"),
            primary: primary.to_ascii_lowercase(),
        })
    }
    pub fn tag(&self) -> &str {
        &self.tag
    }
    /// The lower-case primary language subtag (`de` for `de-AT`).
    pub fn primary(&self) -> &str {
        &self.primary
    }
}

/// The visitor conditions of a rule; an empty list means "any".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Conditions {
    pub country: Vec<CountryCode>,
    /// City names as given; matched case-insensitively.
    pub city: Vec<String>,
    pub device: Vec<Device>,
    pub os: Vec<Os>,
    pub browser: Vec<Browser>,
    pub locale: Vec<Locale>,
    pub time: Option<TimeWindow>,
    pub days_of_week: Vec<Weekday>,
}

impl Conditions {
    /// Names of the condition fields that are set, in contract order.
    pub fn set_fields(&self) -> Vec<&'static str> {
        let mut fields = Vec::new();
        let mut push = |set: bool, name| {
            if set {
                fields.push(name)
            }
        };
        push(!self.country.is_empty(), "country");
        push(!self.city.is_empty(), "city");
        push(!self.device.is_empty(), "device");
        push(!self.os.is_empty(), "os");
        push(!self.browser.is_empty(), "browser");
        push(!self.locale.is_empty(), "locale");
        push(self.time.is_some(), "timeStart");
        push(!self.days_of_week.is_empty(), "daysOfWeek");
        fields
    }
}

/// The JSON shape of a rule, on the wire and in storage. Inputs must not carry `id`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RuleFields {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default)]
    pub target_url: Option<String>,
    #[serde(default)]
    pub is_default: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub device: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub os: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub locale: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_start: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_end: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_of_week: Option<Vec<i64>>,
}

/// One routing rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RuleFields", into = "RuleFields")]
pub struct Rule {
    pub id: ObjectId,
    pub name: Option<BoundedText<255>>,
    pub target_url: TargetUrl,
    pub is_default: bool,
    pub conditions: Conditions,
}

fn each<T>(
    field: &str,
    values: &Option<Vec<String>>,
    parse: impl Fn(&str) -> Option<T>,
    expected: impl Fn(&str) -> String,
) -> Result<Vec<T>, Invalid> {
    let mut out = Vec::new();
    for (i, raw) in values.iter().flatten().enumerate() {
        match parse(raw) {
            Some(v) => out.push(v),
            None => {
                return Err(Invalid::new(
                    format!("{field}[{i}]"),
                    format!("{field}[{i}] is {raw:?}; {}", expected(raw)),
                ));
            }
        }
    }
    Ok(out)
}

fn vocabulary<T: Vocabulary>(field: &str, values: &Option<Vec<String>>) -> Result<Vec<T>, Invalid> {
    each(field, values, T::parse, |_| {
        format!("allowed values are {}.", T::allowed())
    })
}

impl Rule {
    /// Parses a rule at `at` (for example `rules[2]`), giving it `id`.
    pub fn parse(at: &str, fields: &RuleFields, id: ObjectId) -> Result<Self, Invalid> {
        let f = |name: &str| path(at, name);
        let target_url = match &fields.target_url {
            Some(raw) => TargetUrl::parse(&f("targetUrl"), raw)?,
            None => return Err(Invalid::new(f("targetUrl"), format!("{} is required.", f("targetUrl")))),
        };
        let Some(is_default) = fields.is_default else {
            return Err(Invalid::new(
                f("isDefault"),
                format!("{} is required (true or false).", f("isDefault")),
            ));
        };
        let name = fields
            .name
            .as_deref()
            .map(|n| BoundedText::parse(&f("name"), n))
            .transpose()?;
        let city_field = f("city");
        let mut city = Vec::new();
        for (i, raw) in fields.city.iter().flatten().enumerate() {
            let parsed: BoundedText<100> = BoundedText::parse(&format!("{city_field}[{i}]"), raw)?;
            city.push(String::from(parsed));
        }
        let time = match (&fields.time_start, &fields.time_end) {
            (None, None) => None,
            (Some(start), Some(end)) => {
                let parse_time = |field: String, raw: &str| {
                    TimeOfDay::parse(raw).ok_or_else(|| {
                        Invalid::new(
                            field.clone(),
                            format!("{field} must be a UTC time written HH:MM (got {raw:?})."),
                        )
                    })
                };
                let start = parse_time(f("timeStart"), start)?;
                let end = parse_time(f("timeEnd"), end)?;
                if start == end {
                    return Err(Invalid::new(
                        f("timeEnd"),
                        format!(
                            "{} must differ from timeStart; a window may cross midnight, e.g. 22:00 to 06:00.",
                            f("timeEnd")
                        ),
                    ));
                }
                Some(TimeWindow { start, end })
            }
            (Some(_), None) | (None, Some(_)) => {
                let missing = if fields.time_start.is_none() {
                    "timeStart"
                } else {
                    "timeEnd"
                };
                return Err(Invalid::new(
                    f(missing),
                    format!(
                        "{} is missing: timeStart and timeEnd must be given together.",
                        f(missing)
                    ),
                ));
            }
        };
        let mut days_of_week = Vec::new();
        for (i, day) in fields.days_of_week.iter().flatten().enumerate() {
            let field = format!("{}[{i}]", f("daysOfWeek"));
            let day = u8::try_from(*day).ok().and_then(Weekday::new).ok_or_else(|| {
                Invalid::new(
                    field.clone(),
                    format!("{field} must be a day number from 0 (Sunday) to 6 (Saturday)."),
                )
            })?;
            if !days_of_week.contains(&day) {
                days_of_week.push(day);
            }
        }
        let conditions = Conditions {
            country: each(&f("country"), &fields.country, CountryCode::parse, |_| {
                "use an ISO 3166-1 alpha-2 country code such as US or DE.".to_string()
            })?,
            city,
            device: vocabulary(&f("device"), &fields.device)?,
            os: vocabulary(&f("os"), &fields.os)?,
            browser: vocabulary(&f("browser"), &fields.browser)?,
            locale: each(&f("locale"), &fields.locale, Locale::parse, |_| {
                "use a browser language code such as en, de or pt-BR.".to_string()
            })?,
            time,
            days_of_week,
        };
        if !conditions.city.is_empty() && conditions.country.is_empty() {
            return Err(Invalid::new(
                f("city"),
                format!("{} requires country on the same rule.", f("city")),
            ));
        }
        let set = conditions.set_fields();
        if is_default {
            if let Some(first) = set.first() {
                return Err(Invalid::new(
                    f(first),
                    format!(
                        "{at} is the default rule and cannot carry conditions ({}); move them to a non-default rule.",
                        set.join(", ")
                    ),
                ));
            }
        } else if set.is_empty() {
            return Err(Invalid::new(
                at,
                format!("{at} has no conditions: give it at least one condition, or make it the default rule."),
            ));
        }
        Ok(Self {
            id,
            name,
            target_url,
            is_default,
            conditions,
        })
    }
}

impl TryFrom<RuleFields> for Rule {
    type Error = Invalid;
    fn try_from(fields: RuleFields) -> Result<Self, Self::Error> {
        let id = fields
            .id
            .as_deref()
            .and_then(|id| ObjectId::parse(id).ok())
            .ok_or_else(|| Invalid::new("id", "a stored rule must carry its id"))?;
        Self::parse("rule", &fields, id)
    }
}

impl From<Rule> for RuleFields {
    fn from(rule: Rule) -> Self {
        fn names<T>(values: &[T], name: impl Fn(&T) -> &str) -> Option<Vec<String>> {
            (!values.is_empty()).then(|| values.iter().map(|v| name(v).to_string()).collect())
        }
        let c = &rule.conditions;
        Self {
            id: Some(rule.id.to_string()),
            name: rule.name.map(String::from),
            target_url: Some(rule.target_url.into()),
            is_default: Some(rule.is_default),
            country: names(&c.country, |c| c.alpha2()),
            city: (!c.city.is_empty()).then(|| c.city.clone()),
            device: names(&c.device, |d| d.name()),
            os: names(&c.os, |o| o.name()),
            browser: names(&c.browser, |b| b.name()),
            locale: (!c.locale.is_empty()).then(|| c.locale.iter().map(|l| l.tag().to_string()).collect()),
            time_start: c.time.map(|t| t.start.to_string()),
            time_end: c.time.map(|t| t.end.to_string()),
            days_of_week: (!c.days_of_week.is_empty())
                .then(|| c.days_of_week.iter().map(|d| i64::from(d.number())).collect()),
        }
    }
}

/// The rules of a link: at least one, exactly one of them the default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<Rule>", into = "Vec<Rule>")]
pub struct Rules(Vec<Rule>);

impl Rules {
    /// Parses the `rules` array of a request, giving each rule a fresh id from `new_id`.
    pub fn parse(field: &str, inputs: &[RuleFields], mut new_id: impl FnMut() -> ObjectId) -> Result<Self, Invalid> {
        if inputs.is_empty() {
            return Err(Invalid::new(field, format!("{field} must be a non-empty array.")));
        }
        let mut rules = Vec::with_capacity(inputs.len());
        for (i, input) in inputs.iter().enumerate() {
            let at = format!("{field}[{i}]");
            if input.id.is_some() {
                return Err(Invalid::new(
                    format!("{at}.id"),
                    format!("{at}.id is not accepted: rule identifiers are generated by the server."),
                ));
            }
            rules.push(Rule::parse(&at, input, new_id())?);
        }
        Self::try_from(rules).map_err(|mut e| {
            e.field = Some(field.to_string());
            e
        })
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Rule> {
        self.0.iter()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The fallback rule.
    pub fn default_rule(&self) -> &Rule {
        self.0
            .iter()
            .find(|r| r.is_default)
            .expect("Rules always hold one default rule")
    }

    /// Non-default rules, in evaluation order.
    pub fn conditional(&self) -> impl Iterator<Item = &Rule> {
        self.0.iter().filter(|r| !r.is_default)
    }
}

impl TryFrom<Vec<Rule>> for Rules {
    type Error = Invalid;
    fn try_from(rules: Vec<Rule>) -> Result<Self, Self::Error> {
        if rules.is_empty() {
            return Err(Invalid::new("rules", "rules must be a non-empty array."));
        }
        let defaults = rules.iter().filter(|r| r.is_default).count();
        if defaults != 1 {
            return Err(Invalid::new(
                "rules",
                format!("Exactly one rule must have isDefault true (found {defaults})."),
            ));
        }
        Ok(Self(rules))
    }
}

impl From<Rules> for Vec<Rule> {
    fn from(rules: Rules) -> Self {
        rules.0
    }
}

impl<'a> IntoIterator for &'a Rules {
    type Item = &'a Rule;
    type IntoIter = std::slice::Iter<'a, Rule>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Entropy;
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
}
