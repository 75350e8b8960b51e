//! The apps a custom domain opens directly (iOS universal links, Android app links): the owner
//! and managers set them per domain in the app; every visitor's device reads them as the
//! domain's `/.well-known` files.

use crate::domain::{AppAssociation, Hostname};
use crate::service::workspace::domains::may_manage;
use crate::service::{Service, ServiceError, accounts::Access};

/// A domain's apps as its page shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DomainApps {
    pub host: Hostname,
    pub association: AppAssociation,
}

impl DomainApps {
    /// What the person who saved them reads.
    pub fn message(&self) -> String {
        let host = self.host.as_str();
        if self.association.is_empty() {
            format!("{host} opens no app now.")
        } else {
            format!("The apps {host} opens are saved. Phones fetch them again in a day or so.")
        }
    }
}

impl Service {
    /// The apps one of the workspace's domains opens (any member reads them).
    pub async fn domain_apps(&self, access: &Access, host: &str) -> Result<DomainApps, ServiceError> {
        let claim = self.own_claim(access, host).await?;
        let association = self
            .store
            .app_association(&claim.host, &access.workspace.id)
            .await?
            .unwrap_or_default();
        Ok(DomainApps {
            host: claim.host,
            association,
        })
    }

    /// Sets the apps one of the workspace's domains opens (none removes them).
    pub async fn set_domain_apps(
        &self,
        access: &Access,
        host: &str,
        association: AppAssociation,
    ) -> Result<DomainApps, ServiceError> {
        may_manage(access)?;
        let claim = self.own_claim(access, host).await?;
        if !self
            .store
            .save_app_association(&claim.host, &access.workspace.id, &association)
            .await?
        {
            return Err(ServiceError::DomainNotFound(claim.host.as_str().to_string()));
        }
        Ok(DomainApps {
            host: claim.host,
            association,
        })
    }

    /// The apps a short domain opens, as its holder set them (the `/.well-known` files).
    pub async fn served_app_association(&self, host: &Hostname) -> Result<Option<AppAssociation>, ServiceError> {
        Ok(self.store.served_app_association(host).await?)
    }
}
