//! Writing an import's chunk: the tags its rows name, the rows an earlier run already wrote,
//! and the judged rows under their derived ids with the plan's quota reserved for them.

use crate::domain::ids::ObjectId;
use crate::domain::{LinkDraft, OperatorReason, RowOutcome, Tag, TagName};
use crate::service::links::bulk::Written;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::TagWrite;
use crate::wire::import::ImportRow;

impl Service {
    /// The workspace's tags, with those the rows name and it lacks made first.
    pub(in crate::service) async fn tags_for(
        &self,
        access: &Access,
        rows: &[(u64, &ImportRow)],
    ) -> Result<Vec<Tag>, ServiceError> {
        let mut tags = self.store.workspace_tags(&access.workspace.id).await?;
        let wanted: Vec<&TagName> = rows
            .iter()
            .filter_map(|(_, r)| r.input.as_ref().ok())
            .flat_map(|found| found.tags.iter())
            .collect();
        let mut made = false;
        for name in wanted {
            if tags.iter().any(|t| Tag::name_key(&t.name) == Tag::name_key(name)) {
                continue;
            }
            let tag = Tag {
                id: self.new_id(),
                workspace_id: access.workspace.id.clone(),
                name: name.clone(),
                color: None,
            };
            match self.store.create_tag(&tag).await? {
                TagWrite::Done => tags.push(tag),
                // Made by someone else a moment ago: read below.
                TagWrite::NameTaken => made = true,
                TagWrite::Gone => return Err(ServiceError::WorkspaceNotFound),
                TagWrite::Full => {
                    return Err(crate::service::guards::limits::collection_full(
                        crate::store::Collection::Tags,
                    ));
                }
            }
        }
        if made {
            tags = self.store.workspace_tags(&access.workspace.id).await?;
        }
        Ok(tags)
    }

    /// The outcome of a row whose link an earlier run wrote.
    pub(in crate::service) async fn created_earlier(&self, id: &ObjectId) -> Result<RowOutcome, ServiceError> {
        let link = self.store.get_link(id).await?;
        Ok(match link {
            Some(stored) => RowOutcome::Created {
                link_id: id.clone(),
                short_link: stored.link.full_link(),
            },
            None => RowOutcome::Failed {
                reason: "The link was made and then deleted while the import ran.".to_string(),
            },
        })
    }

    /// Writes the judged rows under their derived ids, with the plan's quota reserved for them;
    /// a row that lost its slug to a racing request is skipped, one whose generated slug
    /// collided is tried again with a fresh one. The rows written, and the operator's reason
    /// when the workspace was found suspended (the rows left out were not written).
    pub(in crate::service) async fn write_imported(
        &self,
        access: &Access,
        ids: &[ObjectId],
        rows: Vec<(usize, LinkDraft)>,
    ) -> Result<(Vec<(usize, RowOutcome)>, Option<OperatorReason>), ServiceError> {
        let mut outcomes = Vec::new();
        if rows.is_empty() {
            return Ok((outcomes, None));
        }
        match self.take_new_tenant_links(&access.workspace, rows.len()).await {
            Ok(()) => {}
            Err(refused @ ServiceError::NewWorkspaceLinksThrottled { .. }) => {
                let reason = refused.to_string();
                let skipped = rows
                    .into_iter()
                    .map(|(i, _)| (i, RowOutcome::Skipped { reason: reason.clone() }));
                return Ok((skipped.collect(), None));
            }
            Err(err) => return Err(err),
        }
        let workspace = &access.workspace.id;
        let count = rows.len() as u64;
        if !self
            .store
            .reserve_links(workspace, count, access.workspace.plan.max_links)
            .await?
        {
            if let Some(suspended) = self.store.suspension(workspace).await? {
                return Ok((Vec::new(), Some(suspended)));
            }
            // Links made elsewhere since the judge counted the room took it.
            let reason = crate::service::transfer::import_rows::links_quota_reached(access);
            let skipped = rows
                .into_iter()
                .map(|(i, _)| (i, RowOutcome::Skipped { reason: reason.clone() }));
            return Ok((skipped.collect(), None));
        }
        let drafts = rows
            .into_iter()
            .map(|(i, draft)| (i, draft, Some(ids[i].clone())))
            .collect();
        let mut made = 0;
        let mut suspension = None;
        for (i, written) in self.write_reserved(access, drafts).await? {
            let outcome = match written {
                Written::Suspended(reason) => {
                    suspension = Some(reason);
                    continue;
                }
                Written::Created(link) => {
                    made += 1;
                    RowOutcome::Created {
                        short_link: link.full_link(),
                        link_id: link.id,
                    }
                }
                Written::SlugTaken => RowOutcome::Skipped {
                    reason: ServiceError::SlugTaken.to_string(),
                },
                Written::NoFreeSlug => RowOutcome::Failed {
                    reason: "No free slug was found; import the row again.".to_string(),
                },
                Written::DomainUnavailable => RowOutcome::Failed {
                    reason: ServiceError::DomainNotAvailable.to_string(),
                },
            };
            outcomes.push((i, outcome));
        }
        self.store.release_links(workspace, count - made).await?;
        Ok((outcomes, suspension))
    }
}
