//! Webhooks: where a workspace wants its events pushed (an https URL on a public address), which
//! events, and the secrets that sign them (Standard Webhooks: `whsec_` and base64).

use std::fmt;

use base64::Engine;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::Invalid;
use super::vocabulary::{Vocabulary, vocabulary};
use crate::clock::Entropy;
use crate::domain::ids::ObjectId;

vocabulary!(
    /// What happened, as a webhook's `type` says it.
    EventType, "event type", {
        LinkCreated => "link.created", LinkUpdated => "link.updated", LinkDeleted => "link.deleted",
        LinkClicked => "link.clicked", ConversionCreated => "conversion.created",
        LinkBroken => "link.broken", LinkRecovered => "link.recovered",
    }
);

/// The event types an endpoint wants: at least one, each once, in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<EventType>", into = "Vec<EventType>")]
pub struct EventTypes(Vec<EventType>);

impl EventTypes {
    pub fn parse(field: &str, raw: &[String]) -> Result<Self, Invalid> {
        let mut types = Vec::with_capacity(raw.len());
        for (i, name) in raw.iter().enumerate() {
            let at = format!("{field}[{i}]");
            let Some(kind) = EventType::parse(name.trim()) else {
                return Err(Invalid::new(
                    at.clone(),
                    format!("{at} is {name:?}; allowed values are {}.", EventType::allowed()),
                ));
            };
            if !types.contains(&kind) {
                types.push(kind);
            }
        }
        Self::try_from(types).map_err(|_| {
            Invalid::new(
                field,
                format!("{field} must name at least one event type ({}).", EventType::allowed()),
            )
        })
    }

    pub fn wants(&self, kind: EventType) -> bool {
        self.0.contains(&kind)
    }

    pub fn iter(&self) -> impl Iterator<Item = EventType> + '_ {
        self.0.iter().copied()
    }
}

impl TryFrom<Vec<EventType>> for EventTypes {
    type Error = Invalid;
    fn try_from(types: Vec<EventType>) -> Result<Self, Self::Error> {
        if types.is_empty() {
            return Err(Invalid::new("events", "a stored webhook wants at least one event type"));
        }
        Ok(Self(types))
    }
}

impl From<EventTypes> for Vec<EventType> {
    fn from(types: EventTypes) -> Self {
        types.0
    }
}

/// The most characters a webhook's URL holds.
pub const MAX_WEBHOOK_URL_CHARS: usize = 2048;

/// Where an endpoint's events are posted: an absolute https URL with a host name or a public
/// address, no user name or password, no fragment (canonical form, the `url` crate's). Whether
/// its host (a literal address or a name, `localhost` too) is on public addresses only is the
/// service's check through the fetcher, at creation and again at every delivery, since DNS may
/// change in between.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct WebhookUrl(String);

impl WebhookUrl {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let raw = raw.trim();
        if raw.chars().count() > MAX_WEBHOOK_URL_CHARS {
            return Err(Invalid::new(
                field,
                format!("{field} must be at most {MAX_WEBHOOK_URL_CHARS} characters."),
            ));
        }
        let https = || {
            Invalid::new(
                field,
                format!("{field} must be an https URL such as https://hooks.example.com/links."),
            )
        };
        let url = url::Url::parse(raw).map_err(|_| https())?;
        if url.scheme() != "https" || url.host().is_none() {
            return Err(https());
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(Invalid::new(
                field,
                format!("{field} must not carry a user name or password; the signature proves who sends."),
            ));
        }
        let mut url = url;
        url.set_fragment(None);
        Ok(Self(url.into()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for WebhookUrl {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse("url", &value)
    }
}

impl From<WebhookUrl> for String {
    fn from(value: WebhookUrl) -> Self {
        value.0
    }
}

/// Random bytes in a secret (Standard Webhooks asks for 24 to 64).
const SECRET_BYTES: usize = 32;

/// What a secret's text starts with (Standard Webhooks).
pub const SECRET_PREFIX: &str = "whsec_";

/// A signing secret, `whsec_` and the base64 of 32 random bytes: the text the user is shown once
/// and the published libraries take as it is. Never printed by `Debug`.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct WebhookSecret(String);

impl WebhookSecret {
    pub fn generate(entropy: &dyn Entropy) -> Self {
        let bytes: Vec<u8> = (0..SECRET_BYTES / 8)
            .flat_map(|_| entropy.next_u64().to_le_bytes())
            .collect();
        Self(format!(
            "{SECRET_PREFIX}{}",
            base64::engine::general_purpose::STANDARD.encode(bytes)
        ))
    }

    /// The text to show once (and to give the Standard Webhooks libraries).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for WebhookSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("WebhookSecret(…)")
    }
}

/// How long a replaced secret keeps signing beside the new one.
pub const ROTATION_OVERLAP: Duration = Duration::hours(24);

/// An endpoint's secrets: the current one, and after a rotation the one it replaced, which
/// keeps signing until its end, so receivers can switch without missing an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SecretRing {
    pub current: WebhookSecret,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<RetiringSecret>,
}

/// A replaced secret and when it stops signing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RetiringSecret {
    pub secret: WebhookSecret,
    pub until: DateTime<Utc>,
}

impl SecretRing {
    pub fn new(current: WebhookSecret) -> Self {
        Self {
            current,
            previous: None,
        }
    }

    /// A new current secret; the old one signs beside it for [`ROTATION_OVERLAP`].
    pub fn rotated(&self, new: WebhookSecret, now: DateTime<Utc>) -> Self {
        Self {
            current: new,
            previous: Some(RetiringSecret {
                secret: self.current.clone(),
                until: now + ROTATION_OVERLAP,
            }),
        }
    }

    /// The secrets that sign a delivery at `now`: the current one first.
    pub fn signing(&self, now: DateTime<Utc>) -> Vec<&WebhookSecret> {
        let mut secrets = vec![&self.current];
        secrets.extend(self.previous.iter().filter(|p| now < p.until).map(|p| &p.secret));
        secrets
    }
}

/// The most endpoints a workspace keeps (every event is matched against all of them).
pub const MAX_WEBHOOKS: usize = 20;

/// The most links one endpoint may be limited to.
pub const MAX_WEBHOOK_LINKS: usize = 100;

/// One endpoint of a workspace, as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Webhook {
    pub id: ObjectId,
    pub workspace_id: ObjectId,
    pub url: WebhookUrl,
    pub events: EventTypes,
    /// Only these links' events (none: every link's).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub link_ids: Vec<ObjectId>,
    pub enabled: bool,
    /// Click events grouped, up to 100 per request.
    pub batch: bool,
    pub secrets: SecretRing,
    pub created_at: DateTime<Utc>,
    /// Since when every delivery has failed (none after a success).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failing_since: Option<DateTime<Utc>>,
    /// When it was disabled for failing three days (none when on, or switched off by a person).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled_for_failing_at: Option<DateTime<Utc>>,
    /// Attempts in a row that got no answer ([`super::webhook_rest`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unanswered: u32,
    /// Until when its deliveries wait untried, after too many attempts without an answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resting_until: Option<DateTime<Utc>>,
    /// Raised by every change a person makes; a change is written only over the version it read.
    #[serde(default)]
    pub version: u64,
    /// The credential that made it or last pointed it somewhere (none for endpoints made
    /// before it was recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_up_by: Option<super::SetUpBy>,
    /// Why it was switched off for its credential (the key replaced, the app revoked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disabled_reason: Option<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Webhook {
    /// Whether `kind` about `link` goes to this endpoint.
    pub fn wants(&self, kind: EventType, link: &ObjectId) -> bool {
        self.enabled && self.events.wants(kind) && (self.link_ids.is_empty() || self.link_ids.contains(link))
    }
}

/// A new endpoint as a request gives it, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewWebhook {
    pub url: WebhookUrl,
    pub events: EventTypes,
    pub link_ids: Vec<ObjectId>,
    pub batch: bool,
}

/// What an update changes (`None`: as it was); `rotate_secret` makes a new secret, the old one
/// signing beside it for a day.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebhookChange {
    pub url: Option<WebhookUrl>,
    pub events: Option<EventTypes>,
    pub link_ids: Option<Vec<ObjectId>>,
    pub enabled: Option<bool>,
    pub batch: Option<bool>,
    pub rotate_secret: bool,
}

impl WebhookChange {
    /// Whether the change decides what is sent where: a URL, events or links, or switching the
    /// endpoint on. Such a change makes its credential the one the endpoint was set up by.
    pub fn re_points(&self) -> bool {
        self.url.is_some() || self.events.is_some() || self.link_ids.is_some() || self.enabled == Some(true)
    }
}

/// `linkIds`: link ids, each once, at most [`MAX_WEBHOOK_LINKS`].
pub fn webhook_link_ids(field: &str, raw: &[String]) -> Result<Vec<ObjectId>, Invalid> {
    if raw.len() > MAX_WEBHOOK_LINKS {
        return Err(Invalid::new(
            field,
            format!(
                "{field} may name at most {MAX_WEBHOOK_LINKS} links (got {}).",
                raw.len()
            ),
        ));
    }
    let mut ids: Vec<ObjectId> = Vec::with_capacity(raw.len());
    for (i, id) in raw.iter().enumerate() {
        let at = format!("{field}[{i}]");
        let id = ObjectId::parse(id.trim())
            .map_err(|_| Invalid::new(at.clone(), format!("{at} is {id:?}, not a link id.")))?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

#[cfg(test)]
mod tests;
