//! A workspace's own settings its owner changes: for now, whether its links may ask visitors for
//! their location (a switch over every link's `gpsTracking`).

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
}
