//! What the authorization server stores: registered clients, authorization requests waiting
//! for consent, authorization codes, grants (what a person approved), access and refresh
//! tokens. Secrets and client ids are never stored: every item is keyed by the SHA-256 of its
//! token ([`super::stored_hash`]), and client ids appear only as their hash.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{ClientAuthMethod, ClientMetadata, CodeChallenge, RedirectUri, ScopeSet};
use crate::domain::ids::ObjectId;

/// A dynamically registered client (RFC 7591), stored under the hash of its `client_id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisteredClient {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub redirect_uris: Vec<RedirectUri>,
    pub token_endpoint_auth_method: ClientAuthMethod,
    pub refresh_tokens: bool,
    /// The SHA-256 of the client secret, for confidential clients.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_hash: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl RegisteredClient {
    pub fn metadata(&self) -> ClientMetadata {
        ClientMetadata {
            name: self.name.clone(),
            redirect_uris: self.redirect_uris.clone(),
            auth_method: self.token_endpoint_auth_method,
            refresh_tokens: self.refresh_tokens,
        }
    }
}

/// Who a grant, code or token was issued to, as stored and shown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClientSummary {
    /// The SHA-256 of the `client_id`.
    pub id_hash: String,
    /// `client_name` as the client gave it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// For a client ID metadata document: the host that serves it (the client's identity).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_host: Option<String>,
    /// Whether its token answers carry a refresh token.
    pub refresh_tokens: bool,
    /// Whether it is a registered client (whose registration lives as long as it is used).
    pub registered: bool,
}

impl ClientSummary {
    /// What people are shown the app as: its `client_name`, else its document's host.
    pub fn shown_name(&self) -> String {
        self.name
            .clone()
            .or_else(|| self.document_host.clone())
            .unwrap_or_else(|| "An unnamed app".to_string())
    }
}

/// An authorization request that passed every check and waits for the person's decision
/// (`OAUTHREQ#…`): the consent form names it, and answering it (approve or deny) spends it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingAuthorization {
    pub user_id: ObjectId,
    pub client: ClientSummary,
    pub redirect_uri: RedirectUri,
    pub scopes: ScopeSet,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    pub code_challenge: CodeChallenge,
    pub resource: String,
    pub created_at: DateTime<Utc>,
}

/// What a person approved: who, for which client (and its redirect URI), in which workspace,
/// which scopes, for which resource. A code carries the terms of the grant its exchange creates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GrantTerms {
    pub user_id: ObjectId,
    pub workspace_id: ObjectId,
    pub client: ClientSummary,
    pub redirect_uri: RedirectUri,
    pub scopes: ScopeSet,
    pub resource: String,
}

/// An authorization code (`OAUTHCODE#…`): single use, short-lived. Once used it records when,
/// and stays until its TTL so a replay can be recognised (and revoke what it issued).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizationCode {
    /// The grant its exchange creates.
    pub grant_id: ObjectId,
    #[serde(flatten)]
    pub terms: GrantTerms,
    pub code_challenge: CodeChallenge,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_at: Option<DateTime<Utc>>,
}

/// What a person approved (`OAUTHGRANT#<id>`): one client, one workspace, some scopes, for
/// one resource. Its tokens work while it exists; revoking deletes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Grant {
    pub id: ObjectId,
    #[serde(flatten)]
    pub terms: GrantTerms,
    /// The hash of the one refresh token that may be used now (rotation replaces it; any
    /// other refresh token of this grant is a replay).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refresh_hash: Option<String>,
    pub created_at: DateTime<Utc>,
    pub last_used_at: DateTime<Utc>,
    /// When it ends unless used: its refresh token's expiry (or its last access token's).
    pub expires_at: DateTime<Utc>,
}

impl Grant {
    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        now < self.expires_at
    }
}

/// An access token (`OAUTHACCESS#…`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccessToken {
    pub grant_id: ObjectId,
    pub user_id: ObjectId,
    pub workspace_id: ObjectId,
    pub client_id_hash: String,
    pub scopes: ScopeSet,
    pub resource: String,
    pub expires_at: DateTime<Utc>,
}

/// A refresh token (`OAUTHREFRESH#…`), kept until it expires even after rotation, so that
/// presenting it again is recognised as a replay.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefreshToken {
    pub grant_id: ObjectId,
    pub client_id_hash: String,
    pub expires_at: DateTime<Utc>,
}
