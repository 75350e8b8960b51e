//! What one host and one workspace may take of a run: a link is asked only while its
//! workspace and each of its hosts is under its share, and counts against them when it is; a
//! link past a share is deferred to the next pass. A link an earlier pass deferred is asked
//! regardless (it still counts), so that no link waits two passes in a row.

use std::collections::HashMap;
use std::sync::Mutex;

use super::HealthBudget;

pub(super) struct Shares {
    host_cap: usize,
    workspace_cap: usize,
    taken: Mutex<Taken>,
}

#[derive(Default)]
struct Taken {
    hosts: HashMap<String, usize>,
    workspaces: HashMap<String, usize>,
}

impl Shares {
    pub(super) fn new(budget: &HealthBudget) -> Self {
        Self {
            host_cap: budget.host_cap(),
            workspace_cap: budget.workspace_cap(),
            taken: Mutex::new(Taken::default()),
        }
    }

    /// Takes one ask of each of `hosts` (one per destination) for `workspace`: `false`, taking
    /// nothing, when the workspace or a host has had its share (unless the link `waited`).
    pub(super) fn take(&self, workspace: &str, hosts: &[String], waited: bool) -> bool {
        let mut taken = self.taken.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let in_workspace = taken.workspaces.get(workspace).copied().unwrap_or(0);
        let over_host = hosts
            .iter()
            .any(|host| taken.hosts.get(host).copied().unwrap_or(0) >= self.host_cap);
        if !waited && (in_workspace >= self.workspace_cap || over_host) {
            return false;
        }
        *taken.workspaces.entry(workspace.to_string()).or_default() += hosts.len();
        for host in hosts {
            *taken.hosts.entry(host.clone()).or_default() += 1;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::health::RUN_BUDGET;

    fn shares(requests: usize, host_share: usize, workspace_share: usize) -> Shares {
        Shares::new(&HealthBudget {
            requests,
            host_share,
            workspace_share,
            ..RUN_BUDGET
        })
    }

    fn hosts(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn a_host_past_its_share_defers_every_link_that_asks_it() {
        let shares = shares(100, 2, 100);
        assert!(shares.take("w1", &hosts(&["slow:443"]), false));
        assert!(shares.take("w2", &hosts(&["slow:443"]), false));
        assert!(!shares.take("w3", &hosts(&["slow:443", "fast:443"]), false));
        assert!(
            shares.take("w3", &hosts(&["fast:443"]), false),
            "the refused link took nothing"
        );
    }

    #[test]
    fn a_workspace_past_its_share_is_deferred_while_others_go_on() {
        let shares = shares(100, 100, 3);
        assert!(shares.take("big", &hosts(&["a:443", "b:443"]), false));
        assert!(shares.take("big", &hosts(&["c:443"]), false));
        assert!(!shares.take("big", &hosts(&["d:443"]), false));
        assert!(shares.take("small", &hosts(&["d:443"]), false));
    }

    #[test]
    fn a_link_that_waited_a_pass_is_asked_past_the_shares() {
        let shares = shares(100, 1, 1);
        assert!(shares.take("w", &hosts(&["slow:443"]), false));
        assert!(!shares.take("w", &hosts(&["slow:443"]), false));
        assert!(shares.take("w", &hosts(&["slow:443"]), true));
    }
}
