//! Creating, updating, deleting and bulk-creating links.

use chrono::{DateTime, SubsecRound, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{
    Blocklist, HeldAction, Hold, Hostname, Invalid, Link, LinkDraft, LinkPassword, LinkPatch, LinkSettings,
    OperatorReason, PasswordHash, Slug,
};
use crate::retry::{LOST_RACE, Retry};
use crate::service::{LinkAction, QuotaResource, Service, ServiceError, accounts::Access};
use crate::store::{CreateLinkFailure, DeleteOutcome, MoveOutcome, StoredLink, UpdateOutcome};
use crate::wire::{CreatedLink, DeletedLink, UpdatedLink};

const GENERATED_SLUG_LENGTH: usize = 7;
const SLUG_ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
pub(in crate::service) const SLUG_ATTEMPTS: usize = 6;

/// Which custom domains and tags belong to a workspace (read once per request).
pub(in crate::service) struct Ownership {
    default: Hostname,
    verified: Vec<Hostname>,
    tags: Vec<ObjectId>,
}

impl Ownership {
    pub(in crate::service) fn resolve(
        &self,
        domain: Option<&Hostname>,
        tags: &[ObjectId],
    ) -> Result<Hostname, ServiceError> {
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

impl Service {
    pub(in crate::service) fn now(&self) -> DateTime<Utc> {
        self.clock.now().trunc_subsecs(3)
    }

    pub(in crate::service) fn generate_slug(&self) -> Slug {
        loop {
            let slug: String = (0..GENERATED_SLUG_LENGTH)
                .map(|_| char::from(SLUG_ALPHABET[self.entropy.below(SLUG_ALPHABET.len() as u64) as usize]))
                .collect();
            if let Ok(slug) = Slug::parse(&slug) {
                return slug;
            }
        }
    }

    /// Checks the settings a link is about to be written with, the same on every door: the
    /// plan's rules per link, and, given the `blocklist`, that no destination is blocked (an
    /// update that keeps its destinations passes none, so a link blocked later can still be
    /// renamed or switched off).
    pub(in crate::service) fn check_settings(
        &self,
        access: &Access,
        settings: &LinkSettings,
        blocklist: Option<&Blocklist>,
    ) -> Result<(), ServiceError> {
        let limit = access.workspace.plan.max_rules_per_link;
        let current = settings.rules.len() as u64;
        if current > limit {
            return Err(ServiceError::QuotaExceeded {
                resource: QuotaResource::Rules,
                limit,
                current,
            });
        }
        match blocklist {
            Some(blocklist) => blocklist.check(settings).map_err(ServiceError::from),
            None => Ok(()),
        }
    }

    fn default_domain(&self) -> Result<Hostname, ServiceError> {
        Ok(Hostname::parse("domain", &self.config.default_domain)?)
    }

    /// Reads, in one request, who owns the given custom domains and which tags exist.
    pub(in crate::service) async fn load_ownership(
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
        let mut seen = std::collections::HashSet::with_capacity(tags.len());
        let unique_tags: Vec<ObjectId> = tags.iter().filter(|t| seen.insert(*t)).cloned().collect();
        let (registered, tags) = self
            .store
            .domains_and_tags(&access.workspace.id, &hosts, &unique_tags)
            .await?;
        Ok(Ownership {
            default,
            verified: registered
                .into_iter()
                .filter(|d| d.usable_by(&access.workspace.id))
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

    /// The hash a link keeps of its password (argon2id, as an account's; tens of milliseconds,
    /// so each is computed once per request).
    fn hash_password(&self, password: &LinkPassword) -> PasswordHash {
        PasswordHash::for_link(password, self.entropy.as_ref())
    }

    /// Moves a draft's password, hashed, into its settings.
    pub(in crate::service) fn protect(&self, draft: &mut LinkDraft) {
        if let Some(password) = draft.password.take() {
            draft.settings.password_hash = Some(self.hash_password(&password));
        }
    }

    pub(in crate::service) fn new_link(
        &self,
        access: &Access,
        domain: Hostname,
        slug: Slug,
        settings: LinkSettings,
    ) -> Link {
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
    pub async fn create_link(&self, access: &Access, mut draft: LinkDraft) -> Result<CreatedLink, ServiceError> {
        let domain = self
            .check_domain_and_tags(access, draft.domain.as_ref(), &draft.settings.tag_ids)
            .await?;
        self.check_settings(access, &draft.settings, Some(&*self.blocklist().await?))?;
        self.take_new_tenant_links(&access.workspace, 1).await?;
        self.protect(&mut draft);
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
                Err(CreateLinkFailure::DomainUnavailable) => return Err(ServiceError::DomainNotAvailable),
                Err(CreateLinkFailure::Suspended(reason)) => return Err(crate::service::switch::suspended(&reason)),
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
        patch: LinkPatch,
    ) -> Result<UpdatedLink, ServiceError> {
        let id = id.clone();
        // Hashed once, however many times a lost race is retried.
        let password = patch
            .password
            .as_ref()
            .map(|p| p.as_ref().map(|p| self.hash_password(p)));
        // A change of destinations is checked; a link whose destination was blocked after it
        // was made can still be renamed or switched off.
        let changes_destinations = patch.rules.is_some() || patch.ab_test.is_some() || patch.fallback_url.is_some();
        let blocklist = if changes_destinations {
            Some(self.blocklist().await?)
        } else {
            None
        };
        let mut retry = Retry::new(self.entropy.as_ref(), LOST_RACE);
        loop {
            let stored = self.store.get_link(&id).await?.ok_or(ServiceError::LinkNotFound)?;
            if stored.link.workspace_id != access.workspace.id {
                return Err(ServiceError::NoLinkPermission(LinkAction::Edit));
            }
            // Only the operator switches a link they disabled back on (`linkctl link enable`).
            if patch.active == Some(true) {
                refuse_if_disabled(&stored, HeldAction::SwitchOn)?;
            }
            let mut link = stored.link.clone();
            patch.apply(&mut link.settings);
            if let Some(hash) = &password {
                link.settings.password_hash = hash.clone();
            }
            self.check_settings(access, &link.settings, blocklist.as_deref())?;
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
                return Ok(UpdatedLink::new(id));
            }
            link.updated_at = self.now();
            let moved = link.domain != stored.link.domain || link.slug != stored.link.slug;
            let written = if moved {
                // The short URL the operator withholds stays where it is (its slug is not freed).
                refuse_if_held(&stored, HeldAction::Move)?;
                match self.store.move_link(&stored, &link).await? {
                    MoveOutcome::Moved => true,
                    MoveOutcome::SlugTaken => return Err(ServiceError::SlugTaken),
                    MoveOutcome::DomainUnavailable => return Err(ServiceError::DomainNotAvailable),
                    MoveOutcome::Suspended(reason) => return Err(held(Hold::Suspended, HeldAction::Move, &reason)),
                    MoveOutcome::Conflict => false,
                }
            } else {
                match self.store.update_link(&stored, &link).await? {
                    UpdateOutcome::Updated => true,
                    UpdateOutcome::Suspended(reason) => return Err(crate::service::switch::suspended(&reason)),
                    UpdateOutcome::Conflict => false,
                }
            };
            if written {
                return Ok(UpdatedLink::new(id));
            }
            if !retry.again().await {
                return Err(ServiceError::LinkChangedConcurrently);
            }
        }
    }

    /// Deletes a link of the caller's workspace.
    pub async fn delete_link(&self, access: &Access, id: &ObjectId) -> Result<DeletedLink, ServiceError> {
        let mut retry = Retry::new(self.entropy.as_ref(), LOST_RACE);
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
            // The short URL the operator withholds is not deleted (its slug would be free again).
            refuse_if_held(&stored, HeldAction::Delete)?;
            match self.store.delete_link(&pointer).await? {
                DeleteOutcome::Deleted => return Ok(DeletedLink::from(&stored.link)),
                DeleteOutcome::Suspended(reason) => return Err(held(Hold::Suspended, HeldAction::Delete, &reason)),
                DeleteOutcome::Conflict => {}
            }
            if !retry.again().await {
                return Err(ServiceError::LinkChangedConcurrently);
            }
        }
    }
}

fn held(hold: Hold, action: HeldAction, reason: &OperatorReason) -> ServiceError {
    ServiceError::LinkHeldByOperator {
        hold,
        action,
        reason: reason.as_str().to_string(),
    }
}

/// `409` when the operator disabled the link.
fn refuse_if_disabled(stored: &StoredLink, action: HeldAction) -> Result<(), ServiceError> {
    match &stored.disabled_reason {
        Some(reason) => Err(held(Hold::Disabled, action, reason)),
        None => Ok(()),
    }
}

/// `409` when the operator disabled the link or suspended its workspace (the store's write
/// holds on the same conditions; this says why).
fn refuse_if_held(stored: &StoredLink, action: HeldAction) -> Result<(), ServiceError> {
    refuse_if_disabled(stored, action)?;
    match &stored.suspended_reason {
        Some(reason) => Err(held(Hold::Suspended, action, reason)),
        None => Ok(()),
    }
}
