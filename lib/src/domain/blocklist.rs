//! Blocked destinations: hosts (a host blocks every name under it; a hosts-file line's host only
//! itself) and URL prefixes (their paths compared in one spelling: [`normalise_path`]), the
//! hosts-file / one-domain-a-line format public lists come in (entries too broad to block
//! skipped: [`BlockEntry::too_broad`]), and the matching the create path and the redirect run
//! (a few hash lookups per destination, however long the list).

use std::collections::HashMap;
use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use url::{Host, Position, Url};

use super::blocklist_path::normalise_path;
use super::{Invalid, LinkSettings, ListSkips, TargetUrl};

/// The longest entry accepted (a URL prefix's length is bounded like a destination's).
pub const MAX_ENTRY_CHARS: usize = 2048;

/// Names a hosts file maps that are never destinations (they would block nothing useful, or
/// the file's own loopback lines).
const HOSTS_FILE_NAMES: &[&str] = &[
    "localhost",
    "localhost.localdomain",
    "local",
    "broadcasthost",
    "ip6-localhost",
    "ip6-loopback",
    "ip6-localnet",
    "ip6-mcastprefix",
    "ip6-allnodes",
    "ip6-allrouters",
    "ip6-allhosts",
    "0.0.0.0",
];

/// One blocked destination.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BlockEntry {
    /// A host, lower-case and in ASCII (punycode): it and every name under it.
    Host(String),
    /// A host named by a hosts-file line (`0.0.0.0 tracker.example`): that host alone, as the
    /// hosts file itself blocks it. Written `0.0.0.0 <host>`.
    ExactHost(String),
    /// A host and the start of a path (with its query, in the spelling of [`normalise_path`]):
    /// URLs on exactly that host whose path so spelt starts so, whatever their scheme.
    Prefix { host: String, path: String },
}

impl BlockEntry {
    /// Parses what an operator types: a host (`evil.example`) or a URL prefix
    /// (`https://evil.example/phish`, or without the scheme `evil.example/phish`).
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let raw = raw.trim();
        let refuse = || {
            Invalid::new(
                "entry",
                format!("{raw:?} is neither a host (evil.example) nor a URL prefix (https://evil.example/path)."),
            )
        };
        if raw.is_empty() || raw.chars().count() > MAX_ENTRY_CHARS || raw.chars().any(char::is_whitespace) {
            return Err(refuse());
        }
        let with_scheme = if raw.contains("://") {
            raw.to_string()
        } else {
            format!("https://{raw}")
        };
        let url = Url::parse(&with_scheme).map_err(|_| refuse())?;
        let host = url_host(&url).ok_or_else(refuse)?;
        if HOSTS_FILE_NAMES.contains(&host.as_str()) {
            return Err(refuse());
        }
        let after_host = raw.split("://").last().unwrap_or(raw);
        let has_path = after_host.contains('/') || after_host.contains('?');
        if !has_path {
            Ok(Self::Host(host))
        } else {
            Ok(Self::Prefix {
                host,
                path: normalise_path(&url[Position::BeforePath..Position::AfterQuery]),
            })
        }
    }

    /// Parses a stored line: an entry as [`Self::parse`] reads it, or `0.0.0.0 <host>` (a
    /// hosts-file line's host alone).
    pub fn parse_stored(line: &str) -> Result<Self, Invalid> {
        match line.trim().split_once(' ') {
            Some((HOSTS_ADDRESS, host)) => match Self::parse(host)? {
                Self::Host(host) => Ok(Self::ExactHost(host)),
                other => Ok(other),
            },
            _ => Self::parse(line),
        }
    }

    /// The entry as stored and shown: `evil.example` or `evil.example/phish`.
    pub fn as_text(&self) -> String {
        match self {
            Self::Host(host) => host.clone(),
            Self::ExactHost(host) => format!("{HOSTS_ADDRESS} {host}"),
            Self::Prefix { host, path } => format!("{host}{path}"),
        }
    }
}

impl fmt::Display for BlockEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.as_text())
    }
}

/// A destination the operator blocked: the entry's text, why, who and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BlockedDestination {
    pub entry: String,
    pub reason: String,
    pub by: String,
    pub at: DateTime<Utc>,
}

/// The address a stored hosts-file line is written with.
const HOSTS_ADDRESS: &str = "0.0.0.0";

/// The entries of a list file in the hosts-file / one-domain-a-line format: `0.0.0.0
/// evil.example` (several names after one address allowed; each blocks that host alone),
/// `evil.example` (it and every name under it), URL prefixes, `#` comments and blank lines.
/// Words that name no destination (`localhost`, text that is no host) are skipped and counted;
/// so are entries too broad to block (a single label, a public suffix, one of the `own`
/// domains), with examples.
pub fn parse_list(text: &str, own: &[&str]) -> (Vec<BlockEntry>, ListSkips) {
    let mut entries = Vec::new();
    let mut skipped = ListSkips::default();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace().peekable();
        let first = words.peek().copied().unwrap_or("");
        // A hosts-file line starts with the address the names map to.
        let hosts_line = first.parse::<std::net::IpAddr>().is_ok() && line.split_whitespace().count() > 1;
        if hosts_line {
            words.next();
        }
        for word in words {
            let entry = match BlockEntry::parse(word) {
                Ok(BlockEntry::Host(host)) if hosts_line => BlockEntry::ExactHost(host),
                Ok(entry) => entry,
                Err(_) => {
                    skipped.unreadable();
                    continue;
                }
            };
            match entry.too_broad(own) {
                Some(why) => skipped.too_broad(why, &entry),
                None => entries.push(entry),
            }
        }
    }
    (entries, skipped)
}

/// The host of a URL as the list keys it: a domain lower-case in ASCII without a trailing
/// dot, an address as written by `url`.
fn url_host(url: &Url) -> Option<String> {
    match url.host()? {
        Host::Domain(domain) => {
            let domain = domain.trim_end_matches('.').to_ascii_lowercase();
            (!domain.is_empty()).then_some(domain)
        }
        Host::Ipv4(ip) => Some(ip.to_string()),
        Host::Ipv6(ip) => Some(format!("[{ip}]")),
    }
}

/// Every entry, indexed for matching: hosts in a map to whether they block the names under
/// them (a destination's host and each of its parent names are looked up, so a lookup costs one
/// hash per label), prefixes by host, each host's paths sorted.
#[derive(Debug, Clone, Default)]
pub struct Blocklist {
    hosts: HashMap<String, bool>,
    prefixes: HashMap<String, Vec<String>>,
    /// A list checked as well, kept apart so that a small list changing often (the operator's)
    /// never rebuilds a large one (a file's).
    base: Option<std::sync::Arc<Blocklist>>,
}

impl Blocklist {
    pub fn new(entries: impl IntoIterator<Item = BlockEntry>) -> Self {
        let mut list = Self::default();
        for entry in entries {
            match entry {
                BlockEntry::Host(host) => {
                    list.hosts.insert(host, true);
                }
                BlockEntry::ExactHost(host) => {
                    list.hosts.entry(host).or_insert(false);
                }
                BlockEntry::Prefix { host, path } => list.prefixes.entry(host).or_default().push(path),
            }
        }
        for paths in list.prefixes.values_mut() {
            paths.sort_unstable();
            paths.dedup();
        }
        list
    }

    /// This list checked together with `base`.
    pub fn on_top_of(self, base: std::sync::Arc<Blocklist>) -> Self {
        Self {
            base: Some(base),
            ..self
        }
    }

    /// How many entries the list holds (its base's included).
    pub fn len(&self) -> usize {
        let own = self.hosts.len() + self.prefixes.values().map(Vec::len).sum::<usize>();
        own + self.base.as_ref().map_or(0, |b| b.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether a destination (any URL with a host; app links included) is blocked. A URL that
    /// does not parse or has no host is not.
    pub fn blocks(&self, destination: &str) -> bool {
        let Ok(url) = Url::parse(destination) else {
            return false;
        };
        self.blocks_url(&url)
    }

    fn blocks_url(&self, url: &Url) -> bool {
        if self.base.as_ref().is_some_and(|b| b.blocks_url(url)) {
            return true;
        }
        let Some(host) = url_host(url) else {
            return false;
        };
        if let Some(paths) = self.prefixes.get(&host) {
            let path = normalise_path(&url[Position::BeforePath..Position::AfterQuery]);
            let path = path.as_str();
            // Every prefix of `path` sorts at or before it.
            let end = paths.partition_point(|p| p.as_str() <= path);
            if paths[..end].iter().any(|p| path.starts_with(p.as_str())) {
                return true;
            }
        }
        if self.hosts.is_empty() {
            return false;
        }
        if matches!(url.host(), Some(Host::Domain(_))) {
            let mut name = host.as_str();
            let mut itself = true;
            loop {
                if self.hosts.get(name).is_some_and(|under| itself || *under) {
                    return true;
                }
                itself = false;
                match name.split_once('.') {
                    Some((_, parent)) if !parent.is_empty() => name = parent,
                    _ => return false,
                }
            }
        }
        self.hosts.contains_key(&host)
    }

    /// The first destination of a link's settings that the list blocks, with the field that
    /// holds it (named as a request names it: `rules[0].targetUrl`, `abTest.variants[1].url`,
    /// `fallbackUrl`).
    pub fn first_blocked(&self, settings: &LinkSettings) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        destinations(settings)
            .into_iter()
            .find(|(_, url)| self.blocks(url.as_str()))
            .map(|(field, _)| field)
    }

    /// [`Self::first_blocked`] as the refusal a request gets.
    pub fn check(&self, settings: &LinkSettings) -> Result<(), Invalid> {
        match self.first_blocked(settings) {
            None => Ok(()),
            Some(field) => Err(blocked_destination(&field)),
        }
    }
}

/// The sentence for a field whose destination is blocked.
pub fn blocked_destination(field: &str) -> Invalid {
    Invalid::new(field, format!("{field} points to a blocked destination."))
}

/// Every destination a link can send anyone to, with its field: rule targets and their app
/// fallbacks, A/B variants and theirs, and the link's `fallbackUrl`.
pub fn destinations(settings: &LinkSettings) -> Vec<(String, &TargetUrl)> {
    let mut all = Vec::new();
    for (i, rule) in settings.rules.iter().enumerate() {
        all.push((format!("rules[{i}].targetUrl"), &rule.target_url));
        if let Some(fallback) = &rule.app_fallback_url {
            all.push((format!("rules[{i}].appFallbackUrl"), fallback));
        }
    }
    if let Some(ab_test) = &settings.ab_test {
        for (i, variant) in ab_test.variants.iter().enumerate() {
            all.push((format!("abTest.variants[{i}].url"), &variant.url));
            if let Some(fallback) = &variant.app_fallback_url {
                all.push((format!("abTest.variants[{i}].appFallbackUrl"), fallback));
            }
        }
    }
    if let Some(fallback) = &settings.fallback_url {
        all.push(("fallbackUrl".to_string(), fallback));
    }
    all
}

#[cfg(test)]
#[path = "blocklist_tests.rs"]
mod tests;
