//! Routing rules: the ordered conditions that choose a visitor's destination.

use serde::{Deserialize, Serialize};

use super::{
    BoundedText, Conditions, CountryCode, Invalid, Locale, TargetUrl, TimeOfDay, TimeWindow, Vocabulary, Weekday, path,
};
use crate::domain::ids::ObjectId;

/// The JSON shape of a rule, on the wire and in storage. Inputs must not carry `id` (the
/// server makes rule ids), so the input schema leaves it out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schemars(transform = crate::domain::schema::rule_dependencies)]
pub struct RuleFields {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(skip)]
    pub id: Option<String>,
    /// Optional label for the rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(max = 255))]
    pub name: Option<String>,
    /// Destination URL; app deep links (myapp://...) are allowed; javascript:, data:, vbscript:
    /// and file: are not.
    #[schemars(required, length(min = 1, max = 4096))]
    pub target_url: Option<String>,
    /// Only beside an app-scheme targetUrl: an https URL (an App Store, Play Store or web page) a
    /// person's browser goes to when the app did not open within about 1.5 s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 4096))]
    pub app_fallback_url: Option<String>,
    /// Exactly one rule is the default: the fallback when no other rule matches. The default
    /// rule carries no conditions.
    #[schemars(required)]
    pub is_default: Option<bool>,
    /// ISO 3166-1 alpha-2 country codes, any case (DE, us).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(inner(regex(pattern = crate::domain::schema::COUNTRY_PATTERN)))]
    pub country: Option<Vec<String>>,
    /// City names; requires country on the same rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(inner(length(min = 1, max = 100)))]
    pub city: Option<Vec<String>>,
    /// Device types.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::domain::schema::devices")]
    pub device: Option<Vec<String>>,
    /// Operating systems, spelt exactly as listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::domain::schema::operating_systems")]
    pub os: Option<Vec<String>>,
    /// Browsers, spelt exactly as listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "crate::domain::schema::browsers")]
    pub browser: Option<Vec<String>>,
    /// Browser languages (de matches de-AT); the visitor's most preferred language is compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(inner(regex(pattern = crate::domain::schema::LOCALE_PATTERN)))]
    pub locale: Option<Vec<String>>,
    /// HH:MM in UTC, inclusive; give with timeEnd. A window may cross midnight (22:00-06:00).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = crate::domain::schema::TIME_PATTERN))]
    pub time_start: Option<String>,
    /// HH:MM in UTC, exclusive; give with timeStart; must differ from timeStart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(regex(pattern = crate::domain::schema::TIME_PATTERN))]
    pub time_end: Option<String>,
    /// Days in UTC: 0 = Sunday through 6 = Saturday.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(inner(range(min = 0, max = 6)))]
    pub days_of_week: Option<Vec<i64>>,
}

/// A rule as read back: its fields and the id the server gave it (the key of `rulesStats` in
/// analytics).
impl schemars::JsonSchema for Rule {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Rule".into()
    }
    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut schema = RuleFields::json_schema(generator);
        schema.remove("dependentRequired");
        if let Some(properties) = schema.get_mut("properties").and_then(|p| p.as_object_mut()) {
            properties.insert(
                "id".into(),
                serde_json::json!({ "type": "string", "description": "Rule id: the key of rulesStats in analytics." }),
            );
        }
        schema.insert("required".into(), serde_json::json!(["id", "targetUrl", "isDefault"]));
        schema
    }
}

/// One routing rule. It is written with the fields of [`RuleFields`] (see `encode`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "RuleFields")]
pub struct Rule {
    pub id: ObjectId,
    pub name: Option<BoundedText<255>>,
    pub target_url: TargetUrl,
    /// Where a person goes when the app of an app-scheme target did not open.
    pub app_fallback_url: Option<TargetUrl>,
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
        let app_fallback_url = TargetUrl::parse_app_fallback(
            &f("appFallbackUrl"),
            fields.app_fallback_url.as_deref(),
            &f("targetUrl"),
            &target_url,
        )?;
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
        let conditions = conditions(at, fields)?;
        check_default(at, is_default, &conditions)?;
        Ok(Self {
            id,
            name,
            target_url,
            app_fallback_url,
            is_default,
            conditions,
        })
    }
}

/// The visitor conditions of the rule at `at`.
fn conditions(at: &str, fields: &RuleFields) -> Result<Conditions, Invalid> {
    let f = |name: &str| path(at, name);
    let conditions = Conditions {
        country: each(&f("country"), &fields.country, CountryCode::parse, |_| {
            "use an ISO 3166-1 alpha-2 country code such as US or DE.".to_string()
        })?,
        city: cities(&f("city"), &fields.city)?,
        device: vocabulary(&f("device"), &fields.device)?,
        os: vocabulary(&f("os"), &fields.os)?,
        browser: vocabulary(&f("browser"), &fields.browser)?,
        locale: each(&f("locale"), &fields.locale, Locale::parse, |_| {
            "use a browser language code such as en, de or pt-BR.".to_string()
        })?,
        time: time_window(at, fields.time_start.as_deref(), fields.time_end.as_deref())?,
        days_of_week: days(&f("daysOfWeek"), &fields.days_of_week)?,
    };
    if !conditions.city.is_empty() && conditions.country.is_empty() {
        return Err(Invalid::new(
            f("city"),
            format!("{} requires country on the same rule.", f("city")),
        ));
    }
    Ok(conditions)
}

fn cities(field: &str, raw: &Option<Vec<String>>) -> Result<Vec<String>, Invalid> {
    raw.iter()
        .flatten()
        .enumerate()
        .map(|(i, city)| BoundedText::<100>::parse(&format!("{field}[{i}]"), city).map(String::from))
        .collect()
}

/// `timeStart`/`timeEnd`: both or neither, each `HH:MM`, different from each other.
fn time_window(at: &str, start: Option<&str>, end: Option<&str>) -> Result<Option<TimeWindow>, Invalid> {
    let f = |name: &str| path(at, name);
    let parse_time = |field: String, raw: &str| {
        TimeOfDay::parse(raw).ok_or_else(|| {
            Invalid::new(
                field.clone(),
                format!("{field} must be a UTC time written HH:MM (got {raw:?})."),
            )
        })
    };
    match (start, end) {
        (None, None) => Ok(None),
        (Some(start), Some(end)) => {
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
            Ok(Some(TimeWindow { start, end }))
        }
        (None, Some(_)) | (Some(_), None) => {
            let missing = f(if start.is_none() { "timeStart" } else { "timeEnd" });
            Err(Invalid::new(
                missing.clone(),
                format!("{missing} is missing: timeStart and timeEnd must be given together."),
            ))
        }
    }
}

/// `daysOfWeek`: numbers 0 (Sunday) to 6 (Saturday), duplicates dropped.
fn days(field: &str, raw: &Option<Vec<i64>>) -> Result<Vec<Weekday>, Invalid> {
    let mut days = Vec::new();
    for (i, day) in raw.iter().flatten().enumerate() {
        let at = format!("{field}[{i}]");
        let day = u8::try_from(*day).ok().and_then(Weekday::new).ok_or_else(|| {
            Invalid::new(
                at.clone(),
                format!("{at} must be a day number from 0 (Sunday) to 6 (Saturday)."),
            )
        })?;
        if !days.contains(&day) {
            days.push(day);
        }
    }
    Ok(days)
}

/// The default rule is a pure fallback; every other rule needs a condition (or it would
/// shadow the default silently).
fn check_default(at: &str, is_default: bool, conditions: &Conditions) -> Result<(), Invalid> {
    let set = conditions.set_fields();
    match (is_default, set.first()) {
        (true, Some(first)) => Err(Invalid::new(
            path(at, first),
            format!(
                "{at} is the default rule and cannot carry conditions ({}); move them to a non-default rule.",
                set.join(", ")
            ),
        )),
        (false, None) => Err(Invalid::new(
            at,
            format!("{at} has no conditions: give it at least one condition, or make it the default rule."),
        )),
        _ => Ok(()),
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
            app_fallback_url: rule.app_fallback_url.map(String::from),
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
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(try_from = "Vec<Rule>")]
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

mod encode;
#[cfg(test)]
mod tests;
