//! Parsers of the fields create and update share: each turns one wire value into its
//! domain value, or an [`Invalid`] naming the field and saying what to change.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};

use super::{Door, ParseContext};
use crate::domain::ids::ObjectId;
use crate::domain::{
    AbTest, AbTestFields, BoundedText, ClicksLimit, HexColor, Invalid, MAX_TAGS_PER_LINK, RuleFields, Rules, TargetUrl,
    Utm, UtmFields, WeightMode, parse_tag_ids,
};

pub(super) fn name(raw: Option<&str>) -> Result<BoundedText<255>, Invalid> {
    match raw.map(str::trim).filter(|n| !n.is_empty()) {
        Some(n) => BoundedText::parse("name", n),
        None => Err(Invalid::new("name", "Name is required.")),
    }
}

/// Optional text: empty or blank text counts as "none".
pub(super) fn optional_text<const MAX: usize>(
    field: &str,
    raw: Option<&str>,
) -> Result<Option<BoundedText<MAX>>, Invalid> {
    raw.map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| BoundedText::parse(field, t))
        .transpose()
}

pub(super) fn clicks_limit(raw: &serde_json::Number, door: Door) -> Result<Option<ClicksLimit>, Invalid> {
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
pub(super) fn expiration_date(raw: &str, now: DateTime<Utc>) -> Result<DateTime<Utc>, Invalid> {
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

pub(super) fn tag_ids(raw: &[String]) -> Result<Vec<ObjectId>, Invalid> {
    parse_tag_ids(raw, MAX_TAGS_PER_LINK)
}

pub(super) fn ab_test(fields: &AbTestFields, door: Door) -> Result<Option<AbTest>, Invalid> {
    let mode = match door {
        Door::Http => WeightMode::Percent,
        Door::Mcp => WeightMode::Relative,
    };
    let test = AbTest::parse("abTest", fields, mode)?;
    Ok((test.enabled || !test.variants.is_empty()).then_some(test))
}

/// `fallbackUrl`: the same rules as a rule's target; blank means none.
pub(super) fn fallback_url(raw: Option<&str>) -> Result<Option<TargetUrl>, Invalid> {
    raw.filter(|u| !u.trim().is_empty())
        .map(|u| TargetUrl::parse("fallbackUrl", u))
        .transpose()
}

/// `utm`: the five fields, blank ones absent; none at all when every one is.
pub(super) fn utm(raw: Option<&UtmFields>) -> Result<Option<Utm>, Invalid> {
    Ok(raw.map(|fields| Utm::parse("utm", fields)).transpose()?.flatten())
}

pub(super) fn hex(field: &str, raw: Option<&str>) -> Result<Option<HexColor>, Invalid> {
    raw.map(|c| HexColor::parse(field, c)).transpose()
}

pub(super) fn rules(raw: &[RuleFields], ctx: &mut ParseContext<'_>) -> Result<Rules, Invalid> {
    Rules::parse("rules", raw, &mut *ctx.new_id)
}
