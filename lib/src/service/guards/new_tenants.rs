//! New tenants' throttle: while sign-up is open (`OPEN_SIGNUP=true`), a workspace in its first
//! `NEW_WORKSPACE_DAYS` days creates at most `NEW_WORKSPACE_LINKS_PER_HOUR` links per clock
//! hour, so a throwaway account cannot mint thousands of links before anyone looks. Every way
//! of creating links takes from the same hourly count: one link, a bulk call (all its items at
//! once, or none), an import's batch, MCP's `create_link`.

use crate::domain::Workspace;
use crate::service::{Service, ServiceError};
use crate::store::keys::Throttle;

impl Service {
    /// Takes `count` links from `workspace`'s hour if the throttle holds it, or refuses them all
    /// with [`ServiceError::NewWorkspaceLinksThrottled`].
    pub(in crate::service) async fn take_new_tenant_links(
        &self,
        workspace: &Workspace,
        count: usize,
    ) -> Result<(), ServiceError> {
        let limits = self.config.new_tenants;
        let now = self.clock.now();
        let young = now < workspace.created_at + chrono::Duration::days(i64::from(limits.days));
        if !self.config.open_signup || limits.links_per_hour == 0 || !young || count == 0 {
            return Ok(());
        }
        let throttle = Throttle::NewWorkspaceLinks;
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        if self
            .store
            .count_many_in_window(throttle, workspace.id.as_str(), now, count, limits.links_per_hour)
            .await?
        {
            return Ok(());
        }
        Err(ServiceError::NewWorkspaceLinksThrottled {
            limit: limits.links_per_hour,
            days: limits.days,
            retry_after: throttle.seconds_left(now),
        })
    }
}
