//! Routing rules: the ordered conditions that choose a visitor's destination.

use serde::{Deserialize, Serialize};

use super::{BoundedText, Conditions, Invalid, TargetUrl, Vocabulary, path};
use crate::domain::ids::ObjectId;

mod conditions;
mod encode;
mod rules;
#[cfg(test)]
mod tests;

use conditions::{check_default, conditions};
pub use rules::Rules;

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
