//! The link aggregate.

use std::num::NonZeroU64;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{AbTest, BoundedText, HexColor, Invalid, PasswordHash, QrSettings, Rules, TargetUrl, Utm};
use crate::domain::ids::ObjectId;

/// Slugs that would shadow the service's own paths (`/apiv1`, `/mcp`, `/oauth`, the pages under
/// `/account` and `/app`, `robots.txt`).
/// The most tags one link carries.
pub const MAX_TAGS_PER_LINK: usize = 50;
/// The most tags one list filter names.
pub const MAX_TAGS_PER_FILTER: usize = 20;

/// Tag ids as a request gives them (`tagIds`): at most `max` (counted before anything else is
/// looked at, so a huge list costs one comparison), each an object id, repeats dropped (the
/// first kept).
pub fn parse_tag_ids(raw: &[String], max: usize) -> Result<Vec<ObjectId>, Invalid> {
    if raw.len() > max {
        return Err(Invalid::new(
            "tagIds",
            format!("tagIds may hold at most {max} tag ids (got {}).", raw.len()),
        ));
    }
    let mut seen = std::collections::HashSet::with_capacity(raw.len());
    let mut ids = Vec::with_capacity(raw.len());
    for (i, text) in raw.iter().enumerate() {
        let id = ObjectId::parse(text.trim()).map_err(|_| {
            Invalid::new(
                format!("tagIds[{i}]"),
                format!("tagIds[{i}] is not a valid tag id (24 hexadecimal characters)."),
            )
        })?;
        if seen.insert(id.clone()) {
            ids.push(id);
        }
    }
    Ok(ids)
}

pub const RESERVED_SLUGS: [&str; 6] = ["apiv1", "mcp", "oauth", "account", "app", "robots"];
const MAX_SLUG_CHARS: usize = 100;

/// The path part of a short link: lowercase letters, digits and hyphens, 1–100 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Slug(String);

crate::domain::schema::string_schema!(Slug, "Slug", { "pattern": crate::domain::schema::SLUG_PATTERN });

impl Slug {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        if raw.is_empty() {
            return Err(Invalid::new(
                "slug",
                "slug must not be empty; omit it to have one generated.",
            ));
        }
        if raw.chars().count() > MAX_SLUG_CHARS {
            return Err(Invalid::new(
                "slug",
                format!("slug must be at most {MAX_SLUG_CHARS} characters."),
            ));
        }
        if !raw
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(Invalid::new(
                "slug",
                format!("slug may contain only lowercase letters, digits and hyphens (got {raw:?})."),
            ));
        }
        if RESERVED_SLUGS.contains(&raw) {
            return Err(Invalid::new(
                "slug",
                format!("slug {raw:?} is reserved; choose another."),
            ));
        }
        Ok(Self(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Slug {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<Slug> for String {
    fn from(value: Slug) -> Self {
        value.0
    }
}

/// A lower-case DNS host name (no port).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Hostname(String);

crate::domain::schema::string_schema!(Hostname, "Hostname", { "maxLength": 253 });

impl Hostname {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let trimmed = raw.trim().trim_end_matches('.');
        // An internationalised name is stored as its ASCII (punycode) form, as DNS and the
        // `Host` header carry it.
        let host = match url::Host::parse(trimmed) {
            Ok(url::Host::Domain(ascii)) if !trimmed.is_ascii() => ascii,
            _ => trimmed.to_ascii_lowercase(),
        };
        let label_ok = |l: &str| {
            (1..=63).contains(&l.len())
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        };
        if host.is_empty() || host.len() > 253 || !host.split('.').all(label_ok) {
            return Err(Invalid::new(
                field,
                format!("{field} must be a host name such as links.example.com (got {raw:?})."),
            ));
        }
        Ok(Self(host))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Hostname {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse("domain", &value)
    }
}

impl From<Hostname> for String {
    fn from(value: Hostname) -> Self {
        value.0
    }
}

/// A positive click limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ClicksLimit(NonZeroU64);

impl ClicksLimit {
    pub fn new(limit: u64) -> Option<Self> {
        NonZeroU64::new(limit).map(Self)
    }
    pub fn get(self) -> u64 {
        self.0.get()
    }
}

/// Everything about a link that a caller sets (as opposed to identity and timestamps).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkSettings {
    pub name: BoundedText<255>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<BoundedText<1000>>,
    pub rules: Rules,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ab_test: Option<AbTest>,
    #[serde(default)]
    pub qr_settings: QrSettings,
    pub active: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clicks_limit: Option<ClicksLimit>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_date: Option<DateTime<Utc>>,
    #[serde(default)]
    pub tag_ids: Vec<ObjectId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub og_title: Option<BoundedText<255>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub og_description: Option<BoundedText<500>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appearance_color: Option<HexColor>,
    #[serde(default)]
    pub conversion_tracking: bool,
    #[serde(default)]
    pub gps_tracking: bool,
    /// UTM parameters added to every destination (see `crate::service::visits::compose`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub utm: Option<Utm>,
    /// Where visitors go once the link no longer serves (inactive, expired, over its limit),
    /// instead of the 410 page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback_url: Option<TargetUrl>,
    /// The argon2id hash of the password a person must give before the destination (never
    /// read back: the record says `passwordProtected`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_hash: Option<PasswordHash>,
}

impl LinkSettings {
    /// Whether the A/B split (rather than the rules) routes visitors.
    pub fn ab_test_enabled(&self) -> bool {
        self.ab_test.as_ref().is_some_and(|t| t.enabled)
    }
}

/// A stored link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub id: ObjectId,
    pub workspace_id: ObjectId,
    pub domain: Hostname,
    pub slug: Slug,
    #[serde(flatten)]
    pub settings: LinkSettings,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Link {
    /// `https://<domain>/<slug>`.
    pub fn full_link(&self) -> String {
        format!("https://{}/{}", self.domain.as_str(), self.slug.as_str())
    }

    /// Whether visitors are served at `now`, given the clicks counted against its limit.
    pub fn is_live(&self, now: DateTime<Utc>, limited_clicks: u64) -> bool {
        self.status(now, limited_clicks) == LinkStatus::Active
    }

    /// Whether visitors are served at `now` and, when not, why: an expiry or a spent click
    /// limit is named before the switch (switching such a link on would not help).
    pub fn status(&self, now: DateTime<Utc>, limited_clicks: u64) -> LinkStatus {
        let settings = &self.settings;
        if settings.expiration_date.is_some_and(|at| now >= at) {
            LinkStatus::Expired
        } else if settings.clicks_limit.is_some_and(|limit| limited_clicks >= limit.get()) {
            LinkStatus::LimitReached
        } else if !settings.active {
            LinkStatus::Inactive
        } else {
            LinkStatus::Active
        }
    }
}

/// Whether a link redirects its visitors now, and if not, why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkStatus {
    Active,
    /// Switched off (`active: false`).
    Inactive,
    /// Its `expirationDate` has passed.
    Expired,
    /// Its `clicksLimit` is used up.
    LimitReached,
    /// The operator disabled it, or suspended its workspace (`disabledReason` says why).
    Disabled,
}

impl LinkStatus {
    /// How the pages name the status.
    pub fn label(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Inactive => "inactive",
            Self::Expired => "expired",
            Self::LimitReached => "limit reached",
            Self::Disabled => "disabled by the operator",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_ids_are_counted_before_they_are_read_and_repeats_are_dropped() {
        let a = "65a1b2c3d4e5f60718293a4b".to_string();
        let b = "65a1b2c3d4e5f60718293a4c".to_string();
        let ids = parse_tag_ids(&[a.clone(), b.clone(), a.clone()], 3).unwrap();
        assert_eq!(
            ids.iter().map(ObjectId::as_str).collect::<Vec<_>>(),
            [a.as_str(), b.as_str()]
        );
        let too_many = vec!["not even an id".to_string(); 4];
        let err = parse_tag_ids(&too_many, 3).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("tagIds"));
        assert_eq!(err.message, "tagIds may hold at most 3 tag ids (got 4).");
        assert_eq!(
            parse_tag_ids(&[b, "x".into()], 3).unwrap_err().field.as_deref(),
            Some("tagIds[1]")
        );
    }

    #[test]
    fn slug_accepts_lowercase_digits_and_hyphens() {
        assert!(Slug::parse("spring-sale-2026").is_ok());
    }

    #[test]
    fn slug_rejects_uppercase_and_symbols() {
        for bad in ["Sale", "a_b", "a/b", "a b", "ü"] {
            assert_eq!(
                Slug::parse(bad).unwrap_err().message,
                format!("slug may contain only lowercase letters, digits and hyphens (got {bad:?}).")
            );
        }
    }

    #[test]
    fn slug_rejects_more_than_100_characters() {
        assert!(Slug::parse(&"a".repeat(100)).is_ok());
        assert_eq!(
            Slug::parse(&"a".repeat(101)).unwrap_err().message,
            "slug must be at most 100 characters."
        );
    }

    #[test]
    fn slug_rejects_reserved_words() {
        for reserved in RESERVED_SLUGS {
            assert!(Slug::parse(reserved).unwrap_err().message.contains("reserved"));
        }
    }

    #[test]
    fn hostname_is_lowercased_and_checked() {
        assert_eq!(
            Hostname::parse("domain", "Go.Example.COM").unwrap().as_str(),
            "go.example.com"
        );
        assert!(Hostname::parse("domain", "exa mple.com").is_err());
        assert!(Hostname::parse("domain", "-bad.com").is_err());
    }
}
