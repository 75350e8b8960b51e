//! The conversion fields of the reports, from the rollups' conversion counters (no I/O).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::Serialize;

use super::ab_result::{Arm, probability_best};
use super::dimension;
use super::report::Summed;

/// Minor units by ISO 4217 currency.
pub type Amounts = BTreeMap<String, u64>;

/// `{ title, value, amounts }` of one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct ConversionEntry {
    pub title: String,
    pub value: u64,
    /// Sales reported with this event, summed per currency in minor units.
    pub amounts: Amounts,
}

/// Conversions by event name.
pub type Conversions = BTreeMap<String, ConversionEntry>;

/// What one rule or variant converted in the range.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RouteOutcome {
    pub conversions: u64,
    /// Conversions ÷ clicks, to 4 decimals; 0 without clicks.
    pub conversion_rate: f64,
    pub amounts: Amounts,
}

/// Which A/B variant converts best, and how sure that is.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AbTestResult {
    /// The variant most likely to have the highest conversion rate; `null` with no
    /// conversions, or when two variants are exactly as likely.
    pub leader: Option<String>,
    /// For each variant, the probability that its true conversion rate is the highest
    /// (Beta(1 + conversions, 1 + clicks − conversions) posteriors, integrated numerically).
    pub probability_best: BTreeMap<String, f64>,
}

/// To 4 decimals.
fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

impl Summed {
    /// Conversions in the range, by event, with their amounts.
    pub fn conversions(&self) -> Conversions {
        self.prefixed("conv")
            .map(|(event, value)| {
                let entry = ConversionEntry {
                    title: event.to_string(),
                    value,
                    amounts: self.amounts(&format!("convamount|{event}")),
                };
                (event.to_string(), entry)
            })
            .collect()
    }

    /// Every day of the range with its conversions (0 where none).
    pub fn daily_conversions(&self, from: NaiveDate, to: NaiveDate) -> BTreeMap<String, u64> {
        Self::every_day(&self.daily_conversions, from, to)
    }

    /// What a rule converted, given its clicks in the range.
    pub fn rule_outcome(&self, rule: &str, clicks: u64) -> RouteOutcome {
        self.outcome(
            &dimension::rule_conversions(rule),
            &dimension::rule_amount(rule),
            clicks,
        )
    }

    /// What a variant converted, given its clicks in the range.
    pub fn variant_outcome(&self, variant: &str, clicks: u64) -> RouteOutcome {
        self.outcome(
            &dimension::variant_conversions(variant),
            &dimension::variant_amount(variant),
            clicks,
        )
    }

    /// What the A/B comparison counts for each of `variants`: the conversions the API reported
    /// when any variant has one in the range (the pixel, which anyone holding a click id may
    /// fire, cannot then move the leader), else the clicks the pixel converted (one per click,
    /// however many events it fired). Conversions recorded before sources were kept count in
    /// either, as they did before.
    pub fn ab_conversions(&self, variants: &[&str]) -> Vec<u64> {
        let counts: Vec<(u64, u64, u64)> = variants
            .iter()
            .map(|v| {
                let api = self.count(&dimension::variant_api_conversions(v));
                let pixel = self.count(&dimension::variant_pixel_conversions(v));
                let unsourced = self
                    .count(&dimension::variant_conversions(v))
                    .saturating_sub(api + pixel);
                let pixel_clicks = self.count(&dimension::variant_pixel_clicks(v));
                (api, pixel_clicks, unsourced)
            })
            .collect();
        let by_api = counts.iter().any(|&(api, _, _)| api > 0);
        counts
            .into_iter()
            .map(|(api, pixel_clicks, unsourced)| unsourced + if by_api { api } else { pixel_clicks })
            .collect()
    }

    fn outcome(&self, conversions: &str, amounts: &str, clicks: u64) -> RouteOutcome {
        let count = self.count(conversions);
        RouteOutcome {
            conversions: count,
            conversion_rate: if clicks == 0 {
                0.0
            } else {
                round4(count as f64 / clicks as f64)
            },
            amounts: self.amounts(amounts),
        }
    }

    /// Counters `<prefix>|<currency>` as currency → minor units.
    fn amounts(&self, prefix: &str) -> Amounts {
        self.prefixed(prefix)
            .map(|(currency, value)| (currency.to_string(), value))
            .collect()
    }
}

/// The A/B result of variants given as (id, clicks, conversions) in the range.
pub fn ab_test_result(variants: &[(String, u64, u64)]) -> AbTestResult {
    let arms: Vec<Arm> = variants
        .iter()
        .map(|&(_, clicks, conversions)| Arm { clicks, conversions })
        .collect();
    let probabilities: Vec<f64> = probability_best(&arms).into_iter().map(round4).collect();
    let converted = variants.iter().any(|&(_, _, conversions)| conversions > 0);
    let top = probabilities.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut at_top = variants.iter().zip(&probabilities).filter(|(_, p)| **p == top);
    let leader = match (converted, at_top.next(), at_top.next()) {
        (true, Some(((id, _, _), _)), None) => Some(id.clone()),
        _ => None,
    };
    AbTestResult {
        leader,
        probability_best: variants
            .iter()
            .map(|(id, _, _)| id.clone())
            .zip(probabilities)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variants(counts: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
        counts.iter().map(|&(id, c, v)| (id.to_string(), c, v)).collect()
    }

    #[test]
    fn the_leader_is_the_variant_most_likely_best() {
        let result = ab_test_result(&variants(&[("a", 1000, 50), ("b", 1000, 80)]));
        assert_eq!(result.leader.as_deref(), Some("b"));
        assert!(result.probability_best["b"] > 0.99);
        let sum: f64 = result.probability_best.values().sum();
        assert!((sum - 1.0).abs() < 0.001);
    }

    fn summed(counts: &[(&str, u64)]) -> Summed {
        Summed {
            counts: counts.iter().map(|&(n, v)| (n.to_string(), v)).collect(),
            ..Summed::default()
        }
    }

    #[test]
    fn once_the_api_reported_a_variants_conversion_the_ab_comparison_counts_only_the_apis() {
        let summed = summed(&[
            ("convvariant|a", 2),
            ("convvariantapi|a", 2),
            ("convvariant|b", 10),
            ("convvariantpixel|b", 10),
            ("convvariantpixelclick|b", 1),
        ]);
        assert_eq!(summed.ab_conversions(&["a", "b"]), [2, 0]);
    }

    #[test]
    fn with_the_pixel_alone_the_ab_comparison_counts_the_clicks_it_converted() {
        let summed = summed(&[
            ("convvariant|a", 3),
            ("convvariantpixel|a", 3),
            ("convvariantpixelclick|a", 3),
            ("convvariant|b", 10),
            ("convvariantpixel|b", 10),
            ("convvariantpixelclick|b", 1),
        ]);
        assert_eq!(summed.ab_conversions(&["a", "b"]), [3, 1]);
    }

    #[test]
    fn conversions_recorded_before_sources_were_kept_count_as_they_did() {
        let summed = summed(&[("convvariant|a", 4), ("convvariant|b", 7), ("convvariantpixel|b", 2)]);
        assert_eq!(summed.ab_conversions(&["a", "b"]), [4, 5]);
    }

    #[test]
    fn without_conversions_there_is_no_leader() {
        let result = ab_test_result(&variants(&[("a", 1000, 0), ("b", 10, 0)]));
        assert_eq!(result.leader, None);
    }

    #[test]
    fn equal_variants_have_no_leader_and_equal_chances() {
        let result = ab_test_result(&variants(&[("a", 200, 20), ("b", 200, 20)]));
        assert_eq!(result.leader, None);
        assert_eq!(result.probability_best["a"], result.probability_best["b"]);
        assert_eq!(result.probability_best["a"], 0.5);
    }
}
