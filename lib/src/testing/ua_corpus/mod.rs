//! Labelled user-agent corpora and the figures the classifier (or a peer parser) scores
//! on them: per dimension, accuracy on rows whose label is in the vocabulary, and the
//! out-of-vocabulary leak (rows labelled outside the vocabulary reported as one of ours).
//!
//! Two corpora: the ua-parser-js 1.0.x fixtures ([`ua_parser_js`]), which the classifier
//! is tuned on, and the Matomo Device Detector fixtures ([`matomo`]), fetched by
//! `scripts/bench` and used only to measure.

pub mod matomo;
pub mod robots;
pub mod ua_parser_js;

use std::collections::BTreeMap;
use std::fmt::Display;

use crate::domain::{Browser, Device, Os};
use crate::visitor::ClientHints;

/// What a corpus says about one dimension of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label<T> {
    /// The corpus does not say, or says something the mapping leaves alone.
    Unlabelled,
    /// A value outside the vocabulary: reporting any in-vocabulary value is a leak.
    Outside,
    In(T),
}

/// One labelled user agent, with the client hints sent along with it, if any.
#[derive(Debug, Clone, Default)]
pub struct Row {
    pub ua: String,
    pub sec_ch_ua: Option<String>,
    pub sec_ch_ua_mobile: Option<String>,
    pub sec_ch_ua_platform: Option<String>,
    pub sec_ch_ua_model: Option<String>,
    pub device: Option<Label<Device>>,
    pub os: Option<Label<Os>>,
    pub browser: Option<Label<Browser>>,
}

impl Row {
    pub fn hints(&self) -> ClientHints<'_> {
        ClientHints {
            sec_ch_ua: self.sec_ch_ua.as_deref(),
            mobile: self.sec_ch_ua_mobile.as_deref(),
            platform: self.sec_ch_ua_platform.as_deref(),
            model: self.sec_ch_ua_model.as_deref(),
        }
    }
}

/// What a parser answered for a row; `None` is "unknown / other".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Answer {
    pub device: Option<Device>,
    pub os: Option<Os>,
    pub browser: Option<Browser>,
}

/// One dimension's figures.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Score {
    /// Rows whose expected value is in the vocabulary.
    pub in_vocabulary: usize,
    pub correct: usize,
    /// Rows whose expected value is outside the vocabulary.
    pub outside: usize,
    /// Of those, how many were reported as an in-vocabulary value.
    pub misreported: usize,
}

impl Score {
    pub fn accuracy(&self) -> f64 {
        self.correct as f64 / self.in_vocabulary.max(1) as f64
    }
    pub fn misreport_rate(&self) -> f64 {
        self.misreported as f64 / self.outside.max(1) as f64
    }

    fn add<T: PartialEq>(&mut self, expected: Option<Label<T>>, got: Option<T>) {
        match expected {
            Some(Label::In(e)) => {
                self.in_vocabulary += 1;
                self.correct += usize::from(got == Some(e));
            }
            Some(Label::Outside) => {
                self.outside += 1;
                self.misreported += usize::from(got.is_some());
            }
            Some(Label::Unlabelled) | None => {}
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Accuracy {
    pub device: Score,
    pub os: Score,
    pub browser: Score,
}

/// Scores `parse` on `rows`.
pub fn score(rows: &[Row], mut parse: impl FnMut(&Row) -> Answer) -> Accuracy {
    let mut accuracy = Accuracy::default();
    for row in rows {
        let answer = parse(row);
        accuracy.device.add(row.device, answer.device);
        accuracy.os.add(row.os, answer.os);
        accuracy.browser.add(row.browser, answer.browser);
    }
    accuracy
}

/// Our classifier, as the redirect runs it (user agent and client hints).
pub fn ours(row: &Row) -> Answer {
    let class = crate::visitor::classify_with_hints(&row.ua, &row.hints());
    Answer {
        device: Some(class.device),
        os: class.os,
        browser: class.browser,
    }
}

/// Aggregate confusion counts, `(dimension, expected, got) → rows`, for the rows `parse`
/// gets wrong. Counts only: the evaluation set is looked at in aggregate, never row by row.
pub fn confusion(rows: &[Row], mut parse: impl FnMut(&Row) -> Answer) -> BTreeMap<(String, String, String), usize> {
    fn name<T: Display>(label: Label<T>) -> String {
        match label {
            Label::In(v) => v.to_string(),
            Label::Outside => "(outside)".into(),
            Label::Unlabelled => "(unlabelled)".into(),
        }
    }
    fn got<T: Display>(v: Option<T>) -> String {
        v.map_or_else(|| "(none)".into(), |v| v.to_string())
    }
    fn wrong<T: PartialEq>(expected: Label<T>, got: &Option<T>) -> bool {
        match expected {
            Label::In(e) => got.as_ref() != Some(&e),
            Label::Outside => got.is_some(),
            Label::Unlabelled => false,
        }
    }
    let mut out = BTreeMap::new();
    for row in rows {
        let answer = parse(row);
        let mut count = |dimension: &str, expected: String, got: String| {
            *out.entry((dimension.to_string(), expected, got)).or_default() += 1;
        };
        if let Some(e) = row.device.filter(|e| wrong(*e, &answer.device)) {
            count("device", name(e), got(answer.device));
        }
        if let Some(e) = row.os.filter(|e| wrong(*e, &answer.os)) {
            count("os", name(e), got(answer.os));
        }
        if let Some(e) = row.browser.filter(|e| wrong(*e, &answer.browser)) {
            count("browser", name(e), got(answer.browser));
        }
    }
    out
}

/// For the rows `parse` gets wrong on `dimension`, how often each of our tokens fired,
/// per `(expected, got)`: which of our table entries misfire, in aggregate only.
pub fn token_counts(
    rows: &[Row],
    dimension: &str,
    mut parse: impl FnMut(&Row) -> Answer,
) -> BTreeMap<(String, String), BTreeMap<String, usize>> {
    let mut out: BTreeMap<(String, String), BTreeMap<String, usize>> = BTreeMap::new();
    for row in rows {
        let answer = parse(row);
        let cell = match dimension {
            "device" => wrong_cell(row.device, answer.device),
            "os" => wrong_cell(row.os, answer.os),
            _ => wrong_cell(row.browser, answer.browser),
        };
        if let Some(cell) = cell {
            let counts = out.entry(cell).or_default();
            *counts.entry("(rows)".to_string()).or_default() += 1;
            for token in crate::visitor::ua::matched_tokens(&row.ua) {
                *counts.entry(token).or_default() += 1;
            }
        }
    }
    out
}

fn wrong_cell<T: PartialEq + Display>(expected: Option<Label<T>>, got: Option<T>) -> Option<(String, String)> {
    let got_name = got.as_ref().map_or_else(|| "(none)".to_string(), |g| g.to_string());
    match expected? {
        Label::In(e) if got.as_ref() != Some(&e) => Some((e.to_string(), got_name)),
        Label::Outside if got.is_some() => Some(("(outside)".into(), got_name)),
        _ => None,
    }
}
