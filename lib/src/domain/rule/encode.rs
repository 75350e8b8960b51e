//! How a rule is written, to the wire and to storage: the fields of [`RuleFields`], read from
//! the rule in place. Serialising through a `RuleFields` built for the purpose cloned every
//! string of every rule first, the larger part of encoding a link (the MCP `get_link` bench).

use std::fmt::Display;

use serde::{Serialize, Serializer};

#[cfg(doc)]
use super::RuleFields;
use super::{Rule, Rules};
use crate::domain::{TargetUrl, Vocabulary, Weekday};

/// The rule's fields, named and ordered as in [`RuleFields`]; empty conditions are left out.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Fields<'a> {
    id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    target_url: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    app_fallback_url: Option<&'a str>,
    is_default: bool,
    #[serde(skip_serializing_if = "Names::is_empty")]
    country: Names<'a>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    city: &'a [String],
    #[serde(skip_serializing_if = "Names::is_empty")]
    device: Names<'a>,
    #[serde(skip_serializing_if = "Names::is_empty")]
    os: Names<'a>,
    #[serde(skip_serializing_if = "Names::is_empty")]
    browser: Names<'a>,
    #[serde(skip_serializing_if = "Names::is_empty")]
    locale: Names<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_start: Option<Shown<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_end: Option<Shown<'a>>,
    #[serde(skip_serializing_if = "<[Weekday]>::is_empty", serialize_with = "day_numbers")]
    days_of_week: &'a [Weekday],
}

/// A list of condition values, written as their names.
struct Names<'a>(Vec<&'a str>);

impl<'a> Names<'a> {
    fn of<T>(values: &'a [T], name: impl Fn(&'a T) -> &'a str) -> Self {
        Self(values.iter().map(name).collect())
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Names<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// A value written as its display text (`08:30`).
struct Shown<'a>(&'a dyn Display);

impl Serialize for Shown<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self.0)
    }
}

fn day_numbers<S: Serializer>(days: &&[Weekday], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(days.iter().map(|d| d.number()))
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let c = &self.conditions;
        Fields {
            id: self.id.as_str(),
            name: self.name.as_ref().map(|n| n.as_str()),
            target_url: self.target_url.as_str(),
            app_fallback_url: self.app_fallback_url.as_ref().map(TargetUrl::as_str),
            is_default: self.is_default,
            country: Names::of(&c.country, |c| c.alpha2()),
            city: &c.city,
            device: Names::of(&c.device, |d| d.name()),
            os: Names::of(&c.os, |o| o.name()),
            browser: Names::of(&c.browser, |b| b.name()),
            locale: Names::of(&c.locale, |l| l.tag()),
            time_start: c.time.as_ref().map(|t| Shown(&t.start)),
            time_end: c.time.as_ref().map(|t| Shown(&t.end)),
            days_of_week: &c.days_of_week,
        }
        .serialize(serializer)
    }
}

impl Serialize for Rules {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}
