//! Keys of the OAuth authorization server: clients, requests, codes, grants and tokens.

use super::{Key, user_index_partition};
use crate::domain::ids::ObjectId;

/// A dynamically registered OAuth client, under the SHA-256 of its `client_id`.
pub fn oauth_client(id_hash: &str) -> Key {
    Key::new(format!("OAUTHCLIENT#{id_hash}"), "CLIENT")
}

/// An authorization request waiting for consent, under the SHA-256 of its id.
pub fn oauth_request(id_hash: &str) -> Key {
    Key::new(format!("OAUTHREQ#{id_hash}"), "REQUEST")
}

/// An authorization code, under its SHA-256.
pub fn oauth_code(code_hash: &str) -> Key {
    Key::new(format!("OAUTHCODE#{code_hash}"), "CODE")
}

/// A grant: what a person approved for one client and workspace.
pub fn oauth_grant(id: &ObjectId) -> Key {
    Key::new(format!("OAUTHGRANT#{id}"), "GRANT")
}

/// GSI1 keys of a grant: a user's grants (the connected-apps page), oldest first.
pub fn oauth_grant_by_user(user: &ObjectId, grant: &ObjectId) -> Key {
    Key::new(user_index_partition(user), &format!("{USER_GRANTS_SORT_PREFIX}{grant}"))
}

/// The GSI1 sort-key prefix of a user's grants (see [`oauth_grant_by_user`]).
pub const USER_GRANTS_SORT_PREFIX: &str = "OAUTHGRANT#";

/// An OAuth access token, under its SHA-256.
pub fn oauth_access_token(token_hash: &str) -> Key {
    Key::new(format!("OAUTHACCESS#{token_hash}"), "ACCESS")
}

/// An OAuth refresh token, under its SHA-256.
pub fn oauth_refresh_token(token_hash: &str) -> Key {
    Key::new(format!("OAUTHREFRESH#{token_hash}"), "REFRESH")
}
