//! Wire shapes of link requests (both doors), and their parsing into domain values.
//!
//! Every struct here rejects unknown fields; `workspaceId` is taken out of a body before
//! it reaches these types (authentication reads it first).

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize};

use crate::domain::WeightMode;
use crate::domain::{
    AbTest, BoundedText, ClicksLimit, HexColor, Hostname, Invalid, LinkSettings, QrSettings, Rules, Slug, TargetUrl,
};
pub use crate::domain::{AbTestFields, QrFields, RuleFields, VariantFields};
use crate::ids::ObjectId;

/// Which door a request came through; the two differ in a few documented details
/// (A/B weights are percentages on HTTP and relative shares on MCP; `clicksLimit: 0`
/// is an error on HTTP and "no limit" on MCP).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Door {
    Http,
    Mcp,
}

/// `Some(None)` for an explicit `null`, `Some(Some(v))` for a value, `None` when absent.
fn nullable<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

/// The fields of a link on create (and of each bulk item).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LinkInput {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<RuleFields>>,
    /// Quick start: one default rule to this URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clicks_limit: Option<serde_json::Number>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_date: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tag_ids: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ab_test: Option<AbTestFields>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qr_settings: Option<QrFields>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub og_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub og_description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appearance_color: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_tracking: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gps_tracking: Option<bool>,
}

/// The fields of an update: absent fields stay as they are; `null` clears the nullable ones.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LinkPatchInput {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "nullable")]
    pub description: Option<Option<String>>,
    #[serde(default)]
    pub rules: Option<Vec<RuleFields>>,
    #[serde(default)]
    pub slug: Option<String>,
    #[serde(default)]
    pub domain: Option<String>,
    #[serde(default)]
    pub active: Option<bool>,
    #[serde(default, deserialize_with = "nullable")]
    pub clicks_limit: Option<Option<serde_json::Number>>,
    #[serde(default, deserialize_with = "nullable")]
    pub expiration_date: Option<Option<String>>,
    #[serde(default)]
    pub tag_ids: Option<Vec<String>>,
    #[serde(default)]
    pub ab_test: Option<AbTestFields>,
    #[serde(default)]
    pub qr_settings: Option<QrFields>,
    #[serde(default, deserialize_with = "nullable")]
    pub og_title: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub og_description: Option<Option<String>>,
    #[serde(default, deserialize_with = "nullable")]
    pub appearance_color: Option<Option<String>>,
    #[serde(default)]
    pub conversion_tracking: Option<bool>,
    #[serde(default)]
    pub gps_tracking: Option<bool>,
}

/// What parsing needs from outside: the time (expiry must be in the future), the door,
/// and a source of fresh rule ids.
pub struct ParseContext<'a> {
    pub now: DateTime<Utc>,
    pub door: Door,
    pub new_id: &'a mut dyn FnMut() -> ObjectId,
}

/// A validated create request: settings, plus the slug and domain if the caller chose them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkDraft {
    pub slug: Option<Slug>,
    pub domain: Option<Hostname>,
    pub settings: LinkSettings,
}

/// A validated update: `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinkPatch {
    pub name: Option<BoundedText<255>>,
    pub description: Option<Option<BoundedText<1000>>>,
    pub rules: Option<Rules>,
    pub slug: Option<Slug>,
    pub domain: Option<Hostname>,
    pub active: Option<bool>,
    pub clicks_limit: Option<Option<ClicksLimit>>,
    pub expiration_date: Option<Option<DateTime<Utc>>>,
    pub tag_ids: Option<Vec<ObjectId>>,
    pub ab_test: Option<Option<AbTest>>,
    pub qr_settings: Option<QrSettings>,
    pub og_title: Option<Option<BoundedText<255>>>,
    pub og_description: Option<Option<BoundedText<500>>>,
    pub appearance_color: Option<Option<HexColor>>,
    pub conversion_tracking: Option<bool>,
    pub gps_tracking: Option<bool>,
}

fn name(raw: Option<&str>) -> Result<BoundedText<255>, Invalid> {
    match raw.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => BoundedText::parse("name", n),
        None => Err(Invalid::new("name", "Name is required.")),
    }
}

/// Optional text: empty or blank text counts as "none".
fn optional_text<const MAX: usize>(field: &str, raw: Option<&str>) -> Result<Option<BoundedText<MAX>>, Invalid> {
    raw.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| BoundedText::parse(field, t))
        .transpose()
}

fn clicks_limit(raw: &serde_json::Number, door: Door) -> Result<Option<ClicksLimit>, Invalid> {
    let limit = raw.as_u64().or_else(|| {
        raw.as_f64()
            .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f < 1e15)
            .map(|f| f as u64)
    });
    match (limit, door) {
        (Some(0), Door::Mcp) => Ok(None),
        (Some(n), _) if n > 0 => Ok(ClicksLimit::new(n)),
        _ => Err(Invalid::new(
            "clicksLimit",
            match door {
                Door::Http => {
                    "clicksLimit must be a positive whole number (omit it, or send null on update, for no limit)."
                }
                Door::Mcp => "clicksLimit must be a whole number; 0 means no limit.",
            },
        )),
    }
}

/// Accepts RFC 3339 (`2026-12-31T23:00:00Z`, any offset), a date-time without offset
/// (read as UTC) or a bare date (midnight UTC). Must lie after `now`.
fn expiration_date(raw: &str, now: DateTime<Utc>) -> Result<DateTime<Utc>, Invalid> {
    let raw = raw.trim();
    let parsed = DateTime::parse_from_rfc3339(raw)
        .map(|d| d.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            ["%Y-%m-%dT%H:%M:%S%.f", "%Y-%m-%dT%H:%M"]
                .iter()
                .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())
                .map(|n| n.and_utc())
        })
        .or_else(|| {
            NaiveDate::parse_from_str(raw, "%Y-%m-%d")
                .ok()
                .and_then(|d| d.and_hms_opt(0, 0, 0))
                .map(|n| n.and_utc())
        });
    let Some(at) = parsed else {
        return Err(Invalid::new(
            "expirationDate",
            format!("expirationDate must be an ISO 8601 date-time such as 2026-12-31T23:59:00Z (got {raw:?})."),
        ));
    };
    if at <= now {
        return Err(Invalid::new("expirationDate", "expirationDate must be in the future."));
    }
    Ok(at)
}

fn tag_ids(raw: &[String]) -> Result<Vec<ObjectId>, Invalid> {
    let mut out = Vec::with_capacity(raw.len());
    for (i, id) in raw.iter().enumerate() {
        let id = ObjectId::parse(id).map_err(|_| {
            Invalid::new(
                format!("tagIds[{i}]"),
                format!("tagIds[{i}] is not a valid tag id (24 hexadecimal characters)."),
            )
        })?;
        if !out.contains(&id) {
            out.push(id);
        }
    }
    Ok(out)
}

fn ab_test(fields: &AbTestFields, door: Door) -> Result<Option<AbTest>, Invalid> {
    let mode = match door {
        Door::Http => WeightMode::Percent,
        Door::Mcp => WeightMode::Relative,
    };
    let test = AbTest::parse("abTest", fields, mode)?;
    Ok((test.enabled || !test.variants.is_empty()).then_some(test))
}

fn hex(field: &str, raw: Option<&str>) -> Result<Option<HexColor>, Invalid> {
    raw.map(|c| HexColor::parse(field, c)).transpose()
}

fn rules(raw: &[RuleFields], ctx: &mut ParseContext<'_>) -> Result<Rules, Invalid> {
    Rules::parse("rules", raw, &mut *ctx.new_id)
}

impl LinkDraft {
    pub fn parse(input: &LinkInput, ctx: &mut ParseContext<'_>) -> Result<Self, Invalid> {
        let name = name(input.name.as_deref())?;
        let rules = match (&input.rules, &input.url) {
            (Some(_), Some(_)) => {
                return Err(Invalid::new(
                    "url",
                    "Give either url (a single destination) or rules, not both.",
                ));
            }
            (None, Some(url)) => {
                let url = TargetUrl::parse("url", url)?;
                let rule = RuleFields {
                    target_url: Some(url.into()),
                    is_default: Some(true),
                    ..Default::default()
                };
                rules(&[rule], ctx)?
            }
            (Some(list), None) if !list.is_empty() => rules(list, ctx)?,
            _ => return Err(Invalid::new("rules", "rules must be a non-empty array.")),
        };
        let description = optional_text("description", input.description.as_deref())?;
        let slug = input.slug.as_deref().map(Slug::parse).transpose()?;
        let domain = input
            .domain
            .as_deref()
            .map(|d| Hostname::parse("domain", d))
            .transpose()?;
        let clicks_limit = input
            .clicks_limit
            .as_ref()
            .map(|n| clicks_limit(n, ctx.door))
            .transpose()?
            .flatten();
        let expiration_date = input
            .expiration_date
            .as_deref()
            .map(|d| expiration_date(d, ctx.now))
            .transpose()?;
        let tag_ids = tag_ids(input.tag_ids.as_deref().unwrap_or_default())?;
        let ab_test = input
            .ab_test
            .as_ref()
            .map(|t| ab_test(t, ctx.door))
            .transpose()?
            .flatten();
        let qr_settings = match &input.qr_settings {
            Some(q) => QrSettings::parse("qrSettings", q)?,
            None => QrSettings::default(),
        };
        Ok(Self {
            slug,
            domain,
            settings: LinkSettings {
                name,
                description,
                rules,
                ab_test,
                qr_settings,
                active: input.active.unwrap_or(true),
                clicks_limit,
                expiration_date,
                tag_ids,
                og_title: optional_text("ogTitle", input.og_title.as_deref())?,
                og_description: optional_text("ogDescription", input.og_description.as_deref())?,
                appearance_color: hex("appearanceColor", input.appearance_color.as_deref())?,
                conversion_tracking: input.conversion_tracking.unwrap_or(false),
                gps_tracking: input.gps_tracking.unwrap_or(false),
            },
        })
    }
}

impl LinkPatch {
    pub fn parse(input: &LinkPatchInput, ctx: &mut ParseContext<'_>) -> Result<Self, Invalid> {
        Ok(Self {
            name: input.name.as_deref().map(|n| name(Some(n))).transpose()?,
            description: input
                .description
                .as_ref()
                .map(|d| optional_text("description", d.as_deref()))
                .transpose()?,
            rules: match &input.rules {
                Some(list) if list.is_empty() => {
                    return Err(Invalid::new("rules", "rules must be a non-empty array."));
                }
                Some(list) => Some(rules(list, ctx)?),
                None => None,
            },
            slug: input.slug.as_deref().map(Slug::parse).transpose()?,
            domain: input
                .domain
                .as_deref()
                .map(|d| Hostname::parse("domain", d))
                .transpose()?,
            active: input.active,
            clicks_limit: input
                .clicks_limit
                .as_ref()
                .map(|n| {
                    n.as_ref()
                        .map(|n| clicks_limit(n, ctx.door))
                        .transpose()
                        .map(Option::flatten)
                })
                .transpose()?,
            expiration_date: input
                .expiration_date
                .as_ref()
                .map(|d| d.as_deref().map(|d| expiration_date(d, ctx.now)).transpose())
                .transpose()?,
            tag_ids: input.tag_ids.as_deref().map(tag_ids).transpose()?,
            ab_test: input.ab_test.as_ref().map(|t| ab_test(t, ctx.door)).transpose()?,
            qr_settings: input
                .qr_settings
                .as_ref()
                .map(|q| QrSettings::parse("qrSettings", q))
                .transpose()?,
            og_title: input
                .og_title
                .as_ref()
                .map(|t| optional_text("ogTitle", t.as_deref()))
                .transpose()?,
            og_description: input
                .og_description
                .as_ref()
                .map(|t| optional_text("ogDescription", t.as_deref()))
                .transpose()?,
            appearance_color: input
                .appearance_color
                .as_ref()
                .map(|c| hex("appearanceColor", c.as_deref()))
                .transpose()?,
            conversion_tracking: input.conversion_tracking,
            gps_tracking: input.gps_tracking,
        })
    }

    /// Applies the patch to settings (slug and domain are handled by the store).
    pub fn apply(&self, settings: &mut LinkSettings) {
        fn set<T: Clone>(target: &mut T, value: &Option<T>) {
            if let Some(v) = value {
                *target = v.clone();
            }
        }
        set(&mut settings.name, &self.name);
        set(&mut settings.description, &self.description);
        set(&mut settings.rules, &self.rules);
        set(&mut settings.active, &self.active);
        set(&mut settings.clicks_limit, &self.clicks_limit);
        set(&mut settings.expiration_date, &self.expiration_date);
        set(&mut settings.tag_ids, &self.tag_ids);
        set(&mut settings.ab_test, &self.ab_test);
        set(&mut settings.qr_settings, &self.qr_settings);
        set(&mut settings.og_title, &self.og_title);
        set(&mut settings.og_description, &self.og_description);
        set(&mut settings.appearance_color, &self.appearance_color);
        set(&mut settings.conversion_tracking, &self.conversion_tracking);
        set(&mut settings.gps_tracking, &self.gps_tracking);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Entropy;
    use crate::testing::SeededEntropy;
    use serde_json::json;

    fn parse_draft(body: serde_json::Value) -> Result<LinkDraft, Invalid> {
        let input: LinkInput = serde_json::from_value(body).expect("wire shape");
        let entropy = SeededEntropy::new(3);
        let now = "2026-01-01T00:00:00Z".parse().unwrap();
        let mut new_id = || ObjectId::generate(now, &entropy as &dyn Entropy);
        LinkDraft::parse(
            &input,
            &mut ParseContext {
                now,
                door: Door::Http,
                new_id: &mut new_id,
            },
        )
    }

    fn default_rules() -> serde_json::Value {
        json!([{ "targetUrl": "https://example.com", "isDefault": true }])
    }

    #[test]
    fn create_requires_a_name() {
        let err = parse_draft(json!({ "rules": default_rules() })).unwrap_err();
        assert_eq!(err.message, "Name is required.");
    }

    #[test]
    fn create_requires_rules() {
        let err = parse_draft(json!({ "name": "n", "rules": [] })).unwrap_err();
        assert_eq!(err.message, "rules must be a non-empty array.");
    }

    #[test]
    fn quick_start_url_makes_one_default_rule() {
        let draft = parse_draft(json!({ "name": "n", "url": "https://example.com/x" })).unwrap();
        assert_eq!(draft.settings.rules.len(), 1);
        assert_eq!(
            draft.settings.rules.default_rule().target_url.as_str(),
            "https://example.com/x"
        );
    }

    #[test]
    fn url_and_rules_together_are_an_error() {
        let err = parse_draft(json!({ "name": "n", "url": "https://e.com", "rules": default_rules() })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("url"));
    }

    #[test]
    fn clicks_limit_zero_is_rejected_on_http() {
        let err = parse_draft(json!({ "name": "n", "rules": default_rules(), "clicksLimit": 0 })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("clicksLimit"));
    }

    #[test]
    fn expiration_date_must_be_in_the_future() {
        let err =
            parse_draft(json!({ "name": "n", "rules": default_rules(), "expirationDate": "2025-01-01T00:00:00Z" }))
                .unwrap_err();
        assert_eq!(err.message, "expirationDate must be in the future.");
    }

    #[test]
    fn description_is_limited_to_1000_characters() {
        let err =
            parse_draft(json!({ "name": "n", "rules": default_rules(), "description": "x".repeat(1001) })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("description"));
    }

    #[test]
    fn unknown_fields_are_rejected_by_the_wire_shape() {
        let err = serde_json::from_value::<LinkInput>(json!({ "name": "n", "nmae": "typo" })).unwrap_err();
        assert!(err.to_string().contains("unknown field `nmae`"));
    }

    #[test]
    fn patch_distinguishes_null_from_absent() {
        let patch: LinkPatchInput = serde_json::from_value(json!({ "clicksLimit": null })).unwrap();
        assert_eq!(patch.clicks_limit, Some(None));
        assert_eq!(patch.expiration_date, None);
    }
}

/// Deserialises a JSON value into a wire shape, turning serde's complaint into a sentence
/// that names the field (`rules[1].id`, `active`).
pub fn from_json<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, Invalid> {
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner().to_string();
        if let Some(rest) = inner.strip_prefix("unknown field `") {
            let name = rest.split('`').next().unwrap_or_default();
            let parent = path.rsplit_once('.').map(|(p, _)| p).filter(|_| path.ends_with(name));
            let field = match parent {
                Some(parent) => format!("{parent}.{name}"),
                None if path == "." || path == name => name.to_string(),
                None => super::domain::path(&path, name),
            };
            return Invalid::new(
                field.clone(),
                format!("{field} is not a known field; check its spelling."),
            );
        }
        let field = if path == "." { None } else { Some(path.clone()) };
        let shown = field.clone().unwrap_or_else(|| "The request body".to_string());
        Invalid {
            field,
            message: format!("{shown} has the wrong type or shape: {inner}."),
        }
    })
}

#[cfg(test)]
mod from_json_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unknown_top_level_field_is_named() {
        let err = from_json::<LinkInput>(json!({ "name": "n", "nmae": "x" })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("nmae"));
        assert_eq!(err.message, "nmae is not a known field; check its spelling.");
    }

    #[test]
    fn unknown_nested_field_is_named_with_its_path() {
        let err = from_json::<LinkInput>(
            json!({ "rules": [{ "targetUrl": "https://a.b", "isDefault": true }, { "colour": 1 }] }),
        )
        .unwrap_err();
        assert_eq!(err.field.as_deref(), Some("rules[1].colour"));
    }

    #[test]
    fn wrong_type_names_the_field() {
        let err = from_json::<LinkInput>(json!({ "active": "yes" })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("active"));
        assert!(err.message.starts_with("active has the wrong type"));
    }
}
