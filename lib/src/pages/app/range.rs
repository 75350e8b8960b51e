//! The range an analytics page shows: a preset (`?range=7d`) or two typed dates, read from
//! the query as the API reads its dates, and drawn as the page's range picker.

use chrono::{Days, NaiveDate};

use super::super::PageRequest;
use super::analytics_views::{Preset, RangeView};
use super::views::FormError;
use crate::domain::Invalid;
use crate::service::ServiceError;
use crate::wire::DayRange;

/// The range presets: query value, label, days back from today (`None`: all time).
const PRESETS: &[(&str, &str, Option<u64>)] = &[
    ("today", "Today", Some(1)),
    ("7d", "7 days", Some(7)),
    ("30d", "30 days", Some(30)),
    ("90d", "90 days", Some(90)),
    ("all", "All time", None),
];
/// The preset a page opens with.
const DEFAULT_PRESET: &str = "30d";

/// The range a page shows: a preset, or the dates typed (parsed as the API parses them).
#[derive(Debug, Clone)]
pub struct Range {
    pub preset: Option<&'static str>,
    pub asked: DayRange,
    pub from_text: String,
    pub to_text: String,
    /// A refusal of the typed dates (the page then shows the default range).
    pub error: Option<Invalid>,
}

impl Range {
    fn preset(key: &str, today: NaiveDate) -> Option<Self> {
        let (key, _, days) = PRESETS.iter().find(|(k, _, _)| *k == key)?;
        let asked = match days {
            Some(days) => DayRange {
                from: today.checked_sub_days(Days::new(days - 1)),
                to: Some(today),
            },
            None => DayRange::default(),
        };
        Some(Self {
            preset: Some(key),
            asked,
            from_text: String::new(),
            to_text: String::new(),
            error: None,
        })
    }

    fn default(today: NaiveDate) -> Self {
        Self::preset(DEFAULT_PRESET, today).expect("the default preset exists")
    }

    /// `?range=7d`, or `?from=…&to=…` (custom), or nothing (the default preset).
    pub fn of(page: &PageRequest<'_>) -> Self {
        let today = page.service.clock.now().date_naive();
        let from = crate::http::query(page.req, "from").unwrap_or_default();
        let to = crate::http::query(page.req, "to").unwrap_or_default();
        if from.trim().is_empty() && to.trim().is_empty() {
            let key = crate::http::query(page.req, "range").unwrap_or_default();
            return Self::preset(&key, today).unwrap_or_else(|| Self::default(today));
        }
        let mut range = match DayRange::parse(Some(&from), Some(&to)) {
            Ok(asked) => Self {
                preset: None,
                asked,
                from_text: String::new(),
                to_text: String::new(),
                error: None,
            },
            Err(invalid) => Self {
                error: Some(invalid),
                ..Self::default(today)
            },
        };
        range.from_text = from;
        range.to_text = to;
        range
    }

    /// The range's query string (`range=7d` or `from=…&to=…`), for CSV links.
    pub fn query(&self) -> String {
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        match self.preset {
            Some(key) => {
                query.append_pair("range", key);
            }
            None => {
                for (name, day) in [("from", self.asked.from), ("to", self.asked.to)] {
                    if let Some(day) = day {
                        query.append_pair(name, &day.to_string());
                    }
                }
            }
        }
        query.finish()
    }

    /// Runs a report over this range; a range the service refuses (`from` after `to`, too long)
    /// is shown as a refusal beside the dates, and the default range is reported instead.
    pub async fn report<T, F, Fut>(&mut self, page: &PageRequest<'_>, run: F) -> Result<T, ServiceError>
    where
        F: Fn(DayRange) -> Fut,
        Fut: std::future::Future<Output = Result<T, ServiceError>>,
    {
        match run(self.asked).await {
            Err(ServiceError::Invalid(invalid)) if self.preset.is_none() => {
                let today = page.service.clock.now().date_naive();
                let typed = (self.from_text.clone(), self.to_text.clone());
                *self = Self::default(today);
                (self.from_text, self.to_text) = typed;
                self.error = Some(invalid);
                run(self.asked).await
            }
            other => other,
        }
    }

    pub(super) fn view(&self, href: &str, daily: &std::collections::BTreeMap<String, u64>) -> RangeView {
        let first = daily.keys().next().cloned().unwrap_or_default();
        let last = daily.keys().next_back().cloned().unwrap_or_default();
        let custom = self.preset.is_none() || self.error.is_some();
        RangeView {
            presets: PRESETS
                .iter()
                .map(|(key, label, _)| Preset {
                    label,
                    href: format!("{href}?range={key}"),
                    current: self.error.is_none() && self.preset == Some(*key),
                })
                .collect(),
            from: if custom { self.from_text.clone() } else { first.clone() },
            to: if custom { self.to_text.clone() } else { last.clone() },
            shown: if first == last {
                first
            } else {
                format!("{first} to {last}")
            },
            error: self.error.as_ref().map(|e| FormError {
                message: e.message.clone(),
                at: e.field.clone(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_count_today_as_their_last_day() {
        let today: NaiveDate = "2026-06-30".parse().unwrap();
        let week = Range::preset("7d", today).unwrap();
        assert_eq!(week.asked.from, Some("2026-06-24".parse().unwrap()));
        assert_eq!(week.asked.to, Some(today));
        let day = Range::preset("today", today).unwrap();
        assert_eq!(day.asked.from, Some(today));
        assert_eq!(Range::preset("all", today).unwrap().asked, DayRange::default());
        assert!(Range::preset("5y", today).is_none());
    }
}
