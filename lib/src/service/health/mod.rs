//! Link health: the scheduled checker's pass over every active link (`check_link_health`, in
//! `run`; one link in `check`, the hosts' and workspaces' shares of a run in `shares`, the
//! hosts' pace in `gate`), a link's health for its record, and the workspace's switch. What is checked, how often and
//! what it costs: docs/behaviour/trust-health.md.

mod budget;
mod check;
mod gate;
mod mail;
mod probe;
mod run;
mod shares;
#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use budget::{HOST_SHARE, HealthBudget, HealthRun, RUN_BUDGET, WORKSPACE_SHARE};
pub use probe::{HEALTH_USER_AGENT, PROBE_LIMITS, probe};

use crate::domain::health::LinkHealth;
use crate::domain::ids::ObjectId;
use crate::service::{Service, ServiceError};

impl Service {
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
