//! The date range of an analytics request, as the caller sent it.

use chrono::NaiveDate;

use crate::domain::Invalid;

/// `from`/`to` of an analytics request: UTC days (`YYYY-MM-DD`), each absent when not sent.
/// The service fills the defaults (the creation day, today) and checks the span.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DayRange {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

impl DayRange {
    pub fn parse(from: Option<&str>, to: Option<&str>) -> Result<Self, Invalid> {
        Ok(Self {
            from: day("from", from)?,
            to: day("to", to)?,
        })
    }
}

/// A day written `YYYY-MM-DD`; blank counts as absent.
fn day(field: &str, raw: Option<&str>) -> Result<Option<NaiveDate>, Invalid> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(raw) => NaiveDate::parse_from_str(raw, "%Y-%m-%d")
            .ok()
            .filter(|_| raw.len() == 10)
            .map(Some)
            .ok_or_else(|| {
                Invalid::new(
                    field,
                    format!("{field} must be a date written YYYY-MM-DD (got {raw:?})."),
                )
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_day_names_its_parameter() {
        for (from, to, field) in [
            (Some("2026-1-5"), None, "from"),
            (None, Some("yesterday"), "to"),
            (Some("2026-02-30"), None, "from"),
        ] {
            let err = DayRange::parse(from, to).unwrap_err();
            assert_eq!(err.field.as_deref(), Some(field));
        }
    }

    #[test]
    fn blank_days_count_as_absent() {
        assert_eq!(DayRange::parse(Some(" "), None).unwrap(), DayRange::default());
    }
}
