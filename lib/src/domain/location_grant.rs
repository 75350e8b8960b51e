//! The token a location consent page hands the browser: it lets one position be shared for one
//! click, for ten minutes after the click, and is signed, so the location endpoint checks it
//! without reading anything (a forged token costs no request) and learns from it all it writes.
//!
//! Layout before the signature (48 bytes): the click's token bytes (31: workspace, time, shard,
//! click id; see [`ClickToken`]), the link id (12), then the click's area: a flag byte and the
//! latitude and longitude in tenths of a degree (two big-endian `i16`). The signature is the
//! first 16 bytes of HMAC-SHA256 over those bytes, with a key derived for this purpose only.
//! The whole is base64url without padding (86 characters).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Duration, Utc};
use hmac::{KeyInit, Mac};

use super::click_token::{CLICK_TOKEN_BYTES, id_bytes, id_from};
use super::{Area, ClickToken};
use crate::domain::ids::ObjectId;

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// How long after its click a grant may be used.
pub const LOCATION_GRANT_LIFETIME: Duration = Duration::minutes(10);

const PAYLOAD: usize = CLICK_TOKEN_BYTES + 12 + 5;
const TAG: usize = 16;
/// A grant's length in characters.
pub const LOCATION_GRANT_CHARS: usize = ((PAYLOAD + TAG) * 4).div_ceil(3);

/// A secret for signing what visitors carry back to us, derived for one purpose from the
/// deployment's secret (so one purpose's tokens are never valid for another).
#[derive(Clone)]
pub struct SigningKey([u8; 32]);

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SigningKey(..)")
    }
}

impl SigningKey {
    /// The key for `purpose` from the deployment's `secret`.
    pub fn derive(secret: &[u8], purpose: &str) -> Self {
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes keys of any length");
        mac.update(purpose.as_bytes());
        Self(mac.finalize().into_bytes().into())
    }

    /// The first 16 bytes of the HMAC-SHA256 of `parts`, each followed by a zero byte.
    pub fn tag16(&self, parts: &[&[u8]]) -> [u8; 16] {
        let mut mac = self.mac();
        for part in parts {
            mac.update(part);
            mac.update(&[0]);
        }
        let tag = mac.finalize().into_bytes();
        tag[..16].try_into().expect("HMAC-SHA256 gives 32 bytes")
    }

    fn mac(&self) -> HmacSha256 {
        HmacSha256::new_from_slice(&self.0).expect("HMAC takes keys of any length")
    }

    /// `payload` and the first 16 bytes of its HMAC-SHA256, as base64url without padding.
    pub(super) fn seal(&self, payload: &[u8]) -> String {
        let mut mac = self.mac();
        mac.update(payload);
        let tag = mac.finalize().into_bytes();
        let mut bytes = payload.to_vec();
        bytes.extend_from_slice(&tag[..TAG]);
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// The `payload_len` bytes this key [sealed](Self::seal) into `raw`; `None` for anything
    /// else (checked without a request: a forgery costs nothing).
    pub(super) fn open(&self, raw: &str, payload_len: usize) -> Option<Vec<u8>> {
        if raw.len() != ((payload_len + TAG) * 4).div_ceil(3) {
            return None;
        }
        let mut bytes = URL_SAFE_NO_PAD.decode(raw).ok()?;
        let (payload, tag) = bytes.split_at_checked(payload_len)?;
        let mut mac = self.mac();
        mac.update(payload);
        mac.verify_truncated_left(tag).ok()?;
        bytes.truncate(payload_len);
        Some(bytes)
    }
}

/// The purpose location grants are signed for.
pub const LOCATION_PURPOSE: &str = "smartlinks location grant v1";

/// Leave to share one position for one click: what the location endpoint writes it with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationGrant {
    pub click: ClickToken,
    pub link_id: ObjectId,
    /// The click's area when it was counted (a shared position replaces it in the reports).
    pub area: Option<Area>,
}

impl LocationGrant {
    /// The signed token.
    pub fn sign(&self, key: &SigningKey) -> String {
        key.seal(&self.payload())
    }

    /// The grant a token carries, if `key` signed it; `None` for anything else (no request is
    /// worth making for it).
    pub fn verify(raw: &str, key: &SigningKey) -> Option<Self> {
        Self::from_payload(key.open(raw, PAYLOAD)?.as_slice().try_into().ok()?)
    }

    /// Whether the grant may still be used at `now`: within [`LOCATION_GRANT_LIFETIME`] of its
    /// click (and not from the future, beyond a second of clock skew).
    pub fn usable_at(&self, now: DateTime<Utc>) -> bool {
        let age = now - self.click.at;
        age >= -Duration::seconds(1) && age <= LOCATION_GRANT_LIFETIME
    }

    fn payload(&self) -> [u8; PAYLOAD] {
        let mut bytes = [0u8; PAYLOAD];
        bytes[..CLICK_TOKEN_BYTES].copy_from_slice(&self.click.to_bytes());
        bytes[CLICK_TOKEN_BYTES..CLICK_TOKEN_BYTES + 12].copy_from_slice(&id_bytes(&self.link_id));
        if let Some(area) = self.area {
            let (lat, lon) = area.steps();
            let area_bytes = &mut bytes[CLICK_TOKEN_BYTES + 12..];
            area_bytes[0] = 1;
            // Tenths of a degree: at most ±1800, well inside i16.
            area_bytes[1..3].copy_from_slice(&(lat as i16).to_be_bytes());
            area_bytes[3..5].copy_from_slice(&(lon as i16).to_be_bytes());
        }
        bytes
    }

    fn from_payload(bytes: &[u8; PAYLOAD]) -> Option<Self> {
        let click = ClickToken::from_bytes(bytes[..CLICK_TOKEN_BYTES].try_into().ok()?)?;
        let link_id = id_from(&bytes[CLICK_TOKEN_BYTES..CLICK_TOKEN_BYTES + 12])?;
        let area_bytes = &bytes[CLICK_TOKEN_BYTES + 12..];
        let area = match area_bytes[0] {
            0 => None,
            1 => Some(Area::from_steps(
                i32::from(i16::from_be_bytes([area_bytes[1], area_bytes[2]])),
                i32::from(i16::from_be_bytes([area_bytes[3], area_bytes[4]])),
            )?),
            _ => return None,
        };
        Some(Self { click, link_id, area })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    fn key() -> SigningKey {
        SigningKey::derive(b"a deployment secret", LOCATION_PURPOSE)
    }

    fn grant(area: Option<Area>) -> LocationGrant {
        let at: DateTime<Utc> = "2026-11-26T09:15:00.250Z".parse().unwrap();
        let entropy = SeededEntropy::new(27);
        LocationGrant {
            click: ClickToken {
                workspace_id: ObjectId::generate(at, &entropy),
                at,
                shard: 7,
                click_id: ObjectId::generate(at, &entropy),
            },
            link_id: ObjectId::generate(at, &entropy),
            area,
        }
    }

    #[test]
    fn a_signed_grant_reads_back_as_itself() {
        for area in [None, Area::new(-33.87, 151.21), Area::new(90.0, -180.0)] {
            let grant = grant(area);
            let raw = grant.sign(&key());
            assert_eq!(raw.len(), LOCATION_GRANT_CHARS);
            assert_eq!(LocationGrant::verify(&raw, &key()), Some(grant));
        }
    }

    #[test]
    fn a_grant_signed_with_another_key_or_purpose_is_refused() {
        let raw = grant(None).sign(&key());
        assert_eq!(
            LocationGrant::verify(&raw, &SigningKey::derive(b"another secret", LOCATION_PURPOSE)),
            None
        );
        assert_eq!(
            LocationGrant::verify(&raw, &SigningKey::derive(b"a deployment secret", "cookie")),
            None
        );
    }

    #[test]
    fn any_changed_character_breaks_the_signature() {
        let raw = grant(Area::new(48.9, 2.3)).sign(&key());
        for i in 0..raw.len() {
            let mut changed = raw.clone().into_bytes();
            changed[i] = if changed[i] == b'A' { b'B' } else { b'A' };
            let changed = String::from_utf8(changed).unwrap();
            assert_eq!(LocationGrant::verify(&changed, &key()), None, "position {i}");
        }
        assert_eq!(LocationGrant::verify(&raw[..raw.len() - 1], &key()), None);
        assert_eq!(LocationGrant::verify("", &key()), None);
    }

    #[test]
    fn a_grant_is_usable_for_ten_minutes_after_its_click() {
        let grant = grant(None);
        let at = grant.click.at;
        assert!(grant.usable_at(at));
        assert!(grant.usable_at(at + Duration::minutes(10)));
        assert!(!grant.usable_at(at + Duration::minutes(10) + Duration::milliseconds(1)));
        assert!(!grant.usable_at(at - Duration::seconds(5)));
    }
}
