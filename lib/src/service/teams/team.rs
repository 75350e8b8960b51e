//! A workspace's team run by its people: members and their roles, invitations by e-mail,
//! leaving, handing ownership over. Every operation asks the one table
//! ([`TeamAction::allowed_for`]) with the role it read, then writes only if that role still
//! holds (conditional writes), so a page, `linkctl` and a race all meet the same rules.

use chrono::{DateTime, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{
    Email, INVITATION_LIFETIME, Invitation, InvitationState, Membership, OneTimeToken, Role, TeamAction, User,
};
use crate::mail::Delivery;
use crate::service::accounts::mails::{INVITATIONS_PER_HOUR, Letter};
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::{MAX_PENDING_INVITATIONS, keys::Throttle};

/// One member as the settings list them.
#[derive(Debug, Clone)]
pub struct Member {
    pub user_id: ObjectId,
    /// The person's name, else their e-mail.
    pub name: String,
    pub email: Email,
    pub role: Role,
    pub since: Option<DateTime<Utc>>,
}

impl Member {
    /// A membership and its user, as the settings show them.
    fn of(membership: Membership, user: &User) -> Self {
        Self {
            user_id: membership.user_id,
            name: user.display_name().to_string(),
            email: user.email.clone(),
            role: membership.role,
            since: membership.joined_at,
        }
    }
}

/// A workspace's team as its settings show it.
#[derive(Debug, Clone)]
pub struct Team {
    /// The owner first, then managers, then members, each by name.
    pub members: Vec<Member>,
    /// Pending invitations, oldest first.
    pub invitations: Vec<Invitation>,
}

/// An invitation just made or sent again: its link, and whether a mail carried it (without a
/// mail server the inviter is shown the link to pass on).
#[derive(Debug, Clone)]
pub struct Invited {
    pub invitation: Invitation,
    pub link: String,
    pub delivery: Delivery,
}

/// What an invitation link opens, for the page that answers it.
#[derive(Debug, Clone)]
pub struct OpenInvitation {
    pub invitation: Invitation,
    pub workspace_name: String,
    /// Whether the invited address has an account (it signs in; else it sets a password).
    pub has_account: bool,
}

/// The path of an invitation's page.
pub fn invitation_path(token: &OneTimeToken) -> String {
    format!("/account/invitations/{}", token.expose())
}

fn role_rank(role: Role) -> u8 {
    match role {
        Role::Owner => 0,
        Role::Manager => 1,
        Role::Member => 2,
    }
}

impl Service {
    /// The members and pending invitations of the workspace (owner and managers).
    pub async fn team(&self, access: &Access) -> Result<Team, ServiceError> {
        TeamAction::OpenSettings.allowed_for(access.role)?;
        let ws = &access.workspace.id;
        let (memberships, invitations) =
            tokio::try_join!(self.store.workspace_members(ws), self.store.workspace_invitations(ws))?;
        let ids: Vec<ObjectId> = memberships.iter().map(|m| m.user_id.clone()).collect();
        let users = self.store.users(&ids).await?;
        let mut members: Vec<Member> = memberships
            .into_iter()
            .filter_map(|m| {
                let user = users.iter().find(|u| u.id == m.user_id)?;
                Some(Member::of(m, user))
            })
            .collect();
        members.sort_by(|a, b| {
            (role_rank(a.role), a.name.to_lowercase()).cmp(&(role_rank(b.role), b.name.to_lowercase()))
        });
        let now = self.clock.now();
        let mut invitations: Vec<Invitation> = invitations.into_iter().filter(|i| i.is_pending(now)).collect();
        invitations.sort_by_key(|i| i.created_at);
        Ok(Team { members, invitations })
    }

    /// Invites `email` to the workspace with `role`, and mails the link (`site`: the origin the
    /// link starts with).
    pub async fn invite(&self, access: &Access, email: Email, role: Role, site: &str) -> Result<Invited, ServiceError> {
        TeamAction::Invite(role).allowed_for(access.role)?;
        let ws = &access.workspace.id;
        if let Some(user) = self.store.find_user_by_email(&email).await?
            && self.store.membership(ws, &user.id).await?.is_some()
        {
            return Err(ServiceError::AlreadyMember(email.as_str().to_string()));
        }
        let now = self.clock.now();
        let pending: Vec<Invitation> = self
            .store
            .workspace_invitations(ws)
            .await?
            .into_iter()
            .filter(|i| i.is_pending(now))
            .collect();
        if pending.iter().any(|i| i.email == email) {
            return Err(ServiceError::InvitationPending(email.as_str().to_string()));
        }
        if pending.len() >= MAX_PENDING_INVITATIONS {
            return Err(ServiceError::TooManyInvitations(pending.len()));
        }
        self.count_invitation(access, &email).await?;
        let token = OneTimeToken::generate(self.new_id(), self.entropy.as_ref());
        let invitation = Invitation {
            id: token.id().clone(),
            workspace_id: ws.clone(),
            email,
            role,
            invited_by: access.user_id.clone(),
            secret_hash: token.secret_hash(),
            state: InvitationState::Pending,
            created_at: now,
            sent_at: now,
            expires_at: now + INVITATION_LIFETIME,
        };
        self.store.put_invitation(&invitation).await?;
        self.send_invitation(access, invitation, &token, site).await
    }

    /// Sends a pending invitation again with a new link (the old one stops working) and seven
    /// more days.
    pub async fn resend_invitation(&self, access: &Access, id: &ObjectId, site: &str) -> Result<Invited, ServiceError> {
        let invitation = self.pending_invitation(access, id).await?;
        TeamAction::ManageInvitation(invitation.role).allowed_for(access.role)?;
        self.count_invitation(access, &invitation.email).await?;
        let now = self.clock.now();
        let token = OneTimeToken::generate(invitation.id.clone(), self.entropy.as_ref());
        let renewed = Invitation {
            secret_hash: token.secret_hash(),
            sent_at: now,
            expires_at: now + INVITATION_LIFETIME,
            ..invitation
        };
        if !self.store.renew_invitation(&renewed).await? {
            return Err(ServiceError::InvitationNotFound);
        }
        self.send_invitation(access, renewed, &token, site).await
    }

    /// Revokes a pending invitation: its link answers that it was revoked.
    pub async fn revoke_invitation(&self, access: &Access, id: &ObjectId) -> Result<Invitation, ServiceError> {
        let invitation = self.pending_invitation(access, id).await?;
        TeamAction::ManageInvitation(invitation.role).allowed_for(access.role)?;
        if !self.store.revoke_invitation(&access.workspace.id, id).await? {
            return Err(ServiceError::InvitationNotFound);
        }
        Ok(invitation)
    }

    /// A pending invitation of this workspace (another workspace's id is not found here).
    async fn pending_invitation(&self, access: &Access, id: &ObjectId) -> Result<Invitation, ServiceError> {
        TeamAction::OpenSettings.allowed_for(access.role)?;
        let now = self.clock.now();
        self.store
            .invitation(id)
            .await?
            .filter(|i| i.workspace_id == access.workspace.id && i.is_pending(now))
            .ok_or(ServiceError::InvitationNotFound)
    }

    /// Counts an invitation mail against its sender's and its recipient's hourly limits.
    async fn count_invitation(&self, access: &Access, email: &Email) -> Result<(), ServiceError> {
        self.count_mail(
            Throttle::InvitationsByUser,
            access.user_id.as_str(),
            INVITATIONS_PER_HOUR,
        )
        .await?;
        self.count_invitation_to(email).await
    }

    async fn send_invitation(
        &self,
        access: &Access,
        invitation: Invitation,
        token: &OneTimeToken,
        site: &str,
    ) -> Result<Invited, ServiceError> {
        let link = format!("{site}{}", invitation_path(token));
        let inviter = self.store.get_user(&access.user_id).await?;
        let inviter = inviter.as_ref().map_or("Someone", User::display_name);
        let letter = Letter::invitation(&access.workspace.name, inviter, invitation.role, link.clone());
        let delivery = self.send_letter(letter, invitation.email.clone()).await?;
        Ok(Invited {
            invitation,
            link,
            delivery,
        })
    }

    /// The member `user` of the workspace, as stored.
    async fn member(&self, access: &Access, user: &ObjectId) -> Result<Membership, ServiceError> {
        self.store
            .membership(&access.workspace.id, user)
            .await?
            .ok_or(ServiceError::MemberNotFound)
    }

    /// Changes a member's role between manager and member (the owner's alone).
    pub async fn change_role(&self, access: &Access, user: &ObjectId, to: Role) -> Result<Member, ServiceError> {
        TeamAction::OpenSettings.allowed_for(access.role)?;
        let membership = self.member(access, user).await?;
        TeamAction::ChangeRole {
            from: membership.role,
            to,
        }
        .allowed_for(access.role)?;
        if membership.role != to
            && !self
                .store
                .change_role(&access.workspace.id, user, membership.role, to)
                .await?
        {
            return Err(ServiceError::TeamChanged);
        }
        self.member_view(Membership { role: to, ..membership }).await
    }

    /// Removes someone from the workspace: their pages and keys stop opening it at once.
    pub async fn remove_member(&self, access: &Access, user: &ObjectId) -> Result<Member, ServiceError> {
        if user == &access.user_id {
            let view = self.member_view(self.member(access, user).await?).await?;
            self.leave(access).await?;
            return Ok(view);
        }
        TeamAction::OpenSettings.allowed_for(access.role)?;
        let membership = self.member(access, user).await?;
        TeamAction::Remove(membership.role).allowed_for(access.role)?;
        let view = self.member_view(membership.clone()).await?;
        if !self
            .store
            .remove_membership(&access.workspace.id, user, membership.role)
            .await?
        {
            return Err(ServiceError::TeamChanged);
        }
        Ok(view)
    }

    /// The person leaves the workspace (anyone but the owner).
    pub async fn leave(&self, access: &Access) -> Result<(), ServiceError> {
        TeamAction::Leave.allowed_for(access.role)?;
        if !self
            .store
            .remove_membership(&access.workspace.id, &access.user_id, access.role)
            .await?
        {
            return Err(ServiceError::TeamChanged);
        }
        Ok(())
    }

    /// Hands the workspace to another member; the old owner becomes a manager.
    pub async fn hand_over(&self, access: &Access, to: &ObjectId) -> Result<Member, ServiceError> {
        TeamAction::OpenSettings.allowed_for(access.role)?;
        let membership = self.member(access, to).await?;
        TeamAction::HandOwnership(membership.role).allowed_for(access.role)?;
        if !self
            .store
            .hand_over(&access.workspace.id, &access.user_id, to, membership.role)
            .await?
        {
            return Err(ServiceError::TeamChanged);
        }
        self.member_view(Membership {
            role: Role::Owner,
            ..membership
        })
        .await
    }

    async fn member_view(&self, membership: Membership) -> Result<Member, ServiceError> {
        let user = self
            .store
            .get_user(&membership.user_id)
            .await?
            .ok_or(ServiceError::MemberNotFound)?;
        Ok(Member::of(membership, &user))
    }
}
