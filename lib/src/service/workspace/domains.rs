//! Custom domains: any member lists them; the owner and managers add one (shown the records to
//! publish), verify it now, or remove it. The scheduled re-check verifies every claim again.

use std::collections::HashMap;
use std::sync::Arc;

use crate::dns::TxtResolver;
use crate::domain::ids::ObjectId;
use crate::domain::{
    CLAIM_TOKEN_CHARS, ClaimableHost, DomainClaim, DomainStatus, Finding, Hostname, Invalid, TxtLookup,
};
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::{ClaimRemoval, ClaimWrite};
use crate::wire::{DomainList, DomainRecord};

const TOKEN_ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// How many claims one page of the scheduled re-check reads (and looks up side by side).
pub const RECHECK_PAGE: i32 = 25;

/// How many claims one run of the re-check looks up at most: at 25 side by side and at worst six
/// seconds a question (two tries of three), 40 pages fit in the function's five minutes.
pub const RECHECK_RUN_LOOKUPS: u64 = 1_000;

/// How many unanswered questions a workspace's claims may have in a run of the re-check before
/// its other claims wait for a later run.
pub const RECHECK_UNANSWERED_PER_WORKSPACE: u64 = 5;

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
    /// Claims left for a later run: their workspace's questions went unanswered too often.
    pub deferred: u64,
}

/// One run of the re-check as it goes: what it found, and the unanswered questions per workspace.
#[derive(Debug, Default)]
struct RecheckRun {
    totals: Recheck,
    unanswered: HashMap<ObjectId, u64>,
}

impl RecheckRun {
    /// The claims of a page to ask about: those of workspaces with unanswered questions left
    /// (a page's questions go side by side, so a page costs one wait however many go unanswered).
    fn admit<'a>(&mut self, claims: &[&'a DomainClaim]) -> Vec<&'a DomainClaim> {
        let (asked, deferred): (Vec<&DomainClaim>, Vec<&DomainClaim>) = claims.iter().partition(|claim| {
            self.unanswered.get(&claim.workspace_id).copied().unwrap_or(0) < RECHECK_UNANSWERED_PER_WORKSPACE
        });
        self.totals.deferred += deferred.len() as u64;
        asked
    }

    fn count(&mut self, claim: &DomainClaim, result: Result<Verification, ServiceError>) -> Result<(), ServiceError> {
        self.totals.checked += 1;
        match result {
            Ok(done) => {
                self.totals.verified += u64::from(done.claim.status == DomainStatus::Verified);
                self.totals.invalid += u64::from(done.claim.status == DomainStatus::Invalid);
                if done.finding == Finding::Unanswered {
                    self.totals.unanswered += 1;
                    *self.unanswered.entry(claim.workspace_id.clone()).or_default() += 1;
                }
                Ok(())
            }
            // Another workspace holds the host, or the claim went meanwhile: nothing to do.
            Err(ServiceError::DomainHeldElsewhere(_) | ServiceError::DomainNotFound(_)) => Ok(()),
            Err(other) => Err(other),
        }
    }
}

/// The claim's sort key in the partition the re-check pages through.
fn claim_sk(claim: &DomainClaim) -> String {
    crate::store::keys::domain_claim(&claim.host, &claim.workspace_id).sk
}

pub(in crate::service) fn may_manage(access: &Access) -> Result<(), ServiceError> {
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
            ClaimWrite::Full => Err(crate::service::guards::limits::collection_full(
                crate::store::Collection::DomainClaims,
            )),
        }
    }

    /// Looks the workspace's claim on `host` up in DNS now.
    pub async fn verify_domain(&self, access: &Access, host: &str) -> Result<Verification, ServiceError> {
        may_manage(access)?;
        let claim = self.own_claim(access, host).await?;
        self.check_claim(&claim).await
    }

    /// Removes a domain the workspace's links no longer use: the links the index finds (those
    /// from before the holder counted them), then, in the removal's own condition, the holder's
    /// count, which no index lag can hide.
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
        match self.store.remove_domain_claim(&claim).await? {
            ClaimRemoval::Removed => Ok(claim.host),
            ClaimRemoval::Gone => Err(ServiceError::DomainNotFound(claim.host.as_str().into())),
            ClaimRemoval::InUse(links) => Err(ServiceError::DomainInUse {
                host: claim.host.as_str().into(),
                links,
            }),
        }
    }

    /// The scheduled re-check: the claims of every workspace looked up again, a page at a time,
    /// from where the last run stopped, until it has asked about [`RECHECK_RUN_LOOKUPS`] claims
    /// or come round to where it began. A workspace whose name servers have left
    /// [`RECHECK_UNANSWERED_PER_WORKSPACE`] questions unanswered in this run has its other claims
    /// left for a later one, so its silence cannot take the run's time from anyone else.
    pub async fn recheck_domains(&self) -> Result<Recheck, ServiceError> {
        self.recheck_domains_within(RECHECK_RUN_LOOKUPS).await
    }

    /// [`Self::recheck_domains`] with a run of at most about `lookups` questions (a page more at worst).
    pub async fn recheck_domains_within(&self, lookups: u64) -> Result<Recheck, ServiceError> {
        let began = self.store.domain_recheck_cursor().await?;
        let mut run = RecheckRun::default();
        let mut after = began.clone();
        let mut wrapped = began.is_none();
        loop {
            let page = self.store.domain_claims_page(after.as_deref(), RECHECK_PAGE).await?;
            // Once round, the run ends where it began.
            let claims: Vec<&DomainClaim> = page
                .claims
                .iter()
                .take_while(|claim| !wrapped || began.as_deref().is_none_or(|b| claim_sk(claim).as_str() <= b))
                .collect();
            let came_round = claims.len() < page.claims.len();
            let asked = run.admit(&claims);
            let results = futures::future::join_all(asked.iter().map(|claim| self.check_claim(claim))).await;
            for (claim, result) in asked.iter().zip(results) {
                run.count(claim, result)?;
            }
            after = claims.last().map(|claim| claim_sk(claim)).or(after);
            if came_round || (wrapped && page.next.is_none()) {
                break;
            }
            if run.totals.checked >= lookups {
                self.store.save_domain_recheck_cursor(after.as_deref()).await?;
                return Ok(run.totals);
            }
            if page.next.is_none() {
                wrapped = true;
                after = None;
            }
        }
        self.store.save_domain_recheck_cursor(None).await?;
        Ok(run.totals)
    }

    pub(in crate::service) async fn own_claim(&self, access: &Access, raw: &str) -> Result<DomainClaim, ServiceError> {
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
