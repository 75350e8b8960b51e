//! The apps a workspace lets one of its hosts open (`DOMAIN#<host>` / `APPS#<workspace>`), read
//! by the visitor door for the `/.well-known` files.

use serde::{Deserialize, Serialize};

use crate::domain::ids::ObjectId;
use crate::domain::{AppAssociation, Hostname};
use crate::store::{Store, StoreError, encode, keys, tx};

/// The stored item: the association and whose it is.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AppAssociationRecord {
    workspace_id: ObjectId,
    #[serde(flatten)]
    association: AppAssociation,
}

impl Store {
    /// Saves the apps a workspace's claimed host opens (none removes them); `false` when the
    /// claim is gone.
    pub async fn save_app_association(
        &self,
        host: &Hostname,
        workspace: &ObjectId,
        association: &AppAssociation,
    ) -> Result<bool, StoreError> {
        let key = keys::app_association(host, workspace);
        let write = if association.is_empty() {
            tx::delete(&self.table, &key, None, &[])?
        } else {
            let record = AppAssociationRecord {
                workspace_id: workspace.clone(),
                association: association.clone(),
            };
            tx::put(&self.table, encode(&record, &key, None)?, None)?
        };
        let items = vec![
            tx::check_exists(&self.table, &keys::domain_claim(host, workspace))?,
            write,
        ];
        Ok(self.transact(items).await?.is_ok())
    }

    /// The apps a workspace lets its host open, if any (read consistently: the form shows what
    /// was just saved).
    pub async fn app_association(
        &self,
        host: &Hostname,
        workspace: &ObjectId,
    ) -> Result<Option<AppAssociation>, StoreError> {
        self.association_at(host, workspace, true).await
    }

    async fn association_at(
        &self,
        host: &Hostname,
        workspace: &ObjectId,
        consistent: bool,
    ) -> Result<Option<AppAssociation>, StoreError> {
        let record: Option<AppAssociationRecord> =
            self.get_as(&keys::app_association(host, workspace), consistent).await?;
        Ok(record.map(|r| r.association))
    }

    /// The apps the holder of `host` lets it open: the holder item, then its association (two
    /// reads; none when nobody holds the host).
    pub async fn served_app_association(&self, host: &Hostname) -> Result<Option<AppAssociation>, StoreError> {
        let Some(holder) = self.domain_holder(host).await? else {
            return Ok(None);
        };
        self.association_at(host, &holder.workspace_id, false).await
    }
}
