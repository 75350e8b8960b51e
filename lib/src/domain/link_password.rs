//! A link's password: what an owner sets (write-only, kept as an argon2id hash like account
//! passwords), and the pass a visitor's browser keeps once it gave the right one: a signed
//! cookie value naming the link, the password it was given for, and when it ends.
//!
//! A pass is 36 bytes before base64url: the link id (12), a fingerprint of the stored hash (8:
//! a new password ends every pass of the old one), the end as Unix seconds (big-endian `i64`),
//! then the first 16 bytes of HMAC-SHA256 over those (a key derived for this purpose only).

use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

use super::click_token::{id_bytes, id_from};
use super::{Invalid, PasswordHash, SigningKey};
use crate::domain::ids::ObjectId;

/// The shortest password a link may be given (one set before this was 8 keeps working: only a
/// new one is checked). Eight characters with the link-wide ceiling of wrong guesses keep a
/// guesser from many addresses years away from a random one.
pub const MIN_LINK_PASSWORD_CHARS: usize = 8;
pub const MAX_LINK_PASSWORD_CHARS: usize = 128;

/// How long a browser that gave the right password is let through without asking again.
pub const PASS_LIFETIME: Duration = Duration::hours(24);

/// The purpose passes are signed for.
pub const PASSWORD_PURPOSE: &str = "smartlinks link password pass v1";

/// A password an owner sets on a link: 8–128 characters, not all spaces. Never printed.
#[derive(Clone, PartialEq, Eq)]
pub struct LinkPassword(String);

impl std::fmt::Debug for LinkPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkPassword(..)")
    }
}

impl LinkPassword {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let chars = raw.chars().count();
        if raw.trim().is_empty() || chars < MIN_LINK_PASSWORD_CHARS {
            return Err(Invalid::new(
                "password",
                format!(
                    "password must have at least {MIN_LINK_PASSWORD_CHARS} characters, so that it cannot be guessed on the link's page."
                ),
            ));
        }
        if chars > MAX_LINK_PASSWORD_CHARS {
            return Err(Invalid::new(
                "password",
                format!("password must have at most {MAX_LINK_PASSWORD_CHARS} characters."),
            ));
        }
        Ok(Self(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A short fingerprint of a stored hash: what a pass is bound to.
fn fingerprint(hash: &PasswordHash) -> [u8; 8] {
    let digest = Sha256::digest(String::from(hash.clone()).as_bytes());
    digest[..8].try_into().expect("a SHA-256 digest has 32 bytes")
}

const PAYLOAD: usize = 12 + 8 + 8;
const TAG: usize = 16;
/// A pass's length in characters.
pub const PASS_CHARS: usize = ((PAYLOAD + TAG) * 4).div_ceil(3);

/// Leave to visit one link without its password until `expires_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasswordPass {
    pub link_id: ObjectId,
    fingerprint: [u8; 8],
    pub expires_at: DateTime<Utc>,
}

impl PasswordPass {
    /// A pass for the link protected by `hash`, from `now` for [`PASS_LIFETIME`].
    pub fn issue(link_id: &ObjectId, hash: &PasswordHash, now: DateTime<Utc>) -> Self {
        Self {
            link_id: link_id.clone(),
            fingerprint: fingerprint(hash),
            expires_at: now + PASS_LIFETIME,
        }
    }

    /// Whether this pass lets its holder through the link protected by `hash` at `now`.
    pub fn admits(&self, link_id: &ObjectId, hash: &PasswordHash, now: DateTime<Utc>) -> bool {
        &self.link_id == link_id && self.fingerprint == fingerprint(hash) && now < self.expires_at
    }

    /// The signed cookie value.
    pub fn sign(&self, key: &SigningKey) -> String {
        key.seal(&self.payload())
    }

    /// The pass a cookie value carries, if `key` signed it; `None` for anything else.
    pub fn verify(raw: &str, key: &SigningKey) -> Option<Self> {
        let payload = key.open(raw, PAYLOAD)?;
        let seconds = i64::from_be_bytes(payload[20..28].try_into().ok()?);
        Some(Self {
            link_id: id_from(&payload[..12])?,
            fingerprint: payload[12..20].try_into().ok()?,
            expires_at: DateTime::from_timestamp(seconds, 0)?,
        })
    }

    fn payload(&self) -> [u8; PAYLOAD] {
        let mut bytes = [0u8; PAYLOAD];
        bytes[..12].copy_from_slice(&id_bytes(&self.link_id));
        bytes[12..20].copy_from_slice(&self.fingerprint);
        bytes[20..].copy_from_slice(&self.expires_at.timestamp().to_be_bytes());
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    fn hash(password: &str) -> PasswordHash {
        PasswordHash::for_link(&LinkPassword::parse(password).unwrap(), &SeededEntropy::new(7))
    }

    fn link() -> ObjectId {
        ObjectId::parse("65a1b2c3d4e5f60718293a4b").unwrap()
    }

    fn now() -> DateTime<Utc> {
        "2026-11-27T10:00:00Z".parse().unwrap()
    }

    #[test]
    fn a_password_has_8_to_128_characters() {
        let too_short = "password must have at least 8 characters, so that it cannot be guessed on the link's page.";
        assert_eq!(LinkPassword::parse("abc").unwrap_err().message, too_short);
        assert_eq!(LinkPassword::parse("spring7").unwrap_err().message, too_short);
        assert_eq!(LinkPassword::parse("        ").unwrap_err().message, too_short);
        assert_eq!(
            LinkPassword::parse(&"x".repeat(129)).unwrap_err().message,
            "password must have at most 128 characters."
        );
        assert!(LinkPassword::parse("spring24").is_ok());
        assert_eq!(
            format!("{:?}", LinkPassword::parse("spring24").unwrap()),
            "LinkPassword(..)"
        );
    }

    #[test]
    fn a_signed_pass_reads_back_and_admits_its_link_for_a_day() {
        let key = SigningKey::derive(b"a secret of at least thirty-two characters", PASSWORD_PURPOSE);
        let protected = hash("spring24");
        let signed = PasswordPass::issue(&link(), &protected, now()).sign(&key);
        assert_eq!(signed.len(), PASS_CHARS);
        let pass = PasswordPass::verify(&signed, &key).expect("its own signature");
        assert!(pass.admits(&link(), &protected, now() + Duration::hours(23)));
        assert!(
            !pass.admits(&link(), &protected, now() + PASS_LIFETIME),
            "a day at most"
        );
        let other = ObjectId::parse("65a1b2c3d4e5f60718293a4c").unwrap();
        assert!(!pass.admits(&other, &protected, now()), "one link only");
        assert!(
            !pass.admits(&link(), &hash("summer25"), now()),
            "a new password ends it"
        );
    }

    #[test]
    fn a_forged_or_foreign_pass_is_nothing() {
        let key = SigningKey::derive(b"a secret of at least thirty-two characters", PASSWORD_PURPOSE);
        let signed = PasswordPass::issue(&link(), &hash("spring24"), now()).sign(&key);
        let other_key = SigningKey::derive(b"a secret of at least thirty-two characters", "another purpose");
        assert_eq!(PasswordPass::verify(&signed, &other_key), None);
        let mut tampered = signed.clone().into_bytes();
        tampered[3] = if tampered[3] == b'A' { b'B' } else { b'A' };
        assert_eq!(PasswordPass::verify(&String::from_utf8(tampered).unwrap(), &key), None);
        assert_eq!(PasswordPass::verify("short", &key), None);
    }
}
