//! Checking one link: the destinations this pass has not asked yet (never a blocked one), each
//! host at its moment, within the run's budget and the shares; what it learnt saved.

use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::time::Instant;

use super::gate::{HostGate, host_of};
use super::shares::Shares;
use super::{HealthBudget, probe};
use crate::domain::Blocklist;
use crate::domain::health::{Probe, Transition, checked_destinations};
use crate::service::{Service, ServiceError};
use crate::store::HealthSubject;

/// What one run shares between the links it checks.
pub(super) struct Round<'a> {
    pub pass: u64,
    pub budget: HealthBudget,
    pub deadline: Instant,
    pub gate: HostGate,
    pub shares: Shares,
    pub sent: AtomicUsize,
    pub blocklist: Option<&'a Blocklist>,
}

impl Round<'_> {
    /// Whether the run's budget (requests or time) is spent.
    pub(super) fn spent(&self) -> bool {
        self.sent.load(Ordering::Relaxed) >= self.budget.requests || Instant::now() >= self.deadline
    }
}

/// What checking one link came to.
pub(super) enum Outcome {
    /// Nothing to ask: no web destination that is not blocked.
    Nothing,
    /// Past its host's or workspace's share: left for the next pass.
    Deferred,
    /// Asked: whether every destination now is (this pass), and the change.
    Asked {
        complete: bool,
        transition: Option<Transition>,
    },
}

impl Service {
    /// Checks the destinations of `subject` the pass has not asked yet; saves what it learnt.
    pub(super) async fn check_one(&self, subject: HealthSubject, round: &Round<'_>) -> Result<Outcome, ServiceError> {
        let link = &subject.stored.link;
        let mut destinations = checked_destinations(link);
        if let Some(list) = round.blocklist.filter(|list| !list.is_empty()) {
            destinations.retain(|d| !list.blocks(d));
        }
        if destinations.is_empty() {
            return Ok(Outcome::Nothing);
        }
        let pass = round.pass;
        let targets: Vec<(String, url::Url)> = subject
            .health
            .unasked(&destinations, pass)
            .into_iter()
            .filter_map(|d| url::Url::parse(&d).ok().map(|url| (d, url)))
            .collect();
        let hosts: Vec<String> = targets.iter().map(|(_, url)| host_of(url)).collect();
        if round.spent() {
            // The run's own budget is out: the link holds the page for the next run.
            return Ok(Outcome::Asked {
                complete: false,
                transition: None,
            });
        }
        let workspace = link.workspace_id.to_string();
        if !round
            .shares
            .take(&workspace, &hosts, subject.health.waited_a_pass(pass))
        {
            if subject.health.deferred != pass {
                let health = subject.health.clone().deferred_by(pass);
                self.store
                    .save_link_health(&link.workspace_id, &link.id, &health)
                    .await?;
            }
            return Ok(Outcome::Deferred);
        }
        let mut checks: Vec<(String, Probe)> = Vec::new();
        let mut asked: Vec<String> = Vec::new();
        let mut complete = true;
        for ((destination, url), host) in targets.iter().zip(&hosts) {
            let at = round.gate.take(host).await;
            if at >= round.deadline || round.sent.load(Ordering::Relaxed) >= round.budget.requests {
                complete = false;
                continue;
            }
            tokio::time::sleep_until(at).await;
            let (found, requests) = probe(&self.probes, url, &round.budget.limits).await;
            round.sent.fetch_add(requests, Ordering::Relaxed);
            asked.push(destination.clone());
            if let Some(found) = found {
                checks.push((destination.clone(), found));
            }
        }
        if asked.is_empty() && !complete {
            return Ok(Outcome::Asked {
                complete,
                transition: None,
            });
        }
        let now = self.clock.now();
        let (health, transition) = if checks.is_empty() {
            (subject.health.clone(), None)
        } else {
            subject.health.after(&destinations, &checks, now)
        };
        let health = health.asked(pass, &asked, complete);
        self.store
            .save_link_health(&link.workspace_id, &link.id, &health)
            .await?;
        if transition == Some(Transition::Broke) {
            let day = now.format("%Y-%m-%d").to_string();
            self.store.note_broken_on(&day, &link.workspace_id, &link.id).await?;
        }
        Ok(Outcome::Asked { complete, transition })
    }
}
