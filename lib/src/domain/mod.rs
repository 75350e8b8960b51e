//! Domain types. Every type here is built by parsing (`TryFrom`, `parse`), so a value that
//! exists is a valid one; storage deserialisation goes through the same constructors.

mod ab_test;
mod account;
mod app_association;
mod blocklist;
mod blocklist_path;
mod blocklist_scope;
mod click_token;
mod client_address;
mod colour;
mod condition;
mod conversion;
mod custom_domain;
mod draft;
pub mod health;
pub mod ids;
mod import;
mod limits;
mod link;
mod link_password;
mod location;
mod location_grant;
mod mcp_task;
pub mod oauth;
mod one_time;
mod password;
mod qr;
mod report;
mod rule;
pub mod schema;
mod session;
mod stored_list;
mod switch;
mod tag;
mod team;
mod text;
mod url;
mod utm;
mod utm_template;
mod vocabulary;
mod webhook;
pub mod webhook_delivery;
pub mod webhook_rest;
mod webhook_setup;

pub use ab_test::{AbTest, AbTestFields, Variant, VariantFields, VariantId, WeightMode};
pub use account::{ApiKeyRecord, Membership, PersonName, Plan, PlanChange, Role, Scope, Setting, User, Workspace};
pub use app_association::{
    AndroidApp, AppAssociation, AppAssociationFields, AppleAppId, CertFingerprint, MAX_APP_ENTRIES, PackageName,
    WellKnown,
};
pub use blocklist::{BlockEntry, BlockedDestination, Blocklist, blocked_destination, destinations, parse_list};
pub use blocklist_scope::{ListSkips, SKIPPED_EXAMPLES, Skipped, TooBroad};
pub use click_token::{CLICK_TOKEN_CHARS, ClickToken};
pub use client_address::ClientAddress;
pub use colour::HexColor;
pub use condition::{Conditions, CountryCode, Locale, TimeOfDay, TimeWindow, Weekday};
pub use conversion::{
    ConversionReport, ConversionSource, Currency, EventId, EventName, MAX_EVENT_CHARS, MAX_EVENT_ID_CHARS,
    PIXEL_SCRIPT_PATH, Sale,
};
pub use custom_domain::{
    CLAIM_TOKEN_CHARS, ClaimableHost, DomainClaim, DomainHolder, DomainStatus, Finding, MISSING_RECORD_GRACE,
    TXT_LABEL, TXT_PREFIX, TxtLookup,
};
pub use draft::{LinkDraft, LinkPatch};
pub use import::{
    ConflictPolicy, IMPORT_CHUNK_ROWS, ImportFile, ImportFormat, ImportJob, ImportPlan, JobState, PlannedRow,
    RowOutcome, RowResult, Verdict,
};
pub use limits::{NewTenantLimits, RateClass, RateLimitOverrides, RateLimits};
pub use link::{
    ClicksLimit, Hostname, Link, LinkSettings, LinkStatus, MAX_TAGS_PER_FILTER, MAX_TAGS_PER_LINK, Slug, parse_tag_ids,
};
pub use link_password::{
    LinkPassword, MAX_LINK_PASSWORD_CHARS, MIN_LINK_PASSWORD_CHARS, PASS_CHARS, PASS_LIFETIME, PASSWORD_PURPOSE,
    PasswordPass,
};
pub use location::{Area, Cell, Degrees, GpsFix, GridPoint, MAX_ACCURACY_METRES, Position};
pub use location_grant::{LOCATION_GRANT_CHARS, LOCATION_GRANT_LIFETIME, LOCATION_PURPOSE, LocationGrant, SigningKey};
pub use mcp_task::{
    BULK_TASK_CHUNK, BulkItemResult, MAX_BULK_TASK_LINKS, McpTask, TASK_KEPT_HOURS, TaskKind, TaskState,
};
pub use one_time::{
    AccountLink, AccountLinkKind, INVITATION_LIFETIME, Invitation, InvitationDead, InvitationState, OneTimeToken,
    RESET_LIFETIME, VERIFICATION_LIFETIME,
};
pub use password::{MAX_PASSWORD_CHARS, MIN_PASSWORD_CHARS, NewPassword, PasswordHash};
pub use qr::{LogoSource, MAX_LOGO_BYTES, MIN_CONTRAST, QrFields, QrSettings};
pub use report::{LinkReport, MAX_REPORT_NOTE_CHARS, ReportForm, ReportNote, ReportReason};
pub use rule::{Rule, RuleFields, Rules};
pub use session::{ABSOLUTE_LIFETIME, IDLE_LIFETIME, Session, SessionToken, TOUCH_AFTER, random_token};
pub use stored_list::{
    CHUNK_BYTES, ListRefusal, MAX_LIST_ENTRIES, MOST_SHARE_NEWLY_BLOCKED, NormalisedList, StoredListHead,
    blocks_too_much, chunk_entries, judge_list, list_version,
};
pub use switch::{
    AuditAction, AuditEntry, HeldAction, Hold, OperatorName, OperatorReason, Withheld, held_sentence, parse_operator,
    parse_reason, reason_sentence,
};
pub use tag::{MAX_TAG_NAME_CHARS, Tag, TagChange, TagName};
pub use team::{TeamAction, TeamRefusal, invitable_roles};
pub use text::{BoundedText, Email, counted, for_count};
pub use url::TargetUrl;
pub(crate) use utm::with_utm_fields;
pub use utm::{MAX_UTM_CHARS, UTM_PARAMETERS, Utm, UtmFields, UtmValue, is_utm_parameter};
pub use utm_template::{MAX_TEMPLATE_NAME_CHARS, TemplateName, UtmTemplate};
pub use vocabulary::{BotFamily, Browser, Device, Os, Vocabulary};
pub use webhook::{
    EventType, EventTypes, MAX_WEBHOOK_LINKS, MAX_WEBHOOK_URL_CHARS, MAX_WEBHOOKS, NewWebhook, ROTATION_OVERLAP,
    RetiringSecret, SECRET_PREFIX, SecretRing, Webhook, WebhookChange, WebhookSecret, WebhookUrl, webhook_link_ids,
};
pub use webhook_setup::{CredentialRef, SetUpBy, SetUpKind, key_display_name};

use std::fmt;

/// A rejected input: which field (a path such as `rules[1].city`) and a sentence saying
/// what to change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub field: Option<String>,
    pub message: String,
}

impl Invalid {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: Some(field.into()),
            message: message.into(),
        }
    }

    /// A field the request may not carry (a typo must not silently drop a setting).
    pub fn unknown_field(field: impl Into<String>) -> Self {
        let field = field.into();
        let message = format!("{field} is not a known field; check its spelling.");
        Self::new(field, message)
    }

    pub fn general(message: impl Into<String>) -> Self {
        Self {
            field: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Invalid {}

/// Joins a parent path and a child name: `path("rules[1]", "city")` → `rules[1].city`.
pub(crate) fn path(parent: &str, child: &str) -> String {
    if parent.is_empty() {
        child.to_string()
    } else {
        format!("{parent}.{child}")
    }
}
