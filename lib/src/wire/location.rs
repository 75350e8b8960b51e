//! The body a location consent page's script posts to `POST /_sl/location`.

use serde::Deserialize;

use crate::domain::Invalid;

/// What the page's script sends once a person shared their position: the page's signed grant
/// and what the browser reported (degrees, and its accuracy in metres).
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SharedPositionInput {
    /// The grant the page carried (`data-token` of its button).
    pub token: String,
    pub latitude: f64,
    pub longitude: f64,
    /// The browser's `coords.accuracy`, in metres.
    pub accuracy: f64,
}

/// The most bytes such a body takes (the page's script sends about 180).
pub const MAX_SHARED_POSITION_BYTES: usize = 1024;

/// The one sentence a body that is not a shared position gets.
pub const NOT_A_POSITION: &str =
    "The body must be a JSON object of at most 1024 bytes with token, latitude, longitude and accuracy.";

impl SharedPositionInput {
    /// The body read, or the one sentence why not.
    pub fn parse(bytes: &[u8]) -> Result<Self, Invalid> {
        if bytes.len() > MAX_SHARED_POSITION_BYTES {
            return Err(Invalid::general(NOT_A_POSITION));
        }
        serde_json::from_slice(bytes).map_err(|_| Invalid::general(NOT_A_POSITION))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_posted_position_reads_into_its_fields() {
        let input =
            SharedPositionInput::parse(br#"{"token":"t","latitude":48.85,"longitude":2.35,"accuracy":20}"#).unwrap();
        assert_eq!((input.latitude, input.longitude, input.accuracy), (48.85, 2.35, 20.0));
    }

    #[test]
    fn anything_else_gets_the_one_sentence() {
        for body in [
            &b"not json"[..],
            br#"{"token":"t","latitude":"48.85","longitude":2.35,"accuracy":20}"#,
            br#"{"token":"t","latitude":48.85,"longitude":2.35}"#,
            br#"{"token":"t","latitude":48.85,"longitude":2.35,"accuracy":20,"ip":"1.2.3.4"}"#,
            &[b' '; 1025][..],
        ] {
            let err = SharedPositionInput::parse(body).unwrap_err();
            assert_eq!(err.to_string(), NOT_A_POSITION);
        }
    }
}
