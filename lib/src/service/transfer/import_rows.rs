//! What each row of an import file would become, judged without writing: the dry run shows
//! it whole, and a running job judges each chunk the same way just before writing it. A row is
//! a link to create (its domain resolved), a conflict (the slug taken here or by an earlier row,
//! a domain not verified, the plan's links or rules full) or invalid (it cannot be a link).

use std::collections::{HashMap, HashSet};

use crate::domain::ids::ObjectId;
use crate::domain::{Hostname, Invalid, LinkDraft, Slug, Tag, TagName, Verdict};
use crate::service::{QuotaResource, Service, ServiceError, accounts::Access};
use crate::wire::Drafter;
use crate::wire::import::ImportRow;

/// A row read into the link it asks for, with its tags by name.
#[derive(Debug, Clone)]
pub(in crate::service) struct DraftedRow {
    pub line: u64,
    /// The row's index in the file (its link id derives from it).
    pub index: u64,
    pub draft: Result<LinkDraft, Invalid>,
    /// Tag names the workspace does not have yet (made when the row is written).
    pub new_tags: Vec<TagName>,
}

/// The workspace's tags by name (case aside).
pub(in crate::service) fn tags_by_name(tags: &[Tag]) -> HashMap<String, ObjectId> {
    tags.iter().map(|t| (Tag::name_key(&t.name), t.id.clone())).collect()
}

/// The sentence for a row whose domain the workspace cannot use.
fn domain_conflict(domain: Option<&Hostname>) -> String {
    match domain {
        Some(host) => format!("{} is not a verified domain of this workspace.", host.as_str()),
        None => ServiceError::DomainNotAvailable.to_string(),
    }
}

/// The sentence for a row the plan has no room for.
pub(in crate::service) fn links_quota_reached(access: &Access) -> String {
    let limit = access.workspace.plan.max_links;
    ServiceError::QuotaExceeded {
        resource: QuotaResource::Links,
        limit,
        current: limit,
    }
    .to_string()
}

impl Service {
    /// Rows as drafts, the workspace's tags found by name.
    pub(in crate::service) fn draft_rows(
        &self,
        rows: &[(u64, &ImportRow)],
        tags: &HashMap<String, ObjectId>,
    ) -> Vec<DraftedRow> {
        let drafter = Drafter::for_import_rows(self.clock.as_ref(), self.entropy.as_ref());
        rows.iter()
            .map(|(index, row)| {
                let mut new_tags = Vec::new();
                let draft = row.input.clone().and_then(|found| {
                    let mut draft = drafter.draft(&found.link)?;
                    for name in found.tags {
                        match tags.get(&Tag::name_key(&name)) {
                            Some(id) => draft.settings.tag_ids.push(id.clone()),
                            None => new_tags.push(name),
                        }
                    }
                    if draft.settings.tag_ids.len() + new_tags.len() > crate::domain::MAX_TAGS_PER_LINK {
                        return Err(Invalid::new(
                            "tags",
                            format!("A link has at most {} tags.", crate::domain::MAX_TAGS_PER_LINK),
                        ));
                    }
                    Ok(draft)
                });
                DraftedRow {
                    line: row.line,
                    index: *index,
                    draft,
                    new_tags,
                }
            })
            .collect()
    }

    /// Judges rows in file order: ownership and the rules quota, then slugs (a slug asked for
    /// twice goes to the first row; `claimed` carries the addresses earlier chunks took), then
    /// the links quota (`room` is how many more links the plan allows).
    pub(in crate::service) async fn judge_rows(
        &self,
        access: &Access,
        rows: &[DraftedRow],
        claimed: &mut HashSet<(Hostname, Slug)>,
        room: &mut u64,
    ) -> Result<Vec<Verdict>, ServiceError> {
        let domains: Vec<Option<&Hostname>> = rows
            .iter()
            .filter_map(|r| r.draft.as_ref().ok())
            .map(|d| d.domain.as_ref())
            .collect();
        let tags: Vec<ObjectId> = rows
            .iter()
            .filter_map(|r| r.draft.as_ref().ok())
            .flat_map(|d| d.settings.tag_ids.iter().cloned())
            .collect();
        let ownership = self.load_ownership(access, &domains, &tags).await?;
        let blocklist = self.blocklist().await?;
        let mut verdicts: Vec<Verdict> = rows
            .iter()
            .map(|row| match &row.draft {
                Err(invalid) => Verdict::Invalid(invalid.message.clone()),
                Ok(draft) => {
                    let resolved = ownership
                        .resolve(draft.domain.as_ref(), &draft.settings.tag_ids)
                        .map_err(|e| match e {
                            ServiceError::DomainNotAvailable => {
                                Verdict::Conflict(domain_conflict(draft.domain.as_ref()))
                            }
                            other => Verdict::Invalid(other.to_string()),
                        })
                        .and_then(|host| {
                            self.check_settings(access, &draft.settings, Some(&blocklist))
                                .map(|()| host)
                                .map_err(|e| match e {
                                    // The plan, not the row, stands in the way.
                                    ServiceError::QuotaExceeded { .. } => Verdict::Conflict(e.to_string()),
                                    other => Verdict::Invalid(other.to_string()),
                                })
                        });
                    match resolved {
                        Ok(host) => {
                            let mut draft = draft.clone();
                            draft.domain = Some(host);
                            Verdict::Create(Box::new(draft))
                        }
                        Err(verdict) => verdict,
                    }
                }
            })
            .collect();
        self.judge_slugs(&mut verdicts, claimed).await?;
        for verdict in &mut verdicts {
            if matches!(verdict, Verdict::Create(_)) {
                if *room == 0 {
                    *verdict = Verdict::Conflict(links_quota_reached(access));
                } else {
                    *room -= 1;
                }
            }
        }
        Ok(verdicts)
    }

    /// A slug asked for by an earlier row (or chunk) or already taken is a conflict.
    async fn judge_slugs(
        &self,
        verdicts: &mut [Verdict],
        claimed: &mut HashSet<(Hostname, Slug)>,
    ) -> Result<(), ServiceError> {
        let address = |v: &Verdict| match v {
            Verdict::Create(d) => Some((d.domain.clone()?, d.slug.clone()?)),
            _ => None,
        };
        for verdict in verdicts.iter_mut() {
            if let Some(wanted) = address(verdict)
                && !claimed.insert(wanted)
            {
                *verdict = Verdict::Conflict("An earlier row of the file has this slug.".to_string());
            }
        }
        let wanted: Vec<(Hostname, Slug)> = verdicts.iter().filter_map(address).collect();
        let taken = self.store.taken_slugs(&wanted).await?;
        for verdict in verdicts.iter_mut() {
            if address(verdict).is_some_and(|a| taken.contains(&a)) {
                *verdict = Verdict::Conflict(ServiceError::SlugTaken.to_string());
            }
        }
        Ok(())
    }

    /// How many more links the workspace's plan allows now.
    pub(in crate::service) async fn link_room(&self, access: &Access) -> Result<u64, ServiceError> {
        let current = self
            .store
            .get_workspace(&access.workspace.id)
            .await?
            .map_or(0, |w| w.link_count);
        Ok(access.workspace.plan.max_links.saturating_sub(current))
    }
}
