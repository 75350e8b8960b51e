//! The operator's switch: a link disabled, or a whole workspace suspended, for abuse, each
//! with the reason the owner is shown; and the audit item every operator action leaves (who,
//! when, what, why).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{BoundedText, Invalid};
use crate::domain::ids::ObjectId;

/// Why the operator disabled a link or suspended a workspace, as its owner reads it: 1 to 500
/// characters, trimmed.
pub type OperatorReason = BoundedText<500>;

/// Who acted (`linkctl … --by`, by default `$USER`): 1 to 100 characters, trimmed.
pub type OperatorName = BoundedText<100>;

/// Reads an operator's reason (`--reason`).
pub fn parse_reason(raw: &str) -> Result<OperatorReason, Invalid> {
    OperatorReason::parse("reason", raw)
}

/// Reads who acts (`--by`).
pub fn parse_operator(raw: &str) -> Result<OperatorName, Invalid> {
    OperatorName::parse("by", raw)
}

/// What an operator did; the audit item's `action`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AuditAction {
    LinkDisabled,
    LinkEnabled,
    WorkspaceSuspended,
    WorkspaceUnsuspended,
    DestinationBlocked,
    DestinationUnblocked,
}

impl AuditAction {
    /// How `linkctl audit list` names it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::LinkDisabled => "link-disabled",
            Self::LinkEnabled => "link-enabled",
            Self::WorkspaceSuspended => "workspace-suspended",
            Self::WorkspaceUnsuspended => "workspace-unsuspended",
            Self::DestinationBlocked => "destination-blocked",
            Self::DestinationUnblocked => "destination-unblocked",
        }
    }
}

/// One operator action, kept: who, when, what (the action and the id it was done to), why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: ObjectId,
    pub at: DateTime<Utc>,
    pub by: OperatorName,
    pub action: AuditAction,
    /// The link's or workspace's id, or the blocked destination's entry.
    pub target: String,
    pub reason: OperatorReason,
}

/// The operator's reason as the end of a sentence: with its full stop (or the `!`, `?` or `…`
/// it already ends with). Every refusal that quotes the operator is a sentence.
pub fn reason_sentence(reason: &str) -> String {
    let reason = reason.trim_end();
    if reason.ends_with(['.', '!', '?', '…']) {
        reason.to_string()
    } else {
        format!("{reason}.")
    }
}

/// Why the operator holds a link against its owner: the link disabled, or its workspace
/// suspended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    Disabled,
    Suspended,
}

/// What the owner tried on a link the operator holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeldAction {
    /// `active: true` on a disabled link.
    SwitchOn,
    Delete,
    /// A new slug or domain: the old short URL would be free to be made again.
    Move,
}

/// The owner's refusal: who holds the link and why, then what cannot be done.
pub fn held_sentence(hold: Hold, action: HeldAction, reason: &str) -> String {
    let held = match hold {
        Hold::Disabled => "This link was disabled by the operator",
        Hold::Suspended => "This link's workspace was suspended by the operator",
    };
    let refused = match action {
        HeldAction::SwitchOn => "It cannot be switched back on.",
        HeldAction::Delete => "It cannot be deleted.",
        HeldAction::Move => "It cannot be moved to another slug or domain.",
    };
    format!("{held}: {} {refused}", reason_sentence(reason))
}

/// What a visitor of a link that must not redirect is told, and why: the `451` answer. The
/// operator's switch and a blocked destination share it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withheld {
    /// The operator disabled the link, or suspended its workspace.
    DisabledForAbuse,
    /// The destination routing chose is on the blocklist (the **block** part's case).
    BlockedDestination,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reason_is_trimmed_and_must_say_something() {
        assert_eq!(parse_reason("  phishing  ").unwrap().as_str(), "phishing");
        assert_eq!(parse_reason(" ").unwrap_err().message, "reason must not be empty.");
        assert!(parse_reason(&"x".repeat(501)).is_err());
    }

    #[test]
    fn audit_actions_are_stored_under_the_names_linkctl_prints() {
        for action in [
            AuditAction::LinkDisabled,
            AuditAction::LinkEnabled,
            AuditAction::WorkspaceSuspended,
            AuditAction::WorkspaceUnsuspended,
            AuditAction::DestinationBlocked,
            AuditAction::DestinationUnblocked,
        ] {
            assert_eq!(serde_json::to_value(action).unwrap(), action.as_str());
        }
    }

    #[test]
    fn a_reason_ends_its_sentence_with_one_full_stop() {
        assert_eq!(reason_sentence("phishing campaign"), "phishing campaign.");
        assert_eq!(reason_sentence("phishing campaign."), "phishing campaign.");
        assert_eq!(reason_sentence("really?"), "really?");
    }

    #[test]
    fn a_held_link_says_who_holds_it_why_and_what_cannot_be_done() {
        assert_eq!(
            held_sentence(Hold::Disabled, HeldAction::Delete, "phishing"),
            "This link was disabled by the operator: phishing. It cannot be deleted."
        );
        assert_eq!(
            held_sentence(Hold::Suspended, HeldAction::Move, "spam."),
            "This link's workspace was suspended by the operator: spam. It cannot be moved to another slug or domain."
        );
    }
}
