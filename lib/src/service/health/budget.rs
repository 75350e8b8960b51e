//! What one run may spend, and what it did.

use std::time::Duration;

use serde::Serialize;

use super::PROBE_LIMITS;
use crate::net::Limits;

/// What one run may spend.
#[derive(Debug, Clone, Copy)]
pub struct HealthBudget {
    /// Requests to destinations, at most (a page more at worst is never started past it).
    pub requests: usize,
    /// How long the run goes on (a request is never started past it).
    pub time: Duration,
    /// The least time between two requests to one host.
    pub host_gap: Duration,
    /// Index entries read a page.
    pub page: i32,
    /// Links checked at once.
    pub parallel: usize,
    /// The share of `requests` (in percent) the destinations of one host may take; a link
    /// past it is deferred to the next pass (100: no share, the run's budget alone).
    pub host_share: usize,
    /// The share of `requests` (in percent) the links of one workspace may take; a link past
    /// it is deferred to the next pass.
    pub workspace_share: usize,
    pub limits: Limits,
}

/// One host's share of a run: 5% of its requests (150 of 3,000, at one every 3 seconds 7.5
/// minutes of the run's 12), so that one slow host cannot hold every slot.
pub const HOST_SHARE: usize = 5;

/// One workspace's share of a run: 20% of its requests (600 of 3,000).
pub const WORKSPACE_SHARE: usize = 20;

/// The scheduled run's budget: 3,000 requests, 12 minutes (the function's timeout is 15), one
/// request per host every 3 seconds, 16 links at once, and the shares above.
pub const RUN_BUDGET: HealthBudget = HealthBudget {
    requests: 3_000,
    time: Duration::from_secs(12 * 60),
    host_gap: Duration::from_secs(3),
    page: 100,
    parallel: 16,
    host_share: HOST_SHARE,
    workspace_share: WORKSPACE_SHARE,
    limits: PROBE_LIMITS,
};

impl HealthBudget {
    /// What one host may take of the run, in asks (at least one; no cap at 100%).
    pub fn host_cap(&self) -> usize {
        self.cap(self.host_share)
    }

    /// What one workspace may take of the run, in asks (at least one; no cap at 100%).
    pub fn workspace_cap(&self) -> usize {
        self.cap(self.workspace_share)
    }

    fn cap(&self, share: usize) -> usize {
        if share >= 100 {
            usize::MAX
        } else {
            (self.requests * share / 100).max(1)
        }
    }
}

/// What a run did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HealthRun {
    /// Links whose destinations were asked.
    pub links: usize,
    /// Requests sent (a `HEAD` and its `GET` are two).
    pub requests: usize,
    pub broke: usize,
    pub recovered: usize,
    /// Links passed over: inactive, expired, spent, disabled by the operator (or in a suspended
    /// workspace), in a workspace that turned checking off, or with no web destination that is
    /// not blocked.
    pub skipped: usize,
    /// Links past their host's or workspace's share of the run: left for the next pass (where
    /// they go first), without holding the pass.
    pub deferred: usize,
    /// Whether the run reached the last link (the next starts from the first again).
    pub pass_finished: bool,
    /// The pass the next run goes on with.
    pub pass: u64,
    /// How long that pass has been under way, in seconds (0 when this run finished the last).
    pub pass_age_seconds: u64,
}
