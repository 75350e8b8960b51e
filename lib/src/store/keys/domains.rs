//! Keys of custom domains: the host's holder, its app associations, each workspace's claim,
//! and where the scheduled re-check stopped.

use super::Key;
use crate::domain::Hostname;
use crate::domain::ids::ObjectId;

pub fn domain(host: &Hostname) -> Key {
    Key::new(format!("DOMAIN#{}", host.as_str()), "DOMAIN")
}

/// The apps a workspace lets a host open (`/.well-known` files), beside the host's holder item:
/// keyed by the workspace too, so a host that changes hands serves nothing of the last holder's.
pub fn app_association(host: &Hostname, workspace: &ObjectId) -> Key {
    Key::new(format!("DOMAIN#{}", host.as_str()), &format!("APPS#{workspace}"))
}

/// GSI1 keys of a domain: a workspace's domains.
pub fn domain_by_workspace(workspace: &ObjectId, host: &Hostname) -> Key {
    Key::new(workspace_domains_partition(workspace), host.as_str())
}

/// The GSI1 partition of a workspace's domains (see [`domain_by_workspace`]).
pub fn workspace_domains_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}#DOMAINS")
}

/// Every workspace's claim on a host, in one partition the scheduled re-check pages through
/// (claims are few and rarely written; a workspace lists its own on GSI1).
pub fn domain_claim(host: &Hostname, workspace: &ObjectId) -> Key {
    Key::new(
        DOMAIN_CLAIMS_PARTITION.to_string(),
        &format!("{}#{workspace}", host.as_str()),
    )
}

pub const DOMAIN_CLAIMS_PARTITION: &str = "DOMAINCLAIMS";

/// Where the scheduled domain re-check stopped: the sort key of the last claim it reached.
pub fn domain_recheck_cursor() -> Key {
    Key::new("RECHECK#DOMAINS".to_string(), "CURSOR")
}

/// The key a page of every claim starts after: the claim whose sort key is `sk`.
pub fn domain_claim_at(sk: &str) -> Key {
    Key::new(DOMAIN_CLAIMS_PARTITION.to_string(), sk)
}
