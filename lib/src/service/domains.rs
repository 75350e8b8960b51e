//! Custom domains: any member lists them; the owner and managers add one (shown the records to
//! publish), verify it now, or remove it. The scheduled re-check verifies every claim again.

use std::sync::Arc;

use super::{Access, Service, ServiceError};
use crate::dns::TxtResolver;
use crate::domain::{
    CLAIM_TOKEN_CHARS, ClaimableHost, DomainClaim, DomainStatus, Finding, Hostname, Invalid, TxtLookup,
};
use crate::store::ClaimWrite;
use crate::wire::{DomainList, DomainRecord};

const TOKEN_ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// How many claims one page of the scheduled re-check reads (and looks up side by side).
pub const RECHECK_PAGE: i32 = 25;

/// A domain as its owner sees it in the app: the claim and the records to publish.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DomainSetup {
    pub claim: DomainClaim,
    /// Where the CNAME record of the host points (the short-link endpoint).
    pub cname_target: String,
}

/// What "Verify now" found, and the claim after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    pub claim: DomainClaim,
    pub finding: Finding,
}

impl Verification {
    /// What the person who pressed "Verify now" reads.
    pub fn message(&self) -> String {
        let host = self.claim.host.as_str();
        let name = self.claim.record_name();
        match (self.finding, self.claim.status) {
            (Finding::Found, _) => format!("{host} is verified: new links may use it."),
            (Finding::Unanswered, _) => {
                format!("DNS could not be asked about {name} just now; nothing changed. Try again in a minute.")
            }
            (Finding::WrongToken, DomainStatus::Pending) => {
                format!("{name} has a TXT record, but not this domain's value; copy the value below exactly.")
            }
            (Finding::NoRecord, DomainStatus::Pending) => {
                format!("No TXT record at {name} yet. DNS changes can take a while to show; try again later.")
            }
            (_, DomainStatus::Invalid) => format!(
                "{name} has been without this domain's record for 7 days: {host} is invalid. Its links keep \
                 redirecting, but new links cannot use it until the record is back and verified."
            ),
            (_, _) => format!(
                "{name} no longer holds this domain's record. {host} stays verified for 7 days after the record \
                 went; publish it again before then."
            ),
        }
    }
}

/// What one run of the scheduled re-check did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Recheck {
    pub checked: u64,
    pub verified: u64,
    pub invalid: u64,
    pub unanswered: u64,
}

pub(super) fn may_manage(access: &Access) -> Result<(), ServiceError> {
    access.manages().then_some(()).ok_or(ServiceError::DomainsClosed)
}

impl Service {
    /// The same service looking TXT records up with `resolver` (the page and re-check
    /// functions; tests ask their own DNS server).
    pub fn with_resolver(self, resolver: TxtResolver) -> Self {
        Self {
            resolver: Some(Arc::new(resolver)),
            ..self
        }
    }

    /// A fresh claim token: 32 lower-case letters and digits.
    pub fn new_claim_token(&self) -> String {
        (0..CLAIM_TOKEN_CHARS)
            .map(|_| char::from(TOKEN_ALPHABET[self.entropy.below(TOKEN_ALPHABET.len() as u64) as usize]))
            .collect()
    }

    /// The domains a workspace's links may name or has added: the default first, then its own.
    pub async fn list_domains(&self, access: &Access) -> Result<DomainList, ServiceError> {
        let mut domains = vec![DomainRecord::default_domain(&self.config.default_domain)];
        let claims = self.store.workspace_domain_claims(&access.workspace.id).await?;
        domains.extend(claims.iter().map(DomainRecord::from));
        Ok(DomainList { domains })
    }

    /// The workspace's claims with the records each needs (the app's domains tab).
    pub async fn domain_setups(&self, access: &Access) -> Result<Vec<DomainSetup>, ServiceError> {
        let claims = self.store.workspace_domain_claims(&access.workspace.id).await?;
        Ok(claims
            .into_iter()
            .map(|claim| DomainSetup {
                claim,
                cname_target: self.config.cname_target.clone(),
            })
            .collect())
    }

    /// Adds a host to the workspace, pending until its TXT record is seen.
    pub async fn add_domain_claim(&self, access: &Access, raw: &str) -> Result<DomainSetup, ServiceError> {
        may_manage(access)?;
        let host = ClaimableHost::parse(raw, &self.config.reserved_hosts())?;
        let claim = DomainClaim::new(host, access.workspace.id.clone(), self.new_claim_token(), self.now());
        match self.store.add_domain_claim(&claim).await? {
            ClaimWrite::Done => Ok(DomainSetup {
                claim,
                cname_target: self.config.cname_target.clone(),
            }),
            ClaimWrite::HeldElsewhere => Err(ServiceError::DomainHeldElsewhere(claim.host.as_str().into())),
            ClaimWrite::AlreadyClaimed => Err(ServiceError::DomainAlreadyAdded(claim.host.as_str().into())),
            ClaimWrite::Gone => Err(ServiceError::WorkspaceNotFound),
            ClaimWrite::Full => Err(super::limits::collection_full(crate::store::Collection::DomainClaims)),
        }
    }

    /// Looks the workspace's claim on `host` up in DNS now.
    pub async fn verify_domain(&self, access: &Access, host: &str) -> Result<Verification, ServiceError> {
        may_manage(access)?;
        let claim = self.own_claim(access, host).await?;
        self.check_claim(&claim).await
    }

    /// Removes a domain the workspace's links no longer use.
    pub async fn remove_domain_claim(&self, access: &Access, host: &str) -> Result<Hostname, ServiceError> {
        may_manage(access)?;
        let claim = self.own_claim(access, host).await?;
        let links = self.store.links_on_domain(&access.workspace.id, &claim.host).await?;
        if links > 0 {
            return Err(ServiceError::DomainInUse {
                host: claim.host.as_str().into(),
                links,
            });
        }
        self.store.remove_domain_claim(&claim).await?;
        Ok(claim.host)
    }

    /// The scheduled re-check: every claim of every workspace looked up again, a page at a time.
    pub async fn recheck_domains(&self) -> Result<Recheck, ServiceError> {
        let mut totals = Recheck::default();
        let mut start = None;
        loop {
            let page = self.store.domain_claims_page(start, RECHECK_PAGE).await?;
            let results = futures::future::join_all(page.claims.iter().map(|claim| self.check_claim(claim))).await;
            for result in results {
                match result {
                    Ok(done) => {
                        totals.checked += 1;
                        totals.verified += u64::from(done.claim.status == DomainStatus::Verified);
                        totals.invalid += u64::from(done.claim.status == DomainStatus::Invalid);
                        totals.unanswered += u64::from(done.finding == Finding::Unanswered);
                    }
                    // Another workspace holds the host, or the claim went meanwhile: nothing to do.
                    Err(ServiceError::DomainHeldElsewhere(_) | ServiceError::DomainNotFound(_)) => totals.checked += 1,
                    Err(other) => return Err(other),
                }
            }
            start = page.next;
            if start.is_none() {
                return Ok(totals);
            }
        }
    }

    pub(super) async fn own_claim(&self, access: &Access, raw: &str) -> Result<DomainClaim, ServiceError> {
        let unknown = || ServiceError::DomainNotFound(raw.trim().to_string());
        let host = ClaimableHost::parse(raw, &[]).map_err(|_: Invalid| unknown())?;
        self.store
            .domain_claim(&access.workspace.id, host.host())
            .await?
            .ok_or_else(unknown)
    }

    async fn check_claim(&self, claim: &DomainClaim) -> Result<Verification, ServiceError> {
        let lookup = match &self.resolver {
            Some(resolver) => resolver.txt(&claim.record_name()).await,
            None => TxtLookup::Failed,
        };
        let (next, finding) = claim.checked(&lookup, self.now());
        if finding == Finding::Unanswered {
            return Ok(Verification { claim: next, finding });
        }
        match self.store.save_domain_claim(&next).await? {
            ClaimWrite::Done => Ok(Verification { claim: next, finding }),
            ClaimWrite::HeldElsewhere => Err(ServiceError::DomainHeldElsewhere(claim.host.as_str().into())),
            ClaimWrite::AlreadyClaimed | ClaimWrite::Gone | ClaimWrite::Full => {
                Err(ServiceError::DomainNotFound(claim.host.as_str().into()))
            }
        }
    }
}
