//! Visitor classification: who is asking, in the contract's vocabulary.

mod trigger;
pub mod ua;

use crate::domain::{Area, BotFamily, Browser, CountryCode, Device, Os, SigningKey};
pub use trigger::Trigger;
pub use ua::{ClientHints, UserAgentClass, classify, classify_with_hints, prepare_in_background};

/// What kind of client made a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agent {
    /// A person's browser or app: redirected and counted.
    Human,
    /// A link-preview crawler (Slack, X, Facebook…): gets an OG page, not counted.
    Preview,
    /// Any other known bot, crawler, monitor or HTTP library: redirected, not counted; of its
    /// family.
    Bot(BotFamily),
}

impl Agent {
    /// The family of an automated visitor (a preview crawler's is `preview`); `None` for a
    /// person.
    pub fn family(self) -> Option<BotFamily> {
        match self {
            Self::Human => None,
            Self::Preview => Some(BotFamily::Preview),
            Self::Bot(family) => Some(family),
        }
    }
}

/// The request headers classification reads, as the redirect function receives them.
#[derive(Debug, Clone, Copy, Default)]
pub struct VisitorHeaders<'a> {
    pub user_agent: Option<&'a str>,
    pub sec_ch_ua: Option<&'a str>,
    /// `Sec-CH-UA-Mobile` (`?1` on phones).
    pub sec_ch_ua_mobile: Option<&'a str>,
    /// `Sec-CH-UA-Platform` (`"Android"`, `"Windows"`…).
    pub sec_ch_ua_platform: Option<&'a str>,
    /// `Sec-CH-UA-Model` (the device model, sent only when the site asked for it).
    pub sec_ch_ua_model: Option<&'a str>,
    pub accept_language: Option<&'a str>,
    pub referer: Option<&'a str>,
    pub viewer_country: Option<&'a str>,
    pub viewer_city: Option<&'a str>,
    /// `CloudFront-Viewer-Latitude` and `-Longitude` (CloudFront's estimate from the address).
    pub viewer_latitude: Option<&'a str>,
    pub viewer_longitude: Option<&'a str>,
    /// `CloudFront-Viewer-Address` (`ip:port`).
    pub viewer_address: Option<&'a str>,
    /// API Gateway's `requestContext.http.sourceIp`.
    pub source_ip: Option<&'a str>,
}

/// A classified visitor. The IP is only ever kept inside `visitor_hash`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visitor {
    pub agent: Agent,
    /// `None` is reported as `Unknown`.
    pub country: Option<CountryCode>,
    pub city: Option<String>,
    /// CloudFront's estimate of the position, to 0.1°; `None` when it sent none we can read.
    pub area: Option<Area>,
    pub device: Device,
    pub os: Option<Os>,
    pub browser: Option<Browser>,
    /// Primary subtag of the most preferred `Accept-Language` entry.
    pub language: Option<String>,
    /// Referrer host; `None` means no `Referer` was sent (`Direct`).
    pub referrer: Option<String>,
    /// [`visitor_hash`] of IP and user agent: tells visitors apart without storing the IP.
    pub visitor_hash: String,
}

impl VisitorHeaders<'_> {
    /// Where the visit comes from, as per-address limits count it.
    pub fn client_address(&self) -> crate::domain::ClientAddress {
        crate::domain::ClientAddress::from_source(self.viewer_address.and_then(ip_of_address).or(self.source_ip))
    }
}

impl Visitor {
    /// The visitor `headers` describe, its hash made with `key` ([`VISITOR_PURPOSE`]).
    pub fn classify(headers: &VisitorHeaders<'_>, key: &SigningKey) -> Self {
        let user_agent = headers.user_agent.unwrap_or_default();
        let class = classify_with_hints(
            user_agent,
            &ClientHints {
                sec_ch_ua: headers.sec_ch_ua,
                mobile: headers.sec_ch_ua_mobile,
                platform: headers.sec_ch_ua_platform,
                model: headers.sec_ch_ua_model,
            },
        );
        let ip = headers
            .viewer_address
            .and_then(ip_of_address)
            .or(headers.source_ip)
            .unwrap_or_default();
        Self {
            agent: class.agent,
            country: headers.viewer_country.and_then(CountryCode::parse),
            city: headers.viewer_city.and_then(city_name),
            area: Area::from_viewer_headers(headers.viewer_latitude, headers.viewer_longitude),
            device: class.device,
            os: class.os,
            browser: class.browser,
            language: headers.accept_language.and_then(preferred_language),
            referrer: headers.referer.and_then(referrer_host),
            visitor_hash: visitor_hash(key, ip, user_agent),
        }
    }
}

/// `203.0.113.7:46532` → `203.0.113.7`; `[2001:db8::1]:443` or `2001:db8::1:443` → the address.
fn ip_of_address(address: &str) -> Option<&str> {
    let address = address.trim();
    if let Some(rest) = address.strip_prefix('[') {
        return rest.split(']').next().filter(|s| !s.is_empty());
    }
    match address.matches(':').count() {
        0 => Some(address),
        1 => address.split(':').next(),
        _ => address.rsplit_once(':').map(|(ip, _)| ip),
    }
    .filter(|s| !s.is_empty())
}

/// What the visitor-hash key is derived for from the deployment's secret.
pub const VISITOR_PURPOSE: &str = "smartlinks visitor hash v1";

/// The first 16 bytes of HMAC-SHA256 over IP and user agent, in hex, keyed with the deployment's
/// secret: the same visitor gives the same hash on every function and day (unique visitors over
/// any range), and without the secret no address can be tried against it.
pub fn visitor_hash(key: &SigningKey, ip: &str, user_agent: &str) -> String {
    hex::encode(key.tag16(&[ip.as_bytes(), user_agent.as_bytes()]))
}

/// The primary language of the most preferred entry (highest `q`, first among equals).
pub fn preferred_language(header: &str) -> Option<String> {
    let mut best: Option<(f32, &str)> = None;
    for entry in header.split(',') {
        let mut parts = entry.split(';');
        let tag = parts.next().unwrap_or_default().trim();
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q=").and_then(|v| v.trim().parse::<f32>().ok()))
            .unwrap_or(1.0);
        if tag.is_empty() || tag == "*" || q <= 0.0 {
            continue;
        }
        if best.is_none_or(|(best_q, _)| q > best_q) {
            best = Some((q, tag));
        }
    }
    let primary = best?.1.split(['-', '_']).next()?.to_ascii_lowercase();
    (!primary.is_empty() && primary.bytes().all(|b| b.is_ascii_alphabetic())).then_some(primary)
}

/// The referrer a visit counts under when its `Referer` names no host we can report (a host
/// past 253 characters, or with a label no DNS name has): a stranger's made-up hosts all
/// count as this one value.
pub const UNNAMED_REFERRER: &str = "Other";

/// The longest DNS name (RFC 1035), and the longest label in one.
const MAX_HOST_CHARS: usize = 253;
const MAX_LABEL_CHARS: usize = 63;

fn referrer_host(referer: &str) -> Option<String> {
    let url = url::Url::parse(referer.trim()).ok()?;
    Some(match url.host()? {
        url::Host::Domain(domain) => {
            let host = domain.trim_start_matches("www.").to_ascii_lowercase();
            if is_host_name(&host) {
                host
            } else {
                UNNAMED_REFERRER.to_string()
            }
        }
        url::Host::Ipv4(ip) => ip.to_string(),
        url::Host::Ipv6(ip) => ip.to_string(),
    })
}

/// A DNS name: at most 253 characters, labels of 1 to 63 letters, digits, `-` or `_` (the URL
/// parser has already turned an international name into its ASCII form).
fn is_host_name(host: &str) -> bool {
    let label = |l: &str| {
        (1..=MAX_LABEL_CHARS).contains(&l.len())
            && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    host.len() <= MAX_HOST_CHARS && host.split('.').all(label)
}

/// The longest city name kept (the longest in use have about 85 characters); CloudFront's
/// header naming a longer one is read as no city.
const MAX_CITY_CHARS: usize = 100;

/// A city as CloudFront names it, percent-decoded; `None` when empty, too long or holding a
/// control character.
fn city_name(header: &str) -> Option<String> {
    let city = percent_encoding::percent_decode_str(header)
        .decode_utf8_lossy()
        .trim()
        .to_string();
    let fits = !city.is_empty() && city.chars().count() <= MAX_CITY_CHARS && !city.chars().any(char::is_control);
    fits.then_some(city)
}

/// Who a user agent is (a person, a link-preview crawler, another robot), as the classifier
/// says in its one pass ([`ua::classify`]).
pub fn agent(user_agent: &str) -> Agent {
    classify(user_agent, None).agent
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHROME: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

    fn key() -> SigningKey {
        SigningKey::derive(b"a secret of at least thirty-two characters", VISITOR_PURPOSE)
    }

    #[test]
    fn the_most_preferred_language_wins_first_among_equals() {
        assert_eq!(preferred_language("de-AT,de;q=0.9,en;q=0.8").as_deref(), Some("de"));
        assert_eq!(
            preferred_language("en;q=0.5, fr;q=0.9, de;q=0.9").as_deref(),
            Some("fr")
        );
        assert_eq!(preferred_language("*;q=1, pt-BR;q=0.4").as_deref(), Some("pt"));
        assert_eq!(preferred_language("es;q=0"), None);
        assert_eq!(preferred_language(""), None);
    }

    #[test]
    fn city_is_percent_decoded_and_country_parsed() {
        let v = Visitor::classify(
            &VisitorHeaders {
                user_agent: Some(CHROME),
                viewer_country: Some("de"),
                viewer_city: Some("M%C3%BCnchen"),
                ..Default::default()
            },
            &key(),
        );
        assert_eq!(v.country.as_ref().map(|c| c.alpha2()), Some("DE"));
        assert_eq!(v.city.as_deref(), Some("München"));
    }

    #[test]
    fn the_viewer_address_wins_over_the_source_ip() {
        let with_address = Visitor::classify(
            &VisitorHeaders {
                user_agent: Some(CHROME),
                viewer_address: Some("198.51.100.4:51234"),
                source_ip: Some("10.0.0.1"),
                ..Default::default()
            },
            &key(),
        );
        assert_eq!(with_address.visitor_hash, visitor_hash(&key(), "198.51.100.4", CHROME));
        assert_eq!(ip_of_address("[2001:db8::1]:443"), Some("2001:db8::1"));
        assert_eq!(ip_of_address("2001:db8::1:443"), Some("2001:db8::1"));
    }

    #[test]
    fn the_hash_depends_on_ip_and_user_agent_and_never_contains_the_ip() {
        let a = visitor_hash(&key(), "203.0.113.7", CHROME);
        assert_ne!(a, visitor_hash(&key(), "203.0.113.8", CHROME));
        assert_ne!(a, visitor_hash(&key(), "203.0.113.7", "other"));
        let another_deployment = SigningKey::derive(b"another secret of thirty-two characters", VISITOR_PURPOSE);
        assert_ne!(a, visitor_hash(&another_deployment, "203.0.113.7", CHROME));
        assert!(!a.contains("203"));
        assert_eq!(a.len(), 32);
    }

    #[test]
    fn referrer_is_a_host_and_absent_means_direct() {
        let v = |r| {
            Visitor::classify(
                &VisitorHeaders {
                    referer: r,
                    ..Default::default()
                },
                &key(),
            )
            .referrer
        };
        assert_eq!(
            v(Some("https://www.Google.com/search?q=x")).as_deref(),
            Some("google.com")
        );
        assert_eq!(v(None), None);
        assert_eq!(v(Some("not a url")), None);
    }

    #[test]
    fn a_referrer_host_no_dns_name_could_have_counts_as_other() {
        let v = |r: &str| {
            Visitor::classify(
                &VisitorHeaders {
                    referer: Some(r),
                    ..Default::default()
                },
                &key(),
            )
            .referrer
            .unwrap()
        };
        let long_label = format!("https://{}.example/", "a".repeat(64));
        let long_host = format!("https://{}example/", "abcdefgh.".repeat(28));
        assert_eq!(v(&long_label), UNNAMED_REFERRER);
        assert_eq!(v(&long_host), UNNAMED_REFERRER);
        assert_eq!(v("https://xn--bcher-kva.example/"), "xn--bcher-kva.example");
        assert_eq!(v("https://bücher.example/"), "xn--bcher-kva.example");
        assert_eq!(v("http://192.0.2.7:8080/page"), "192.0.2.7");
        assert_eq!(v("http://[2001:db8::1]/"), "2001:db8::1");
    }

    #[test]
    fn a_city_name_past_100_characters_is_no_city() {
        let city = |c: &str| {
            Visitor::classify(
                &VisitorHeaders {
                    viewer_city: Some(c),
                    ..Default::default()
                },
                &key(),
            )
            .city
        };
        assert_eq!(city(&"x".repeat(101)), None);
        assert_eq!(city("Llanfair%0Apwll"), None);
        assert_eq!(city(&"y".repeat(100)).map(|c| c.len()), Some(100));
    }
}
