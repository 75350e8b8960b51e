//! Link health: what the scheduled checker learnt of each destination, and whether the link is
//! `ok`, `broken` (a destination failed twice in a row) or `unknown` (not checked enough yet).
//! Pure: the checker (`crate::service::health`) fetches, this module folds the answers in.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::Link;

/// Failures in a row that make a destination, and so its link, broken.
pub const FAILURES_TO_BREAK: u32 = 2;

/// What one check of a destination found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Probe {
    /// A 2xx answer (or 429: the destination is there, it asked us to slow down).
    Ok,
    /// A 3xx answer: the destination sends people on (not followed, not a failure).
    Redirect,
    /// A 4xx answer (but 429).
    ClientError,
    /// A 5xx answer.
    ServerError,
    /// The host name does not resolve (or resolves to an address never fetched).
    Dns,
    /// No verified TLS connection (certificate, handshake).
    Tls,
    /// No answer within the deadline, or no connection at all.
    Timeout,
}

impl Probe {
    /// The verdict of an HTTP status.
    pub fn of_status(status: u16) -> Self {
        match status {
            429 => Self::Ok,
            200..=299 => Self::Ok,
            300..=399 => Self::Redirect,
            400..=499 => Self::ClientError,
            _ => Self::ServerError,
        }
    }

    /// Whether the destination counts as working.
    pub fn is_success(self) -> bool {
        matches!(self, Self::Ok | Self::Redirect)
    }

    /// The word the record, the app and the mail use.
    pub fn label(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Redirect => "redirect",
            Self::ClientError => "client error",
            Self::ServerError => "server error",
            Self::Dns => "DNS",
            Self::Tls => "TLS",
            Self::Timeout => "timeout",
        }
    }
}

/// The link's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub enum HealthState {
    Ok,
    Broken,
    #[default]
    Unknown,
}

impl HealthState {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Broken => "broken",
            Self::Unknown => "unknown",
        }
    }

    /// `ok`, `broken` or `unknown`; anything else is `None`.
    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Ok, Self::Broken, Self::Unknown]
            .into_iter()
            .find(|state| state.as_str() == raw)
    }
}

/// A destination's last check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DestinationHealth {
    pub url: String,
    pub last: Probe,
    pub checked_at: DateTime<Utc>,
    /// Failed checks in a row (0 after a success).
    pub failures: u32,
    /// The pass that last asked it (0: none recorded).
    #[serde(default)]
    pub pass: u64,
}

/// A link's health as kept between checks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct LinkHealth {
    pub state: HealthState,
    /// The first broken destination (only while `broken`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failing: Option<String>,
    /// Since when the link has been in its state (none while `unknown` and never checked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<DateTime<Utc>>,
    #[serde(default)]
    pub destinations: Vec<DestinationHealth>,
    /// The last pass that asked every destination (0: none yet).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub pass: u64,
    /// The last pass that deferred the link past its host's or workspace's share (0: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub deferred: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A change the owner is told of (a webhook, the daily mail).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transition {
    Broke,
    Recovered,
}

impl LinkHealth {
    /// The health after this run's `checks` (destination URL and what its check found, at
    /// `now`), and the change it makes, if any. Destinations not checked this run keep their
    /// last check; destinations the link no longer has are forgotten (`current`).
    pub fn after(
        &self,
        current: &[String],
        checks: &[(String, Probe)],
        now: DateTime<Utc>,
    ) -> (Self, Option<Transition>) {
        let destinations: Vec<DestinationHealth> = current
            .iter()
            .filter_map(|url| {
                let before = self.destinations.iter().find(|d| &d.url == url);
                match checks.iter().find(|(checked, _)| checked == url) {
                    Some((_, probe)) => Some(DestinationHealth {
                        url: url.clone(),
                        last: *probe,
                        checked_at: now,
                        failures: if probe.is_success() {
                            0
                        } else {
                            before.map_or(0, |d| d.failures) + 1
                        },
                        pass: before.map_or(0, |d| d.pass),
                    }),
                    None => before.cloned(),
                }
            })
            .collect();
        let failing = destinations
            .iter()
            .find(|d| d.failures >= FAILURES_TO_BREAK)
            .map(|d| d.url.clone());
        let all_well = !destinations.is_empty() && destinations.iter().all(|d| d.failures == 0);
        let state = if failing.is_some() {
            HealthState::Broken
        } else if all_well || self.state == HealthState::Ok {
            HealthState::Ok
        } else {
            HealthState::Unknown
        };
        let since = if state == self.state && self.since.is_some() {
            self.since
        } else if state == HealthState::Unknown {
            None
        } else {
            Some(now)
        };
        let transition = match (self.state, state) {
            (HealthState::Broken, HealthState::Broken) => None,
            (_, HealthState::Broken) => Some(Transition::Broke),
            (HealthState::Broken, _) => Some(Transition::Recovered),
            _ => None,
        };
        let next = Self {
            state,
            failing,
            since,
            destinations,
            ..self.clone()
        };
        (next, transition)
    }

    /// Whether pass `pass` has asked every destination of the link.
    pub fn asked_in(&self, pass: u64) -> bool {
        self.pass == pass
    }

    /// Whether an earlier pass deferred the link and none has asked it since: it goes first,
    /// past the shares, so that no link is deferred two passes in a row.
    pub fn waited_a_pass(&self, pass: u64) -> bool {
        self.deferred > self.pass && self.deferred < pass
    }

    /// Since when the link has waited: its oldest destination's check (`None`: never asked,
    /// which waits longest).
    pub fn waiting_since(&self) -> Option<DateTime<Utc>> {
        self.destinations.iter().map(|d| d.checked_at).min()
    }

    /// Of the link's `current` destinations, those pass `pass` has not asked yet.
    pub fn unasked(&self, current: &[String], pass: u64) -> Vec<String> {
        current
            .iter()
            .filter(|url| !self.destinations.iter().any(|d| &d.url == *url && d.pass == pass))
            .cloned()
            .collect()
    }

    /// The health with `asked` noted as asked by pass `pass`, and the link as well when
    /// `every` destination now is.
    pub fn asked(mut self, pass: u64, asked: &[String], every: bool) -> Self {
        for destination in &mut self.destinations {
            if asked.contains(&destination.url) {
                destination.pass = pass;
            }
        }
        if every {
            self.pass = pass;
        }
        self
    }

    /// The health with the link noted as deferred by pass `pass`.
    pub fn deferred_by(self, pass: u64) -> Self {
        Self { deferred: pass, ..self }
    }
}

/// One pass of the checker over every link: its number (from 1) and when it started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HealthPass {
    pub number: u64,
    pub started_at: DateTime<Utc>,
}

impl HealthPass {
    /// The first pass, starting at `now`.
    pub fn first(now: DateTime<Utc>) -> Self {
        Self {
            number: 1,
            started_at: now,
        }
    }

    /// The pass after this one, starting at `now`.
    pub fn next(self, now: DateTime<Utc>) -> Self {
        Self {
            number: self.number + 1,
            started_at: now,
        }
    }

    /// How long the pass has been under way at `now`, in seconds.
    pub fn age_seconds(self, now: DateTime<Utc>) -> u64 {
        u64::try_from((now - self.started_at).num_seconds()).unwrap_or(0)
    }
}

/// The web destinations of a link the checker fetches, each once: every rule's target, app
/// fallback, every variant's URL and app fallback, and the link's fallback. App schemes are
/// skipped (no server answers for them), and so is plain http (the fetcher speaks only TLS).
pub fn checked_destinations(link: &Link) -> Vec<String> {
    let settings = &link.settings;
    let mut urls: Vec<&str> = Vec::new();
    for rule in settings.rules.iter() {
        urls.push(rule.target_url.as_str());
        urls.extend(rule.app_fallback_url.as_ref().map(|u| u.as_str()));
    }
    if let Some(test) = settings.ab_test.as_ref().filter(|_| settings.ab_test_enabled()) {
        for variant in &test.variants {
            urls.push(variant.url.as_str());
            urls.extend(variant.app_fallback_url.as_ref().map(|u| u.as_str()));
        }
    }
    urls.extend(settings.fallback_url.as_ref().map(|u| u.as_str()));
    let mut seen: Vec<String> = Vec::new();
    for url in urls {
        if url.starts_with("https://") && !seen.iter().any(|s| s == url) {
            seen.push(url.to_string());
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 29, hour, 0, 0).unwrap()
    }

    fn urls() -> Vec<String> {
        vec!["https://a.example/".to_string(), "https://b.example/".to_string()]
    }

    fn run(health: &LinkHealth, a: Probe, b: Probe, hour: u32) -> (LinkHealth, Option<Transition>) {
        let checks = vec![
            ("https://a.example/".to_string(), a),
            ("https://b.example/".to_string(), b),
        ];
        health.after(&urls(), &checks, at(hour))
    }

    #[test]
    fn statuses_map_to_their_verdicts() {
        assert_eq!(Probe::of_status(200), Probe::Ok);
        assert_eq!(Probe::of_status(204), Probe::Ok);
        assert_eq!(Probe::of_status(301), Probe::Redirect);
        assert_eq!(Probe::of_status(404), Probe::ClientError);
        assert_eq!(Probe::of_status(429), Probe::Ok);
        assert_eq!(Probe::of_status(500), Probe::ServerError);
        assert_eq!(Probe::of_status(503), Probe::ServerError);
    }

    #[test]
    fn a_first_run_with_every_destination_answering_makes_the_link_ok() {
        let (health, change) = run(&LinkHealth::default(), Probe::Ok, Probe::Redirect, 1);
        assert_eq!(health.state, HealthState::Ok);
        assert_eq!(health.since, Some(at(1)));
        assert_eq!(change, None);
    }

    #[test]
    fn one_failure_leaves_an_ok_link_ok() {
        let (ok, _) = run(&LinkHealth::default(), Probe::Ok, Probe::Ok, 1);
        let (health, change) = run(&ok, Probe::ServerError, Probe::Ok, 2);
        assert_eq!(health.state, HealthState::Ok);
        assert_eq!(health.since, Some(at(1)));
        assert_eq!(health.destinations[0].failures, 1);
        assert_eq!(change, None);
    }

    #[test]
    fn one_failure_on_a_link_never_checked_leaves_it_unknown() {
        let (health, change) = run(&LinkHealth::default(), Probe::Dns, Probe::Ok, 1);
        assert_eq!(health.state, HealthState::Unknown);
        assert_eq!(health.since, None);
        assert_eq!(change, None);
    }

    #[test]
    fn two_failures_in_a_row_break_the_link_naming_the_destination() {
        let (once, _) = run(&LinkHealth::default(), Probe::Ok, Probe::ClientError, 1);
        let (twice, change) = run(&once, Probe::Ok, Probe::Timeout, 2);
        assert_eq!(twice.state, HealthState::Broken);
        assert_eq!(twice.failing.as_deref(), Some("https://b.example/"));
        assert_eq!(twice.since, Some(at(2)));
        assert_eq!(change, Some(Transition::Broke));
    }

    #[test]
    fn failures_apart_never_break_the_link() {
        let (one, _) = run(&LinkHealth::default(), Probe::ServerError, Probe::Ok, 1);
        let (two, _) = run(&one, Probe::Ok, Probe::Ok, 2);
        let (three, change) = run(&two, Probe::ServerError, Probe::Ok, 3);
        assert_eq!(three.state, HealthState::Ok);
        assert_eq!(change, None);
    }

    #[test]
    fn a_broken_link_stays_broken_without_a_second_announcement() {
        let (one, _) = run(&LinkHealth::default(), Probe::Tls, Probe::Ok, 1);
        let (two, _) = run(&one, Probe::Tls, Probe::Ok, 2);
        let (three, change) = run(&two, Probe::Tls, Probe::Ok, 3);
        assert_eq!(three.state, HealthState::Broken);
        assert_eq!(three.since, Some(at(2)));
        assert_eq!(change, None);
    }

    #[test]
    fn one_success_recovers_a_broken_link() {
        let (one, _) = run(&LinkHealth::default(), Probe::ServerError, Probe::Ok, 1);
        let (two, _) = run(&one, Probe::ServerError, Probe::Ok, 2);
        let (three, change) = run(&two, Probe::Ok, Probe::Ok, 3);
        assert_eq!(three.state, HealthState::Ok);
        assert_eq!(three.failing, None);
        assert_eq!(three.since, Some(at(3)));
        assert_eq!(change, Some(Transition::Recovered));
    }

    #[test]
    fn a_destination_the_link_dropped_is_forgotten() {
        let (one, _) = run(&LinkHealth::default(), Probe::Ok, Probe::Ok, 1);
        let (two, _) = one.after(&urls()[..1], &[], at(2));
        assert_eq!(two.destinations.len(), 1);
        assert_eq!(two.destinations[0].url, "https://a.example/");
    }

    #[test]
    fn a_pass_asks_only_the_destinations_it_has_not_and_marks_the_link_once_all_are() {
        let (health, _) = LinkHealth::default().after(&urls(), &[("https://a.example/".to_string(), Probe::Ok)], at(1));
        let health = health.asked(3, &urls()[..1], false);
        assert_eq!(health.unasked(&urls(), 3), ["https://b.example/"]);
        assert!(!health.asked_in(3));
        let (health, _) = health.after(&urls(), &[("https://b.example/".to_string(), Probe::Ok)], at(2));
        let health = health.asked(3, &urls()[1..], true);
        assert!(health.asked_in(3));
        assert_eq!(
            health.unasked(&urls(), 4),
            urls(),
            "the next pass asks everything again"
        );
    }

    #[test]
    fn a_link_deferred_by_an_earlier_pass_and_not_asked_since_has_waited() {
        let deferred = LinkHealth::default().deferred_by(2);
        assert!(!deferred.waited_a_pass(2), "not in the pass that deferred it");
        assert!(deferred.waited_a_pass(3));
        assert!(!deferred.asked(3, &[], true).waited_a_pass(4), "asked since");
    }

    #[test]
    fn the_link_never_asked_waits_longest() {
        let (asked, _) = run(&LinkHealth::default(), Probe::Ok, Probe::Ok, 1);
        assert!(LinkHealth::default().waiting_since() < asked.waiting_since());
    }

    #[test]
    fn a_pass_is_as_old_as_the_time_since_it_started() {
        let pass = HealthPass::first(at(1));
        assert_eq!(pass.age_seconds(at(3)), 7_200);
        let next = pass.next(at(3));
        assert_eq!((next.number, next.age_seconds(at(3))), (2, 0));
    }

    #[test]
    fn states_read_back_from_their_words() {
        for state in [HealthState::Ok, HealthState::Broken, HealthState::Unknown] {
            assert_eq!(HealthState::parse(state.as_str()), Some(state));
        }
        assert_eq!(HealthState::parse("fine"), None);
    }
}
