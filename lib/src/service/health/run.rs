//! The scheduled run: a page of links at a time from where the last run stopped, asking only
//! the links this pass has not asked yet, those that waited longest first, until the pass ends
//! or the budget is spent. A page is left behind once each of its due links was asked this pass
//! or deferred past its share; a run that stops inside a page goes on inside it next time.

use std::sync::atomic::{AtomicUsize, Ordering};

use futures::StreamExt;
use tokio::time::Instant;

use super::check::{Outcome, Round};
use super::gate::HostGate;
use super::shares::Shares;
use super::{HealthBudget, HealthRun, RUN_BUDGET};
use crate::domain::health::{HealthPass, Transition};
use crate::service::{Service, ServiceError};
use crate::store::HealthSubject;

/// Whether the checker asks this link's destinations at `now`: its workspace did not turn
/// checking off, the operator did not stop it, and it serves visitors.
fn is_due(subject: &HealthSubject, now: chrono::DateTime<chrono::Utc>) -> bool {
    !subject.checks_off
        && subject.stored.disabled_reason.is_none()
        && subject.stored.suspended_reason.is_none()
        && subject.stored.link.is_live(now, subject.stored.limited_clicks)
}

impl Service {
    /// The scheduled run: [`Self::check_link_health_within`] with [`RUN_BUDGET`].
    pub async fn check_link_health(&self) -> Result<HealthRun, ServiceError> {
        self.check_link_health_within(RUN_BUDGET).await
    }

    /// Checks the destinations of every active link, from where the last run stopped, until the
    /// pass ends or `budget` is spent; saves each link's health and where the pass stands.
    pub async fn check_link_health_within(&self, budget: HealthBudget) -> Result<HealthRun, ServiceError> {
        let mut cursor = self.store.health_cursor().await?;
        let pass = cursor.pass.unwrap_or_else(|| HealthPass::first(self.clock.now()));
        // Blocked destinations are not asked: nobody is sent there, and the checker is no
        // visitor of phishing pages. A list that cannot be read blocks nothing here.
        let blocklist = self
            .blocklist()
            .await
            .inspect_err(|err| tracing::error!(error = %crate::telemetry::error_chain(err), "blocklist not read: every destination checked"))
            .ok();
        let round = Round {
            pass: pass.number,
            budget,
            deadline: Instant::now() + budget.time,
            gate: HostGate::new(budget.host_gap),
            shares: Shares::new(&budget),
            sent: AtomicUsize::new(0),
            blocklist: blocklist.as_deref(),
        };
        let mut run = HealthRun::default();
        while !round.spent() {
            let page = self.store.health_page(cursor.after.as_deref(), budget.page).await?;
            let now = self.clock.now();
            let (due, passed): (Vec<HealthSubject>, Vec<HealthSubject>) =
                page.links.into_iter().partition(|s| is_due(s, now));
            run.skipped += passed.len();
            let mut waiting: Vec<HealthSubject> = due.into_iter().filter(|s| !s.health.asked_in(pass.number)).collect();
            waiting.sort_by_key(|s| (!s.health.waited_a_pass(pass.number), s.health.waiting_since()));
            let results: Vec<Result<Outcome, ServiceError>> = futures::stream::iter(waiting)
                .map(|subject| self.check_one(subject, &round))
                .buffer_unordered(budget.parallel.max(1))
                .collect()
                .await;
            let mut whole = true;
            for result in results {
                match result? {
                    Outcome::Nothing => run.skipped += 1,
                    Outcome::Deferred => run.deferred += 1,
                    Outcome::Asked { complete, transition } => {
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
                // The budget ran out inside this page: the next run goes on inside it, asking
                // only what this pass has not.
                break;
            }
            cursor.after = page.next;
            if cursor.after.is_none() {
                run.pass_finished = true;
                break;
            }
        }
        let now = self.clock.now();
        let under_way = if run.pass_finished { pass.next(now) } else { pass };
        cursor.pass = Some(under_way);
        self.store.save_health_cursor(&cursor).await?;
        run.requests = round.sent.load(Ordering::Relaxed);
        run.pass = under_way.number;
        run.pass_age_seconds = under_way.age_seconds(now);
        Ok(run)
    }
}
