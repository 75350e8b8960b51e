//! The rule engine: which destination a visitor gets.
//!
//! With an enabled A/B test every visitor goes to a variant drawn by weight and the rules
//! are not consulted. Otherwise non-default rules are tried in order, all conditions of a
//! rule must match (within one condition any listed value matches), the first match wins,
//! and the default rule catches everyone else. Time and the random draw come from outside.

use chrono::{DateTime, Datelike, Timelike, Utc};

use crate::clock::Entropy;
use crate::domain::{Conditions, LinkSettings, Rule, TargetUrl, TimeOfDay, Variant};
use crate::visitor::Visitor;

/// Where a visitor goes, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route<'a> {
    Rule(&'a Rule),
    Variant(&'a Variant),
}

impl<'a> Route<'a> {
    pub fn target(&self) -> &'a TargetUrl {
        match self {
            Route::Rule(rule) => &rule.target_url,
            Route::Variant(variant) => &variant.url,
        }
    }

    /// Where a person goes when the app of an app-scheme target did not open.
    pub fn app_fallback(&self) -> Option<&'a TargetUrl> {
        match self {
            Route::Rule(rule) => rule.app_fallback_url.as_ref(),
            Route::Variant(variant) => variant.app_fallback_url.as_ref(),
        }
    }
}

/// Chooses the route for `visitor` at `now`, drawing from `entropy` only for an A/B test.
pub fn choose<'a>(
    settings: &'a LinkSettings,
    visitor: &Visitor,
    now: DateTime<Utc>,
    entropy: &dyn Entropy,
) -> Route<'a> {
    if let Some(variant) = settings
        .ab_test
        .as_ref()
        .filter(|t| t.enabled)
        .and_then(|t| t.pick(entropy.below(100)))
    {
        return Route::Variant(variant);
    }
    let moment = Moment::at(now);
    settings
        .rules
        .conditional()
        .find(|rule| matches(&rule.conditions, visitor, moment))
        .map_or_else(|| Route::Rule(settings.rules.default_rule()), Route::Rule)
}

/// The UTC time of day and day of week (0 = Sunday) a request happens at.
#[derive(Debug, Clone, Copy)]
struct Moment {
    time: TimeOfDay,
    weekday: u8,
}

impl Moment {
    fn at(now: DateTime<Utc>) -> Self {
        let minutes = (now.hour() * 60 + now.minute()) as u16;
        Self {
            time: TimeOfDay::from_minutes(minutes).expect("a time of day is under 24 hours"),
            weekday: now.weekday().num_days_from_sunday() as u8,
        }
    }
}

fn any_or_empty<T>(wanted: &[T], test: impl Fn(&T) -> bool) -> bool {
    wanted.is_empty() || wanted.iter().any(test)
}

fn matches(c: &Conditions, visitor: &Visitor, moment: Moment) -> bool {
    any_or_empty(&c.country, |country| Some(*country) == visitor.country)
        && any_or_empty(&c.city, |city| {
            visitor
                .city
                .as_deref()
                .is_some_and(|v| v.to_lowercase() == city.to_lowercase())
        })
        && any_or_empty(&c.device, |device| *device == visitor.device)
        && any_or_empty(&c.os, |os| Some(*os) == visitor.os)
        && any_or_empty(&c.browser, |browser| Some(*browser) == visitor.browser)
        && any_or_empty(&c.locale, |locale| {
            visitor.language.as_deref() == Some(locale.primary())
        })
        && c.time.is_none_or(|window| window.contains(moment.time))
        && any_or_empty(&c.days_of_week, |day| day.number() == moment.weekday)
}

#[cfg(test)]
mod tests;
