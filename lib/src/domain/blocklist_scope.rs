//! Entries too broad to block: a single label (`com`), a public suffix (`co.uk`, `github.io`:
//! the Public Suffix List as the `psl` crate compiles it in) and the service's own domains (or
//! a name above one). A fetched list's line naming one is skipped and counted; the operator's
//! own block of one is refused with a sentence.

use serde::Serialize;

use super::{BlockEntry, Invalid};

/// How many skipped entries of each kind a summary names.
pub const SKIPPED_EXAMPLES: usize = 5;

/// Why an entry is too broad to block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooBroad {
    /// One label: a top-level domain, or a name that resolves nowhere.
    OneLabel,
    /// A suffix under which anyone may register names.
    PublicSuffix,
    /// One of the service's own domains, or a name above one.
    OwnDomain,
}

impl BlockEntry {
    /// Whether the entry would block more than a site: every name under a top-level domain or
    /// public suffix, or the service's `own` domains. Addresses and URL prefixes on other hosts
    /// never are.
    pub fn too_broad(&self, own: &[&str]) -> Option<TooBroad> {
        let (host, covers_names_under) = match self {
            Self::Host(host) => (host.as_str(), true),
            Self::ExactHost(host) => (host.as_str(), false),
            Self::Prefix { host, .. } => (host.as_str(), false),
        };
        if host.starts_with('[') || host.parse::<std::net::Ipv4Addr>().is_ok() {
            return None;
        }
        if !matches!(self, Self::Prefix { .. }) {
            if !host.contains('.') {
                return Some(TooBroad::OneLabel);
            }
            if psl::suffix_str(host) == Some(host) {
                return Some(TooBroad::PublicSuffix);
            }
        }
        let own_domain = own.iter().any(|own| {
            let own = own.trim_end_matches('.');
            own.eq_ignore_ascii_case(host)
                || (covers_names_under
                    && own.len() > host.len()
                    && own.to_ascii_lowercase().ends_with(&format!(".{host}")))
        });
        own_domain.then_some(TooBroad::OwnDomain)
    }

    /// The entry, or the sentence refusing an operator's block of it when it is too broad.
    pub fn refuse_too_broad(self, own: &[&str]) -> Result<Self, Invalid> {
        let text = self.as_text();
        let sentence = match self.too_broad(own) {
            None => return Ok(self),
            Some(TooBroad::OneLabel | TooBroad::PublicSuffix) => format!(
                "{text} is a top-level domain or public suffix: blocking it would block every site under it, so block the sites themselves."
            ),
            Some(TooBroad::OwnDomain) => {
                format!("{text} is this service's own domain: blocking it would block the service's own links.")
            }
        };
        Err(Invalid::new("entry", sentence))
    }
}

/// Entries of one kind a list skipped: how many, and the first few.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Skipped {
    pub count: usize,
    pub examples: Vec<String>,
}

impl Skipped {
    fn add(&mut self, text: impl FnOnce() -> String) {
        self.count += 1;
        if self.examples.len() < SKIPPED_EXAMPLES {
            self.examples.push(text());
        }
    }
}

/// What a list file's lines gave besides its entries: lines that named no destination, and
/// entries skipped as too broad, by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ListSkips {
    /// Words that named no destination (`localhost`, text that is no host).
    pub unreadable: usize,
    pub one_label: Skipped,
    pub public_suffix: Skipped,
    pub own_domain: Skipped,
}

impl ListSkips {
    pub(super) fn unreadable(&mut self) {
        self.unreadable += 1;
    }

    pub(super) fn too_broad(&mut self, why: TooBroad, entry: &BlockEntry) {
        let kind = match why {
            TooBroad::OneLabel => &mut self.one_label,
            TooBroad::PublicSuffix => &mut self.public_suffix,
            TooBroad::OwnDomain => &mut self.own_domain,
        };
        kind.add(|| entry.as_text());
    }

    /// Every line or entry skipped.
    pub fn total(&self) -> usize {
        self.unreadable + self.one_label.count + self.public_suffix.count + self.own_domain.count
    }
}
