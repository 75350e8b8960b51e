//! A workspace's own settings: whether its links may ask visitors for their location (a switch
//! over every link's `gpsTracking`, the owner's), and whether the link-health checker asks its
//! links' destinations (the owner's or a manager's).

use crate::domain::Role;
use crate::service::{Service, ServiceError, accounts::Access};

impl Service {
    /// Lets the workspace's links ask visitors for their location (`allowed`), or stops every one
    /// of them from asking. The owner's alone; one conditional `UpdateItem`. Visitors see it
    /// within the redirect's cache time (`LINK_CACHE_TTL_SECONDS`).
    pub async fn set_gps_capture(&self, access: &Access, allowed: bool) -> Result<(), ServiceError> {
        if access.role != Role::Owner {
            return Err(ServiceError::OnlyOwnerSetsLocation);
        }
        if !self.store.set_gps_capture_off(&access.workspace.id, !allowed).await? {
            return Err(ServiceError::WorkspaceNotFound);
        }
        Ok(())
    }

    /// Turns the link-health checker on (`on`) or off for the workspace's links: off, they keep
    /// the health they had and are not asked again, no mail or webhook names them. The owner's
    /// or a manager's; one conditional `UpdateItem`.
    pub async fn set_health_checks(&self, access: &Access, on: bool) -> Result<(), ServiceError> {
        if !matches!(access.role, Role::Owner | Role::Manager) {
            return Err(ServiceError::OnlyOwnerOrManagerSetsHealthChecks);
        }
        if !self.set_health_checks_off(&access.workspace.id, !on).await? {
            return Err(ServiceError::WorkspaceNotFound);
        }
        Ok(())
    }
}
