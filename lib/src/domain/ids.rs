//! Object identifiers (24 lowercase hex characters, MongoDB ObjectId layout).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::clock::Entropy;

/// A 12-byte object identifier written as 24 hex characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ObjectId(String);

crate::domain::schema::string_schema!(ObjectId, "ObjectId", {
    "pattern": crate::domain::schema::OBJECT_ID_PATTERN,
    "description": "A 24-character hexadecimal object identifier."
});

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("not a 24-character hexadecimal object identifier")]
pub struct InvalidObjectId;

impl ObjectId {
    /// Parses an identifier; upper-case hex is accepted and stored lower-case.
    pub fn parse(raw: &str) -> Result<Self, InvalidObjectId> {
        if raw.len() == 24 && raw.bytes().all(|b| b.is_ascii_hexdigit()) {
            Ok(Self(raw.to_ascii_lowercase()))
        } else {
            Err(InvalidObjectId)
        }
    }

    /// A new identifier: 4 bytes of the creation second, then 8 random bytes.
    pub fn generate(now: chrono::DateTime<chrono::Utc>, entropy: &dyn Entropy) -> Self {
        let seconds = u32::try_from(now.timestamp().max(0)).unwrap_or(u32::MAX);
        let mut bytes = [0u8; 12];
        bytes[..4].copy_from_slice(&seconds.to_be_bytes());
        bytes[4..].copy_from_slice(&entropy.next_u64().to_be_bytes());
        Self(hex::encode(bytes))
    }

    /// The `n`-th identifier derived from this one: the same creation second, then 8 bytes of
    /// SHA-256 of this id and `n`. The same pair always gives the same id (an import's row gets
    /// the same link id however often its chunk is run again).
    pub fn derive(&self, n: u64) -> Self {
        use sha2::Digest;
        let digest = sha2::Sha256::new()
            .chain_update(self.0.as_bytes())
            .chain_update(n.to_be_bytes())
            .finalize();
        Self(format!("{}{}", &self.0[..8], hex::encode(&digest[..8])))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for ObjectId {
    type Error = InvalidObjectId;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value)
    }
}

impl From<ObjectId> for String {
    fn from(value: ObjectId) -> Self {
        value.0
    }
}

impl fmt::Display for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    #[test]
    fn parse_accepts_24_hex_characters_and_lowercases_them() {
        let id = ObjectId::parse("65A1B2C3D4E5F60718293A4B").unwrap();
        assert_eq!(id.as_str(), "65a1b2c3d4e5f60718293a4b");
    }

    #[test]
    fn a_derived_id_is_the_same_for_the_same_pair_and_keeps_the_creation_second() {
        let job = ObjectId::parse("65a1b2c3d4e5f60718293a4b").unwrap();
        assert_eq!(job.derive(3), job.derive(3));
        assert_ne!(job.derive(3), job.derive(4));
        assert!(job.derive(3).as_str().starts_with("65a1b2c3"));
        assert!(ObjectId::parse(job.derive(3).as_str()).is_ok());
    }

    #[test]
    fn parse_rejects_wrong_length_and_non_hex() {
        assert!(ObjectId::parse("65a1b2c3").is_err());
        assert!(ObjectId::parse("zza1b2c3d4e5f60718293a4b").is_err());
        assert!(ObjectId::parse("").is_err());
    }

    #[test]
    fn generated_ids_parse_and_differ() {
        let entropy = SeededEntropy::new(7);
        let now = chrono::Utc::now();
        let a = ObjectId::generate(now, &entropy);
        let b = ObjectId::generate(now, &entropy);
        assert_ne!(a, b);
        assert_eq!(ObjectId::parse(a.as_str()).unwrap(), a);
    }
}
