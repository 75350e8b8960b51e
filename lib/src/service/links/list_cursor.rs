//! `nextCursor`: where a list of links goes on, handed to the caller as an opaque token and
//! read back from it. It holds the place in the workspace's link index, the matches still to
//! pass before the page begins (when a request's read budget ended while it was skipping), the
//! page number it continues, and a fingerprint of the search and tags it was made for.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::domain::Invalid;
use crate::store::{LinkFilter, ListPosition};

/// A list's place, as a `cursor` brings it back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListCursor {
    pub position: ListPosition,
    /// Matches still to pass before the page's first link.
    pub skip: u64,
    /// The page it continues (reported back as the answer's `page`).
    pub page: u64,
    fingerprint: String,
}

/// The token's JSON (short names: it travels in URLs).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Token {
    at: String,
    pk: String,
    skip: u64,
    page: u64,
    f: String,
}

/// What a cursor was made for: the search and the tags, in any order.
fn fingerprint(filter: &LinkFilter) -> String {
    let mut tags: Vec<&str> = filter.tag_ids.iter().map(|t| t.as_str()).collect();
    tags.sort_unstable();
    let text = format!("{}\n{}", filter.search.as_deref().unwrap_or(""), tags.join(","));
    hex::encode(&Sha256::digest(text.as_bytes())[..8])
}

fn not_ours() -> Invalid {
    Invalid::new(
        "cursor",
        "cursor is not one this API gave (copy nextCursor exactly); start again without it.",
    )
}

impl ListCursor {
    pub fn new(position: ListPosition, skip: u64, page: u64, filter: &LinkFilter) -> Self {
        Self {
            position,
            skip,
            page,
            fingerprint: fingerprint(filter),
        }
    }

    /// Reads a token back, for a list with `filter` (a cursor of another search is refused).
    pub fn parse(raw: &str, filter: &LinkFilter) -> Result<Self, Invalid> {
        let bytes = URL_SAFE_NO_PAD.decode(raw.trim()).map_err(|_| not_ours())?;
        let token: Token = serde_json::from_slice(&bytes).map_err(|_| not_ours())?;
        let position = ListPosition::parse(&token.at, &token.pk).ok_or_else(not_ours)?;
        if token.f != fingerprint(filter) {
            return Err(Invalid::new(
                "cursor",
                "cursor belongs to another search or tag filter; send the same search and tagIds with it, or start \
                 again without it.",
            ));
        }
        Ok(Self {
            position,
            skip: token.skip,
            page: token.page.max(1),
            fingerprint: token.f,
        })
    }

    /// The token a caller sends back as `cursor`.
    pub fn encode(&self) -> String {
        let token = Token {
            at: self.position.created().to_string(),
            pk: self.position.pk().to_string(),
            skip: self.skip,
            page: self.page,
            f: self.fingerprint.clone(),
        };
        URL_SAFE_NO_PAD.encode(serde_json::to_vec(&token).expect("a token encodes"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position() -> ListPosition {
        ListPosition::parse("2026-11-25T10:00:00.000Z#65a1b2c3d4e5f60718293a4b", "SLUG#sl.test#abc").unwrap()
    }

    fn filter(search: Option<&str>) -> LinkFilter {
        LinkFilter {
            search: search.map(str::to_string),
            tag_ids: Vec::new(),
        }
    }

    #[test]
    fn a_cursor_reads_back_as_it_was_made() {
        let cursor = ListCursor::new(position(), 40, 3, &filter(Some("spring")));
        assert_eq!(ListCursor::parse(&cursor.encode(), &filter(Some("spring"))), Ok(cursor));
    }

    #[test]
    fn a_cursor_of_another_search_is_refused() {
        let token = ListCursor::new(position(), 0, 2, &filter(Some("spring"))).encode();
        let err = ListCursor::parse(&token, &filter(Some("autumn"))).unwrap_err();
        assert!(
            err.message.starts_with("cursor belongs to another search"),
            "{}",
            err.message
        );
    }

    #[test]
    fn a_token_not_made_here_is_refused_naming_the_field() {
        for raw in [
            "",
            "not base64!",
            "e30",
            &URL_SAFE_NO_PAD.encode(br#"{"at":"x","pk":"USER#1","skip":0,"page":1,"f":""}"#),
        ] {
            assert_eq!(
                ListCursor::parse(raw, &filter(None)).unwrap_err().field.as_deref(),
                Some("cursor"),
                "{raw}"
            );
        }
    }
}
