//! A link's health as its record carries it (`health` on `GET /links/{id}`, `GET /links`,
//! `get_link` and `list_links`): the verdict, the failing destination and since when, and each
//! destination's last check.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::health::{HealthState, LinkHealth, Probe};

/// Whether the link's destinations answer, as the hourly check last found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthRecord {
    /// `ok`, `broken` (a destination failed twice in a row) or `unknown` (not checked enough
    /// yet, checking turned off, or no https destination).
    pub status: HealthStatus,
    /// The destination that broke the link; `null` unless `broken`.
    pub failing_url: Option<String>,
    /// Since when the link has been `ok` or `broken`; `null` while `unknown`.
    pub since: Option<DateTime<Utc>>,
    /// Each https destination's last check (app schemes and plain http are not checked).
    pub destinations: Vec<DestinationRecord>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum HealthStatus {
    Ok,
    Broken,
    Unknown,
}

/// One destination's last check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DestinationRecord {
    pub url: String,
    /// `ok`, `redirect`, `clientError`, `serverError`, `dns`, `tls` or `timeout`.
    pub status: DestinationStatus,
    pub checked_at: DateTime<Utc>,
    /// Failed checks in a row (two make the link `broken`).
    pub failures: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum DestinationStatus {
    Ok,
    Redirect,
    ClientError,
    ServerError,
    Dns,
    Tls,
    Timeout,
}

impl HealthRecord {
    /// A link never checked.
    pub fn unknown() -> Self {
        Self::from(&LinkHealth::default())
    }
}

impl From<&LinkHealth> for HealthRecord {
    fn from(health: &LinkHealth) -> Self {
        Self {
            status: match health.state {
                HealthState::Ok => HealthStatus::Ok,
                HealthState::Broken => HealthStatus::Broken,
                HealthState::Unknown => HealthStatus::Unknown,
            },
            failing_url: health.failing.clone(),
            since: health.since,
            destinations: health
                .destinations
                .iter()
                .map(|d| DestinationRecord {
                    url: d.url.clone(),
                    status: match d.last {
                        Probe::Ok => DestinationStatus::Ok,
                        Probe::Redirect => DestinationStatus::Redirect,
                        Probe::ClientError => DestinationStatus::ClientError,
                        Probe::ServerError => DestinationStatus::ServerError,
                        Probe::Dns => DestinationStatus::Dns,
                        Probe::Tls => DestinationStatus::Tls,
                        Probe::Timeout => DestinationStatus::Timeout,
                    },
                    checked_at: d.checked_at,
                    failures: d.failures,
                })
                .collect(),
        }
    }
}
