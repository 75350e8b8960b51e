//! Conversions as the analytics pages word them: sales as money in each currency's own minor
//! unit, conversion rates as the percentage the report's ratio is, the events' table, and the
//! sentence a marketer reads about an A/B test.

use crate::analytics::conversion_report::{AbTestResult, Amounts, ConversionEntry, Conversions};
use crate::analytics::report::RouteStats;

use super::analytics_views::{ConversionsView, DailyChart, EventRow};

/// `minor` units of the ISO 4217 currency `code` as money: `4999`, `EUR` → `49.99 EUR`
/// (`500 JPY`, a currency without minor units; a code the table does not know, as given).
pub fn money(minor: u64, code: &str) -> String {
    let exponent = iso_currency::Currency::from_code(code)
        .and_then(iso_currency::Currency::exponent)
        .unwrap_or(0);
    if exponent == 0 {
        return format!("{minor} {code}");
    }
    let unit = 10u64.pow(u32::from(exponent));
    let width = usize::from(exponent);
    format!("{}.{:0width$} {code}", minor / unit, minor % unit)
}

/// Sales in every currency, as money (`49.99 EUR, 5.00 USD`); `—` without any.
pub fn sales(amounts: &Amounts) -> String {
    if amounts.is_empty() {
        return "—".into();
    }
    amounts
        .iter()
        .map(|(code, minor)| money(*minor, code))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A conversion rate (the report's ratio, to 4 decimals) as the percentage it is, to the
/// 2 decimals that keep it exact: `0.25` → `25.00 %`, `0.1234` → `12.34 %`.
pub fn rate(ratio: f64) -> String {
    format!("{:.2} %", ratio * 100.0)
}

/// The events of a report, most converted first (then by name).
pub fn ranked(conversions: &Conversions) -> Vec<(&String, &ConversionEntry)> {
    let mut events: Vec<_> = conversions.iter().collect();
    events.sort_by(|a, b| b.1.value.cmp(&a.1.value).then_with(|| a.0.cmp(b.0)));
    events
}

fn events(conversions: &Conversions) -> Vec<EventRow> {
    ranked(conversions)
        .into_iter()
        .map(|(event, entry)| EventRow {
            event: event.clone(),
            conversions: entry.value,
            sales: sales(&entry.amounts),
        })
        .collect()
}

/// The conversions section of a page.
pub fn section(conversions: &Conversions, daily: DailyChart, csv_href: String) -> ConversionsView {
    ConversionsView {
        daily,
        events: events(conversions),
        csv_href,
    }
}

/// A probability as a whole percentage; one that rounds to 100 without being certain is
/// `over 99 %`.
fn chance(p: f64) -> String {
    let percent = (p * 100.0).round();
    if percent >= 100.0 && p < 1.0 {
        "over 99 %".into()
    } else {
        format!("{percent:.0} %")
    }
}

/// `A`, `A and B`, `A, B and C`.
fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Which variant converts best, in a sentence: the leader by name with its probability of
/// being best, or why none leads (no conversions yet, or variants exactly level).
/// `variants` are the test's variants in the link's order: (id, statistics).
pub fn ab_verdict(result: &AbTestResult, variants: &[(String, &RouteStats)]) -> String {
    let name = |id: &str| {
        variants
            .iter()
            .find(|(v, _)| v == id)
            .map_or_else(|| id.to_string(), |(_, stats)| stats.name.clone())
    };
    if let Some(leader) = &result.leader {
        let p = result.probability_best.get(leader).copied().unwrap_or(0.0);
        return format!("{} is best with {} probability.", name(leader), chance(p));
    }
    if variants.iter().all(|(_, stats)| stats.conversions == 0) {
        return "No variant leads yet: no conversions in this range.".into();
    }
    let top = result
        .probability_best
        .values()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let level: Vec<String> = variants
        .iter()
        .filter(|(id, _)| result.probability_best.get(id) == Some(&top))
        .map(|(id, _)| name(id))
        .collect();
    format!(
        "No variant leads: {} are level, each best with {} probability.",
        listed(&level),
        chance(top)
    )
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn stats(name: &str, conversions: u64) -> RouteStats {
        RouteStats {
            name: name.into(),
            target_url: "https://example.com/".into(),
            clicks: 10,
            unique_clicks: 10,
            referrers: BTreeMap::new(),
            conversions,
            conversion_rate: 0.0,
            amounts: BTreeMap::new(),
        }
    }

    fn result(leader: Option<&str>, chances: &[(&str, f64)]) -> AbTestResult {
        AbTestResult {
            leader: leader.map(str::to_string),
            probability_best: chances.iter().map(|(id, p)| ((*id).to_string(), *p)).collect(),
        }
    }

    #[test]
    fn money_is_written_in_the_currency_s_own_minor_unit() {
        assert_eq!(money(4999, "EUR"), "49.99 EUR");
        assert_eq!(money(5, "USD"), "0.05 USD");
        assert_eq!(money(500, "JPY"), "500 JPY");
        assert_eq!(money(1234, "BHD"), "1.234 BHD");
    }

    #[test]
    fn sales_list_every_currency_or_a_dash() {
        let amounts: Amounts = [("EUR".to_string(), 4999), ("USD".to_string(), 500)].into();
        assert_eq!(sales(&amounts), "49.99 EUR, 5.00 USD");
        assert_eq!(sales(&Amounts::new()), "—");
    }

    #[test]
    fn rates_are_the_report_s_ratio_as_a_percentage() {
        assert_eq!(rate(0.25), "25.00 %");
        assert_eq!(rate(0.2857), "28.57 %");
        assert_eq!(rate(2.0), "200.00 %");
        assert_eq!(rate(0.0), "0.00 %");
    }

    #[test]
    fn the_leader_is_named_with_its_chance_of_being_best() {
        let (a, b) = (stats("Blue button", 1), stats("Red button", 5));
        let variants = [("a".to_string(), &a), ("b".to_string(), &b)];
        let verdict = ab_verdict(&result(Some("b"), &[("a", 0.0588), ("b", 0.9412)]), &variants);
        assert_eq!(verdict, "Red button is best with 94 % probability.");
    }

    #[test]
    fn a_near_certain_leader_is_not_called_certain() {
        let (a, b) = (stats("A", 0), stats("B", 9));
        let variants = [("a".to_string(), &a), ("b".to_string(), &b)];
        let verdict = ab_verdict(&result(Some("b"), &[("a", 0.0001), ("b", 0.9999)]), &variants);
        assert_eq!(verdict, "B is best with over 99 % probability.");
    }

    #[test]
    fn without_conversions_no_variant_leads_yet() {
        let (a, b) = (stats("A", 0), stats("B", 0));
        let variants = [("a".to_string(), &a), ("b".to_string(), &b)];
        let verdict = ab_verdict(&result(None, &[("a", 0.5), ("b", 0.5)]), &variants);
        assert_eq!(verdict, "No variant leads yet: no conversions in this range.");
    }

    #[test]
    fn an_exact_tie_says_which_variants_are_level() {
        let (a, b, c) = (stats("A", 2), stats("B", 2), stats("C", 0));
        let variants = [("a".to_string(), &a), ("b".to_string(), &b), ("c".to_string(), &c)];
        let verdict = ab_verdict(&result(None, &[("a", 0.45), ("b", 0.45), ("c", 0.1)]), &variants);
        assert_eq!(
            verdict,
            "No variant leads: A and B are level, each best with 45 % probability."
        );
    }
}
