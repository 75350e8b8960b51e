//! What a workspace offers its links: its tags and the domains a link may go on (the pages'
//! pickers and filters).

use crate::domain::DomainStatus;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire::TagSummary;

impl Service {
    /// The workspace's tags, by name.
    pub async fn workspace_tags(&self, access: &Access) -> Result<Vec<TagSummary>, ServiceError> {
        Ok(self
            .store
            .workspace_tags(&access.workspace.id)
            .await?
            .into_iter()
            .map(|t| TagSummary::from(&t))
            .collect())
    }

    /// The domains a link of the workspace may use: the default short domain first, then the
    /// workspace's verified domains by name.
    pub async fn link_domains(&self, access: &Access) -> Result<Vec<String>, ServiceError> {
        let mut hosts = vec![self.config.default_domain.clone()];
        for claim in self.store.workspace_domain_claims(&access.workspace.id).await? {
            if claim.status == DomainStatus::Verified && !hosts.iter().any(|h| h == claim.host.as_str()) {
                hosts.push(claim.host.as_str().to_string());
            }
        }
        Ok(hosts)
    }
}
