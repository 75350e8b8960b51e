//! A workspace's tags: listed (with how many links carry each) by any member; made, renamed,
//! recoloured and deleted by its owner and managers. Deleting a tag takes it off its links.

use crate::domain::ids::ObjectId;
use crate::domain::{Tag, TagChange};
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::TagWrite;
use crate::wire::{CreatedTag, NewTag, TagList, TagOutcome, TagRecord};

fn may_manage(access: &Access) -> Result<(), ServiceError> {
    access.manages().then_some(()).ok_or(ServiceError::TagsClosed)
}

impl Service {
    /// Every tag of the workspace, by name, with how many links carry each.
    pub async fn list_tags(&self, access: &Access) -> Result<TagList, ServiceError> {
        let workspace = &access.workspace.id;
        let (tags, counts) = tokio::try_join!(
            self.store.workspace_tags(workspace),
            self.store.tag_link_counts(workspace)
        )?;
        Ok(TagList {
            tags: tags
                .iter()
                .map(|t| TagRecord::new(t, counts.get(&t.id).copied().unwrap_or(0)))
                .collect(),
        })
    }

    /// Makes a tag (owner and managers).
    pub async fn make_tag(&self, access: &Access, new: NewTag) -> Result<CreatedTag, ServiceError> {
        may_manage(access)?;
        let tag = Tag {
            id: self.new_id(),
            workspace_id: access.workspace.id.clone(),
            name: new.name,
            color: new.color,
        };
        match self.store.create_tag(&tag).await? {
            TagWrite::Done => Ok(CreatedTag::from(&tag)),
            TagWrite::NameTaken => Err(ServiceError::TagNameTaken(tag.name.as_str().to_string())),
            TagWrite::Gone => Err(ServiceError::WorkspaceNotFound),
            TagWrite::Full => Err(crate::service::guards::limits::collection_full(
                crate::store::Collection::Tags,
            )),
        }
    }

    /// Renames or recolours a tag (owner and managers).
    pub async fn change_tag(
        &self,
        access: &Access,
        id: &ObjectId,
        change: TagChange,
    ) -> Result<TagOutcome, ServiceError> {
        may_manage(access)?;
        let old = self
            .store
            .tag(&access.workspace.id, id)
            .await?
            .ok_or(ServiceError::TagNotFound)?;
        let new = change.apply(&old);
        match self.store.update_tag(&old, &new).await? {
            TagWrite::Done => Ok(TagOutcome::updated(&new)),
            TagWrite::NameTaken => Err(ServiceError::TagNameTaken(new.name.as_str().to_string())),
            TagWrite::Gone | TagWrite::Full => Err(ServiceError::Contention),
        }
    }

    /// Deletes a tag and takes it off every link that carries it (owner and managers).
    pub async fn remove_tag(&self, access: &Access, id: &ObjectId) -> Result<TagOutcome, ServiceError> {
        may_manage(access)?;
        let tag = self
            .store
            .tag(&access.workspace.id, id)
            .await?
            .ok_or(ServiceError::TagNotFound)?;
        if !self.store.delete_tag(&tag).await? {
            return Err(ServiceError::TagNotFound);
        }
        let untagged = self.store.untag_links(&tag).await?;
        Ok(TagOutcome::deleted(&tag, untagged))
    }
}
