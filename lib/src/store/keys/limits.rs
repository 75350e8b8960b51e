//! Keys of counters: per-source throttles and the API's rate limits.

use chrono::{DateTime, Utc};

use super::Key;
use crate::domain::ids::ObjectId;

/// What a per-source throttle counts: events of one source (an address, or [`EVERY_SOURCE`])
/// in fixed windows of a length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throttle {
    /// OAuth client registrations, per clock hour.
    OAuthRegistrations,
    /// Client ID metadata documents fetched for authorization requests, per minute.
    DocumentFetches,
    /// Refused credentials at the MCP endpoint, per minute.
    FailedAuthentications,
    /// Invitation mails one person sends, per clock hour.
    InvitationsByUser,
    /// Account mails to one e-mail address (its SHA-256) from every requester, per clock hour.
    MailsToAddress,
    /// Account mails to one e-mail address asked for from one client address (a hash of both),
    /// per clock hour.
    MailsToAddressFrom,
    /// Invitation mails to one e-mail address (its SHA-256), per clock hour.
    InvitationsToAddress,
    /// Password-reset requests and sign-ups from one client address, per clock hour.
    AccountRequestsFromAddress,
    /// Passwords tried on one link from one client address (a hash of both), per clock hour.
    LinkPasswordAttempts,
    /// Reports sent from one client address (its keyed hash), per clock hour.
    ReportsFromAddress,
    /// Reports sent from one IPv6 /48 (its keyed hash), per clock hour.
    ReportsFromNetwork,
    /// Reports of one link, per clock hour.
    ReportsOfLink,
    /// Reports kept of one workspace's links, per clock hour.
    ReportsOfWorkspace,
    /// Reports kept of every link ([`EVERY_SOURCE`]), per clock hour.
    ReportsKept,
    /// Links a young workspace creates under open sign-up, per clock hour.
    NewWorkspaceLinks,
}

/// The source that stands for every source together (a global ceiling); no address looks
/// like it.
pub const EVERY_SOURCE: &str = "ALL";

impl Throttle {
    /// Seconds from `at` to the end of the window that holds it (a refusal's `Retry-After`).
    pub fn seconds_left(self, at: DateTime<Utc>) -> u64 {
        let seconds = self.seconds();
        u64::try_from(seconds - at.timestamp().rem_euclid(seconds)).unwrap_or(0)
    }

    /// The window's length in seconds.
    pub fn seconds(self) -> i64 {
        match self {
            Self::OAuthRegistrations
            | Self::InvitationsByUser
            | Self::MailsToAddress
            | Self::MailsToAddressFrom
            | Self::InvitationsToAddress
            | Self::AccountRequestsFromAddress
            | Self::LinkPasswordAttempts
            | Self::ReportsFromAddress
            | Self::ReportsFromNetwork
            | Self::ReportsOfLink
            | Self::ReportsOfWorkspace
            | Self::ReportsKept
            | Self::NewWorkspaceLinks => 3600,
            Self::DocumentFetches | Self::FailedAuthentications => 60,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::OAuthRegistrations => "OAUTHREGISTER",
            Self::DocumentFetches => "OAUTHFETCH",
            Self::FailedAuthentications => "MCPAUTH",
            Self::InvitationsByUser => "INVITESBY",
            Self::MailsToAddress => "MAILTO",
            Self::MailsToAddressFrom => "MAILTOFROM",
            Self::InvitationsToAddress => "INVITETO",
            Self::AccountRequestsFromAddress => "ACCOUNTREQ",
            Self::LinkPasswordAttempts => "LINKPASSWORD",
            Self::ReportsFromAddress => "REPORTFROM",
            Self::ReportsFromNetwork => "REPORTFROMNET",
            Self::ReportsOfLink => "REPORTOF",
            Self::ReportsOfWorkspace => "REPORTOFWS",
            Self::ReportsKept => "REPORTSKEPT",
            Self::NewWorkspaceLinks => "NEWWSLINKS",
        }
    }
}

/// The counter of one source in one window of a throttle (`window`: epoch seconds divided by
/// the window's length).
pub fn throttle_window(throttle: Throttle, source: &str, window: i64) -> Key {
    let unit = match throttle.seconds() {
        3600 => "HOUR",
        _ => "MINUTE",
    };
    Key::new(
        format!("RATE#{}#{source}", throttle.name()),
        &format!("{unit}#{window}"),
    )
}

/// Whose requests a rate-limit counter item counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RateScope<'a> {
    /// Requests in a workspace: its total and, per key, the key's own counts.
    Workspace(&'a ObjectId),
    /// Requests of a key that name no workspace it was admitted to.
    Key(&'a str),
}

/// The counter item of one scope for one fixed window (`window` = its start in epoch seconds
/// divided by its length).
pub fn rate_window(scope: &RateScope<'_>, window: i64) -> Key {
    let pk = match scope {
        RateScope::Workspace(id) => format!("RATE#WS#{id}"),
        RateScope::Key(key) => format!("RATE#KEY#{key}"),
    };
    Key::new(pk, &format!("WINDOW#{window}"))
}

/// The attribute of a rate-limit counter item that counts one policy: `ws` for the whole
/// workspace (no key); `<policy>#<key id>` for one key's policy in a workspace's item, or the
/// bare policy name in a key's own item.
pub fn rate_counter(scope: &RateScope<'_>, policy: &str, key: Option<&str>) -> String {
    match (scope, key) {
        (_, None) => "ws".to_string(),
        (RateScope::Workspace(_), Some(key)) => format!("{policy}#{key}"),
        (RateScope::Key(_), Some(_)) => policy.to_string(),
    }
}
