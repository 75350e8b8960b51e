//! Refused credentials per source: a caller whose keys or tokens keep failing is answered `429`
//! after [`REFUSED_CREDENTIALS_PER_MINUTE`] refusals in a minute, and the instance that noticed
//! answers it `429` without looking at its credentials (or at DynamoDB) until that minute ends.
//! A flood of bad keys at the MCP function's public URL so costs one conditional write per
//! refusal up to the limit, then nothing.

use std::collections::HashMap;
use std::sync::Mutex;

use chrono::{DateTime, Utc};

use crate::domain::ClientAddress;
use crate::service::{Service, ServiceError};
use crate::store::keys::Throttle;

/// Refused credentials one source (an IPv6 address by its /64) may present per minute.
pub const REFUSED_CREDENTIALS_PER_MINUTE: u32 = 20;
/// How many blocked sources one instance remembers.
const REMEMBERED_SOURCES: usize = 1024;

/// The sources this instance knows to be over their limit, until when.
#[derive(Debug, Default)]
pub struct RefusedCredentials {
    blocked: Mutex<HashMap<ClientAddress, DateTime<Utc>>>,
}

impl RefusedCredentials {
    /// `429` while `address` is known to be over its limit; nothing is read.
    pub fn check(&self, address: &ClientAddress, now: DateTime<Utc>) -> Result<(), ServiceError> {
        let blocked = self.blocked.lock().expect("refused credentials");
        match blocked.get(address).filter(|until| **until > now) {
            Some(until) => Err(too_many(now, *until)),
            None => Ok(()),
        }
    }

    fn block(&self, address: &ClientAddress, until: DateTime<Utc>, now: DateTime<Utc>) {
        let mut blocked = self.blocked.lock().expect("refused credentials");
        if blocked.len() >= REMEMBERED_SOURCES {
            blocked.retain(|_, u| *u > now);
        }
        if blocked.len() < REMEMBERED_SOURCES {
            blocked.insert(address.clone(), until);
        }
    }
}

fn too_many(now: DateTime<Utc>, until: DateTime<Utc>) -> ServiceError {
    let seconds = u64::try_from((until - now).num_milliseconds())
        .unwrap_or(0)
        .div_ceil(1000);
    ServiceError::TooManyFromAddress {
        retry_after: seconds.max(1),
    }
}

impl Service {
    /// Counts a refused credential of `address`: the refusal to answer, which is `429` once the
    /// source is over its limit (and from then on, on this instance, until the minute ends).
    pub async fn refuse_credential(
        &self,
        refused: &RefusedCredentials,
        address: &ClientAddress,
        refusal: ServiceError,
    ) -> ServiceError {
        let now = self.clock.now();
        let throttle = Throttle::FailedAuthentications;
        match self
            .store
            .count_in_window(throttle, address.as_str(), now, REFUSED_CREDENTIALS_PER_MINUTE)
            .await
        {
            Ok(true) => refusal,
            Ok(false) => {
                let window = throttle.seconds();
                let end = (now.timestamp().div_euclid(window) + 1) * window;
                let until = DateTime::from_timestamp(end, 0).unwrap_or(now);
                refused.block(address, until, now);
                too_many(now, until)
            }
            // The count protects capacity; an unreachable counter must not change the answer.
            Err(err) => {
                tracing::warn!(error = %crate::telemetry::error_chain(&err), "refused credentials not counted");
                refusal
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blocked_source_is_refused_until_its_minute_ends_and_others_are_not() {
        let refused = RefusedCredentials::default();
        let now = DateTime::from_timestamp(1_800_000_030, 0).unwrap();
        let source = ClientAddress::from_source(Some("203.0.113.9"));
        refused.block(&source, now + chrono::Duration::seconds(30), now);
        assert!(matches!(
            refused.check(&source, now),
            Err(ServiceError::TooManyFromAddress { retry_after: 30 })
        ));
        assert!(refused.check(&source, now + chrono::Duration::seconds(30)).is_ok());
        let other = ClientAddress::from_source(Some("198.51.100.1"));
        assert!(refused.check(&other, now).is_ok());
    }
}
