//! The cells of an import file read as values: dates in the forms the peers write them,
//! yes/no flags, counts, and short links split into domain and slug.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};

use crate::domain::Invalid;

/// A date-time as the exports write them: RFC 3339 (`2026-12-31T23:59:00Z`, any offset),
/// `2026-12-31 23:59:00` or `2026-12-31T23:59:00` (UTC), `2026-12-31` (the end of that day,
/// UTC: a link "expiring on" a day serves all of it). Written back as RFC 3339.
pub(super) fn date_time(field: &str, raw: &str) -> Result<String, Invalid> {
    let raw = raw.trim();
    if let Ok(at) = DateTime::parse_from_rfc3339(raw) {
        return Ok(at.with_timezone(&Utc).to_rfc3339());
    }
    for form in [
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%d %H:%M:%S%.f",
    ] {
        if let Ok(at) = NaiveDateTime::parse_from_str(raw, form) {
            return Ok(at.and_utc().to_rfc3339());
        }
    }
    if let Ok(day) = NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        let end = day.and_hms_opt(23, 59, 59).expect("a valid time of day");
        return Ok(end.and_utc().to_rfc3339());
    }
    Err(Invalid::new(
        field,
        format!("{field} is not a date: {raw:?} (write 2026-12-31, 2026-12-31 23:59:00 or 2026-12-31T23:59:00Z)."),
    ))
}

/// A yes/no cell: `true`/`false`, `yes`/`no`, `1`/`0` (any case).
pub(super) fn flag(field: &str, raw: &str) -> Result<bool, Invalid> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "true" | "yes" | "1" => Ok(true),
        "false" | "no" | "0" => Ok(false),
        _ => Err(Invalid::new(
            field,
            format!("{field} must be true or false, not {raw:?}."),
        )),
    }
}

/// A whole number cell, handed on as a JSON number so the create's own check judges it.
pub(super) fn count(field: &str, raw: &str) -> Result<serde_json::Number, Invalid> {
    raw.trim()
        .parse::<u64>()
        .map(serde_json::Number::from)
        .map_err(|_| Invalid::new(field, format!("{field} must be a whole number, not {raw:?}.")))
}

/// A short link (`bit.ly/3xYz9Ab`, `https://go.brand.com/summer`) split into its domain
/// (lower-cased) and its slug (lower-cased: the redirect reads paths without case, so a moved
/// link keeps answering at its old address).
pub(super) fn short_link(field: &str, raw: &str) -> Result<(String, String), Invalid> {
    let raw = raw.trim();
    let rest = raw
        .strip_prefix("https://")
        .or_else(|| raw.strip_prefix("http://"))
        .unwrap_or(raw);
    match rest.split_once('/') {
        Some((domain, slug)) if !domain.is_empty() && !slug.trim_matches('/').is_empty() => {
            Ok((domain.to_ascii_lowercase(), slug.trim_matches('/').to_ascii_lowercase()))
        }
        _ => Err(Invalid::new(
            field,
            format!("{field} is not a short link (domain/slug): {raw:?}."),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_day_expires_at_its_end_in_utc() {
        assert_eq!(date_time("e", "2026-12-31").unwrap(), "2026-12-31T23:59:59+00:00");
    }

    #[test]
    fn a_time_without_offset_is_utc_and_an_offset_is_kept() {
        assert_eq!(
            date_time("e", "2026-12-31 10:00:00").unwrap(),
            "2026-12-31T10:00:00+00:00"
        );
        assert_eq!(
            date_time("e", "2026-12-31T10:00:00+02:00").unwrap(),
            "2026-12-31T08:00:00+00:00"
        );
    }

    #[test]
    fn a_short_link_splits_into_a_lower_case_domain_and_slug() {
        assert_eq!(
            short_link("link", "https://Go.Brand.com/Summer").unwrap(),
            ("go.brand.com".to_string(), "summer".to_string())
        );
        assert_eq!(short_link("link", "bit.ly/3xYz").unwrap().1, "3xyz");
        assert!(short_link("link", "bit.ly/").is_err());
    }
}
