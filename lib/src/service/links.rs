//! Creating, updating, deleting and bulk-creating links.

use chrono::{DateTime, SubsecRound, Utc};
use serde_json::Value;

use super::retry::Retry;
use super::{Access, LinkAction, QuotaResource, Service, ServiceError};
use crate::domain::{Hostname, Invalid, Link, LinkSettings, Slug};
use crate::ids::ObjectId;
use crate::store::{CreateLinkFailure, MoveOutcome, UpdateOutcome};
use crate::wire::{self, Door, LinkDraft, LinkInput, LinkPatch, LinkPatchInput, ParseContext};

pub const MAX_BULK_LINKS: usize = 100;
const GENERATED_SLUG_LENGTH: usize = 7;
const SLUG_ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
const SLUG_ATTEMPTS: usize = 6;

/// A created link, as create and bulk-create report it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedLink {
    pub id: ObjectId,
    pub slug: Slug,
    pub full_link: String,
    pub name: String,
}

impl From<&Link> for CreatedLink {
    fn from(link: &Link) -> Self {
        Self {
            id: link.id.clone(),
            slug: link.slug.clone(),
            full_link: link.full_link(),
            name: link.settings.name.as_str().to_string(),
        }
    }
}

/// One failed bulk item: what was submitted and why it failed.
#[derive(Debug, Clone, PartialEq)]
pub struct BulkFailure {
    pub input: Value,
    pub error: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BulkOutcome {
    pub created: Vec<CreatedLink>,
    pub failed: Vec<BulkFailure>,
}

/// Which custom domains and tags belong to a workspace (read once per request).
struct Ownership {
    default: Hostname,
    verified: Vec<Hostname>,
    tags: Vec<ObjectId>,
}

impl Ownership {
    fn resolve(&self, domain: Option<&Hostname>, tags: &[ObjectId]) -> Result<Hostname, ServiceError> {
        let host = match domain {
            None => self.default.clone(),
            Some(host) if *host == self.default || self.verified.contains(host) => host.clone(),
            Some(_) => return Err(ServiceError::DomainNotAvailable),
        };
        if let Some(i) = tags.iter().position(|t| !self.tags.contains(t)) {
            return Err(Invalid::new(
                format!("tagIds[{i}]"),
                format!("tagIds[{i}] is not a tag of this workspace."),
            )
            .into());
        }
        Ok(host)
    }
}

/// A bulk item that passed validation, waiting for a slug and a write.
struct Pending {
    index: usize,
    draft: LinkDraft,
}

impl Service {
    fn now(&self) -> DateTime<Utc> {
        self.clock.now().trunc_subsecs(3)
    }

    fn generate_slug(&self) -> Slug {
        loop {
            let slug: String = (0..GENERATED_SLUG_LENGTH)
                .map(|_| char::from(SLUG_ALPHABET[self.entropy.below(SLUG_ALPHABET.len() as u64) as usize]))
                .collect();
            if let Ok(slug) = Slug::parse(&slug) {
                return slug;
            }
        }
    }

    fn parse_draft(&self, input: &LinkInput, door: Door) -> Result<LinkDraft, Invalid> {
        let mut new_id = || self.new_id();
        LinkDraft::parse(
            input,
            &mut ParseContext {
                now: self.clock.now(),
                door,
                new_id: &mut new_id,
            },
        )
    }

    fn check_rules_quota(&self, access: &Access, settings: &LinkSettings) -> Result<(), ServiceError> {
        let limit = access.workspace.plan.max_rules_per_link;
        let current = settings.rules.len() as u64;
        if current > limit {
            return Err(ServiceError::QuotaExceeded {
                resource: QuotaResource::Rules,
                limit,
                current,
            });
        }
        Ok(())
    }

    fn default_domain(&self) -> Result<Hostname, ServiceError> {
        Ok(Hostname::parse("domain", &self.config.default_domain)?)
    }

    /// Reads, in one request, who owns the given custom domains and which tags exist.
    async fn load_ownership(
        &self,
        access: &Access,
        domains: &[Option<&Hostname>],
        tags: &[ObjectId],
    ) -> Result<Ownership, ServiceError> {
        let default = self.default_domain()?;
        let mut hosts: Vec<Hostname> = Vec::new();
        for host in domains.iter().flatten() {
            if **host != default && !hosts.contains(host) {
                hosts.push((*host).clone());
            }
        }
        let mut unique_tags: Vec<ObjectId> = Vec::new();
        for tag in tags {
            if !unique_tags.contains(tag) {
                unique_tags.push(tag.clone());
            }
        }
        let (registered, tags) = self
            .store
            .domains_and_tags(&access.workspace.id, &hosts, &unique_tags)
            .await?;
        Ok(Ownership {
            default,
            verified: registered
                .into_iter()
                .filter(|d| d.verified && d.workspace_id == access.workspace.id)
                .map(|d| d.host)
                .collect(),
            tags,
        })
    }

    /// Resolves the domain a link goes on and checks it and the tags belong to the workspace.
    async fn check_domain_and_tags(
        &self,
        access: &Access,
        domain: Option<&Hostname>,
        tags: &[ObjectId],
    ) -> Result<Hostname, ServiceError> {
        self.load_ownership(access, &[domain], tags)
            .await?
            .resolve(domain, tags)
    }

    fn new_link(&self, access: &Access, domain: Hostname, slug: Slug, settings: LinkSettings) -> Link {
        let now = self.now();
        Link {
            id: self.new_id(),
            workspace_id: access.workspace.id.clone(),
            domain,
            slug,
            settings,
            created_at: now,
            updated_at: now,
        }
    }

    /// Creates one link.
    pub async fn create_link(
        &self,
        access: &Access,
        input: &LinkInput,
        door: Door,
    ) -> Result<CreatedLink, ServiceError> {
        let draft = self.parse_draft(input, door)?;
        let domain = self
            .check_domain_and_tags(access, draft.domain.as_ref(), &draft.settings.tag_ids)
            .await?;
        self.check_rules_quota(access, &draft.settings)?;
        let chosen = draft.slug.clone();
        for _ in 0..SLUG_ATTEMPTS {
            let slug = chosen.clone().unwrap_or_else(|| self.generate_slug());
            let link = self.new_link(access, domain.clone(), slug, draft.settings.clone());
            match self.store.create_link(&link).await? {
                Ok(()) => return Ok(CreatedLink::from(&link)),
                Err(CreateLinkFailure::QuotaExceeded) => {
                    return Err(ServiceError::QuotaExceeded {
                        resource: QuotaResource::Links,
                        limit: access.workspace.plan.max_links,
                        current: access.workspace.link_count.max(access.workspace.plan.max_links),
                    });
                }
                Err(CreateLinkFailure::SlugTaken) if chosen.is_some() => return Err(ServiceError::SlugTaken),
                Err(CreateLinkFailure::SlugTaken) => continue,
            }
        }
        Err(ServiceError::SlugTaken)
    }

    /// Applies a partial update. Lost races are retried from a fresh read (so a concurrent
    /// update of other fields is never overwritten) within a bounded budget, then answered
    /// with 409.
    pub async fn update_link(
        &self,
        access: &Access,
        id: &ObjectId,
        input: &LinkPatchInput,
        door: Door,
    ) -> Result<ObjectId, ServiceError> {
        let id = id.clone();
        let patch = {
            let mut new_id = || self.new_id();
            LinkPatch::parse(
                input,
                &mut ParseContext {
                    now: self.clock.now(),
                    door,
                    new_id: &mut new_id,
                },
            )?
        };
        let mut retry = Retry::new(self.entropy.as_ref());
        loop {
            let stored = self.store.get_link(&id).await?.ok_or(ServiceError::LinkNotFound)?;
            if stored.link.workspace_id != access.workspace.id {
                return Err(ServiceError::NoLinkPermission(LinkAction::Edit));
            }
            let mut link = stored.link.clone();
            patch.apply(&mut link.settings);
            self.check_rules_quota(access, &link.settings)?;
            let new_tags = patch.tag_ids.as_deref().unwrap_or_default();
            let domain = match (&patch.domain, new_tags.is_empty()) {
                (None, true) => link.domain.clone(),
                (requested, _) => {
                    let wanted = requested.as_ref().unwrap_or(&link.domain);
                    self.check_domain_and_tags(access, Some(wanted), new_tags).await?
                }
            };
            link.domain = domain;
            if let Some(slug) = &patch.slug {
                link.slug = slug.clone();
            }
            if link == stored.link {
                return Ok(id);
            }
            link.updated_at = self.now();
            let moved = link.domain != stored.link.domain || link.slug != stored.link.slug;
            let written = if moved {
                match self.store.move_link(&stored, &link).await? {
                    MoveOutcome::Moved => true,
                    MoveOutcome::SlugTaken => return Err(ServiceError::SlugTaken),
                    MoveOutcome::Conflict => false,
                }
            } else {
                self.store.update_link(&stored, &link).await? == UpdateOutcome::Updated
            };
            if written {
                return Ok(id);
            }
            if !retry.again().await {
                return Err(ServiceError::LinkChangedConcurrently);
            }
        }
    }

    /// Deletes a link of the caller's workspace.
    pub async fn delete_link(&self, access: &Access, id: &ObjectId) -> Result<CreatedLink, ServiceError> {
        let mut retry = Retry::new(self.entropy.as_ref());
        loop {
            let stored = self.store.get_link(id).await?.ok_or(ServiceError::LinkNotFound)?;
            if stored.link.workspace_id != access.workspace.id {
                return Err(ServiceError::NoLinkPermission(LinkAction::Delete));
            }
            let pointer = crate::store::LinkRef {
                link_id: id.clone(),
                workspace_id: stored.link.workspace_id.clone(),
                domain: stored.link.domain.clone(),
                slug: stored.link.slug.clone(),
            };
            if self.store.delete_link(&pointer).await? {
                return Ok(CreatedLink::from(&stored.link));
            }
            if !retry.again().await {
                return Err(ServiceError::LinkChangedConcurrently);
            }
        }
    }

    /// Creates up to 100 links; each item succeeds or fails on its own. The whole call is
    /// refused only when the plan cannot take every valid item.
    pub async fn bulk_create(&self, access: &Access, items: &[Value], door: Door) -> Result<BulkOutcome, ServiceError> {
        if items.is_empty() {
            return Err(ServiceError::BulkEmpty);
        }
        if items.len() > MAX_BULK_LINKS {
            return Err(ServiceError::BulkTooLarge);
        }
        let mut errors: Vec<Option<String>> = vec![None; items.len()];
        let mut parsed = Vec::new();
        for (index, raw) in items.iter().enumerate() {
            match self.parse_bulk_item(raw, door) {
                Ok(draft) => parsed.push(Pending { index, draft }),
                Err(message) => errors[index] = Some(message),
            }
        }
        let domains: Vec<Option<&Hostname>> = parsed.iter().map(|p| p.draft.domain.as_ref()).collect();
        let tags: Vec<ObjectId> = parsed
            .iter()
            .flat_map(|p| p.draft.settings.tag_ids.iter().cloned())
            .collect();
        let ownership = self.load_ownership(access, &domains, &tags).await?;
        let mut pending = Vec::with_capacity(parsed.len());
        for mut p in parsed {
            let checked = ownership
                .resolve(p.draft.domain.as_ref(), &p.draft.settings.tag_ids)
                .and_then(|host| self.check_rules_quota(access, &p.draft.settings).map(|()| host));
            match checked {
                Ok(host) => {
                    p.draft.domain = Some(host);
                    pending.push(p);
                }
                Err(e) => errors[p.index] = Some(e.to_string()),
            }
        }
        // Slugs asked for twice in one call: the first wins.
        let mut seen = std::collections::HashSet::new();
        pending.retain(|p| match (&p.draft.domain, &p.draft.slug) {
            (Some(d), Some(s)) if !seen.insert((d.clone(), s.clone())) => {
                errors[p.index] = Some(ServiceError::SlugTaken.to_string());
                false
            }
            _ => true,
        });
        let wanted: Vec<(Hostname, Slug)> = pending
            .iter()
            .filter_map(|p| Some((p.draft.domain.clone()?, p.draft.slug.clone()?)))
            .collect();
        let taken = self.store.taken_slugs(&wanted).await?;
        pending.retain(|p| match (&p.draft.domain, &p.draft.slug) {
            (Some(d), Some(s)) if taken.contains(&(d.clone(), s.clone())) => {
                errors[p.index] = Some(ServiceError::SlugTaken.to_string());
                false
            }
            _ => true,
        });
        let count = pending.len() as u64;
        if count > 0
            && !self
                .store
                .reserve_links(&access.workspace.id, count, access.workspace.plan.max_links)
                .await?
        {
            let current = self
                .store
                .get_workspace(&access.workspace.id)
                .await?
                .map_or(0, |w| w.link_count);
            return Err(ServiceError::QuotaExceeded {
                resource: QuotaResource::Links,
                limit: access.workspace.plan.max_links,
                current,
            });
        }
        let mut created_at: Vec<Option<Link>> = vec![None; items.len()];
        let mut to_write: Vec<Pending> = pending;
        for _ in 0..SLUG_ATTEMPTS {
            if to_write.is_empty() {
                break;
            }
            let links: Vec<Link> = to_write
                .iter()
                .map(|p| {
                    let domain = p.draft.domain.clone().expect("domain resolved during validation");
                    let slug = p.draft.slug.clone().unwrap_or_else(|| self.generate_slug());
                    self.new_link(access, domain, slug, p.draft.settings.clone())
                })
                .collect();
            let written = self.store.put_reserved_links(&links).await?;
            let mut retry = Vec::new();
            for ((p, link), ok) in to_write.into_iter().zip(links).zip(written) {
                if ok {
                    created_at[p.index] = Some(link);
                } else if p.draft.slug.is_some() {
                    errors[p.index] = Some(ServiceError::SlugTaken.to_string());
                } else {
                    retry.push(p);
                }
            }
            to_write = retry;
        }
        for p in &to_write {
            errors[p.index] = Some(ServiceError::SlugTaken.to_string());
        }
        let created_count = created_at.iter().flatten().count() as u64;
        self.store
            .release_links(&access.workspace.id, count - created_count)
            .await?;
        let created = created_at.iter().flatten().map(CreatedLink::from).collect();
        let failed = errors
            .into_iter()
            .enumerate()
            .filter_map(|(i, e)| {
                e.map(|error| BulkFailure {
                    input: items[i].clone(),
                    error,
                })
            })
            .collect();
        Ok(BulkOutcome { created, failed })
    }

    /// Parses one bulk item (no I/O).
    fn parse_bulk_item(&self, raw: &Value, door: Door) -> Result<LinkDraft, String> {
        let has_name = raw
            .get("name")
            .and_then(Value::as_str)
            .is_some_and(|n| !n.trim().is_empty());
        let has_rules = raw
            .get("rules")
            .and_then(Value::as_array)
            .is_some_and(|r| !r.is_empty());
        let has_url = raw.get("url").is_some_and(|u| !u.is_null());
        if !raw.is_object() {
            return Err("Each item of links must be a JSON object.".to_string());
        }
        if !has_name || !(has_rules || has_url) {
            return Err("Each link must have name and rules.".to_string());
        }
        let input: LinkInput = wire::from_json(raw.clone()).map_err(|e| e.message)?;
        self.parse_draft(&input, door).map_err(|e| e.message)
    }
}

/// A link id from a request: present, then well-formed.
pub fn parse_link_id(raw: Option<&str>) -> Result<ObjectId, ServiceError> {
    let raw = raw
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .ok_or(ServiceError::LinkIdRequired)?;
    ObjectId::parse(raw).map_err(|_| ServiceError::InvalidLinkId)
}
