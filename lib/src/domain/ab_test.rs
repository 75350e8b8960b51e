//! Weighted A/B split of a link's visitors.

use serde::{Deserialize, Serialize};

use super::{BoundedText, Invalid, TargetUrl};

/// A caller-chosen variant identifier (the key of the variant in analytics).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct VariantId(String);

crate::domain::schema::string_schema!(VariantId, "VariantId", { "minLength": 1, "maxLength": 64 });

impl VariantId {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let text: BoundedText<64> = BoundedText::parse(field, raw)?;
        Ok(Self(text.into()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for VariantId {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse("id", &value)
    }
}

impl From<VariantId> for String {
    fn from(value: VariantId) -> Self {
        value.0
    }
}

/// One variant of an A/B test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Variant {
    pub id: VariantId,
    pub name: BoundedText<255>,
    pub url: TargetUrl,
    /// Where a person goes when the app of an app-scheme `url` did not open.
    #[serde(rename = "appFallbackUrl", default, skip_serializing_if = "Option::is_none")]
    pub app_fallback_url: Option<TargetUrl>,
    /// Share of visitors in percent; the weights of a link sum to 100.
    pub weight: u8,
}

/// Weighted A/B split. While enabled, EVERY visitor goes to a variant chosen by weight and
/// the rules are not consulted at all. Send { "enabled": false, "variants": [] } to switch it
/// off.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AbTestFields {
    /// Whether the split is on.
    #[schemars(required)]
    pub enabled: Option<bool>,
    /// At least 2 when enabled (at most 26).
    #[schemars(required, length(max = 26))]
    pub variants: Option<Vec<VariantFields>>,
}

/// One variant of an A/B test as a request gives it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VariantFields {
    /// Stable key of the variant in analytics (required on the HTTP API; a, b, c... when an MCP
    /// caller omits it).
    #[serde(default)]
    #[schemars(length(min = 1, max = 64))]
    pub id: Option<String>,
    /// Display name (required on the HTTP API; Variant A, Variant B... when an MCP caller
    /// omits it).
    #[serde(default)]
    #[schemars(length(min = 1, max = 255))]
    pub name: Option<String>,
    /// Destination URL of the variant.
    #[schemars(required, length(min = 1, max = 4096))]
    pub url: Option<String>,
    /// Only beside an app-scheme url: an https URL (an App Store, Play Store or web page) a
    /// person's browser goes to when the app did not open within about 1.5 s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 1, max = 4096))]
    pub app_fallback_url: Option<String>,
    /// HTTP API: a whole percentage, the weights summing to exactly 100. MCP: a relative share
    /// (70 and 30, 7 and 3, or 2 and 1 all work), stored as percentages summing to 100.
    #[schemars(required, extend("exclusiveMinimum" = 0, "maximum" = 1_000_000))]
    pub weight: Option<f64>,
}

/// How variant weights and ids are read: the HTTP API wants exact percentages and ids;
/// MCP takes relative shares and assigns ids and names when omitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WeightMode {
    Percent,
    Relative,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(try_from = "AbTestRepr")]
pub struct AbTest {
    pub enabled: bool,
    pub variants: Vec<Variant>,
}

#[derive(Deserialize, schemars::JsonSchema)]
struct AbTestRepr {
    enabled: bool,
    variants: Vec<Variant>,
}

impl TryFrom<AbTestRepr> for AbTest {
    type Error = Invalid;
    fn try_from(repr: AbTestRepr) -> Result<Self, Self::Error> {
        let sum: u32 = repr.variants.iter().map(|v| u32::from(v.weight)).sum();
        if repr.enabled && (repr.variants.len() < 2 || sum != 100) {
            return Err(Invalid::new("abTest", "stored A/B test is inconsistent"));
        }
        Ok(Self {
            enabled: repr.enabled,
            variants: repr.variants,
        })
    }
}

impl AbTest {
    pub fn disabled() -> Self {
        Self {
            enabled: false,
            variants: Vec::new(),
        }
    }

    pub fn parse(field: &str, fields: &AbTestFields, mode: WeightMode) -> Result<Self, Invalid> {
        let Some(enabled) = fields.enabled else {
            return Err(Invalid::new(
                format!("{field}.enabled"),
                format!("{field}.enabled is required (true or false)."),
            ));
        };
        let Some(inputs) = &fields.variants else {
            return Err(Invalid::new(
                format!("{field}.variants"),
                format!("{field}.variants is required (an empty array when the test is disabled)."),
            ));
        };
        if enabled && inputs.len() < 2 {
            return Err(Invalid::new(
                format!("{field}.variants"),
                format!(
                    "{field}.variants needs at least 2 variants when the test is enabled (got {}).",
                    inputs.len()
                ),
            ));
        }
        if inputs.len() > 26 {
            return Err(Invalid::new(
                format!("{field}.variants"),
                format!("{field}.variants may hold at most 26 variants."),
            ));
        }
        let mut raw_weights = Vec::with_capacity(inputs.len());
        let mut variants = Vec::with_capacity(inputs.len());
        for (i, input) in inputs.iter().enumerate() {
            let at = format!("{field}.variants[{i}]");
            let letter = char::from(b'a' + i as u8);
            let id = match (&input.id, mode) {
                (Some(id), _) => VariantId::parse(&format!("{at}.id"), id)?,
                (None, WeightMode::Relative) => VariantId(letter.to_string()),
                (None, WeightMode::Percent) => {
                    return Err(Invalid::new(format!("{at}.id"), format!("{at}.id is required.")));
                }
            };
            if variants.iter().any(|v: &Variant| v.id == id) {
                return Err(Invalid::new(
                    format!("{at}.id"),
                    format!(
                        "{at}.id {:?} is used by another variant; variant ids must be unique.",
                        id.as_str()
                    ),
                ));
            }
            let name = match (&input.name, mode) {
                (Some(name), _) => BoundedText::parse(&format!("{at}.name"), name)?,
                (None, WeightMode::Relative) => {
                    BoundedText::parse("name", &format!("Variant {}", letter.to_ascii_uppercase()))?
                }
                (None, WeightMode::Percent) => {
                    return Err(Invalid::new(format!("{at}.name"), format!("{at}.name is required.")));
                }
            };
            let url = match &input.url {
                Some(url) => TargetUrl::parse(&format!("{at}.url"), url)?,
                None => return Err(Invalid::new(format!("{at}.url"), format!("{at}.url is required."))),
            };
            let app_fallback_url = TargetUrl::parse_app_fallback(
                &format!("{at}.appFallbackUrl"),
                input.app_fallback_url.as_deref(),
                &format!("{at}.url"),
                &url,
            )?;
            let Some(weight) = input.weight else {
                return Err(Invalid::new(
                    format!("{at}.weight"),
                    format!("{at}.weight is required."),
                ));
            };
            let weight_ok = match mode {
                WeightMode::Percent => weight.fract() == 0.0 && (1.0..=99.0).contains(&weight),
                WeightMode::Relative => weight.is_finite() && weight > 0.0 && weight <= 1_000_000.0,
            };
            if !weight_ok {
                let expected = match mode {
                    WeightMode::Percent => "a whole number from 1 to 99",
                    WeightMode::Relative => "a positive number (a relative share, e.g. 70 and 30)",
                };
                return Err(Invalid::new(
                    format!("{at}.weight"),
                    format!("{at}.weight must be {expected}."),
                ));
            }
            raw_weights.push(weight);
            variants.push(Variant {
                id,
                name,
                url,
                app_fallback_url,
                weight: 0,
            });
        }
        let weights = match mode {
            WeightMode::Percent => {
                let sum: f64 = raw_weights.iter().sum();
                if enabled && sum != 100.0 {
                    return Err(Invalid::new(
                        format!("{field}.variants"),
                        format!("{field}.variants weights must sum to 100 (got {sum})."),
                    ));
                }
                raw_weights.iter().map(|w| *w as u8).collect()
            }
            WeightMode::Relative => normalise(&raw_weights),
        };
        for (variant, weight) in variants.iter_mut().zip(weights) {
            variant.weight = weight;
        }
        if enabled && variants.iter().any(|v| v.weight == 0) {
            return Err(Invalid::new(
                format!("{field}.variants"),
                format!("{field}.variants weights are too uneven: every variant needs at least 1% of visitors."),
            ));
        }
        Ok(Self { enabled, variants })
    }

    /// The variant for a uniform draw in `0..100`.
    pub fn pick(&self, draw: u64) -> Option<&Variant> {
        let mut acc = 0u64;
        self.variants.iter().find(|v| {
            acc += u64::from(v.weight);
            draw < acc
        })
    }
}

/// Largest-remainder normalisation of relative shares to integer percentages summing to 100.
fn normalise(shares: &[f64]) -> Vec<u8> {
    if shares.is_empty() {
        return Vec::new();
    }
    let total: f64 = shares.iter().sum();
    let exact: Vec<f64> = shares.iter().map(|s| s / total * 100.0).collect();
    let mut out: Vec<u8> = exact.iter().map(|e| e.floor() as u8).collect();
    let assigned: u32 = out.iter().map(|w| u32::from(*w)).sum();
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|&a, &b| {
        (exact[b] - exact[b].floor())
            .partial_cmp(&(exact[a] - exact[a].floor()))
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.cmp(&b))
    });
    for &i in order.iter().cycle().take(100usize.saturating_sub(assigned as usize)) {
        out[i] += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(id: &str, weight: f64) -> VariantFields {
        VariantFields {
            id: Some(id.into()),
            name: Some(format!("Variant {id}")),
            url: Some(format!("https://example.com/{id}")),
            weight: Some(weight),
            ..VariantFields::default()
        }
    }

    fn fields(enabled: bool, variants: Vec<VariantFields>) -> AbTestFields {
        AbTestFields {
            enabled: Some(enabled),
            variants: Some(variants),
        }
    }

    #[test]
    fn percent_weights_must_sum_to_100() {
        let err = AbTest::parse(
            "abTest",
            &fields(true, vec![variant("a", 50.0), variant("b", 40.0)]),
            WeightMode::Percent,
        )
        .unwrap_err();
        assert_eq!(err.message, "abTest.variants weights must sum to 100 (got 90).");
    }

    #[test]
    fn enabled_test_needs_two_variants() {
        let err = AbTest::parse("abTest", &fields(true, vec![variant("a", 100.0)]), WeightMode::Percent).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("abTest.variants"));
    }

    #[test]
    fn percent_weights_are_whole_numbers_from_1_to_99() {
        for bad in [0.0, 100.0, 50.5] {
            let err = AbTest::parse(
                "abTest",
                &fields(true, vec![variant("a", bad), variant("b", 100.0 - bad)]),
                WeightMode::Percent,
            )
            .unwrap_err();
            assert_eq!(err.field.as_deref(), Some("abTest.variants[0].weight"), "{bad}");
        }
    }

    #[test]
    fn variant_ids_are_unique() {
        let err = AbTest::parse(
            "abTest",
            &fields(true, vec![variant("a", 50.0), variant("a", 50.0)]),
            WeightMode::Percent,
        )
        .unwrap_err();
        assert_eq!(err.field.as_deref(), Some("abTest.variants[1].id"));
    }

    #[test]
    fn relative_shares_normalise_to_100_and_get_letters() {
        let anonymous = |w| VariantFields {
            url: Some("https://e.com".into()),
            weight: Some(w),
            ..Default::default()
        };
        for (shares, expected) in [
            (vec![70.0, 30.0], vec![70, 30]),
            (vec![7.0, 3.0], vec![70, 30]),
            (vec![2.0, 1.0], vec![67, 33]),
            (vec![1.0, 1.0, 1.0], vec![34, 33, 33]),
        ] {
            let test = AbTest::parse(
                "abTest",
                &fields(true, shares.iter().map(|w| anonymous(*w)).collect()),
                WeightMode::Relative,
            )
            .unwrap();
            let weights: Vec<u8> = test.variants.iter().map(|v| v.weight).collect();
            assert_eq!(weights, expected, "{shares:?}");
            assert_eq!(test.variants[0].id.as_str(), "a");
            assert_eq!(test.variants[1].name.as_str(), "Variant B");
        }
    }

    #[test]
    fn disabled_test_accepts_no_variants() {
        let test = AbTest::parse("abTest", &fields(false, vec![]), WeightMode::Percent).unwrap();
        assert_eq!(test, AbTest::disabled());
    }

    #[test]
    fn pick_follows_cumulative_weights() {
        let test = AbTest::parse(
            "abTest",
            &fields(true, vec![variant("a", 70.0), variant("b", 30.0)]),
            WeightMode::Percent,
        )
        .unwrap();
        assert_eq!(test.pick(0).unwrap().id.as_str(), "a");
        assert_eq!(test.pick(69).unwrap().id.as_str(), "a");
        assert_eq!(test.pick(70).unwrap().id.as_str(), "b");
        assert_eq!(test.pick(99).unwrap().id.as_str(), "b");
    }
}
