//! PKCE (RFC 7636) with `S256` only: `plain` would let whoever sees the authorization request
//! redeem the code.

use base64::Engine;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::OAuthFailure;

/// A `code_challenge` sent with `code_challenge_method=S256`: 43 to 128 characters of the
/// unreserved set (a base64url SHA-256 is 43).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CodeChallenge(String);

/// Whether `text` is 43–128 characters of `[A-Za-z0-9-._~]` (RFC 7636 §4.1).
fn is_verifier_shaped(text: &str) -> bool {
    (43..=128).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~'))
}

impl CodeChallenge {
    /// The challenge and method of an authorization request.
    pub fn parse(challenge: Option<&str>, method: Option<&str>) -> Result<Self, OAuthFailure> {
        let challenge = challenge.filter(|c| !c.is_empty()).ok_or_else(|| {
            OAuthFailure::invalid_request("code_challenge is required: this server needs PKCE with S256.")
        })?;
        match method {
            Some("S256") => {}
            Some("plain") | None => {
                return Err(OAuthFailure::invalid_request(
                    "code_challenge_method must be S256; plain (the default when it is absent) is not accepted.",
                ));
            }
            Some(other) => {
                return Err(OAuthFailure::invalid_request(format!(
                    "code_challenge_method {other:?} is not supported; use S256."
                )));
            }
        }
        if !is_verifier_shaped(challenge) {
            return Err(OAuthFailure::invalid_request(
                "code_challenge must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_' and '~'.",
            ));
        }
        Ok(Self(challenge.to_string()))
    }

    /// Whether `verifier` is the one this challenge was made from.
    pub fn verifies(&self, verifier: &str) -> bool {
        if !is_verifier_shaped(verifier) {
            return false;
        }
        let digest = Sha256::digest(verifier.as_bytes());
        let expected = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(digest);
        expected.as_bytes().ct_eq(self.0.as_bytes()).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // RFC 7636 appendix B.
    const VERIFIER: &str = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    const CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    #[test]
    fn the_rfc_example_verifies() {
        let challenge = CodeChallenge::parse(Some(CHALLENGE), Some("S256")).unwrap();
        assert!(challenge.verifies(VERIFIER));
        assert!(!challenge.verifies(&VERIFIER.replace('d', "e")));
        assert!(!challenge.verifies(CHALLENGE), "the challenge itself is no verifier");
    }

    #[test]
    fn plain_and_a_missing_method_are_refused() {
        for method in [Some("plain"), None, Some("S512")] {
            let err = CodeChallenge::parse(Some(CHALLENGE), method).unwrap_err();
            assert_eq!(err.code, super::super::OAuthCode::InvalidRequest, "{method:?}");
        }
        assert!(CodeChallenge::parse(None, Some("S256")).is_err());
        assert!(CodeChallenge::parse(Some("short"), Some("S256")).is_err());
    }
}
