//! Safe retries: an `Idempotency-Key` on create, bulk-create, update or delete makes the first
//! answer the answer of every retry with the same key and the same request, for 24 hours,
//! and the work is done once (`store::idempotency` holds one item per workspace and key).

use sha2::{Digest, Sha256};

use crate::domain::ids::ObjectId;
use crate::service::{Service, ServiceError};
pub use crate::store::StoredAnswer;
use crate::store::{Claim, IdempotencyState, Lease, keys};

/// The request header.
pub const HEADER: &str = "idempotency-key";
/// The response header a replayed answer carries (`true`).
pub const REPLAYED_HEADER: &str = "idempotent-replayed";
/// How long a key and its answer are kept.
pub const KEEP_SECONDS: i64 = 24 * 3600;
/// How long a claim holds the key before a retry may take it over: longer than any function
/// may run (API Gateway ends a request after 30 s).
pub const LEASE_SECONDS: i64 = 60;
/// The longest key.
pub const MAX_KEY_CHARS: usize = 255;

/// A key as the client sent it: 1 to 255 printable ASCII characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    /// Reads the header's bytes (`None`: the header was not sent).
    pub fn parse(raw: &[u8]) -> Result<Self, ServiceError> {
        let printable = raw.iter().all(|b| (0x20..=0x7e).contains(b));
        match std::str::from_utf8(raw) {
            Ok(text) if printable && (1..=MAX_KEY_CHARS).contains(&text.len()) => Ok(Self(text.to_string())),
            _ => Err(ServiceError::InvalidIdempotencyKey),
        }
    }

    fn hash(&self) -> String {
        hex::encode(Sha256::digest(self.0.as_bytes()))
    }
}

/// What decides "the same request": SHA-256 over the method, the path and the body's JSON
/// with object keys sorted (so spacing and key order do not matter, every value does).
pub fn fingerprint(method: &str, path: &str, body: &serde_json::Value) -> String {
    let mut hasher = Sha256::new();
    hasher.update(method.as_bytes());
    hasher.update(b" ");
    hasher.update(path.as_bytes());
    hasher.update(b"\n");
    canonical(body, &mut hasher);
    hex::encode(hasher.finalize())
}

/// Feeds `value` as JSON with sorted keys, whatever order the map keeps.
fn canonical(value: &serde_json::Value, out: &mut Sha256) {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.update(b"{");
            for (i, (key, value)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.update(b",");
                }
                out.update(Value::String(key.clone()).to_string().as_bytes());
                out.update(b":");
                canonical(value, out);
            }
            out.update(b"}");
        }
        Value::Array(items) => {
            out.update(b"[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.update(b",");
                }
                canonical(item, out);
            }
            out.update(b"]");
        }
        scalar => out.update(scalar.to_string().as_bytes()),
    }
}

/// A claimed key: what completing or releasing it needs.
#[derive(Debug, Clone)]
pub struct Ticket {
    key: keys::Key,
    fingerprint: String,
    token: String,
    now: i64,
}

impl Ticket {
    fn lease(&self) -> Lease<'_> {
        Lease {
            token: &self.token,
            now: self.now,
            until: self.now + LEASE_SECONDS,
            expires_at: self.now + KEEP_SECONDS,
        }
    }
}

/// How a request with a key begins.
#[derive(Debug, Clone)]
pub enum Begun {
    /// The key is this request's: do the work, then [`Service::finish_idempotent`].
    Claimed(Ticket),
    /// An earlier request with this key and body answered this.
    Replay(StoredAnswer),
}

/// Whether an answer is kept for retries: everything the work decided (successes and the
/// caller's mistakes), not faults, contention or a rate limit, which a retry may get past.
pub fn keeps(status: u16) -> bool {
    status < 500 && status != 409 && status != 429
}

impl Service {
    /// Claims `key` in `workspace` for a request with `fingerprint`, or answers why not: the
    /// stored answer (same request), 422 (the key was used for another request), 409 (the
    /// first request with it is still running).
    pub async fn begin_idempotent(
        &self,
        workspace: &ObjectId,
        key: &IdempotencyKey,
        fingerprint: String,
    ) -> Result<Begun, ServiceError> {
        let ticket = Ticket {
            key: keys::idempotency(workspace, &key.hash()),
            fingerprint,
            token: format!("{:016x}{:016x}", self.entropy.next_u64(), self.entropy.next_u64()),
            now: self.clock.now().timestamp(),
        };
        match self
            .store
            .claim_idempotency(&ticket.key, &ticket.fingerprint, ticket.lease())
            .await?
        {
            Claim::Claimed => Ok(Begun::Claimed(ticket)),
            Claim::Taken(record) if record.fingerprint != ticket.fingerprint => Err(ServiceError::IdempotencyKeyReused),
            Claim::Taken(record) => match record.state {
                IdempotencyState::Pending { .. } => Err(ServiceError::IdempotencyInProgress),
                IdempotencyState::Done(answer) => Ok(Begun::Replay(answer)),
            },
        }
    }

    /// Stores the answer of a claimed request for its retries, or releases the key when the
    /// answer is not kept ([`keeps`]). A failure here is logged, never answered: the work is
    /// done and its answer is on its way.
    pub async fn finish_idempotent(&self, ticket: Ticket, answer: StoredAnswer) {
        let result = if keeps(answer.status) {
            self.store
                .complete_idempotency(&ticket.key, &ticket.fingerprint, ticket.lease(), &answer)
                .await
        } else {
            self.store.release_idempotency(&ticket.key, &ticket.token).await
        };
        match result {
            Ok(true) => {}
            Ok(false) => tracing::warn!(
                key = %ticket.key.pk,
                "idempotency answer not stored (claim lost, or answer too large); a retry will run again"
            ),
            Err(err) => tracing::error!(
                key = %ticket.key.pk,
                error = %crate::telemetry::error_chain(&err),
                "idempotency answer not stored"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_key_is_1_to_255_printable_characters() {
        assert!(IdempotencyKey::parse(b"order-42 retry").is_ok());
        assert!(IdempotencyKey::parse("x".repeat(255).as_bytes()).is_ok());
        for bad in [&b""[..], "x".repeat(256).as_bytes(), b"tab\there", "é".as_bytes()] {
            assert!(
                matches!(IdempotencyKey::parse(bad), Err(ServiceError::InvalidIdempotencyKey)),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn the_fingerprint_ignores_key_order_and_spacing_but_not_values() {
        let a = fingerprint("POST", "/apiv1/link/create", &json!({ "name": "a", "rules": [1, 2] }));
        let b: serde_json::Value = serde_json::from_str(r#"{ "rules":[1,2],   "name":"a" }"#).unwrap();
        assert_eq!(a, fingerprint("POST", "/apiv1/link/create", &b));
        assert_ne!(
            a,
            fingerprint("POST", "/apiv1/link/create", &json!({ "name": "b", "rules": [1, 2] }))
        );
        assert_ne!(
            a,
            fingerprint(
                "POST",
                "/apiv1/links/bulk-create",
                &json!({ "name": "a", "rules": [1, 2] })
            )
        );
    }

    #[test]
    fn faults_contention_and_rate_limits_are_not_kept_for_retries() {
        assert!(keeps(200) && keeps(400) && keeps(403) && keeps(404));
        assert!(!keeps(409) && !keeps(429) && !keeps(500));
    }
}
