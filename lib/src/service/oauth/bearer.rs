//! OAuth access tokens at the MCP endpoint: found, unexpired, issued for this resource, its
//! grant not revoked (nor made before its user's last password reset or first confirmation),
//! its user still a member of the grant's workspace, whose licence holds. All of it is read in
//! two round trips (the token, then the grant with its user, the workspace and the
//! membership), the same as an API key followed by its workspace.

use crate::domain::Role;
use crate::domain::oauth::{LAST_USED_RESOLUTION, stored_hash};
use crate::service::{
    Service, ServiceError, accounts::Caller, accounts::Credential, accounts::GrantAccess, accounts::short_id,
};

impl Service {
    /// The caller an `Authorization: Bearer` token stands for at `resource`.
    pub async fn authenticate_bearer(&self, token: &str, resource: &str) -> Result<Caller, ServiceError> {
        let now = self.clock.now();
        let access = self
            .store
            .get_access_token(&stored_hash(token))
            .await?
            .filter(|a| now < a.expires_at && a.resource == resource)
            .ok_or(ServiceError::InvalidAccessToken)?;
        let view = self
            .store
            .grant_with_workspace(&access.grant_id, &access.workspace_id, &access.user_id)
            .await?;
        let grant = view
            .grant
            .filter(|g| g.is_live(now))
            .filter(|g| {
                view.user
                    .as_ref()
                    .is_some_and(|user| user.trusts_credential_from(g.created_at))
            })
            .ok_or(ServiceError::InvalidAccessToken)?;
        let workspace = view.workspace.workspace.ok_or(ServiceError::WorkspaceNotFound)?;
        let role = match view.workspace.membership {
            Some(m) => m.role,
            None if workspace.owner_id == access.user_id => Role::Owner,
            None => return Err(ServiceError::NoWorkspaceAccess),
        };
        if workspace.license_expired(now) {
            return Err(ServiceError::LicenseExpired);
        }
        crate::service::switch::refuse_suspended(&workspace)?;
        if now - grant.last_used_at >= LAST_USED_RESOLUTION {
            self.store.touch_grant(&grant.id, now).await?;
        }
        Ok(Caller {
            user_id: access.user_id,
            key_id: short_id(&stored_hash(&format!("grant#{}", grant.id))),
            credential: Credential::Grant(Box::new(GrantAccess {
                app_name: grant.terms.client.shown_name(),
                grant_id: grant.id,
                scopes: access.scopes,
                workspace,
                role,
            })),
        })
    }
}
