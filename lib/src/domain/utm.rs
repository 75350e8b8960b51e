//! UTM parameters: what a link adds to every destination it sends a visitor to, for the
//! destination's own analytics (ours keep rules and variants).

use serde::{Deserialize, Serialize};

use super::{BoundedText, Invalid};

/// The most characters one UTM value holds.
pub const MAX_UTM_CHARS: usize = 255;

/// One UTM value: non-empty text of at most 255 characters.
pub type UtmValue = BoundedText<MAX_UTM_CHARS>;

/// The five UTM parameters, each optional; never all absent (a link without any is `None`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Utm {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<UtmValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub medium: Option<UtmValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<UtmValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub term: Option<UtmValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<UtmValue>,
}

/// The query parameter names, in the order a destination receives them.
pub const UTM_PARAMETERS: [&str; 5] = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];

/// Declares a struct: its own fields, then the five UTM fields, whose names and descriptions are
/// written only here. `request`: each an optional string of at most 255 characters, described
/// by its parameter (what a request gives: a link's `utm`, a template's fields); `record`: each
/// a string or `null` (what listing templates answers). `take` gives a `request` struct with
/// fields of its own a `take_utm` that moves the five out as [`UtmFields`].
macro_rules! with_utm_fields {
    ($form:ident $($item:tt)*) => {
        $crate::domain::with_utm_fields!(@$form [$($item)*]
            source "utm_source (at most 255 characters).",
            medium "utm_medium (at most 255 characters).",
            campaign "utm_campaign (at most 255 characters).",
            term "utm_term (at most 255 characters).",
            content "utm_content (at most 255 characters).",
        );
    };
    (@request [$(#[$meta:meta])* $vis:vis struct $name:ident { $($fields:tt)* }] $($utm:ident $doc:tt,)*) => {
        $(#[$meta])* $vis struct $name {
            $($fields)*
            $(
                #[doc = $doc]
                #[serde(default)]
                #[schemars(length(max = 255))]
                pub $utm: Option<String>,
            )*
        }
    };
    (@record [$(#[$meta:meta])* $vis:vis struct $name:ident { $($fields:tt)* }] $($utm:ident $doc:tt,)*) => {
        $(#[$meta])* $vis struct $name {
            $($fields)*
            $(pub $utm: Option<String>,)*
        }
    };
    (@take [$name:ident] $($utm:ident $doc:tt,)*) => {
        impl $name {
            /// Moves the five UTM fields out, as [`UtmFields`](crate::domain::UtmFields).
            pub fn take_utm(&mut self) -> $crate::domain::UtmFields {
                $crate::domain::UtmFields { $($utm: self.$utm.take(),)* }
            }
        }
    };
}
pub(crate) use with_utm_fields;

with_utm_fields! { request
    /// The five fields as a request gives them (`utm` on a link, a template's fields).
    #[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct UtmFields {}
}

impl Utm {
    /// The fields under `field` (`utm`; empty for fields at the top of a body): each blank one
    /// is absent; `None` when all are.
    pub fn parse(field: &str, raw: &UtmFields) -> Result<Option<Self>, Invalid> {
        let value = |name: &str, raw: &Option<String>| {
            let path = if field.is_empty() {
                name.to_string()
            } else {
                format!("{field}.{name}")
            };
            raw.as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(|v| UtmValue::parse(&path, v))
                .transpose()
        };
        let utm = Self {
            source: value("source", &raw.source)?,
            medium: value("medium", &raw.medium)?,
            campaign: value("campaign", &raw.campaign)?,
            term: value("term", &raw.term)?,
            content: value("content", &raw.content)?,
        };
        Ok((!utm.is_empty()).then_some(utm))
    }

    pub fn is_empty(&self) -> bool {
        self.pairs().next().is_none()
    }

    /// The five values in [`UTM_PARAMETERS`] order.
    fn values(&self) -> [&Option<UtmValue>; 5] {
        [&self.source, &self.medium, &self.campaign, &self.term, &self.content]
    }

    /// The parameters this sets, as `(utm_source, value)` pairs in [`UTM_PARAMETERS`] order.
    pub fn pairs(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.values()
            .into_iter()
            .zip(UTM_PARAMETERS)
            .filter_map(|(value, name)| value.as_ref().map(|v| (name, v.as_str())))
    }

    /// The five values as text (`None` where not set), in [`UTM_PARAMETERS`] order.
    pub fn texts(&self) -> [Option<String>; 5] {
        self.values()
            .map(|value| value.as_ref().map(|v| v.as_str().to_string()))
    }
}

/// Whether a query parameter is one of the five UTM parameters.
pub fn is_utm_parameter(name: &str) -> bool {
    UTM_PARAMETERS.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(source: &str, campaign: &str) -> UtmFields {
        UtmFields {
            source: Some(source.into()),
            campaign: Some(campaign.into()),
            ..UtmFields::default()
        }
    }

    #[test]
    fn blank_fields_are_absent_and_all_blank_is_no_utm() {
        assert_eq!(Utm::parse("utm", &fields(" ", "")).unwrap(), None);
        let utm = Utm::parse("utm", &fields(" news ", "")).unwrap().unwrap();
        assert_eq!(utm.pairs().collect::<Vec<_>>(), [("utm_source", "news")]);
    }

    #[test]
    fn each_value_holds_at_most_255_characters() {
        let err = Utm::parse("utm", &fields("x", &"é".repeat(256))).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("utm.campaign"));
        assert_eq!(err.message, "utm.campaign must be at most 255 characters (got 256).");
        assert!(Utm::parse("utm", &fields("x", &"é".repeat(255))).is_ok());
    }

    #[test]
    fn pairs_come_in_the_order_of_the_parameters() {
        let utm = Utm::parse(
            "utm",
            &UtmFields {
                content: Some("c".into()),
                source: Some("s".into()),
                term: Some("t".into()),
                ..UtmFields::default()
            },
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            utm.pairs().collect::<Vec<_>>(),
            [("utm_source", "s"), ("utm_term", "t"), ("utm_content", "c")]
        );
    }
}
