//! Which network addresses an outbound fetch may connect to: in production, public unicast
//! addresses only, so a URL a client hands us cannot reach the function's own network
//! (SSRF): no private, loopback, link-local, unspecified, multicast, shared (CGNAT),
//! documentation or reserved address, IPv4-mapped IPv6 judged as the IPv4 address it carries.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The addresses a fetch may connect to. Production has only [`AddressPolicy::PUBLIC_ONLY`];
/// tests that serve documents from this machine build a loopback allowance with test support
/// (`lib::testing`), which no configuration of a deployed function can reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressPolicy {
    loopback: bool,
}

impl AddressPolicy {
    /// Public unicast addresses only.
    pub const PUBLIC_ONLY: Self = Self { loopback: false };

    /// Public addresses and this machine's loopback (test support only).
    #[cfg(any(test, feature = "testing"))]
    pub(crate) const fn public_and_loopback() -> Self {
        Self { loopback: true }
    }

    /// Whether a fetch may connect to `ip`.
    pub fn admits(self, ip: IpAddr) -> bool {
        is_public(ip) || (self.loopback && canonical(ip).is_loopback())
    }
}

/// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as the IPv4 address it reaches.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// Whether `ip` is a public unicast address (IANA's special-purpose registries). IPv6
/// addresses must be global unicast (`2000::/3`) outside the documentation, Teredo/ORCHID
/// (`2001::/23`) and 6to4 (`2002::/16`) ranges.
pub fn is_public(ip: IpAddr) -> bool {
    match canonical(ip) {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    let special = a == 0 // "this network", 0.0.0.0 included
        || a == 10
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || a == 127
        || (a == 169 && b == 254)
        || (a == 172 && (16..32).contains(&b))
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 192 && b == 0 && c == 2) // documentation
        || (a == 192 && b == 88 && c == 99) // 6to4 relay anycast
        || (a == 192 && b == 168)
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || (a == 198 && b == 51 && c == 100) // documentation
        || (a == 203 && b == 0 && c == 113) // documentation
        || a >= 224; // multicast, reserved, broadcast
    !special
}

fn public_v6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let global_unicast = s[0] & 0xe000 == 0x2000;
    // 2001::/23 (Teredo, ORCHID, benchmarking…) and 2001:db8::/32 (documentation).
    let special = (s[0] == 0x2001 && (s[1] < 0x0200 || s[1] == 0x0db8))
        || s[0] == 0x2002 // 6to4
        || (s[0] == 0x3fff && s[1] < 0x1000); // documentation (3fff::/20)
    global_unicast && !special
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn private_loopback_link_local_unspecified_and_multicast_ipv4_are_not_public() {
        for refused in [
            "10.0.0.1",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "127.0.0.1",
            "127.8.9.10",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "192.0.2.1",
        ] {
            assert!(!is_public(ip(refused)), "{refused}");
        }
        for admitted in ["8.8.8.8", "1.1.1.1", "172.32.0.1", "93.184.216.34"] {
            assert!(is_public(ip(admitted)), "{admitted}");
        }
    }

    #[test]
    fn loopback_link_local_unique_local_unspecified_and_multicast_ipv6_are_not_public() {
        for refused in [
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd12:3456::1",
            "ff02::1",
            "2001:db8::1",
        ] {
            assert!(!is_public(ip(refused)), "{refused}");
        }
        assert!(is_public(ip("2606:4700::1111")));
    }

    #[test]
    fn ipv4_mapped_ipv6_addresses_are_judged_as_their_ipv4_address() {
        assert!(!is_public(ip("::ffff:127.0.0.1")));
        assert!(!is_public(ip("::ffff:10.1.2.3")));
        assert!(!is_public(ip("::ffff:169.254.169.254")));
        assert!(is_public(ip("::ffff:8.8.8.8")));
    }

    #[test]
    fn the_loopback_allowance_admits_loopback_only_besides_public_addresses() {
        let policy = AddressPolicy::public_and_loopback();
        assert!(policy.admits(ip("127.0.0.1")) && policy.admits(ip("::1")));
        assert!(!policy.admits(ip("10.0.0.1")) && !policy.admits(ip("169.254.169.254")));
        assert!(!AddressPolicy::PUBLIC_ONLY.admits(ip("127.0.0.1")));
    }
}
