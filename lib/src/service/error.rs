//! Failures of service operations. The expected ones carry exactly what the contract says
//! the caller sees; each door maps them to its own status and body in one place.

use crate::domain::oauth::OAuthFailure;
use crate::domain::{HeldAction, Hold, Invalid, InvitationDead, TeamRefusal, held_sentence, reason_sentence};
pub use crate::store::StoreError;

/// Which link action a permission failure is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkAction {
    Edit,
    Delete,
}

/// Which plan quota a request would exceed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuotaResource {
    Links,
    Rules,
}

impl QuotaResource {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Links => "links",
            Self::Rules => "rules",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error("API key is required. Pass it in the X-Api-Key header.")]
    MissingApiKey,
    #[error("Invalid API key.")]
    InvalidApiKey,
    #[error("This API key has no HTTP API access.")]
    NoHttpAccess,
    #[error("This API key has no MCP scopes enabled.")]
    NoMcpAccess,
    #[error("This API key lacks the {0} scope.")]
    MissingScope(&'static str),
    #[error("{0}")]
    BadRequest(String),
    /// An id the request names is missing or malformed.
    #[error("{0}")]
    BadId(#[from] crate::wire::BadId),
    #[error("Workspace not found.")]
    WorkspaceNotFound,
    #[error("You do not have access to this workspace.")]
    NoWorkspaceAccess,
    #[error("The workspace license has expired.")]
    LicenseExpired,
    /// The operator suspended the workspace (`linkctl workspace suspend`): its keys and OAuth
    /// grants are refused (403), its reason given.
    #[error("This workspace was suspended by the operator: {}", reason_sentence(.0))]
    WorkspaceSuspended(String),
    /// What only the operator may undo, tried by the owner (409): switching a disabled link
    /// back on, or deleting or moving a link disabled or of a suspended workspace (its short
    /// URL would be free to be made again).
    #[error("{}", held_sentence(*.hold, *.action, .reason))]
    LinkHeldByOperator {
        hold: Hold,
        action: HeldAction,
        reason: String,
    },
    #[error("{0}")]
    Invalid(Invalid),
    /// A link's saved QR settings cannot be drawn as a scannable code (422).
    #[error("{0}")]
    QrUnavailable(Invalid),
    #[error("Domain is not available for this workspace.")]
    DomainNotAvailable,
    #[error("{}", quota_message(*.resource, *.limit))]
    QuotaExceeded {
        resource: QuotaResource,
        limit: u64,
        current: u64,
    },
    #[error("This slug is already taken.")]
    SlugTaken,
    #[error("Link not found.")]
    LinkNotFound,
    /// A click id that is malformed, names no stored click, or one of another workspace's link
    /// (one answer for all three: no cross-workspace oracle).
    #[error("Click not found.")]
    ClickNotFound,
    #[error("Conversion tracking is off for this link.")]
    ConversionTrackingOff,
    #[error("The click is older than the {days}-day attribution window.")]
    OutsideAttributionWindow { days: u32 },
    #[error("{}", match .0 { LinkAction::Edit => "You do not have permission to edit this link.", LinkAction::Delete => "You do not have permission to delete this link." })]
    NoLinkPermission(LinkAction),
    #[error("links must be a non-empty array.")]
    BulkEmpty,
    #[error("Maximum 100 links per request.")]
    BulkTooLarge,
    #[error("Link not found in this workspace.")]
    LinkNotInWorkspace,
    #[error("Only workspace owner or manager can access all links analytics.")]
    NotOwnerOrManager,
    #[error("Only the workspace owner can change whether links may ask visitors for their location.")]
    OnlyOwnerSetsLocation,
    #[error("Only the workspace owner or a manager can turn link health checks on or off.")]
    OnlyOwnerOrManagerSetsHealthChecks,
    #[error("The link was changed by another request at the same time; retry.")]
    LinkChangedConcurrently,
    #[error("Another request changed the same data at the same time; retry.")]
    Contention,
    #[error("No such endpoint: {method} {path}.")]
    NoSuchEndpoint { method: String, path: String },
    #[error("{path} does not answer {method}; use {}.", .allowed.join(" or "))]
    MethodNotAllowed {
        method: String,
        path: String,
        allowed: Vec<&'static str>,
    },
    #[error("{0}")]
    RateLimited(Box<super::guards::RateLimited>),
    #[error("Idempotency-Key must be 1 to 255 printable ASCII characters.")]
    InvalidIdempotencyKey,
    #[error("This Idempotency-Key was already used for a different request; send a new key with a new request.")]
    IdempotencyKeyReused,
    #[error("A request with this Idempotency-Key is in progress.")]
    IdempotencyInProgress,
    #[error("Email or password is incorrect.")]
    IncorrectSignIn,
    #[error("Too many failed sign-ins. Try again in {}.", wait_words(*.retry_after))]
    SignInLocked {
        /// Seconds until sign-in is accepted again.
        retry_after: u64,
    },
    /// A per-address throttle of work strangers can start (fetching a client's document,
    /// refused credentials at the MCP endpoint).
    #[error("Too many requests from your address. Try again in {}.", wait_words(*.retry_after))]
    TooManyFromAddress {
        /// Seconds until the address's window ends.
        retry_after: u64,
    },
    /// A young workspace's links past their hourly limit under open sign-up (429).
    #[error(
        "A workspace in its first {days} days creates at most {limit} links an hour; try again in {}.",
        wait_words(*.retry_after)
    )]
    NewWorkspaceLinksThrottled {
        limit: u32,
        days: u32,
        /// Seconds until the clock hour ends.
        retry_after: u64,
    },
    #[error("Sign in to continue.")]
    NotSignedIn,
    #[error("This form has expired or did not come from this site. Reload the page and try again.")]
    FormExpired,
    #[error(
        "This form was already used: its key was shown once and is not shown again. Generate a new key if you need one."
    )]
    KeyFormSpent,
    #[error("No such user.")]
    UserNotFound,
    #[error("The access token is invalid, expired or revoked. Authorize again.")]
    InvalidAccessToken,
    #[error("This access token lacks the {0} scope.")]
    InsufficientScope(&'static str),
    #[error("{0}")]
    OAuth(OAuthFailure),
    /// A team action the person's role does not allow (403).
    #[error("{0}")]
    Team(TeamRefusal),
    #[error("No such member of this workspace.")]
    MemberNotFound,
    #[error("Invitation not found.")]
    InvitationNotFound,
    #[error("{0} is already a member of this workspace.")]
    AlreadyMember(String),
    #[error("{0} already has a pending invitation; send it again from the list.")]
    InvitationPending(String),
    #[error("This workspace has {0} invitations waiting; revoke some before inviting more.")]
    TooManyInvitations(usize),
    #[error("The team changed meanwhile; reload the page and try again.")]
    TeamChanged,
    /// Invitation, reset or verification mails over their hourly limit (per sender, address or
    /// client address).
    #[error("Too many e-mails were asked for. Try again in {}.", wait_words(*.retry_after))]
    TooManyMails {
        /// Seconds until the window ends.
        retry_after: u64,
    },
    #[error("{}", dead_invitation_words(*.0))]
    InvitationDead(InvitationDead),
    #[error(
        "This invitation is for another e-mail address than the one you are signed in with. Sign out, then open the link again."
    )]
    InvitationForSomeoneElse,
    #[error("This link is not valid, was used already or has expired. Ask for a new one.")]
    AccountLinkDead,
    #[error("Confirm your e-mail address first: we have sent a link to it.")]
    EmailNotVerified,
    #[error("Sign-up is by invitation only.")]
    SignUpClosed,
    #[error("The current password is incorrect.")]
    WrongCurrentPassword,
    #[error("Tag not found.")]
    TagNotFound,
    #[error("This workspace already has a tag named \"{0}\".")]
    TagNameTaken(String),
    #[error("Only the workspace's owner and managers can create, change or delete tags.")]
    TagsClosed,
    #[error("UTM template not found.")]
    UtmTemplateNotFound,
    #[error("This workspace already has a UTM template named \"{0}\".")]
    UtmTemplateNameTaken(String),
    #[error("Only the workspace's owner and managers can create or delete UTM templates.")]
    UtmTemplatesClosed,
    #[error("Only the workspace's owner and managers can add, verify or remove domains or change their apps.")]
    DomainsClosed,
    #[error("{0} is not a domain of this workspace.")]
    DomainNotFound(String),
    #[error("Only the workspace's owner and managers can see and change webhooks.")]
    WebhooksClosed,
    #[error("Webhook not found.")]
    WebhookNotFound,
    #[error("Visitor hashes are not exported: they would let a reader follow one person from visit to visit.")]
    VisitorHashNotExported,
    #[error("Only the workspace's owner and managers can import links.")]
    ImportsClosed,
    #[error("Import not found.")]
    ImportNotFound,
    /// An MCP task that does not exist, expired, or belongs to another credential.
    #[error("Task not found.")]
    TaskNotFound,
    #[error("Maximum 1000 links per task.")]
    BulkTaskTooLarge,
    /// `onConflict: stop` and the dry run found rows that would not be created (409).
    #[error("{}", import_blocked(*.0))]
    ImportBlocked(u64),
    #[error("{0} is already verified by another workspace.")]
    DomainHeldElsewhere(String),
    #[error("{0} is already added to this workspace.")]
    DomainAlreadyAdded(String),
    #[error("{}", domain_in_use(.host, *.links))]
    DomainInUse { host: String, links: u64 },
    #[error("internal failure")]
    Internal(#[source] StoreError),
    /// The mail server refused or could not be reached (500; the link can be sent again).
    #[error("internal failure")]
    MailFailed(#[source] crate::mail::MailError),
    /// The delivery queue could not be reached (500).
    #[error("internal failure")]
    QueueFailed(#[source] crate::queue::QueueError),
}

impl From<StoreError> for ServiceError {
    /// Contention the store could not resolve by itself is the caller's to retry (409);
    /// anything else is an internal failure.
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Contention(_) => Self::Contention,
            other => Self::Internal(other),
        }
    }
}

fn dead_invitation_words(dead: InvitationDead) -> &'static str {
    match dead {
        InvitationDead::Unknown => {
            "This invitation link is not valid. Check that it was copied whole, or ask for a new one."
        }
        InvitationDead::Expired => "This invitation has expired. Ask the person who invited you to send it again.",
        InvitationDead::Revoked => {
            "This invitation was revoked. Ask the workspace's owner or a manager if you should join."
        }
        InvitationDead::Used => "This invitation was already used. Sign in to open the workspace.",
    }
}

impl From<TeamRefusal> for ServiceError {
    fn from(value: TeamRefusal) -> Self {
        Self::Team(value)
    }
}

fn import_blocked(rows: u64) -> String {
    let rows = if rows == 1 {
        "1 row".to_string()
    } else {
        format!("{rows} rows")
    };
    format!(
        "The dry run found {rows} that would not be created; nothing was imported. Fix them, or import with onConflict skip."
    )
}

fn quota_message(resource: QuotaResource, limit: u64) -> String {
    match resource {
        QuotaResource::Links => format!("The workspace plan allows at most {limit} links."),
        QuotaResource::Rules => format!("The workspace plan allows at most {limit} rules per link."),
    }
}

/// `3 minutes`, `1 minute`, `45 seconds`: a wait as a person reads it (rounded up).
fn wait_words(seconds: u64) -> String {
    match seconds {
        0..=59 => format!("{} second{}", seconds.max(1), if seconds == 1 { "" } else { "s" }),
        _ => {
            let minutes = seconds.div_ceil(60);
            format!("{minutes} minute{}", if minutes == 1 { "" } else { "s" })
        }
    }
}

impl From<OAuthFailure> for ServiceError {
    fn from(value: OAuthFailure) -> Self {
        Self::OAuth(value)
    }
}

impl From<Invalid> for ServiceError {
    fn from(value: Invalid) -> Self {
        Self::Invalid(value)
    }
}

impl ServiceError {
    /// The input field at fault, when one is.
    pub fn field(&self) -> Option<&str> {
        match self {
            Self::Invalid(invalid) | Self::QrUnavailable(invalid) => invalid.field.as_deref(),
            Self::DomainNotAvailable => Some("domain"),
            Self::SlugTaken => Some("slug"),
            Self::BadId(bad) => bad.field(),
            Self::BulkEmpty | Self::BulkTooLarge | Self::BulkTaskTooLarge => Some("links"),
            Self::InvalidIdempotencyKey => Some("Idempotency-Key"),
            _ => None,
        }
    }
}

fn domain_in_use(host: &str, links: u64) -> String {
    match links {
        1 => format!("1 link uses {host}; move it to another domain or delete it first."),
        n => format!("{n} links use {host}; move them to another domain or delete them first."),
    }
}
