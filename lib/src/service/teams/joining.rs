//! Joining a workspace by an invitation's link: what the link opens, a signed-in person whose
//! address it is joining at once, and a new person's account made with the membership.

use crate::domain::ids::ObjectId;
use crate::domain::{
    Email, InvitationDead, Membership, NewPassword, OneTimeToken, PersonName, Session, SessionToken, User,
};
use crate::service::accounts::account::hash_password;
use crate::service::{Service, ServiceError, accounts::SessionUser, accounts::SignedIn};
use crate::store::AcceptOutcome;

use crate::service::teams::team::OpenInvitation;

impl Service {
    /// What an invitation link opens; a dead link says why.
    pub async fn open_invitation(&self, token: &OneTimeToken) -> Result<OpenInvitation, ServiceError> {
        let now = self.clock.now();
        let invitation = self
            .store
            .invitation(token.id())
            .await?
            .ok_or(ServiceError::InvitationDead(InvitationDead::Unknown))?;
        invitation.opened_by(token, now).map_err(ServiceError::InvitationDead)?;
        let (workspace, account) = tokio::try_join!(
            self.store.get_workspace(&invitation.workspace_id),
            self.store.find_user_by_email(&invitation.email)
        )?;
        let workspace = workspace.ok_or(ServiceError::InvitationDead(InvitationDead::Unknown))?;
        Ok(OpenInvitation {
            invitation,
            workspace_name: workspace.name,
            has_account: account.is_some(),
        })
    }

    /// A signed-in person accepts an invitation to their own address: they join at once.
    /// Returns the workspace.
    pub async fn accept_invitation(
        &self,
        token: &OneTimeToken,
        signed_in: &SessionUser,
    ) -> Result<ObjectId, ServiceError> {
        let open = self.open_invitation(token).await?;
        if open.invitation.email != signed_in.session.email {
            return Err(ServiceError::InvitationForSomeoneElse);
        }
        let invitation = open.invitation;
        let membership = Membership {
            workspace_id: invitation.workspace_id.clone(),
            user_id: signed_in.session.user_id.clone(),
            role: invitation.role,
            joined_at: Some(self.clock.now()),
        };
        match self
            .store
            .accept_invitation(&invitation, &membership, self.clock.now())
            .await?
        {
            AcceptOutcome::Joined | AcceptOutcome::AlreadyMember => Ok(invitation.workspace_id),
            _ => Err(self.why_gone(token).await),
        }
    }

    /// A new person accepts an invitation: their account (the link proved the address), the
    /// membership and a session, together. Returns the workspace and the session.
    pub async fn accept_invitation_as_new(
        &self,
        token: &OneTimeToken,
        name: PersonName,
        password: &NewPassword,
    ) -> Result<(ObjectId, SignedIn), ServiceError> {
        let open = self.open_invitation(token).await?;
        let invitation = open.invitation;
        let now = self.clock.now();
        let hash = hash_password(password.clone(), self.entropy.clone()).await;
        let user = User {
            id: self.new_id(),
            email: invitation.email.clone(),
            api_key_hash: None,
            password_hash: Some(hash),
            created_at: now,
            name: Some(name),
            email_unverified: false,
            credentials_since: None,
        };
        let membership = Membership {
            workspace_id: invitation.workspace_id.clone(),
            user_id: user.id.clone(),
            role: invitation.role,
            joined_at: Some(now),
        };
        match self
            .store
            .accept_invitation_as_new_user(&invitation, &user, &membership, now)
            .await?
        {
            AcceptOutcome::Joined => {}
            AcceptOutcome::EmailTaken => return Err(ServiceError::InvitationDead(InvitationDead::Used)),
            _ => return Err(self.why_gone(token).await),
        }
        let signed_in = self.open_session(user.id, user.email).await?;
        Ok((invitation.workspace_id, signed_in))
    }

    /// Why an invitation that was open a moment ago is not any more.
    async fn why_gone(&self, token: &OneTimeToken) -> ServiceError {
        match self.open_invitation(token).await {
            Err(err) => err,
            Ok(_) => ServiceError::TeamChanged,
        }
    }

    /// A new session for a user who just proved who they are.
    pub(in crate::service) async fn open_session(
        &self,
        user: ObjectId,
        email: Email,
    ) -> Result<SignedIn, ServiceError> {
        let token = SessionToken::generate(self.entropy.as_ref());
        let session = Session::new(user, email, self.clock.now(), self.entropy.as_ref());
        self.store.put_session(&token.hash(), &session).await?;
        Ok(SignedIn { token, session })
    }
}
