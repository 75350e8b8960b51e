//! Users, workspaces, memberships, domains, tags and API keys.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Email, PasswordHash, RateLimitOverrides};
use crate::domain::ids::ObjectId;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: ObjectId,
    pub email: Email,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_key_hash: Option<String>,
    /// Set once the user has a password (`linkctl user create/set-password`); a user without
    /// one cannot sign in to the pages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password_hash: Option<PasswordHash>,
    pub created_at: DateTime<Utc>,
    /// What the person calls themselves (asked when they join by invitation or sign up; users
    /// the operator made have none and are shown by e-mail).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<PersonName>,
    /// Signed up and not yet through the link mailed to the address: cannot sign in. Absent for
    /// every user the operator made or an invitation brought (its link proved the address).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub email_unverified: bool,
    /// The moment the address was first confirmed or the password last reset: OAuth grants
    /// approved before it no longer work (the API key of the time was deleted with it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credentials_since: Option<DateTime<Utc>>,
}

impl User {
    /// Whether a credential approved at `approved_at` still stands: not before the account's
    /// last reset or first confirmation.
    pub fn trusts_credential_from(&self, approved_at: DateTime<Utc>) -> bool {
        self.credentials_since.is_none_or(|since| approved_at >= since)
    }

    /// How the pages name the person: their name, else their e-mail.
    pub fn display_name(&self) -> &str {
        self.name.as_ref().map_or(self.email.as_str(), PersonName::as_str)
    }
}

/// A person's name: 1 to 100 characters once trimmed.
pub type PersonName = super::BoundedText<100>;

/// A workspace's plan: quotas, and its own request rate limits where it has any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Plan {
    pub max_links: u64,
    pub max_rules_per_link: u64,
    #[serde(flatten)]
    pub rate_limits: RateLimitOverrides,
}

impl Default for Plan {
    fn default() -> Self {
        Self {
            max_links: 1_000,
            max_rules_per_link: 20,
            rate_limits: RateLimitOverrides::default(),
        }
    }
}

/// One setting of a plan change: a new value, or back to the operator's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Setting {
    To(u64),
    Default,
}

/// A change of a workspace's plan: `None` leaves a setting as it is. The quotas have no
/// operator default to go back to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlanChange {
    pub max_links: Option<u64>,
    pub max_rules_per_link: Option<u64>,
    pub rate_limit_per_key: Option<Setting>,
    pub rate_limit_bulk_per_key: Option<Setting>,
    pub rate_limit_analytics_per_key: Option<Setting>,
    pub rate_limit_per_workspace: Option<Setting>,
}

impl PlanChange {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Workspace {
    pub id: ObjectId,
    pub name: String,
    pub owner_id: ObjectId,
    #[serde(flatten)]
    pub plan: Plan,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license_expires_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub link_count: u64,
    pub created_at: DateTime<Utc>,
    /// The owner turned location requests off: no link of the workspace asks its visitors for
    /// their position, whatever its `gpsTracking` says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gps_capture_off: bool,
    /// The owner or a manager turned the link-health checker off for the workspace's links.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub health_checks_off: bool,
    /// Why the operator suspended the workspace (`linkctl workspace suspend`): its links answer
    /// `451`, its keys and grants `403`. `None` when it is not suspended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suspended_reason: Option<super::OperatorReason>,
}

impl Workspace {
    pub fn license_expired(&self, now: DateTime<Utc>) -> bool {
        self.license_expires_at.is_some_and(|at| at <= now)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Owner,
    Manager,
    Member,
}

impl Role {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "owner" => Some(Self::Owner),
            "manager" => Some(Self::Manager),
            "member" => Some(Self::Member),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Manager => "manager",
            Self::Member => "member",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Membership {
    pub workspace_id: ObjectId,
    pub user_id: ObjectId,
    pub role: Role,
    /// When the person joined (memberships made before it was recorded have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joined_at: Option<DateTime<Utc>>,
}

/// MCP permission scopes a key may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scope {
    #[serde(rename = "links:read")]
    LinksRead,
    #[serde(rename = "links:write")]
    LinksWrite,
    #[serde(rename = "links:delete")]
    LinksDelete,
    #[serde(rename = "links:bulk")]
    LinksBulk,
    #[serde(rename = "analytics:read")]
    AnalyticsRead,
}

impl Scope {
    pub const ALL: [Scope; 5] = [
        Scope::LinksRead,
        Scope::LinksWrite,
        Scope::LinksDelete,
        Scope::LinksBulk,
        Scope::AnalyticsRead,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::LinksRead => "links:read",
            Self::LinksWrite => "links:write",
            Self::LinksDelete => "links:delete",
            Self::LinksBulk => "links:bulk",
            Self::AnalyticsRead => "analytics:read",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == raw)
    }
}

/// What a stored API key grants (the key itself is never stored, only its SHA-256).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyRecord {
    pub user_id: ObjectId,
    pub http_api: bool,
    #[serde(default)]
    pub mcp_enabled: bool,
    #[serde(default)]
    pub mcp_scopes: Vec<Scope>,
    /// The key's first characters (`slk_1a2b3c4d`), shown so a user can tell keys apart; keys
    /// made before it was recorded have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefix: Option<String>,
    pub created_at: DateTime<Utc>,
}
