//! The connected-apps page's data: every grant a person made, and revoking one.

use crate::domain::ids::ObjectId;
use crate::domain::oauth::Grant;
use crate::domain::{CredentialRef, Workspace};
use crate::service::{Service, ServiceError};

/// One connected app as the page shows it.
#[derive(Debug, Clone)]
pub struct ConnectedApp {
    pub grant: Grant,
    /// The grant's workspace (`None` if it no longer exists).
    pub workspace: Option<Workspace>,
}

impl Service {
    /// Every live grant of a user, newest first, with its workspace.
    pub async fn connected_apps(&self, user: &ObjectId) -> Result<Vec<ConnectedApp>, ServiceError> {
        let mut grants = self.live_grants(user).await?;
        grants.reverse();
        let mut ids: Vec<ObjectId> = grants.iter().map(|g| g.terms.workspace_id.clone()).collect();
        ids.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        ids.dedup();
        let workspaces = self.store.workspaces(&ids).await?;
        Ok(grants
            .into_iter()
            .map(|grant| ConnectedApp {
                workspace: workspaces.iter().find(|w| w.id == grant.terms.workspace_id).cloned(),
                grant,
            })
            .collect())
    }

    /// Every grant of a user that still works, oldest first: unexpired, and approved since the
    /// user's last password reset (or first confirmation).
    pub(crate) async fn live_grants(&self, user: &ObjectId) -> Result<Vec<Grant>, ServiceError> {
        let now = self.clock.now();
        let (grants, account) = tokio::try_join!(self.store.user_grants(user), self.store.get_user(user))?;
        let Some(account) = account else {
            return Ok(Vec::new());
        };
        Ok(grants
            .into_iter()
            .filter(|g| g.is_live(now) && account.trusts_credential_from(g.created_at))
            .collect())
    }

    /// Revokes one of the user's grants: its access and refresh tokens stop working on the
    /// very next request, and the webhook endpoints it set up are switched off. `false` when
    /// the user has no such grant.
    pub async fn revoke_connected_app(&self, user: &ObjectId, grant: &str) -> Result<bool, ServiceError> {
        let Ok(id) = ObjectId::parse(grant) else {
            return Ok(false);
        };
        if !self.store.delete_grant(&id, Some(user)).await? {
            return Ok(false);
        }
        self.disable_webhooks_of(&CredentialRef::app(&id)).await?;
        Ok(true)
    }
}
