//! Creating up to 100 links in one call. Each item succeeds or fails on its own; the whole
//! call is refused only when it is empty, too large, or the plan cannot take every valid
//! item. The work goes in named phases, each narrowing the items still pending.

use std::collections::{HashMap, HashSet};

use crate::domain::ids::ObjectId;
use crate::domain::{Hostname, Invalid, Link, LinkDraft, OperatorReason, Slug};
use crate::service::links::edit::SLUG_ATTEMPTS;
use crate::service::{QuotaResource, Service, ServiceError, accounts::Access};
use crate::store::Placed;

pub const MAX_BULK_LINKS: usize = 100;
/// An item whose link an earlier run made, and someone deleted since.
const MADE_THEN_DELETED: &str = "The link was made and then deleted while the task ran.";

/// An item still on its way to being created: its position and its draft.
/// What became of a draft [`Service::write_reserved`] wrote.
pub(in crate::service) enum Written {
    Created(Box<Link>),
    /// Its chosen slug was taken by a racing request.
    SlugTaken,
    /// Every generated slug collided.
    NoFreeSlug,
    /// The workspace lost its hold on the link's domain meanwhile.
    DomainUnavailable,
    /// The operator suspended the workspace meanwhile, for this reason: nothing more is written.
    Suspended(OperatorReason),
}

struct Pending {
    index: usize,
    draft: LinkDraft,
}

/// What became of each item, by position.
struct Ledger {
    errors: Vec<Option<String>>,
    created: Vec<Option<Link>>,
}

impl Ledger {
    fn new(len: usize) -> Self {
        Self {
            errors: vec![None; len],
            created: vec![None; len],
        }
    }

    fn fail(&mut self, index: usize, error: impl ToString) {
        self.errors[index] = Some(error.to_string());
    }

    fn created_count(&self) -> u64 {
        self.created.iter().flatten().count() as u64
    }

    /// What became of each item, in order: the link it made, or why it failed.
    fn results(self) -> Vec<Result<Link, String>> {
        self.created
            .into_iter()
            .zip(self.errors)
            .map(|(created, error)| created.ok_or_else(|| error.unwrap_or_default()))
            .collect()
    }
}

impl Service {
    /// Creates the items of a bulk call, each parsed by the door (or refused there). Answers,
    /// item by item in order, the link made or why the item failed.
    pub async fn bulk_create(
        &self,
        access: &Access,
        items: Vec<Result<LinkDraft, Invalid>>,
    ) -> Result<Vec<Result<Link, String>>, ServiceError> {
        self.bulk_create_as(access, items, None).await
    }

    /// [`Service::bulk_create`], each item under the id given when `ids` are (one per item):
    /// an item whose link exists already (made by an earlier run of the same items) answers
    /// that link and is not made again.
    pub(in crate::service) async fn bulk_create_as(
        &self,
        access: &Access,
        items: Vec<Result<LinkDraft, Invalid>>,
        ids: Option<&[ObjectId]>,
    ) -> Result<Vec<Result<Link, String>>, ServiceError> {
        if items.is_empty() {
            return Err(ServiceError::BulkEmpty);
        }
        if items.len() > MAX_BULK_LINKS {
            return Err(ServiceError::BulkTooLarge);
        }
        let mut ledger = Ledger::new(items.len());
        let made = match ids {
            Some(ids) => self.made_earlier(ids, &mut ledger).await?,
            None => HashSet::new(),
        };
        let mut drafts = Self::draft_items(items, &mut ledger);
        drafts.retain(|p| !made.contains(&p.index));
        let pending = self.check_ownership(access, drafts, &mut ledger).await?;
        let pending = self.drop_unavailable_slugs(pending, &mut ledger).await?;
        self.take_new_tenant_links(&access.workspace, pending.len()).await?;
        let reserved = self.reserve_quota(access, pending.len() as u64).await?;
        let before = ledger.created_count();
        self.write_links(access, pending, ids, &mut ledger).await?;
        self.store
            .release_links(&access.workspace.id, reserved - (ledger.created_count() - before))
            .await?;
        Ok(ledger.results())
    }

    /// The items whose id names a link already (by position), each answering that link.
    async fn made_earlier(&self, ids: &[ObjectId], ledger: &mut Ledger) -> Result<HashSet<usize>, ServiceError> {
        let existing = self.store.existing_link_ids(ids).await?;
        let links: HashMap<ObjectId, Link> = self
            .store
            .get_links(&existing)
            .await?
            .into_iter()
            .map(|stored| (stored.link.id.clone(), stored.link))
            .collect();
        let mut made = HashSet::new();
        for (index, id) in ids.iter().enumerate().filter(|(_, id)| existing.contains(*id)) {
            made.insert(index);
            match links.get(id) {
                Some(link) => ledger.created[index] = Some(link.clone()),
                None => ledger.fail(index, MADE_THEN_DELETED),
            }
        }
        Ok(made)
    }

    /// Phase 1, no I/O: the items the door could parse go on; the others fail as they are.
    fn draft_items(items: Vec<Result<LinkDraft, Invalid>>, ledger: &mut Ledger) -> Vec<Pending> {
        let mut pending = Vec::with_capacity(items.len());
        for (index, item) in items.into_iter().enumerate() {
            match item {
                Ok(draft) => pending.push(Pending { index, draft }),
                Err(invalid) => ledger.fail(index, &invalid.message),
            }
        }
        pending
    }

    /// Phase 2, one read: each item's domain and tags belong to the workspace, and its rules
    /// fit the plan. The domain of each surviving draft is resolved.
    async fn check_ownership(
        &self,
        access: &Access,
        drafts: Vec<Pending>,
        ledger: &mut Ledger,
    ) -> Result<Vec<Pending>, ServiceError> {
        let domains: Vec<Option<&Hostname>> = drafts.iter().map(|p| p.draft.domain.as_ref()).collect();
        let tags: Vec<ObjectId> = drafts
            .iter()
            .flat_map(|p| p.draft.settings.tag_ids.iter().cloned())
            .collect();
        let ownership = self.load_ownership(access, &domains, &tags).await?;
        let blocklist = self.blocklist().await?;
        let mut pending = Vec::with_capacity(drafts.len());
        for mut p in drafts {
            let checked = ownership
                .resolve(p.draft.domain.as_ref(), &p.draft.settings.tag_ids)
                .and_then(|host| {
                    self.check_settings(access, &p.draft.settings, Some(&blocklist))
                        .map(|()| host)
                });
            match checked {
                Ok(host) => {
                    p.draft.domain = Some(host);
                    pending.push(p);
                }
                Err(e) => ledger.fail(p.index, e),
            }
        }
        Ok(pending)
    }

    /// Phase 3, one read: a slug asked for twice in the call goes to the first item; a slug
    /// already taken fails its item.
    async fn drop_unavailable_slugs(
        &self,
        mut pending: Vec<Pending>,
        ledger: &mut Ledger,
    ) -> Result<Vec<Pending>, ServiceError> {
        let address = |p: &Pending| Some((p.draft.domain.clone()?, p.draft.slug.clone()?));
        let mut seen = HashSet::new();
        pending.retain(|p| match address(p) {
            Some(wanted) if !seen.insert(wanted.clone()) => {
                ledger.fail(p.index, ServiceError::SlugTaken);
                false
            }
            _ => true,
        });
        let wanted: Vec<(Hostname, Slug)> = pending.iter().filter_map(address).collect();
        let taken = self.store.taken_slugs(&wanted).await?;
        pending.retain(|p| match address(p) {
            Some(wanted) if taken.contains(&wanted) => {
                ledger.fail(p.index, ServiceError::SlugTaken);
                false
            }
            _ => true,
        });
        Ok(pending)
    }

    /// Phase 4, one conditional update: the plan's quota for every valid item, or 403.
    async fn reserve_quota(&self, access: &Access, count: u64) -> Result<u64, ServiceError> {
        let plan = &access.workspace.plan;
        if count == 0
            || self
                .store
                .reserve_links(&access.workspace.id, count, plan.max_links)
                .await?
        {
            return Ok(count);
        }
        let workspace = self.store.get_workspace(&access.workspace.id).await?;
        if let Some(reason) = workspace.as_ref().and_then(|w| w.suspended_reason.as_ref()) {
            return Err(crate::service::switch::suspended(reason));
        }
        let current = workspace.map_or(0, |w| w.link_count);
        Err(ServiceError::QuotaExceeded {
            resource: QuotaResource::Links,
            limit: plan.max_links,
            current,
        })
    }

    /// Phase 5: the links, in transactions (see [`Service::write_reserved`]).
    async fn write_links(
        &self,
        access: &Access,
        pending: Vec<Pending>,
        ids: Option<&[ObjectId]>,
        ledger: &mut Ledger,
    ) -> Result<(), ServiceError> {
        let id = |index: usize| ids.map(|ids| ids[index].clone());
        let drafts = pending.into_iter().map(|p| (p.index, p.draft, id(p.index))).collect();
        for (index, written) in self.write_reserved(access, drafts).await? {
            match written {
                Written::Created(link) => ledger.created[index] = Some(*link),
                Written::SlugTaken | Written::NoFreeSlug => ledger.fail(index, ServiceError::SlugTaken),
                Written::DomainUnavailable => ledger.fail(index, ServiceError::DomainNotAvailable),
                Written::Suspended(reason) => ledger.fail(index, crate::service::switch::suspended(&reason)),
            }
        }
        Ok(())
    }

    /// Writes drafts whose quota is reserved and whose domain is resolved, in transactions, each
    /// under the id given or a new one: a draft that lost its chosen slug to a racing request is
    /// [`Written::SlugTaken`], one whose generated slug collided is tried again with a fresh one
    /// up to [`SLUG_ATTEMPTS`] times. Answers every draft with its key.
    pub(in crate::service) async fn write_reserved<K>(
        &self,
        access: &Access,
        mut pending: Vec<(K, LinkDraft, Option<ObjectId>)>,
    ) -> Result<Vec<(K, Written)>, ServiceError> {
        // Only drafts about to be written pay for hashing their password.
        for (_, draft, _) in &mut pending {
            self.protect(draft);
        }
        let mut answers = Vec::with_capacity(pending.len());
        for _ in 0..SLUG_ATTEMPTS {
            if pending.is_empty() {
                break;
            }
            let links: Vec<Link> = pending
                .iter()
                .map(|(_, draft, id)| {
                    let domain = draft.domain.clone().expect("domain resolved before writing");
                    let slug = draft.slug.clone().unwrap_or_else(|| self.generate_slug());
                    let mut link = self.new_link(access, domain, slug, draft.settings.clone());
                    if let Some(id) = id {
                        link.id = id.clone();
                    }
                    link
                })
                .collect();
            let written = self.store.put_reserved_links(&links).await?;
            let suspension = if written.contains(&Placed::Suspended) {
                self.store.suspension(&access.workspace.id).await?
            } else {
                None
            };
            let mut retry = Vec::new();
            for ((key, draft, id), (link, placed)) in pending.into_iter().zip(links.into_iter().zip(written)) {
                match placed {
                    Placed::Written => answers.push((key, Written::Created(Box::new(link)))),
                    Placed::DomainUnavailable => answers.push((key, Written::DomainUnavailable)),
                    Placed::SlugTaken if draft.slug.is_some() => answers.push((key, Written::SlugTaken)),
                    Placed::SlugTaken => retry.push((key, draft, id)),
                    Placed::Suspended => match &suspension {
                        Some(reason) => answers.push((key, Written::Suspended(reason.clone()))),
                        // Lifted meanwhile: written again.
                        None => retry.push((key, draft, id)),
                    },
                }
            }
            pending = retry;
        }
        answers.extend(pending.into_iter().map(|(key, _, _)| (key, Written::NoFreeSlug)));
        Ok(answers)
    }
}
