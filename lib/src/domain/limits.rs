//! Request rate limits: the operator's defaults (from the environment) and a workspace plan's
//! overrides of them. Every limit is requests per minute; `0` turns that limit off.

use serde::{Deserialize, Serialize};

/// The limits one workspace's requests are held to, per minute (`0`: no limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    /// Every request of one API key.
    pub per_key: u64,
    /// Bulk-create calls of one API key (they also count as requests).
    pub bulk_per_key: u64,
    /// Analytics reads of one API key (they also count as requests).
    pub analytics_per_key: u64,
    /// Every request in one workspace, whichever key sends it.
    pub per_workspace: u64,
}

impl Default for RateLimits {
    /// The documented defaults (docs/behaviour/limits.md, "Rate limits").
    fn default() -> Self {
        Self {
            per_key: 600,
            bulk_per_key: 60,
            analytics_per_key: 120,
            per_workspace: 3000,
        }
    }
}

impl RateLimits {
    /// No limit at all.
    pub const OFF: Self = Self {
        per_key: 0,
        bulk_per_key: 0,
        analytics_per_key: 0,
        per_workspace: 0,
    };

    /// These limits with a plan's overrides applied.
    pub fn with(self, overrides: &RateLimitOverrides) -> Self {
        Self {
            per_key: overrides.per_key.unwrap_or(self.per_key),
            bulk_per_key: overrides.bulk_per_key.unwrap_or(self.bulk_per_key),
            analytics_per_key: overrides.analytics_per_key.unwrap_or(self.analytics_per_key),
            per_workspace: overrides.per_workspace.unwrap_or(self.per_workspace),
        }
    }
}

/// A workspace plan's own limits; an absent one is the operator's default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateLimitOverrides {
    #[serde(default, rename = "rateLimitPerKey", skip_serializing_if = "Option::is_none")]
    pub per_key: Option<u64>,
    #[serde(default, rename = "rateLimitBulkPerKey", skip_serializing_if = "Option::is_none")]
    pub bulk_per_key: Option<u64>,
    #[serde(
        default,
        rename = "rateLimitAnalyticsPerKey",
        skip_serializing_if = "Option::is_none"
    )]
    pub analytics_per_key: Option<u64>,
    #[serde(default, rename = "rateLimitPerWorkspace", skip_serializing_if = "Option::is_none")]
    pub per_workspace: Option<u64>,
}

/// What a request counts as besides a request of its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RateClass {
    Standard,
    /// Bulk create (`POST /links/bulk-create`, `bulk_create_links`).
    Bulk,
    /// Analytics reads (`GET /links/{id}/analytics`, `GET /links/analytics` and their tools).
    Analytics,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_override_replaces_only_the_limit_it_names() {
        let overrides = RateLimitOverrides {
            per_key: Some(10),
            per_workspace: Some(0),
            ..Default::default()
        };
        let limits = RateLimits::default().with(&overrides);
        assert_eq!(
            limits,
            RateLimits {
                per_key: 10,
                bulk_per_key: 60,
                analytics_per_key: 120,
                per_workspace: 0
            }
        );
    }

    #[test]
    fn overrides_are_stored_beside_the_plan_under_their_own_names() {
        let overrides = RateLimitOverrides {
            bulk_per_key: Some(5),
            ..Default::default()
        };
        assert_eq!(
            serde_json::to_value(overrides).unwrap(),
            serde_json::json!({ "rateLimitBulkPerKey": 5 })
        );
    }
}

/// How many links a young workspace may create while sign-up is open (`OPEN_SIGNUP=true`): at
/// most `links_per_hour` per clock hour for its first `days` days (`NEW_WORKSPACE_LINKS_PER_HOUR`,
/// `NEW_WORKSPACE_DAYS`; `0` for either turns the throttle off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewTenantLimits {
    pub days: u32,
    pub links_per_hour: u32,
}

impl Default for NewTenantLimits {
    /// The documented defaults (docs/behaviour/trust-report.md): 50 links an hour for 7 days.
    fn default() -> Self {
        Self {
            days: 7,
            links_per_hour: 50,
        }
    }
}
