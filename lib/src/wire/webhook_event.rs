//! What a webhook delivery carries: one JSON envelope `{id, type, createdAt, workspaceId, data}`
//! per event (an array of them for a batch), signed as Standard Webhooks says (`webhook-id`,
//! `webhook-timestamp`, `webhook-signature: v1,<base64>` with one signature per signing secret,
//! space-separated), so receivers verify with the published libraries.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::ids::ObjectId;
use crate::domain::{EventType, SecretRing};

/// One event as receivers read it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Envelope<D> {
    /// Unique per event: the same on every retry, so a receiver can drop repeats.
    pub id: String,
    #[serde(rename = "type")]
    pub kind: EventType,
    pub created_at: DateTime<Utc>,
    pub workspace_id: ObjectId,
    pub data: D,
}

/// The three headers of a delivery and the body they sign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedDelivery {
    /// `webhook-id`: the event's id (a batch's own id for a batch).
    pub id: String,
    /// `webhook-timestamp`: seconds since 1970, when this attempt was signed.
    pub timestamp: i64,
    /// `webhook-signature`.
    pub signature: String,
    pub body: String,
}

/// Signs `body` for delivery `id` at `now` with every secret the ring signs with then.
pub fn sign(ring: &SecretRing, id: &str, body: String, now: DateTime<Utc>) -> SignedDelivery {
    let timestamp = now.timestamp();
    let signature = ring
        .signing(now)
        .into_iter()
        .filter_map(|secret| {
            standardwebhooks::Webhook::new(secret.expose())
                .and_then(|webhook| webhook.sign(id, timestamp, body.as_bytes()))
                .ok()
        })
        .collect::<Vec<_>>()
        .join(" ");
    SignedDelivery {
        id: id.to_string(),
        timestamp,
        signature,
        body,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::WebhookSecret;
    use crate::testing::SeededEntropy;

    fn headers(delivery: &SignedDelivery) -> lambda_http::http::HeaderMap {
        let mut headers = lambda_http::http::HeaderMap::new();
        headers.insert("webhook-id", delivery.id.parse().unwrap());
        headers.insert("webhook-timestamp", delivery.timestamp.to_string().parse().unwrap());
        headers.insert("webhook-signature", delivery.signature.parse().unwrap());
        headers
    }

    fn verifies(secret: &WebhookSecret, delivery: &SignedDelivery) -> bool {
        standardwebhooks::Webhook::new(secret.expose())
            .unwrap()
            .verify(delivery.body.as_bytes(), &headers(delivery))
            .is_ok()
    }

    #[test]
    fn the_envelope_names_its_fields_as_documented() {
        let envelope = Envelope {
            id: "evt_1".into(),
            kind: EventType::LinkClicked,
            created_at: "2026-11-27T10:00:00Z".parse().unwrap(),
            workspace_id: ObjectId::parse("0123456789abcdef01234567").unwrap(),
            data: serde_json::json!({ "linkId": "l" }),
        };
        assert_eq!(
            serde_json::to_string(&envelope).unwrap(),
            r#"{"id":"evt_1","type":"link.clicked","createdAt":"2026-11-27T10:00:00Z","workspaceId":"0123456789abcdef01234567","data":{"linkId":"l"}}"#
        );
    }

    #[test]
    fn a_delivery_verifies_with_the_standard_webhooks_library() {
        let secret = WebhookSecret::generate(&SeededEntropy::new(5));
        let delivery = sign(
            &SecretRing::new(secret.clone()),
            "evt_1",
            "{\"a\":1}".into(),
            Utc::now(),
        );
        assert!(delivery.signature.starts_with("v1,"));
        assert!(verifies(&secret, &delivery));
        let mut tampered = delivery.clone();
        tampered.body = "{\"a\":2}".into();
        assert!(!verifies(&secret, &tampered));
    }

    #[test]
    fn during_a_rotation_both_secrets_verify_and_after_it_only_the_new_one() {
        let entropy = SeededEntropy::new(9);
        let now = Utc::now();
        let old = WebhookSecret::generate(&entropy);
        let new = WebhookSecret::generate(&entropy);
        let ring = SecretRing::new(old.clone()).rotated(new.clone(), now);
        let during = sign(&ring, "evt_2", "{}".into(), now);
        assert_eq!(during.signature.split(' ').count(), 2);
        assert!(verifies(&old, &during) && verifies(&new, &during));
        // A day later (the library checks timestamps against its own clock, so compare the
        // signatures themselves): only the new secret's.
        let later = now + crate::domain::ROTATION_OVERLAP;
        let after = sign(&ring, "evt_2", "{}".into(), later);
        let new_only = sign(&SecretRing::new(new), "evt_2", "{}".into(), later);
        assert_eq!(after.signature, new_only.signature);
    }
}
