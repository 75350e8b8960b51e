//! Who may do what in a workspace's team: the one table the pages and `linkctl` both go through
//! (docs/behaviour/accounts-teams.md, "Teams", prints it). Pure: a role and an action in, a sentence out.

use super::Role;

/// Something a person does to a workspace's team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamAction {
    /// Open the workspace's settings: its members, its invitations.
    OpenSettings,
    /// Invite someone with this role.
    Invite(Role),
    /// Revoke or send again an invitation for this role.
    ManageInvitation(Role),
    /// Change someone's role from one to another.
    ChangeRole { from: Role, to: Role },
    /// Remove someone who has this role.
    Remove(Role),
    /// Leave the workspace oneself.
    Leave,
    /// Hand the workspace's ownership to someone who has this role.
    HandOwnership(Role),
}

/// Why a team action is refused: each a sentence the person reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TeamRefusal {
    #[error("Only the workspace's owner and managers can open its settings.")]
    SettingsClosed,
    #[error("Only the workspace's owner and managers can invite people.")]
    InviteClosed,
    #[error("Only the workspace's owner can invite managers.")]
    OnlyOwnerInvitesManagers,
    #[error("A workspace has one owner; invite a manager or a member, and hand ownership over once they have joined.")]
    NoOwnerInvitations,
    #[error("Only the workspace's owner and managers can revoke or resend invitations.")]
    InvitationsClosed,
    #[error("Only the workspace's owner can revoke or resend an invitation for a manager.")]
    OnlyOwnerManagesManagerInvitations,
    #[error("Only the workspace's owner can change roles.")]
    OnlyOwnerChangesRoles,
    #[error("The owner's role changes only by handing ownership to someone else.")]
    OwnerRoleFixed,
    #[error("Only the workspace's owner and managers can remove people.")]
    RemoveClosed,
    #[error("Only the workspace's owner can remove a manager.")]
    OnlyOwnerRemovesManagers,
    #[error("The owner cannot be removed; the owner can hand ownership to someone else first.")]
    OwnerStays,
    #[error("The owner cannot leave the workspace; hand ownership to another member first.")]
    OwnerCannotLeave,
    #[error("Only the workspace's owner can hand ownership over.")]
    OnlyOwnerHandsOver,
    #[error("You already own this workspace.")]
    AlreadyOwner,
}

impl TeamAction {
    /// Whether someone with `role` may do this: the who-may-do-what table.
    pub fn allowed_for(self, role: Role) -> Result<(), TeamRefusal> {
        use Role::{Manager, Member, Owner};
        use TeamRefusal as No;
        let leader = matches!(role, Owner | Manager);
        let refusal = match self {
            Self::OpenSettings if !leader => Some(No::SettingsClosed),
            Self::OpenSettings => None,
            Self::Invite(Owner) => Some(No::NoOwnerInvitations),
            Self::Invite(_) if !leader => Some(No::InviteClosed),
            Self::Invite(Manager) if role != Owner => Some(No::OnlyOwnerInvitesManagers),
            Self::Invite(_) => None,
            Self::ManageInvitation(_) if !leader => Some(No::InvitationsClosed),
            Self::ManageInvitation(Manager | Owner) if role != Owner => Some(No::OnlyOwnerManagesManagerInvitations),
            Self::ManageInvitation(_) => None,
            Self::ChangeRole { .. } if role != Owner => Some(No::OnlyOwnerChangesRoles),
            Self::ChangeRole { from, to } if from == Owner || to == Owner => Some(No::OwnerRoleFixed),
            Self::ChangeRole { .. } => None,
            Self::Remove(Owner) => Some(No::OwnerStays),
            Self::Remove(_) if !leader => Some(No::RemoveClosed),
            Self::Remove(Manager) if role != Owner => Some(No::OnlyOwnerRemovesManagers),
            Self::Remove(_) => None,
            Self::Leave if role == Owner => Some(No::OwnerCannotLeave),
            Self::Leave => None,
            Self::HandOwnership(_) if role != Owner => Some(No::OnlyOwnerHandsOver),
            Self::HandOwnership(Owner) => Some(No::AlreadyOwner),
            Self::HandOwnership(Member | Manager) => None,
        };
        refusal.map_or(Ok(()), Err)
    }

    /// The table's rows in the order docs/behaviour/accounts-teams.md prints them: what, and who may.
    pub const ROWS: [(TeamAction, &'static str); 14] = [
        (Self::OpenSettings, "open the settings (members, invitations)"),
        (Self::Invite(Role::Manager), "invite a manager"),
        (Self::Invite(Role::Member), "invite a member"),
        (
            Self::ManageInvitation(Role::Manager),
            "revoke or resend a manager's invitation",
        ),
        (
            Self::ManageInvitation(Role::Member),
            "revoke or resend a member's invitation",
        ),
        (
            Self::ChangeRole {
                from: Role::Member,
                to: Role::Manager,
            },
            "make a member a manager",
        ),
        (
            Self::ChangeRole {
                from: Role::Manager,
                to: Role::Member,
            },
            "make a manager a member",
        ),
        (Self::Remove(Role::Manager), "remove a manager"),
        (Self::Remove(Role::Member), "remove a member"),
        (Self::Remove(Role::Owner), "remove the owner"),
        (Self::Leave, "leave the workspace"),
        (Self::HandOwnership(Role::Manager), "hand ownership to a manager"),
        (Self::HandOwnership(Role::Member), "hand ownership to a member"),
        (Self::Invite(Role::Owner), "invite an owner"),
    ];
}

/// The roles an invitation may carry, as the invitation form offers them to `role`.
pub fn invitable_roles(role: Role) -> Vec<Role> {
    [Role::Manager, Role::Member]
        .into_iter()
        .filter(|r| TeamAction::Invite(*r).allowed_for(role).is_ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Role::{Manager, Member, Owner};

    /// Who may, per row of the table: (owner, manager, member).
    fn who_may(action: TeamAction) -> (bool, bool, bool) {
        let may = |role| action.allowed_for(role).is_ok();
        (may(Owner), may(Manager), may(Member))
    }

    #[test]
    fn only_the_owner_and_managers_open_the_settings() {
        assert_eq!(who_may(TeamAction::OpenSettings), (true, true, false));
    }

    #[test]
    fn only_the_owner_invites_managers() {
        assert_eq!(who_may(TeamAction::Invite(Manager)), (true, false, false));
    }

    #[test]
    fn the_owner_and_managers_invite_members() {
        assert_eq!(who_may(TeamAction::Invite(Member)), (true, true, false));
    }

    #[test]
    fn nobody_invites_an_owner() {
        assert_eq!(who_may(TeamAction::Invite(Owner)), (false, false, false));
    }

    #[test]
    fn only_the_owner_revokes_or_resends_a_managers_invitation() {
        assert_eq!(who_may(TeamAction::ManageInvitation(Manager)), (true, false, false));
    }

    #[test]
    fn the_owner_and_managers_revoke_or_resend_a_members_invitation() {
        assert_eq!(who_may(TeamAction::ManageInvitation(Member)), (true, true, false));
    }

    #[test]
    fn only_the_owner_changes_roles_between_manager_and_member() {
        for (from, to) in [(Member, Manager), (Manager, Member)] {
            assert_eq!(who_may(TeamAction::ChangeRole { from, to }), (true, false, false));
        }
    }

    #[test]
    fn no_role_change_makes_or_unmakes_the_owner() {
        for (from, to) in [(Owner, Manager), (Member, Owner)] {
            assert_eq!(
                TeamAction::ChangeRole { from, to }.allowed_for(Owner),
                Err(TeamRefusal::OwnerRoleFixed)
            );
        }
    }

    #[test]
    fn only_the_owner_removes_managers() {
        assert_eq!(who_may(TeamAction::Remove(Manager)), (true, false, false));
    }

    #[test]
    fn the_owner_and_managers_remove_members() {
        assert_eq!(who_may(TeamAction::Remove(Member)), (true, true, false));
    }

    #[test]
    fn nobody_removes_the_owner() {
        assert_eq!(who_may(TeamAction::Remove(Owner)), (false, false, false));
    }

    #[test]
    fn anyone_but_the_owner_leaves() {
        assert_eq!(who_may(TeamAction::Leave), (false, true, true));
    }

    #[test]
    fn only_the_owner_hands_ownership_to_a_manager_or_a_member() {
        assert_eq!(who_may(TeamAction::HandOwnership(Manager)), (true, false, false));
        assert_eq!(who_may(TeamAction::HandOwnership(Member)), (true, false, false));
    }

    #[test]
    fn a_refusal_says_who_may() {
        assert_eq!(
            TeamAction::Invite(Manager)
                .allowed_for(Manager)
                .unwrap_err()
                .to_string(),
            "Only the workspace's owner can invite managers."
        );
    }

    #[test]
    fn the_invitation_form_offers_what_its_user_may_invite() {
        assert_eq!(invitable_roles(Owner), [Manager, Member]);
        assert_eq!(invitable_roles(Manager), [Member]);
        assert_eq!(invitable_roles(Member), []);
    }
}
