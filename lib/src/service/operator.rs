//! What the operator's tools do to accounts and workspaces: `linkctl` and the dev server's demo
//! seed, through `lib::admin`, which reads their text into these domain values and words the
//! failures. No caller to authorise and nothing to refuse but what the store reports, so the
//! answers are the store's own: `false` or `None` when the workspace (or user) is not there.

use chrono::{DateTime, Utc};

use super::Service;
use crate::domain::ids::ObjectId;
use crate::domain::{
    DomainClaim, DomainStatus, Email, Membership, NewPassword, PasswordHash, PlanChange, Role, Tag, TeamAction,
    TeamRefusal, User, Workspace,
};
use crate::store::StoreError;
/// What the operator's operations answer with, in the store's words (nothing to refuse but
/// what the table reports).
pub use crate::store::{ClaimWrite, Collection, CreateUserError, TagWrite};

/// What the operator's team changes can fail with: the table's refusal, or the store.
#[derive(Debug, thiserror::Error)]
pub enum OperatorError {
    #[error(transparent)]
    Refused(#[from] TeamRefusal),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Service {
    pub async fn user(&self, id: &ObjectId) -> Result<Option<User>, StoreError> {
        self.store.get_user(id).await
    }

    pub async fn user_by_email(&self, email: &Email) -> Result<Option<User>, StoreError> {
        self.store.find_user_by_email(email).await
    }

    /// A new user, who can sign in to the pages when given a password (stored as its argon2id
    /// hash).
    pub async fn create_user(&self, email: Email, password: Option<&NewPassword>) -> Result<User, CreateUserError> {
        // The salt is drawn before the id, as it always was (seeded tests see the same values).
        let password_hash = password.map(|p| PasswordHash::new(p, self.entropy.as_ref()));
        let user = User {
            id: self.new_id(),
            email,
            api_key_hash: None,
            password_hash,
            created_at: self.clock.now(),
            name: None,
            email_unverified: false,
            credentials_since: None,
        };
        self.store.create_user(&user).await?;
        Ok(user)
    }

    pub async fn workspace(&self, id: &ObjectId) -> Result<Option<Workspace>, StoreError> {
        self.store.get_workspace(id).await
    }

    /// Stores a new workspace with its owner as its first member.
    pub async fn create_workspace(&self, workspace: &Workspace) -> Result<(), StoreError> {
        self.store.create_workspace(workspace).await
    }

    pub async fn set_license(&self, workspace: &ObjectId, expires: Option<DateTime<Utc>>) -> Result<bool, StoreError> {
        self.store.set_license(workspace, expires).await
    }

    /// The workspace with its plan changed.
    pub async fn set_plan(&self, workspace: &ObjectId, change: &PlanChange) -> Result<Option<Workspace>, StoreError> {
        self.store.set_plan(workspace, change).await
    }

    /// Adds or changes a membership as the operator, who may do what the owner may and no
    /// more (the same table as the pages): nobody is made owner this way, and the owner's role
    /// stays. `Ok(false)` when the workspace or user does not exist.
    pub async fn add_member_as_operator(&self, membership: &Membership) -> Result<bool, OperatorError> {
        let ws = &membership.workspace_id;
        match self.store.membership(ws, &membership.user_id).await? {
            Some(current) => TeamAction::ChangeRole {
                from: current.role,
                to: membership.role,
            }
            .allowed_for(Role::Owner)?,
            None => TeamAction::Invite(membership.role).allowed_for(Role::Owner)?,
        }
        Ok(self.store.put_membership(membership).await?)
    }

    /// Removes someone as the operator (never the owner). `Ok(false)` when they were no member.
    pub async fn remove_member_as_operator(
        &self,
        workspace: &ObjectId,
        user: &ObjectId,
    ) -> Result<bool, OperatorError> {
        let Some(current) = self.store.membership(workspace, user).await? else {
            return Ok(false);
        };
        TeamAction::Remove(current.role).allowed_for(Role::Owner)?;
        Ok(self.store.remove_membership(workspace, user, current.role).await?)
    }

    /// Adds a claim as the operator says it is (verified on trust, or pending).
    pub async fn add_domain(&self, claim: &DomainClaim) -> Result<ClaimWrite, StoreError> {
        let pending = DomainClaim {
            status: DomainStatus::Pending,
            ..claim.clone()
        };
        match self.store.add_domain_claim(&pending).await? {
            ClaimWrite::Done if claim.status != DomainStatus::Pending => self.store.save_domain_claim(claim).await,
            other => Ok(other),
        }
    }

    pub async fn create_tag(&self, tag: &Tag) -> Result<TagWrite, StoreError> {
        self.store.create_tag(tag).await
    }

    pub async fn create_utm_template(&self, template: &crate::domain::UtmTemplate) -> Result<TagWrite, StoreError> {
        self.store.create_utm_template(template).await
    }
}
