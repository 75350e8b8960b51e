//! Request rate limits, per API key and per workspace, counted in fixed one-minute windows
//! (`store::limits`: one conditional `UpdateItem` per request). Both doors charge every request
//! of an admitted key once, before its work: to the workspace it acts in (whose plan may
//! override the operator's limits), or to the key alone when it names none.

use std::fmt;

use crate::domain::{RateClass, RateLimits, Workspace};
use crate::service::{Service, ServiceError, accounts::Caller};
use crate::store::keys::{self, RateScope};
use crate::store::{Collection, Counter, RateCharge};

/// The refusal of a create past its workspace's cap: `400` with one sentence.
pub fn collection_full(collection: Collection) -> ServiceError {
    let (noun, verb) = match collection {
        Collection::Tags => ("tags", "delete"),
        Collection::UtmTemplates => ("UTM templates", "delete"),
        Collection::Webhooks => ("webhooks", "delete"),
        Collection::DomainClaims => ("domains", "remove"),
    };
    crate::domain::Invalid::general(format!(
        "This workspace has {} {noun}, the most it may keep; {verb} one first.",
        collection.cap()
    ))
    .into()
}

/// The length of a window, in seconds.
pub const WINDOW_SECONDS: i64 = 60;
/// How long a window's counter item is kept after the window ends (its TTL).
const KEEP_SECONDS: i64 = 3600;

/// A limit a request is held to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Every request of the key.
    Key,
    /// The key's bulk calls.
    Bulk,
    /// The key's analytics reads.
    Analytics,
    /// Every request in the workspace.
    Workspace,
}

impl Policy {
    /// Its name in the `RateLimit-Policy` and `RateLimit` headers (and its counter's).
    pub fn name(self) -> &'static str {
        match self {
            Self::Key => "key",
            Self::Bulk => "bulk",
            Self::Analytics => "analytics",
            Self::Workspace => "workspace",
        }
    }

    fn limit(self, limits: &RateLimits) -> u64 {
        match self {
            Self::Key => limits.per_key,
            Self::Bulk => limits.bulk_per_key,
            Self::Analytics => limits.analytics_per_key,
            Self::Workspace => limits.per_workspace,
        }
    }

    /// What the limit counts, in the 429 sentence.
    fn counts(self) -> &'static str {
        match self {
            Self::Key | Self::Workspace => "requests",
            Self::Bulk => "bulk requests",
            Self::Analytics => "analytics requests",
        }
    }

    fn holder(self) -> &'static str {
        match self {
            Self::Workspace => "workspace",
            _ => "key",
        }
    }
}

/// One policy a request was held to: its limit per window and, once counted, what is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PolicyState {
    pub policy: Policy,
    pub limit: u64,
    /// `None` when the request could not be counted (the counter was unreachable).
    pub remaining: Option<u64>,
}

/// The limits a request was held to and what is left of them: what the `RateLimit-Policy`
/// and `RateLimit` headers say (IETF httpapi ratelimit-headers, draft 11).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateStatus {
    pub policies: Vec<PolicyState>,
    /// Seconds until the window ends (1 to 60).
    pub reset_after: u64,
}

impl RateStatus {
    /// `"key";q=600;w=60, "workspace";q=3000;w=60`; `None` when no limit applies.
    pub fn policy_header(&self) -> Option<String> {
        let items: Vec<String> = self
            .policies
            .iter()
            .map(|p| format!("\"{}\";q={};w={WINDOW_SECONDS}", p.policy.name(), p.limit))
            .collect();
        (!items.is_empty()).then(|| items.join(", "))
    }

    /// `"key";r=599;t=48, "workspace";r=2999;t=48`; `None` when nothing was counted.
    pub fn limit_header(&self) -> Option<String> {
        let items: Vec<String> = self
            .policies
            .iter()
            .filter_map(|p| {
                let remaining = p.remaining?;
                Some(format!("\"{}\";r={remaining};t={}", p.policy.name(), self.reset_after))
            })
            .collect();
        (!items.is_empty()).then(|| items.join(", "))
    }
}

/// A request refused by a limit: which one, and when a retry can succeed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimited {
    pub policy: Policy,
    pub limit: u64,
    /// Seconds until the window ends (the `Retry-After` header).
    pub retry_after: u64,
    pub status: RateStatus,
}

impl fmt::Display for RateLimited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Rate limit exceeded: {} {} per minute for this {}. Retry after {} s.",
            self.limit,
            self.policy.counts(),
            self.policy.holder(),
            self.retry_after
        )
    }
}

/// The status a charge leaves for the answer's headers: the counts after a counted request,
/// or at the refusal.
pub fn metered(charge: &Result<RateStatus, ServiceError>) -> Option<RateStatus> {
    match charge {
        Ok(status) => Some(status.clone()),
        Err(ServiceError::RateLimited(limited)) => Some(limited.status.clone()),
        Err(_) => None,
    }
}

/// The policies of a request, in header order (those turned off left out).
fn policies(limits: &RateLimits, class: RateClass, in_workspace: bool) -> Vec<(Policy, u64)> {
    let mut list = vec![Policy::Key];
    match class {
        RateClass::Standard => {}
        RateClass::Bulk => list.push(Policy::Bulk),
        RateClass::Analytics => list.push(Policy::Analytics),
    }
    if in_workspace {
        list.push(Policy::Workspace);
    }
    list.into_iter()
        .map(|p| (p, p.limit(limits)))
        .filter(|(_, limit)| *limit > 0)
        .collect()
}

/// The refused policy to name: the narrowest one at its limit (a class, then the key, then the
/// workspace).
fn refused_by(policies: &[(Policy, u64)], counts: &[u64]) -> Option<(Policy, u64)> {
    let at_limit = |wanted: Policy| {
        policies
            .iter()
            .zip(counts)
            .find(|((p, limit), count)| *p == wanted && **count >= *limit)
            .map(|((p, limit), _)| (*p, *limit))
    };
    [Policy::Bulk, Policy::Analytics, Policy::Key, Policy::Workspace]
        .into_iter()
        .find_map(at_limit)
}

impl Service {
    /// The limits that hold in `workspace` (or, with none, for a key alone).
    pub fn rate_limits(&self, workspace: Option<&Workspace>) -> RateLimits {
        match workspace {
            Some(ws) => self.config.rate_limits.with(&ws.plan.rate_limits),
            None => self.config.rate_limits,
        }
    }

    /// Counts one request of `caller` (in `workspace`, if it acts in one) against its limits,
    /// or refuses it with 429 when one is reached (a refused request is not counted). If the
    /// counter cannot be reached the request goes through (logged): limits protect capacity,
    /// they must not take the API down with them.
    pub async fn charge(
        &self,
        caller: &Caller,
        workspace: Option<&Workspace>,
        class: RateClass,
    ) -> Result<RateStatus, ServiceError> {
        let limits = self.rate_limits(workspace);
        let policies = policies(&limits, class, workspace.is_some());
        let now = self.clock.now().timestamp();
        let window = now.div_euclid(WINDOW_SECONDS);
        let reset_after = (WINDOW_SECONDS - now.rem_euclid(WINDOW_SECONDS)) as u64;
        let state = |remaining: &dyn Fn(usize) -> Option<u64>| RateStatus {
            policies: policies
                .iter()
                .enumerate()
                .map(|(i, (policy, limit))| PolicyState {
                    policy: *policy,
                    limit: *limit,
                    remaining: remaining(i),
                })
                .collect(),
            reset_after,
        };
        if policies.is_empty() {
            return Ok(state(&|_| None));
        }
        let scope = match workspace {
            Some(ws) => RateScope::Workspace(&ws.id),
            None => RateScope::Key(&caller.key_id),
        };
        let counters: Vec<Counter> = policies
            .iter()
            .map(|(policy, limit)| Counter {
                attribute: keys::rate_counter(
                    &scope,
                    policy.name(),
                    (*policy != Policy::Workspace).then_some(caller.key_id.as_str()),
                ),
                limit: *limit,
            })
            .collect();
        let expires_at = (window + 1) * WINDOW_SECONDS + KEEP_SECONDS;
        let key = keys::rate_window(&scope, window);
        match self.store.charge_rate(&key, &counters, expires_at).await {
            Ok(RateCharge::Counted(counts)) => Ok(state(&|i| Some(policies[i].1.saturating_sub(counts[i])))),
            Ok(RateCharge::Refused(counts)) => {
                let status = state(&|i| Some(policies[i].1.saturating_sub(counts[i])));
                let (policy, limit) = refused_by(&policies, &counts).unwrap_or(policies[0]);
                Err(ServiceError::RateLimited(Box::new(RateLimited {
                    policy,
                    limit,
                    retry_after: reset_after,
                    status,
                })))
            }
            Err(err) => {
                tracing::warn!(error = %crate::telemetry::error_chain(&err), "rate limit counter unavailable; request let through");
                Ok(state(&|_| None))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_names_the_limit_the_key_and_the_wait() {
        let refused = RateLimited {
            policy: Policy::Key,
            limit: 600,
            retry_after: 12,
            status: RateStatus {
                policies: Vec::new(),
                reset_after: 12,
            },
        };
        assert_eq!(
            refused.to_string(),
            "Rate limit exceeded: 600 requests per minute for this key. Retry after 12 s."
        );
        let bulk = RateLimited {
            policy: Policy::Bulk,
            limit: 60,
            ..refused.clone()
        };
        assert_eq!(
            bulk.to_string(),
            "Rate limit exceeded: 60 bulk requests per minute for this key. Retry after 12 s."
        );
        let workspace = RateLimited {
            policy: Policy::Workspace,
            limit: 3000,
            ..refused
        };
        assert_eq!(
            workspace.to_string(),
            "Rate limit exceeded: 3000 requests per minute for this workspace. Retry after 12 s."
        );
    }

    #[test]
    fn the_headers_follow_the_ratelimit_headers_draft() {
        let status = RateStatus {
            policies: vec![
                PolicyState {
                    policy: Policy::Key,
                    limit: 600,
                    remaining: Some(599),
                },
                PolicyState {
                    policy: Policy::Workspace,
                    limit: 3000,
                    remaining: Some(2990),
                },
            ],
            reset_after: 48,
        };
        assert_eq!(
            status.policy_header().as_deref(),
            Some("\"key\";q=600;w=60, \"workspace\";q=3000;w=60")
        );
        assert_eq!(
            status.limit_header().as_deref(),
            Some("\"key\";r=599;t=48, \"workspace\";r=2990;t=48")
        );
    }

    #[test]
    fn a_limit_turned_off_is_neither_counted_nor_announced() {
        let limits = RateLimits {
            bulk_per_key: 0,
            ..RateLimits::default()
        };
        let listed: Vec<Policy> = policies(&limits, RateClass::Bulk, true)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(listed, [Policy::Key, Policy::Workspace]);
        assert!(policies(&RateLimits::OFF, RateClass::Analytics, true).is_empty());
    }

    #[test]
    fn the_narrowest_exhausted_limit_is_the_one_named() {
        let list = [(Policy::Key, 600), (Policy::Bulk, 60), (Policy::Workspace, 3000)];
        assert_eq!(refused_by(&list, &[600, 60, 3000]), Some((Policy::Bulk, 60)));
        assert_eq!(refused_by(&list, &[600, 12, 3000]), Some((Policy::Key, 600)));
        assert_eq!(refused_by(&list, &[100, 12, 3000]), Some((Policy::Workspace, 3000)));
    }
}
