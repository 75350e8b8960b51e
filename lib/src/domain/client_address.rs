//! Where a request comes from, as the limits count it: an IPv4 address as itself, an IPv6
//! address by its /64 (what one subscriber, one cloud instance or one home is given: counting
//! each address apart would hand a single holder 2^64 allowances). An IPv4 address written
//! as IPv6 (`::ffff:203.0.113.9`) is its IPv4 address. A source API Gateway did not name, or
//! named unreadably, is one shared `unknown` source.

use std::net::{IpAddr, Ipv6Addr};

/// A request's source, as every per-address limit keys it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientAddress(String);

impl ClientAddress {
    /// The source of a request whose address API Gateway gave as `raw` (`sourceIp`).
    pub fn from_source(raw: Option<&str>) -> Self {
        let parsed = raw.map(str::trim).and_then(|r| r.parse::<IpAddr>().ok());
        Self(match parsed {
            Some(IpAddr::V4(ip)) => ip.to_string(),
            Some(IpAddr::V6(ip)) => match ip.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => format!("{}/64", prefix_64(ip)),
            },
            None => "unknown".to_string(),
        })
    }

    /// The network a source is part of when it is an IPv6 /64: its /48
    /// (`2001:db8:1::/48`), what one site is commonly given, so that a holder of one cannot
    /// multiply an allowance by its 65,536 /64s. `None` for IPv4 and `unknown`.
    pub fn network_48(&self) -> Option<String> {
        let (prefix, _) = self.0.split_once("/64")?;
        let ip: Ipv6Addr = prefix.parse().ok()?;
        let bits = u128::from(ip) & !(u128::MAX >> 48);
        Some(format!("{}/48", Ipv6Addr::from(bits)))
    }

    /// The key the limits count under: `203.0.113.9`, `2001:db8:1:2::/64` or `unknown`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The address with its last 64 bits cleared.
fn prefix_64(ip: Ipv6Addr) -> Ipv6Addr {
    Ipv6Addr::from(u128::from(ip) & !u128::from(u64::MAX))
}

impl std::fmt::Display for ClientAddress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(raw: &str) -> String {
        ClientAddress::from_source(Some(raw)).as_str().to_string()
    }

    #[test]
    fn an_ipv4_address_is_its_own_source() {
        assert_eq!(key("203.0.113.9"), "203.0.113.9");
        assert_eq!(key(" 203.0.113.9 "), "203.0.113.9");
    }

    #[test]
    fn every_ipv6_address_of_one_64_is_one_source() {
        assert_eq!(key("2001:db8:1:2::1"), "2001:db8:1:2::/64");
        assert_eq!(key("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
        assert_ne!(key("2001:db8:1:3::1"), key("2001:db8:1:2::1"));
    }

    #[test]
    fn every_64_of_one_48_is_one_network_and_ipv4_has_none() {
        let network = |raw: &str| ClientAddress::from_source(Some(raw)).network_48();
        assert_eq!(network("2001:db8:1:2::1").as_deref(), Some("2001:db8:1::/48"));
        assert_eq!(network("2001:db8:1:ffff::9"), network("2001:db8:1:2::1"));
        assert_ne!(network("2001:db8:2::1"), network("2001:db8:1::1"));
        assert_eq!(network("203.0.113.9"), None);
        assert_eq!(ClientAddress::from_source(None).network_48(), None);
    }

    #[test]
    fn an_ipv4_address_written_as_ipv6_is_the_ipv4_address() {
        assert_eq!(key("::ffff:203.0.113.9"), "203.0.113.9");
    }

    #[test]
    fn a_missing_or_unreadable_source_is_unknown() {
        assert_eq!(ClientAddress::from_source(None).as_str(), "unknown");
        assert_eq!(key("not an address"), "unknown");
    }
}
