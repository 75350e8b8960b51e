//! The click id a tracked redirect appends as `sl_cid`: the stored click's own key, so the
//! redirect writes nothing more than the click, and the pixel or the API finds the click with
//! one read. It names exactly one click (the encoding is one-to-one), and it cannot be guessed:
//! the click's id carries 64 random bits, and a token resolves only when a click with that id
//! was stored at that millisecond in that workspace.
//!
//! Layout (31 bytes, base64url without padding: 42 characters): the workspace id (12 bytes),
//! the click's time in epoch milliseconds (6 bytes), its shard (1 byte), the click id (12
//! bytes).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, TimeZone, Utc};

use crate::domain::ids::ObjectId;

/// The token's length in bytes.
pub(crate) const CLICK_TOKEN_BYTES: usize = 31;
/// The token's length in characters.
pub const CLICK_TOKEN_CHARS: usize = 42;

/// Where a stored click is: everything its key is made of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClickToken {
    pub workspace_id: ObjectId,
    pub at: DateTime<Utc>,
    pub shard: u8,
    pub click_id: ObjectId,
}

pub(crate) fn id_bytes(id: &ObjectId) -> [u8; 12] {
    let mut bytes = [0u8; 12];
    hex::decode_to_slice(id.as_str(), &mut bytes).expect("an object id is 24 hexadecimal digits");
    bytes
}

pub(crate) fn id_from(bytes: &[u8]) -> Option<ObjectId> {
    ObjectId::parse(&hex::encode(bytes)).ok()
}

impl ClickToken {
    /// The token as the destination's query carries it.
    pub fn encode(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.to_bytes())
    }

    /// The token's 31 bytes (what other signed tokens embed).
    pub(crate) fn to_bytes(&self) -> [u8; CLICK_TOKEN_BYTES] {
        let mut bytes = [0u8; CLICK_TOKEN_BYTES];
        bytes[..12].copy_from_slice(&id_bytes(&self.workspace_id));
        bytes[12..18].copy_from_slice(&self.at.timestamp_millis().max(0).to_be_bytes()[2..]);
        bytes[18] = self.shard;
        bytes[19..].copy_from_slice(&id_bytes(&self.click_id));
        bytes
    }

    /// The click 31 bytes name; `None` for a time out of range.
    pub(crate) fn from_bytes(bytes: &[u8; CLICK_TOKEN_BYTES]) -> Option<Self> {
        let mut millis = [0u8; 8];
        millis[2..].copy_from_slice(&bytes[12..18]);
        Some(Self {
            workspace_id: id_from(&bytes[..12])?,
            at: Utc.timestamp_millis_opt(i64::from_be_bytes(millis)).single()?,
            shard: bytes[18],
            click_id: id_from(&bytes[19..])?,
        })
    }

    /// The click a token names; `None` for anything that is not exactly a token (wrong length,
    /// characters outside base64url, padding, a time out of range).
    pub fn decode(raw: &str) -> Option<Self> {
        if raw.len() != CLICK_TOKEN_CHARS {
            return None;
        }
        let bytes = URL_SAFE_NO_PAD.decode(raw).ok()?;
        if URL_SAFE_NO_PAD.encode(&bytes) != raw {
            return None;
        }
        Self::from_bytes(&bytes.try_into().ok()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::SeededEntropy;

    fn token() -> ClickToken {
        let at: DateTime<Utc> = "2026-11-25T16:45:12.345Z".parse().unwrap();
        let entropy = SeededEntropy::new(26);
        ClickToken {
            workspace_id: ObjectId::generate(at, &entropy),
            at,
            shard: 31,
            click_id: ObjectId::generate(at, &entropy),
        }
    }

    #[test]
    fn a_token_names_its_click_and_nothing_else() {
        let token = token();
        let raw = token.encode();
        assert_eq!(ClickToken::decode(&raw), Some(token));
    }

    #[test]
    fn a_token_is_url_safe_and_at_most_64_characters() {
        let raw = token().encode();
        assert_eq!(raw.len(), CLICK_TOKEN_CHARS);
        assert!(raw.len() <= 64);
        assert!(
            raw.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
            "{raw}"
        );
    }

    #[test]
    fn truncated_padded_or_foreign_text_is_no_token() {
        let raw = token().encode();
        assert_eq!(ClickToken::decode(&raw[..41]), None);
        assert_eq!(ClickToken::decode(&format!("{raw}=")), None);
        assert_eq!(ClickToken::decode(&format!("{}+", &raw[..41])), None);
        assert_eq!(ClickToken::decode(""), None);
        assert_eq!(ClickToken::decode(&"é".repeat(21)), None);
    }

    #[test]
    fn a_changed_character_names_another_click_or_none() {
        let token = token();
        let raw = token.encode();
        for i in 0..raw.len() {
            let mut changed = raw.clone().into_bytes();
            changed[i] = if changed[i] == b'A' { b'B' } else { b'A' };
            let changed = String::from_utf8(changed).unwrap();
            assert_ne!(ClickToken::decode(&changed), Some(token.clone()), "position {i}");
        }
    }
}
