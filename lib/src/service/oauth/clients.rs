//! OAuth clients: dynamic registration (RFC 7591), clients identified by a metadata document
//! URL (fetched under SSRF rules), and client authentication at the token and revocation
//! endpoints.

use chrono::{DateTime, Utc};
use subtle::ConstantTimeEq;

use crate::domain::ClientAddress;
use crate::domain::oauth::{
    CLIENT_ID_PREFIX, CLIENT_SECRET_PREFIX, ClientAuthMethod, ClientMetadata, ClientSummary, OAuthCode, OAuthFailure,
    RegisteredClient, UNUSED_REGISTRATION_LIFETIME, opaque_secret, stored_hash,
};
use crate::net::{Cached, DocumentCache, Fetcher, Limits};
use crate::service::{Service, ServiceError};
use crate::store::keys::{EVERY_SOURCE, Throttle};

/// Registrations one client address (an IPv6 address by its /64) may make per clock hour.
pub const REGISTRATIONS_PER_HOUR: u32 = 20;
/// Registrations all addresses together may make per clock hour: a ceiling on what many
/// addresses can make the table hold.
pub const REGISTRATIONS_PER_HOUR_IN_ALL: u32 = 1_000;

/// How a client ID metadata document is fetched: small JSON, quickly.
pub const DOCUMENT_LIMITS: Limits = Limits {
    max_bytes: 5 * 1024,
    timeout: std::time::Duration::from_secs(3),
    accept: "application/json",
    user_agent: "smartlinks-oauth (client ID metadata document)",
};

/// Client ID metadata documents fetched from one address, per minute, when not kept already.
pub const DOCUMENT_FETCHES_PER_MINUTE: u32 = 20;

/// Where client ID metadata documents come from: the fetcher, and what it fetched that may be
/// reused (per process).
#[derive(Debug, Default)]
pub struct ClientDocuments {
    pub fetcher: Fetcher,
    pub cache: DocumentCache,
}

impl ClientDocuments {
    pub fn new(fetcher: Fetcher) -> Self {
        Self {
            fetcher,
            cache: DocumentCache::default(),
        }
    }
}

/// The one sentence every failed fetch of a document gets: a stranger may not learn why (which
/// address the host resolved to, whether a port answered, what TLS said); the log has it.
fn unusable_document(client_id: &str) -> OAuthFailure {
    OAuthFailure::invalid_client(format!(
        "The client ID metadata document at {client_id} could not be fetched. It must be served over https on \
         port 443 by a public host with a valid certificate, answer 200 without redirecting, and hold at most 5 KB \
         of JSON."
    ))
}

/// A client as the authorization server knows it for one request.
#[derive(Debug, Clone)]
pub struct OAuthClient {
    pub id_hash: String,
    pub metadata: ClientMetadata,
    /// The host serving its client ID metadata document (none for a registered client).
    pub document_host: Option<String>,
}

impl OAuthClient {
    pub fn registered(&self) -> bool {
        self.document_host.is_none()
    }

    pub fn summary(&self) -> ClientSummary {
        ClientSummary {
            id_hash: self.id_hash.clone(),
            name: self.metadata.name.clone(),
            document_host: self.document_host.clone(),
            refresh_tokens: self.metadata.refresh_tokens,
            registered: self.registered(),
        }
    }
}

/// A registration just made: the client's id, and its secret shown this once.
#[derive(Debug, Clone)]
pub struct Registration {
    pub client_id: String,
    pub client_secret: Option<String>,
    pub issued_at: DateTime<Utc>,
    pub metadata: ClientMetadata,
}

/// The credentials a token or revocation request presents, and how.
#[derive(Debug, Clone, Default)]
pub struct ClientCredentials {
    pub client_id: Option<String>,
    pub secret: Option<String>,
    /// The secret came in `Authorization: Basic` (else in the body, if at all).
    pub basic: bool,
}

/// Whether a `client_id` names a client ID metadata document (an https URL).
pub fn is_document_url(client_id: &str) -> bool {
    client_id.starts_with("https://")
}

/// A client ID metadata document's URL, checked: https, a path beyond `/`, no fragment,
/// user, or dot segments.
fn document_url(client_id: &str) -> Result<url::Url, OAuthFailure> {
    let refused = |why: &str| OAuthFailure::invalid_client(format!("client_id {client_id:?} {why}"));
    let url = url::Url::parse(client_id).map_err(|_| refused("is not a valid URL."))?;
    if url.scheme() != "https" || url.host_str().is_none() {
        return Err(refused("must be an https URL."));
    }
    if url.path() == "/" || url.fragment().is_some() || !url.username().is_empty() || url.password().is_some() {
        return Err(refused(
            "must be an https URL with a path, without fragment or user (a client ID metadata document).",
        ));
    }
    if url.as_str() != client_id || client_id.contains("/./") || client_id.contains("/../") {
        return Err(refused(
            "must be written in its normal form (no dot segments, lower-case host).",
        ));
    }
    Ok(url)
}

impl Service {
    /// Registers a client (RFC 7591). Each client address may register
    /// [`REGISTRATIONS_PER_HOUR`] clients an hour, and all of them together
    /// [`REGISTRATIONS_PER_HOUR_IN_ALL`] (counted only for registrations their own address
    /// admits, so one address cannot spend the ceiling); a registration nobody uses within
    /// [`UNUSED_REGISTRATION_LIFETIME`] expires.
    pub async fn register_client(
        &self,
        metadata: ClientMetadata,
        address: &ClientAddress,
    ) -> Result<Registration, ServiceError> {
        let now = self.clock.now();
        let wait = 3600 - now.timestamp().rem_euclid(3600);
        let refused = |why: String| {
            let mut failure = OAuthFailure::new(
                OAuthCode::TemporarilyUnavailable,
                format!("{why} Try again in {} minutes.", (wait + 59) / 60),
            );
            failure.retry_after = Some(wait as u64);
            ServiceError::from(failure)
        };
        let registrations = Throttle::OAuthRegistrations;
        if !self
            .store
            .count_in_window(registrations, address.as_str(), now, REGISTRATIONS_PER_HOUR)
            .await?
        {
            return Err(refused(format!(
                "Too many client registrations from this address; at most {REGISTRATIONS_PER_HOUR} an hour."
            )));
        }
        if !self
            .store
            .count_in_window(registrations, EVERY_SOURCE, now, REGISTRATIONS_PER_HOUR_IN_ALL)
            .await?
        {
            return Err(refused(
                "This server takes no more client registrations this hour.".to_string(),
            ));
        }
        let client_id = opaque_secret(CLIENT_ID_PREFIX, self.entropy.as_ref());
        let client_secret = metadata
            .auth_method
            .has_secret()
            .then(|| opaque_secret(CLIENT_SECRET_PREFIX, self.entropy.as_ref()));
        let record = RegisteredClient {
            name: metadata.name.clone(),
            redirect_uris: metadata.redirect_uris.clone(),
            token_endpoint_auth_method: metadata.auth_method,
            refresh_tokens: metadata.refresh_tokens,
            secret_hash: client_secret.as_deref().map(stored_hash),
            created_at: now,
        };
        self.store
            .put_oauth_client(&stored_hash(&client_id), &record, now + UNUSED_REGISTRATION_LIFETIME)
            .await?;
        Ok(Registration {
            client_id,
            client_secret,
            issued_at: now,
            metadata,
        })
    }

    /// The client an authorization request from `address` names: a registered one, or the one
    /// a client ID metadata document describes (kept from an earlier fetch, or fetched now under
    /// SSRF rules, [`DOCUMENT_FETCHES_PER_MINUTE`] an address).
    pub async fn resolve_client(
        &self,
        client_id: &str,
        documents: &ClientDocuments,
        address: &ClientAddress,
    ) -> Result<OAuthClient, ServiceError> {
        if is_document_url(client_id) {
            return self.document_client(client_id, documents, address).await;
        }
        let id_hash = stored_hash(client_id);
        let (record, _) = self.registered_client(&id_hash).await?.ok_or_else(|| {
            OAuthFailure::invalid_client(format!(
                "Unknown client_id {client_id:?}: register the client first (its registration may have expired unused)."
            ))
        })?;
        Ok(OAuthClient {
            id_hash,
            metadata: record.metadata(),
            document_host: None,
        })
    }

    /// A live registration (one whose TTL has passed but DynamoDB has not removed yet is gone).
    async fn registered_client(&self, id_hash: &str) -> Result<Option<(RegisteredClient, i64)>, ServiceError> {
        let now = self.clock.now().timestamp();
        Ok(self
            .store
            .get_oauth_client(id_hash)
            .await?
            .filter(|(_, ttl)| *ttl > now))
    }

    async fn document_client(
        &self,
        client_id: &str,
        documents: &ClientDocuments,
        address: &ClientAddress,
    ) -> Result<OAuthClient, ServiceError> {
        let url = document_url(client_id)?;
        let now = self.clock.now();
        let bytes = match documents.cache.get(client_id, now) {
            Some(Cached::Document(bytes)) => return Ok(document_client(client_id, &url, &bytes)?),
            Some(Cached::Failed) => return Err(unusable_document(client_id).into()),
            None => {
                let throttle = Throttle::DocumentFetches;
                if !self
                    .store
                    .count_in_window(throttle, address.as_str(), now, DOCUMENT_FETCHES_PER_MINUTE)
                    .await?
                {
                    return Err(ServiceError::TooManyFromAddress {
                        retry_after: throttle.seconds_left(now),
                    });
                }
                match documents.fetcher.get_document(&url, &DOCUMENT_LIMITS).await {
                    Ok(fetched) => fetched,
                    Err(err) => {
                        tracing::info!(client_id, error = ?err, "client ID metadata document could not be fetched");
                        if err.before_any_answer() {
                            documents.cache.keep_failure(client_id, now);
                        }
                        return Err(unusable_document(client_id).into());
                    }
                }
            }
        };
        // Only a valid document is kept (an invalid one is the client's to fix, at once).
        let client = document_client(client_id, &url, &bytes.body)?;
        documents
            .cache
            .keep_document(client_id, bytes.body, bytes.lifetime, now);
        Ok(client)
    }

    /// Authenticates the client of a token or revocation request by the method it
    /// registered: a public client by its id alone, a confidential one by its secret, sent
    /// the way it registered (`client_secret_basic` or `client_secret_post`). Returns the hash
    /// of its id.
    pub async fn authenticate_client(&self, credentials: &ClientCredentials) -> Result<String, ServiceError> {
        let failed = |why: &str| ServiceError::from(OAuthFailure::invalid_client(why.to_string()));
        let client_id = credentials
            .client_id
            .as_deref()
            .filter(|c| !c.is_empty())
            .ok_or_else(|| {
                failed("client_id is required (in the body, or with the secret in Authorization: Basic).")
            })?;
        let id_hash = stored_hash(client_id);
        let presented = match (&credentials.secret, credentials.basic) {
            (None, _) => ClientAuthMethod::None,
            (Some(_), true) => ClientAuthMethod::SecretBasic,
            (Some(_), false) => ClientAuthMethod::SecretPost,
        };
        if is_document_url(client_id) {
            return match presented {
                ClientAuthMethod::None => Ok(id_hash),
                _ => Err(failed(
                    "A client identified by a metadata document authenticates with none: send no client secret.",
                )),
            };
        }
        let (record, _) = self
            .registered_client(&id_hash)
            .await?
            .ok_or_else(|| failed("Unknown client_id, or its registration expired."))?;
        if presented != record.token_endpoint_auth_method {
            return Err(failed(&format!(
                "This client registered token_endpoint_auth_method {}; authenticate that way.",
                record.token_endpoint_auth_method.as_str()
            )));
        }
        match (&credentials.secret, &record.secret_hash) {
            // A public client, authenticated by its id alone.
            (None, _) => {}
            (Some(secret), Some(expected)) => {
                let matches: bool = stored_hash(secret).as_bytes().ct_eq(expected.as_bytes()).into();
                if !matches {
                    return Err(failed("The client secret is wrong."));
                }
            }
            // A confidential client whose record holds no secret can match none.
            (Some(_), None) => return Err(failed("The client secret is wrong.")),
        }
        Ok(id_hash)
    }
}

/// The client a fetched document describes, once it proves valid.
fn document_client(client_id: &str, url: &url::Url, bytes: &[u8]) -> Result<OAuthClient, OAuthFailure> {
    let map = match serde_json::from_slice::<serde_json::Value>(bytes) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => {
            return Err(OAuthFailure::invalid_client(format!(
                "The client ID metadata document at {client_id} is not a JSON object."
            )));
        }
    };
    Ok(OAuthClient {
        id_hash: stored_hash(client_id),
        metadata: crate::wire::oauth::metadata_document(&map, client_id)?,
        document_host: url.host_str().map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_urls_are_https_with_a_path_in_normal_form() {
        assert!(document_url("https://app.example/oauth/client.json").is_ok());
        for bad in [
            "https://app.example/",
            "https://app.example",
            "https://app.example/a#b",
            "https://u@app.example/a",
            "https://App.example/a",
            "https://app.example/a/../b",
        ] {
            assert!(document_url(bad).is_err(), "{bad}");
        }
    }
}
