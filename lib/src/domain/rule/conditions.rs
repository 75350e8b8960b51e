//! A rule's visitor conditions, parsed from its fields: countries, cities, devices, systems,
//! browsers, languages, a time window and days, and the default rule's having none.

use super::RuleFields;
use crate::domain::{
    BoundedText, Conditions, CountryCode, Invalid, Locale, TimeOfDay, TimeWindow, Vocabulary, Weekday, path,
};

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

/// The visitor conditions of the rule at `at`.
pub(super) fn conditions(at: &str, fields: &RuleFields) -> Result<Conditions, Invalid> {
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
pub(super) fn check_default(at: &str, is_default: bool, conditions: &Conditions) -> Result<(), Invalid> {
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
