//! Link health: the scheduled checker's pass over every active link (`check_link_health`), a
//! link's health for its record, and the workspace's switch. What is checked, how often and
//! what it costs: docs/behaviour/trust-health.md.

mod mail;
mod probe;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures::StreamExt;
use serde::Serialize;
use tokio::sync::Mutex;
use tokio::time::Instant;

pub use probe::{HEALTH_USER_AGENT, PROBE_LIMITS, probe};

use crate::domain::Blocklist;
use crate::domain::health::{LinkHealth, Probe, Transition, checked_destinations};
use crate::domain::ids::ObjectId;
use crate::net::Limits;
use crate::service::{Service, ServiceError};
use crate::store::HealthSubject;

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
    pub limits: Limits,
}

/// The scheduled run's budget: 3,000 requests, 12 minutes (the function's timeout is 15), one
/// request per host every 3 seconds, 16 links at once.
pub const RUN_BUDGET: HealthBudget = HealthBudget {
    requests: 3_000,
    time: Duration::from_secs(12 * 60),
    host_gap: Duration::from_secs(3),
    page: 100,
    parallel: 16,
    limits: PROBE_LIMITS,
};

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
    /// Whether the run reached the last link (the next starts from the first again).
    pub pass_finished: bool,
}

/// What checking one link came to: whether every destination was asked, and the change.
struct Checked {
    complete: bool,
    transition: Option<Transition>,
}

/// Whether the checker asks this link's destinations at `now`: its workspace did not turn
/// checking off, the operator did not stop it, and it serves visitors.
fn is_due(subject: &HealthSubject, now: chrono::DateTime<chrono::Utc>) -> bool {
    !subject.checks_off
        && subject.stored.disabled_reason.is_none()
        && subject.stored.suspended_reason.is_none()
        && subject.stored.link.is_live(now, subject.stored.limited_clicks)
}

/// Who may ask when: each host's next free moment.
struct HostGate {
    gap: Duration,
    next: Mutex<HashMap<String, Instant>>,
}

impl HostGate {
    /// The moment this request may go to `host`, taken.
    async fn take(&self, host: &str) -> Instant {
        let mut next = self.next.lock().await;
        let now = Instant::now();
        let at = next.get(host).copied().filter(|at| *at > now).unwrap_or(now);
        next.insert(host.to_string(), at + self.gap);
        at
    }
}

impl Service {
    /// The scheduled run: [`Self::check_link_health_within`] with [`RUN_BUDGET`].
    pub async fn check_link_health(&self) -> Result<HealthRun, ServiceError> {
        self.check_link_health_within(RUN_BUDGET).await
    }

    /// Checks the destinations of every active link, from where the last run stopped, until the
    /// pass ends or `budget` is spent; saves each link's health and where it stopped.
    pub async fn check_link_health_within(&self, budget: HealthBudget) -> Result<HealthRun, ServiceError> {
        let started = Instant::now();
        let deadline = started + budget.time;
        let gate = Arc::new(HostGate {
            gap: budget.host_gap,
            next: Mutex::new(HashMap::new()),
        });
        let sent = Arc::new(AtomicUsize::new(0));
        let mut run = HealthRun::default();
        let mut cursor = self.store.health_cursor().await?;
        // Blocked destinations are not asked: nobody is sent there, and the checker is no
        // visitor of phishing pages. A list that cannot be read blocks nothing here.
        let blocklist = self
            .blocklist()
            .await
            .inspect_err(|err| tracing::error!(error = %crate::telemetry::error_chain(err), "blocklist not read: every destination checked"))
            .ok();
        loop {
            if sent.load(Ordering::Relaxed) >= budget.requests || Instant::now() >= deadline {
                break;
            }
            let page = self.store.health_page(cursor.as_deref(), budget.page).await?;
            let now = self.clock.now();
            let (due, passed): (Vec<HealthSubject>, Vec<HealthSubject>) =
                page.links.into_iter().partition(|s| is_due(s, now));
            run.skipped += passed.len();
            let results: Vec<Result<Option<Checked>, ServiceError>> = futures::stream::iter(due)
                .map(|subject| {
                    let blocklist = blocklist.as_deref();
                    self.check_one(subject, blocklist, &budget, deadline, gate.clone(), sent.clone())
                })
                .buffer_unordered(budget.parallel.max(1))
                .collect()
                .await;
            let mut whole = true;
            for result in results {
                match result? {
                    None => run.skipped += 1,
                    Some(Checked { complete, transition }) => {
                        run.links += 1;
                        whole &= complete;
                        match transition {
                            Some(Transition::Broke) => run.broke += 1,
                            Some(Transition::Recovered) => run.recovered += 1,
                            None => {}
                        }
                    }
                }
            }
            if !whole {
                // The budget ran out inside this page: the next run starts with it again.
                break;
            }
            cursor = page.next;
            if cursor.is_none() {
                run.pass_finished = true;
                break;
            }
        }
        self.store.save_health_cursor(cursor.as_deref()).await?;
        run.requests = sent.load(Ordering::Relaxed);
        Ok(run)
    }

    /// Checks one link's destinations (those not blocked), each host at its moment; saves what
    /// it learnt. `None`: nothing to ask; else whether every destination was asked, and the
    /// change.
    async fn check_one(
        &self,
        subject: HealthSubject,
        blocklist: Option<&Blocklist>,
        budget: &HealthBudget,
        deadline: Instant,
        gate: Arc<HostGate>,
        sent: Arc<AtomicUsize>,
    ) -> Result<Option<Checked>, ServiceError> {
        let link = &subject.stored.link;
        let mut destinations = checked_destinations(link);
        if let Some(list) = blocklist.filter(|list| !list.is_empty()) {
            destinations.retain(|d| !list.blocks(d));
        }
        if destinations.is_empty() {
            return Ok(None);
        }
        let mut checks: Vec<(String, Probe)> = Vec::new();
        let mut complete = true;
        for destination in &destinations {
            let Ok(url) = url::Url::parse(destination) else {
                continue;
            };
            // A host is its name and port: only 443 in production, where it is the name alone;
            // the tests' servers on this machine differ by port.
            let host = format!(
                "{}:{}",
                url.host_str().unwrap_or_default(),
                url.port_or_known_default().unwrap_or(443)
            );
            let at = gate.take(&host).await;
            if at >= deadline || sent.load(Ordering::Relaxed) >= budget.requests {
                complete = false;
                continue;
            }
            tokio::time::sleep_until(at).await;
            let (found, requests) = probe(&self.probes, &url, &budget.limits).await;
            sent.fetch_add(requests, Ordering::Relaxed);
            if let Some(found) = found {
                checks.push((destination.clone(), found));
            }
        }
        if checks.is_empty() {
            return Ok(Some(Checked {
                complete,
                transition: None,
            }));
        }
        let now = self.clock.now();
        let (health, transition) = subject.health.after(&destinations, &checks, now);
        self.store
            .save_link_health(&link.workspace_id, &link.id, &health)
            .await?;
        if transition == Some(Transition::Broke) {
            let day = now.format("%Y-%m-%d").to_string();
            self.store.note_broken_on(&day, &link.workspace_id, &link.id).await?;
        }
        Ok(Some(Checked { complete, transition }))
    }

    /// A link's health as the checker last left it (`unknown` when never checked).
    pub async fn link_health(&self, id: &ObjectId) -> Result<LinkHealth, ServiceError> {
        Ok(self.store.link_health(id).await?)
    }

    /// Turns the check off (`off`) or on again for a workspace's links: `false` when there is
    /// no such workspace.
    pub async fn set_health_checks_off(&self, workspace: &ObjectId, off: bool) -> Result<bool, ServiceError> {
        Ok(self.store.set_health_checks_off(workspace, off).await?)
    }

    /// Whether the workspace turned the check off.
    pub async fn health_checks_off(&self, workspace: &ObjectId) -> Result<bool, ServiceError> {
        Ok(self.store.health_checks_off(workspace).await?)
    }

    /// The same service asking destinations with `probes` (tests ask a server on this machine).
    pub fn with_health_fetcher(self, probes: crate::net::Fetcher) -> Self {
        Self {
            probes: Arc::new(probes),
            ..self
        }
    }
}
