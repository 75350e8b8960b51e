//! Webhook endpoints on the wire: the bodies of `POST /webhook/create`, `PUT /webhook/update`
//! and `DELETE /webhook/delete`, and the record `GET /webhooks` lists (never a secret).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::any_as_text;
use crate::domain::{
    EventType, EventTypes, Invalid, NewWebhook, SetUpBy, SetUpKind, Webhook, WebhookChange, WebhookUrl,
    webhook_link_ids,
};

/// A request body with the endpoint's fields (each optional here; what is required is said by
/// its parsing) and any fields of its own first.
macro_rules! webhook_body {
    ($(#[$meta:meta])* $name:ident { $($own:tt)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        pub struct $name {
            $($own)*
            /// An https URL on a public address, without user name or password.
            #[serde(default)]
            #[schemars(length(min = 1, max = 2048))]
            pub url: Option<String>,
            /// The event types it wants: link.created, link.updated, link.deleted, link.clicked,
            /// conversion.created.
            #[serde(default)]
            #[schemars(length(min = 1))]
            pub events: Option<Vec<String>>,
            /// Only these links' events (none, or an empty list: every link's).
            #[serde(default)]
            #[schemars(length(max = 100))]
            pub link_ids: Option<Vec<String>>,
            /// Click events grouped, up to 100 per request (default false).
            #[serde(default)]
            pub batch: Option<bool>,
        }
    };
}

webhook_body!(
    /// `POST /webhook/create`.
    WebhookInput {}
);

impl TryFrom<WebhookInput> for NewWebhook {
    type Error = Invalid;
    fn try_from(input: WebhookInput) -> Result<Self, Invalid> {
        let url = match input.url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            Some(url) => WebhookUrl::parse("url", url)?,
            None => return Err(Invalid::new("url", "url is required.")),
        };
        let Some(events) = input.events else {
            return Err(Invalid::new(
                "events",
                format!(
                    "events is required: a list of {}.",
                    <EventType as crate::domain::Vocabulary>::allowed()
                ),
            ));
        };
        Ok(Self {
            url,
            events: EventTypes::parse("events", &events)?,
            link_ids: webhook_link_ids("linkIds", input.link_ids.as_deref().unwrap_or_default())?,
            batch: input.batch.unwrap_or(false),
        })
    }
}

webhook_body!(
    /// `PUT /webhook/update`: the endpoint and what to change.
    WebhookUpdateInput {
        /// The endpoint's id (24 hexadecimal characters).
        #[serde(default, deserialize_with = "any_as_text")]
        #[schemars(regex(pattern = super::schema::OBJECT_ID_PATTERN))]
        pub webhook_id: Option<String>,
        /// Switched on or off.
        #[serde(default)]
        pub enabled: Option<bool>,
        /// A new secret, shown in the answer; the old one keeps signing beside it for 24 hours.
        #[serde(default)]
        pub rotate_secret: Option<bool>,
    }
);

impl TryFrom<&WebhookUpdateInput> for WebhookChange {
    type Error = Invalid;
    fn try_from(input: &WebhookUpdateInput) -> Result<Self, Invalid> {
        Ok(Self {
            url: input.url.as_deref().map(|u| WebhookUrl::parse("url", u)).transpose()?,
            events: input
                .events
                .as_deref()
                .map(|e| EventTypes::parse("events", e))
                .transpose()?,
            link_ids: input
                .link_ids
                .as_deref()
                .map(|ids| webhook_link_ids("linkIds", ids))
                .transpose()?,
            enabled: input.enabled,
            batch: input.batch,
            rotate_secret: input.rotate_secret.unwrap_or(false),
        })
    }
}

/// An endpoint as `GET /webhooks` lists it: never its secret.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookRecord {
    pub id: String,
    pub url: String,
    pub events: Vec<String>,
    pub link_ids: Vec<String>,
    pub enabled: bool,
    pub batch: bool,
    pub created_at: DateTime<Utc>,
    /// When it was switched off for failing three days without a success (absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disabled_for_failing_at: Option<DateTime<Utc>>,
    /// The credential that made it, or last pointed it at a URL, events or links, or switched
    /// it on (absent for endpoints made before it was recorded).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set_up_by: Option<SetUpByRecord>,
    /// Why it was switched off when that key was replaced or that app lost its access.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disabled_reason: Option<String>,
}

/// Who set an endpoint up: revoking that API key or app switches the endpoint off.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SetUpByRecord {
    /// `member` (a person in the app), `apiKey` or `app` (an app connected over OAuth).
    pub kind: SetUpKind,
    /// The person's user id, the API key's short id (16 hexadecimal characters) or the app's
    /// grant id.
    pub id: String,
    /// The person's e-mail, the key's first characters, or the app's name.
    pub name: String,
}

impl From<&SetUpBy> for SetUpByRecord {
    fn from(by: &SetUpBy) -> Self {
        Self {
            kind: by.kind,
            id: by.id.clone(),
            name: by.name.clone(),
        }
    }
}

impl From<&Webhook> for WebhookRecord {
    fn from(webhook: &Webhook) -> Self {
        Self {
            id: webhook.id.to_string(),
            url: webhook.url.as_str().to_string(),
            events: webhook.events.iter().map(|e| e.to_string()).collect(),
            link_ids: webhook.link_ids.iter().map(ToString::to_string).collect(),
            enabled: webhook.enabled,
            batch: webhook.batch,
            created_at: webhook.created_at,
            disabled_for_failing_at: webhook.disabled_for_failing_at,
            set_up_by: webhook.set_up_by.as_ref().map(SetUpByRecord::from),
            disabled_reason: webhook.disabled_reason.clone(),
        }
    }
}

/// `GET /webhooks`: `{ webhooks }`, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct WebhookList {
    pub webhooks: Vec<WebhookRecord>,
}

impl WebhookList {
    pub fn of(webhooks: &[Webhook]) -> Self {
        Self {
            webhooks: webhooks.iter().map(WebhookRecord::from).collect(),
        }
    }
}

/// `POST /webhook/create`: `{ message, id, secret }`, the one time the secret is shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct CreatedWebhook {
    pub message: String,
    pub id: String,
    /// `whsec_` and the base64 of 32 random bytes: the key a receiver verifies signatures with.
    pub secret: String,
}

/// `PUT /webhook/update`: `{ message, webhook, secret? }`; `secret` only when it was rotated.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct UpdatedWebhook {
    pub message: String,
    pub webhook: WebhookRecord,
    /// The new secret, when `rotateSecret` asked for one; shown this once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

/// `DELETE /webhook/delete`: `{ message }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DeletedWebhook {
    pub message: String,
}

/// `DELETE /webhook/delete`: the endpoint to delete.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookIdInput {
    /// The endpoint's id (24 hexadecimal characters).
    #[serde(default, deserialize_with = "any_as_text")]
    #[schemars(regex(pattern = super::schema::OBJECT_ID_PATTERN))]
    pub webhook_id: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn input(body: serde_json::Value) -> Result<NewWebhook, Invalid> {
        let input: WebhookInput = crate::wire::from_json(body)?;
        NewWebhook::try_from(input)
    }

    #[test]
    fn a_create_body_becomes_a_new_endpoint() {
        let new = input(
            json!({ "url": "https://hooks.example.com/in", "events": ["link.clicked"],
                                 "linkIds": ["0123456789abcdef01234567"], "batch": true }),
        )
        .unwrap();
        assert_eq!(new.url.as_str(), "https://hooks.example.com/in");
        assert!(new.batch && new.link_ids.len() == 1);
    }

    #[test]
    fn each_missing_or_wrong_field_is_named() {
        let missing_url = input(json!({ "events": ["link.created"] })).unwrap_err();
        assert_eq!(
            (missing_url.field.as_deref(), missing_url.message.as_str()),
            (Some("url"), "url is required.")
        );
        let http = input(json!({ "url": "http://hooks.example.com/", "events": ["link.created"] })).unwrap_err();
        assert_eq!(http.field.as_deref(), Some("url"));
        let no_events = input(json!({ "url": "https://hooks.example.com/" })).unwrap_err();
        assert_eq!(no_events.field.as_deref(), Some("events"));
        let unknown = input(json!({ "url": "https://hooks.example.com/", "events": ["link.opened"] })).unwrap_err();
        assert_eq!(unknown.field.as_deref(), Some("events[0]"));
        let bad_link =
            input(json!({ "url": "https://hooks.example.com/", "events": ["link.created"], "linkIds": ["x"] }))
                .unwrap_err();
        assert_eq!(bad_link.message, "linkIds[0] is \"x\", not a link id.");
        let typo = input(json!({ "url": "https://hooks.example.com/", "events": ["link.created"], "secret": "x" }))
            .unwrap_err();
        assert!(typo.message.contains("secret"), "{}", typo.message);
    }

    #[test]
    fn a_listed_endpoint_never_carries_its_secret() {
        let entropy = crate::testing::SeededEntropy::new(2);
        let webhook = Webhook {
            id: crate::domain::ids::ObjectId::parse("0123456789abcdef01234567").unwrap(),
            workspace_id: crate::domain::ids::ObjectId::parse("89abcdef0123456789abcdef").unwrap(),
            url: WebhookUrl::parse("url", "https://hooks.example.com/in").unwrap(),
            events: EventTypes::parse("events", &["link.created".to_string()]).unwrap(),
            link_ids: Vec::new(),
            enabled: true,
            batch: false,
            secrets: crate::domain::SecretRing::new(crate::domain::WebhookSecret::generate(&entropy)),
            created_at: "2026-11-27T10:00:00Z".parse().unwrap(),
            failing_since: None,
            disabled_for_failing_at: None,
            unanswered: 0,
            resting_until: None,
            version: 1,
            set_up_by: None,
            disabled_reason: None,
        };
        let listed = serde_json::to_value(WebhookRecord::from(&webhook)).unwrap();
        assert_eq!(
            listed,
            json!({ "id": "0123456789abcdef01234567", "url": "https://hooks.example.com/in", "events": ["link.created"],
                    "linkIds": [], "enabled": true, "batch": false, "createdAt": "2026-11-27T10:00:00Z" })
        );
        assert!(!listed.to_string().contains("whsec_"));
    }
}
