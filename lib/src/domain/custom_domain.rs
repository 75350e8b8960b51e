//! Custom domains: a workspace's claim on a host name, proved by a TXT record, and what a
//! look-up of that record does to the claim (pure: the look-up itself is `crate::dns`).

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use super::{Hostname, Invalid};
use crate::domain::ids::ObjectId;

/// How long a verified domain's record may be gone before the domain turns invalid.
pub const MISSING_RECORD_GRACE: Duration = Duration::days(7);

/// The label in front of a claimed host where its TXT record lives.
pub const TXT_LABEL: &str = "_smartlinks";

/// What the TXT record's text starts with; the claim's token follows.
pub const TXT_PREFIX: &str = "smartlinks-verify=";

/// Characters of a claim's token.
pub const CLAIM_TOKEN_CHARS: usize = 32;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DomainStatus {
    /// Added; its record has not been seen yet. New links cannot use it.
    Pending,
    /// Its record was seen: links may use it.
    Verified,
    /// Verified once, but its record has been gone for seven days: existing links keep
    /// redirecting, new links cannot use it.
    Invalid,
}

impl DomainStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Verified => "verified",
            Self::Invalid => "invalid",
        }
    }
}

/// A host name a workspace may claim: a DNS name (normalised: lower case, IDNA as punycode,
/// no port, no trailing dot) that is not an address and none of the service's own hosts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimableHost(Hostname);

impl ClaimableHost {
    /// `reserved` are the hosts no workspace may claim (the default short domain, the service's
    /// own hosts).
    pub fn parse(raw: &str, reserved: &[&str]) -> Result<Self, Invalid> {
        let field = "hostname";
        let trimmed = raw.trim().trim_end_matches('.');
        let without_port = match trimmed.rsplit_once(':') {
            Some((host, port)) if !host.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => host,
            _ => trimmed,
        };
        let address = without_port.trim_start_matches('[').trim_end_matches([']', '.']);
        if address.parse::<std::net::IpAddr>().is_ok() || trimmed.starts_with('[') {
            return Err(Invalid::new(
                field,
                format!("{field} must be a domain name, not an IP address (got {raw:?})."),
            ));
        }
        let host = Hostname::parse(field, without_port)?;
        if !host.as_str().contains('.')
            || host
                .as_str()
                .rsplit('.')
                .next()
                .is_some_and(|tld| tld.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(Invalid::new(
                field,
                format!("{field} must be a full domain name such as links.example.com (got {raw:?})."),
            ));
        }
        let own = |r: &&str| host.as_str() == *r || host.as_str().ends_with(&format!(".{r}"));
        if reserved.iter().any(own) {
            return Err(Invalid::new(
                field,
                format!(
                    "{} is one of this service's own domains and cannot be added.",
                    host.as_str()
                ),
            ));
        }
        Ok(Self(host))
    }

    pub fn host(&self) -> &Hostname {
        &self.0
    }

    pub fn into_host(self) -> Hostname {
        self.0
    }
}

/// A workspace's claim on a host: its status and the token its TXT record must hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DomainClaim {
    pub host: Hostname,
    pub workspace_id: ObjectId,
    pub status: DomainStatus,
    pub token: String,
    pub added_at: DateTime<Utc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verified_at: Option<DateTime<Utc>>,
    /// When the record was last looked up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checked_at: Option<DateTime<Utc>>,
    /// Since when a verified domain's record has been missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing_since: Option<DateTime<Utc>>,
}

/// Which workspace holds a host: written when its claim is first verified, and what a new
/// link's `domain` is checked against (usable while `Verified`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DomainHolder {
    pub host: Hostname,
    pub workspace_id: ObjectId,
    pub status: DomainStatus,
    /// How many of the holder's links are on the host (counted since issue 50; links made before
    /// are not).
    #[serde(default)]
    pub links: u64,
}

impl DomainHolder {
    /// Whether `workspace`'s new links may use the host.
    pub fn usable_by(&self, workspace: &ObjectId) -> bool {
        self.status == DomainStatus::Verified && &self.workspace_id == workspace
    }
}

impl From<&DomainClaim> for DomainHolder {
    fn from(claim: &DomainClaim) -> Self {
        Self {
            host: claim.host.clone(),
            workspace_id: claim.workspace_id.clone(),
            status: claim.status,
            links: 0,
        }
    }
}

/// What a look-up of a claim's TXT record found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TxtLookup {
    /// The texts of the TXT records at the name (each record's strings joined).
    Records(Vec<String>),
    /// The name has no TXT record (or does not exist).
    NoRecord,
    /// The resolver could not answer (timeout, server failure): nothing is concluded.
    Failed,
}

/// What a check concluded, for the person who asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finding {
    /// The record holds the claim's token.
    Found,
    /// TXT records exist at the name, but none holds this claim's token.
    WrongToken,
    /// No TXT record at the name.
    NoRecord,
    /// DNS could not be asked; the claim is unchanged.
    Unanswered,
}

impl DomainClaim {
    /// A new, pending claim.
    pub fn new(host: ClaimableHost, workspace_id: ObjectId, token: String, now: DateTime<Utc>) -> Self {
        Self {
            host: host.into_host(),
            workspace_id,
            status: DomainStatus::Pending,
            token,
            added_at: now,
            verified_at: None,
            checked_at: None,
            missing_since: None,
        }
    }

    /// The name the TXT record goes at: `_smartlinks.<host>`.
    pub fn record_name(&self) -> String {
        format!("{TXT_LABEL}.{}", self.host.as_str())
    }

    /// The text the TXT record must hold.
    pub fn record_value(&self) -> String {
        format!("{TXT_PREFIX}{}", self.token)
    }

    /// The claim after a look-up at `now`, and what the look-up found.
    pub fn checked(&self, lookup: &TxtLookup, now: DateTime<Utc>) -> (Self, Finding) {
        let finding = match lookup {
            TxtLookup::Failed => return (self.clone(), Finding::Unanswered),
            TxtLookup::NoRecord => Finding::NoRecord,
            TxtLookup::Records(texts) if texts.iter().any(|t| t.trim() == self.record_value()) => Finding::Found,
            TxtLookup::Records(_) => Finding::WrongToken,
        };
        let mut next = Self {
            checked_at: Some(now),
            ..self.clone()
        };
        if finding == Finding::Found {
            next.status = DomainStatus::Verified;
            next.verified_at = Some(
                self.verified_at
                    .filter(|_| self.status == DomainStatus::Verified)
                    .unwrap_or(now),
            );
            next.missing_since = None;
        } else if self.status != DomainStatus::Pending {
            let since = self.missing_since.unwrap_or(now);
            next.missing_since = Some(since);
            if now - since >= MISSING_RECORD_GRACE {
                next.status = DomainStatus::Invalid;
            }
        }
        (next, finding)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RESERVED: &[&str] = &["sl.example", "api.example"];

    fn at(day: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + day * 86_400, 0).unwrap()
    }

    fn claim() -> DomainClaim {
        let host = ClaimableHost::parse("links.example.test", RESERVED).unwrap();
        DomainClaim::new(
            host,
            ObjectId::parse("aaaaaaaaaaaaaaaaaaaaaaaa").unwrap(),
            "t0k3n".into(),
            at(0),
        )
    }

    fn found(claim: &DomainClaim) -> TxtLookup {
        TxtLookup::Records(vec!["v=spf1 -all".into(), claim.record_value()])
    }

    #[test]
    fn hosts_are_normalised_before_they_are_claimed() {
        let host = |raw| ClaimableHost::parse(raw, RESERVED).map(|h| h.host().as_str().to_string());
        assert_eq!(host("Links.Example.COM.").unwrap(), "links.example.com");
        assert_eq!(host(" links.example.com:8443 ").unwrap(), "links.example.com");
        assert_eq!(host("links.example.com.:443").unwrap(), "links.example.com");
        assert_eq!(host("links.example.com:443.").unwrap(), "links.example.com");
        assert_eq!(host("links.bücher.example").unwrap(), "links.xn--bcher-kva.example");
    }

    #[test]
    fn addresses_bare_names_and_the_services_own_hosts_cannot_be_claimed() {
        for raw in [
            "192.0.2.7",
            "192.0.2.7:80",
            "[2001:db8::1]",
            "2001:db8::1",
            "localhost",
            "sl.example",
            "x.api.example",
            "a_b.example.com",
            "",
        ] {
            assert!(ClaimableHost::parse(raw, RESERVED).is_err(), "{raw}");
        }
    }

    #[test]
    fn the_record_goes_at_the_smartlinks_label_and_holds_the_token() {
        assert_eq!(claim().record_name(), "_smartlinks.links.example.test");
        assert_eq!(claim().record_value(), "smartlinks-verify=t0k3n");
    }

    #[test]
    fn a_record_with_the_token_verifies_a_pending_claim() {
        let (next, finding) = claim().checked(&found(&claim()), at(1));
        assert_eq!(
            (next.status, next.verified_at, finding),
            (DomainStatus::Verified, Some(at(1)), Finding::Found)
        );
    }

    #[test]
    fn a_record_with_another_token_verifies_nothing() {
        let (next, finding) = claim().checked(&TxtLookup::Records(vec!["smartlinks-verify=other".into()]), at(1));
        assert_eq!((next.status, finding), (DomainStatus::Pending, Finding::WrongToken));
    }

    #[test]
    fn a_failed_lookup_changes_nothing() {
        let (verified, _) = claim().checked(&found(&claim()), at(1));
        assert_eq!(
            verified.checked(&TxtLookup::Failed, at(20)),
            (verified.clone(), Finding::Unanswered)
        );
    }

    #[test]
    fn a_verified_domain_turns_invalid_after_seven_days_without_its_record() {
        let (verified, _) = claim().checked(&found(&claim()), at(1));
        let (missing, _) = verified.checked(&TxtLookup::NoRecord, at(2));
        assert_eq!(
            (missing.status, missing.missing_since),
            (DomainStatus::Verified, Some(at(2)))
        );
        let (still, _) = missing.checked(&TxtLookup::NoRecord, at(8));
        assert_eq!(still.status, DomainStatus::Verified);
        let (gone, _) = still.checked(&TxtLookup::NoRecord, at(9));
        assert_eq!(gone.status, DomainStatus::Invalid);
    }

    #[test]
    fn an_invalid_domain_whose_record_returns_is_verified_again() {
        let (verified, _) = claim().checked(&found(&claim()), at(1));
        let (gone, _) = verified
            .checked(&TxtLookup::NoRecord, at(2))
            .0
            .checked(&TxtLookup::NoRecord, at(10));
        assert_eq!(gone.status, DomainStatus::Invalid);
        let (back, _) = gone.checked(&found(&claim()), at(11));
        assert_eq!(
            (back.status, back.missing_since, back.verified_at),
            (DomainStatus::Verified, None, Some(at(11)))
        );
    }
}
