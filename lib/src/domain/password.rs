//! Passwords: what a user may choose, and how it is stored (argon2id, OWASP parameters).

use argon2::password_hash::phc::PasswordHash as Phc;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};
use serde::{Deserialize, Serialize};

use super::Invalid;
use crate::clock::Entropy;

/// Fewest characters a password may have (NIST SP 800-63B asks at least 8; we ask more,
/// since there is no second factor).
pub const MIN_PASSWORD_CHARS: usize = 12;
/// Most characters a password may have (argon2 hashes any length; this bounds the work).
pub const MAX_PASSWORD_CHARS: usize = 256;

/// argon2id with the OWASP Password Storage Cheat Sheet's first configuration: 19 MiB of
/// memory, 2 iterations, 1 lane.
const MEMORY_KIB: u32 = 19 * 1024;
const ITERATIONS: u32 = 2;
const LANES: u32 = 1;

fn argon2() -> Argon2<'static> {
    let params = Params::new(MEMORY_KIB, ITERATIONS, LANES, None).expect("the OWASP argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A password a user chose: 12 to 256 characters, not only spaces.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(..)")
    }
}

impl NewPassword {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let chars = raw.chars().count();
        if raw.trim().is_empty() || chars < MIN_PASSWORD_CHARS {
            return Err(Invalid::new(
                "password",
                format!("password must have at least {MIN_PASSWORD_CHARS} characters."),
            ));
        }
        if chars > MAX_PASSWORD_CHARS {
            return Err(Invalid::new(
                "password",
                format!("password must have at most {MAX_PASSWORD_CHARS} characters."),
            ));
        }
        Ok(Self(raw.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A stored password: the argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`).
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PasswordHash(String);

impl std::fmt::Debug for PasswordHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordHash(..)")
    }
}

impl PasswordHash {
    /// Hashes a new password with a 16-byte salt drawn from `entropy`.
    pub fn new(password: &NewPassword, entropy: &dyn Entropy) -> Self {
        let mut salt = [0u8; 16];
        salt[..8].copy_from_slice(&entropy.next_u64().to_le_bytes());
        salt[8..].copy_from_slice(&entropy.next_u64().to_le_bytes());
        let hash = argon2()
            .hash_password_with_salt(password.as_str().as_bytes(), &salt)
            .expect("argon2 hashes any password of at most 256 characters");
        Self(hash.to_string())
    }

    /// Whether `candidate` is the password. Takes the same time whatever the answer (argon2's
    /// own work dominates; the comparison inside is constant-time).
    /// The hash of a link's password (the same argon2id parameters as an account's).
    pub fn for_link(password: &super::LinkPassword, entropy: &dyn Entropy) -> Self {
        Self::new(&NewPassword(password.as_str().to_string()), entropy)
    }

    pub fn verify(&self, candidate: &str) -> bool {
        let Ok(parsed) = Phc::new(&self.0) else {
            return false;
        };
        argon2().verify_password(candidate.as_bytes(), &parsed).is_ok()
    }

    /// A hash no password matches, verified against when a sign-in names an unknown e-mail,
    /// so that answer takes as long as a wrong password.
    pub fn decoy() -> &'static PasswordHash {
        static DECOY: std::sync::OnceLock<PasswordHash> = std::sync::OnceLock::new();
        DECOY.get_or_init(|| {
            // A secret nobody knows, drawn once per process: nothing typed can match it.
            let entropy = crate::clock::OsEntropy;
            let secret = format!("{:016x}{:016x}", entropy.next_u64(), entropy.next_u64());
            Self::new(&NewPassword(secret), &entropy)
        })
    }
}

impl TryFrom<String> for PasswordHash {
    type Error = Invalid;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        match Phc::new(&value) {
            Ok(_) if value.starts_with("$argon2id$") => Ok(Self(value)),
            _ => Err(Invalid::new(
                "passwordHash",
                "a stored password hash is not an argon2id PHC string.",
            )),
        }
    }
}

impl From<PasswordHash> for String {
    fn from(value: PasswordHash) -> Self {
        value.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    #[test]
    fn a_hashed_password_verifies_and_another_does_not() {
        let password = NewPassword::parse("correct horse battery").unwrap();
        let hash = PasswordHash::new(&password, &SeededEntropy::new(1));
        assert!(hash.verify("correct horse battery"));
        assert!(!hash.verify("correct horse battery "));
    }

    #[test]
    fn hashes_are_argon2id_with_the_owasp_parameters() {
        let password = NewPassword::parse("correct horse battery").unwrap();
        let hash: String = PasswordHash::new(&password, &SeededEntropy::new(1)).into();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
    }

    #[test]
    fn the_same_password_gets_a_different_salt_each_time() {
        let password = NewPassword::parse("correct horse battery").unwrap();
        let entropy = SeededEntropy::new(1);
        assert_ne!(
            PasswordHash::new(&password, &entropy),
            PasswordHash::new(&password, &entropy)
        );
    }

    #[test]
    fn short_and_blank_passwords_are_refused() {
        assert_eq!(
            NewPassword::parse("short").unwrap_err().message,
            "password must have at least 12 characters."
        );
        assert!(NewPassword::parse("             ").is_err());
        assert!(NewPassword::parse(&"x".repeat(257)).is_err());
    }

    #[test]
    fn the_decoy_matches_no_password() {
        assert!(!PasswordHash::decoy().verify(""));
        assert!(!PasswordHash::decoy().verify("correct horse battery"));
    }

    #[test]
    fn stored_hashes_must_be_argon2id() {
        assert!(PasswordHash::try_from("plain".to_string()).is_err());
    }
}
