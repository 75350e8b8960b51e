//! OAuth clients: what a client says about itself (registration, RFC 7591, or a client ID
//! metadata document), how it authenticates at the token endpoint, and the scopes it asks for.

use serde::{Deserialize, Serialize};

use super::{OAuthCode, OAuthFailure, RedirectUri};
use crate::domain::Scope;

/// The most redirect URIs one client may register.
pub const MAX_REDIRECT_URIS: usize = 10;
/// The longest client name kept (longer names are refused).
pub const MAX_CLIENT_NAME_CHARS: usize = 100;

/// How a client authenticates at the token and revocation endpoints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientAuthMethod {
    /// A public client: no secret (native and browser apps, client ID metadata documents).
    #[serde(rename = "none")]
    None,
    /// The secret in the form body.
    #[serde(rename = "client_secret_post")]
    SecretPost,
    /// The secret in `Authorization: Basic`.
    #[serde(rename = "client_secret_basic")]
    SecretBasic,
}

impl ClientAuthMethod {
    pub const ALL: [ClientAuthMethod; 3] = [Self::None, Self::SecretPost, Self::SecretBasic];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::SecretPost => "client_secret_post",
            Self::SecretBasic => "client_secret_basic",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.as_str() == raw)
    }

    pub fn has_secret(self) -> bool {
        self != Self::None
    }
}

/// A set of MCP scopes, kept in the order of [`Scope::ALL`] without repeats.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<Scope>", into = "Vec<Scope>")]
pub struct ScopeSet(Vec<Scope>);

impl From<Vec<Scope>> for ScopeSet {
    fn from(scopes: Vec<Scope>) -> Self {
        Self(Scope::ALL.into_iter().filter(|s| scopes.contains(s)).collect())
    }
}

impl From<ScopeSet> for Vec<Scope> {
    fn from(set: ScopeSet) -> Self {
        set.0
    }
}

impl ScopeSet {
    /// Every MCP scope.
    pub fn all() -> Self {
        Self(Scope::ALL.to_vec())
    }

    /// A `scope` parameter (space-separated): absent or blank means every scope; an unknown
    /// scope is `invalid_scope`.
    pub fn parse(raw: Option<&str>) -> Result<Self, OAuthFailure> {
        let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
            return Ok(Self::all());
        };
        let mut scopes = Vec::new();
        for word in raw.split(' ').filter(|w| !w.is_empty()) {
            let scope = Scope::parse(word).ok_or_else(|| {
                OAuthFailure::new(
                    OAuthCode::InvalidScope,
                    format!(
                        "Unknown scope {word:?}. The scopes are: {}.",
                        Self::all().to_string().replace(' ', ", ")
                    ),
                )
            })?;
            scopes.push(scope);
        }
        Ok(Self::from(scopes))
    }

    pub fn contains(&self, scope: Scope) -> bool {
        self.0.contains(&scope)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = Scope> + '_ {
        self.0.iter().copied()
    }

    /// Whether every scope of `self` is in `other`.
    pub fn is_subset_of(&self, other: &ScopeSet) -> bool {
        self.0.iter().all(|s| other.contains(*s))
    }

    /// `self` with `scope` added.
    pub fn with(&self, scope: Scope) -> Self {
        let mut scopes = self.0.clone();
        scopes.push(scope);
        Self::from(scopes)
    }

    pub fn as_slice(&self) -> &[Scope] {
        &self.0
    }
}

impl std::fmt::Display for ScopeSet {
    /// Space-separated, as the `scope` parameter carries them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<&str> = self.0.iter().map(|s| s.as_str()).collect();
        f.write_str(&words.join(" "))
    }
}

/// What a client says about itself, checked: through dynamic registration or in its client ID
/// metadata document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientMetadata {
    /// `client_name`, as the client gives it (shown on the consent page, marked as its own
    /// claim).
    pub name: Option<String>,
    pub redirect_uris: Vec<RedirectUri>,
    pub auth_method: ClientAuthMethod,
    /// Whether `grant_types` includes `refresh_token` (then token answers carry one).
    pub refresh_tokens: bool,
}

impl ClientMetadata {
    /// The registered redirect URI an authorization request names, compared as exact strings.
    pub fn redirect_uri(&self, requested: &str) -> Option<&RedirectUri> {
        self.redirect_uris.iter().find(|r| r.as_str() == requested)
    }
}

/// A `client_name`: trimmed, 1 to 100 characters, no control characters.
pub fn client_name(raw: &str) -> Result<Option<String>, OAuthFailure> {
    let name = raw.trim();
    if name.is_empty() {
        return Ok(None);
    }
    if name.chars().count() > MAX_CLIENT_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(OAuthFailure::new(
            OAuthCode::InvalidClientMetadata,
            "client_name must be at most 100 characters without control characters.",
        ));
    }
    Ok(Some(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_scope_means_every_scope() {
        assert_eq!(ScopeSet::parse(None).unwrap(), ScopeSet::all());
        assert_eq!(ScopeSet::parse(Some("  ")).unwrap(), ScopeSet::all());
    }

    #[test]
    fn scopes_are_kept_in_one_order_without_repeats() {
        let set = ScopeSet::parse(Some("analytics:read links:read  links:read")).unwrap();
        assert_eq!(set.to_string(), "links:read analytics:read");
    }

    #[test]
    fn an_unknown_scope_is_invalid_scope() {
        let err = ScopeSet::parse(Some("links:read admin")).unwrap_err();
        assert_eq!(err.code, OAuthCode::InvalidScope);
        assert!(err.description.contains("\"admin\""), "{}", err.description);
    }

    #[test]
    fn client_names_are_trimmed_and_bounded() {
        assert_eq!(client_name("  Claude ").unwrap().as_deref(), Some("Claude"));
        assert_eq!(client_name("").unwrap(), None);
        assert!(client_name(&"x".repeat(101)).is_err());
        assert!(client_name("a\u{7}b").is_err());
    }
}
