//! Keys of people and their ways in: users, e-mail addresses, API keys, sessions, sign-in
//! attempts, account links, and the GSI1 partition of a user's items.

use super::Key;
use crate::domain::ids::ObjectId;

pub fn user(id: &ObjectId) -> Key {
    Key::new(format!("USER#{id}"), "USER")
}

pub fn email(email: &str) -> Key {
    Key::new(format!("EMAIL#{email}"), "EMAIL")
}

pub fn api_key(hash: &str) -> Key {
    Key::new(format!("APIKEY#{hash}"), "APIKEY")
}

/// A signed-in session, under the SHA-256 of its token.
pub fn session(token_hash: &str) -> Key {
    Key::new(format!("SESSION#{token_hash}"), "SESSION")
}

/// GSI1 keys of a session: a user's sessions (ended together by a password reset).
pub fn session_by_user(user: &ObjectId, token_hash: &str) -> Key {
    Key::new(
        user_index_partition(user),
        &format!("{USER_SESSIONS_SORT_PREFIX}{token_hash}"),
    )
}

/// The GSI1 sort-key prefix of a user's sessions (see [`session_by_user`]).
pub const USER_SESSIONS_SORT_PREFIX: &str = "SESSION#";

/// The GSI1 partition of a user's items: their memberships and their OAuth grants.
pub fn user_index_partition(user: &ObjectId) -> String {
    format!("USER#{user}")
}

/// The attempts, locks and trust of one sign-in subject (`PAIR#<sha256 of e-mail>#<address>`,
/// `IP#<address>` or `EMAIL#<sha256 of e-mail>`).
pub fn sign_in_attempts(subject: &str) -> Key {
    Key::new(format!("SIGNIN#{subject}"), "ATTEMPTS")
}

/// A password-reset or e-mail verification link, under its id.
pub fn account_link(id: &ObjectId) -> Key {
    Key::new(format!("ACCOUNTLINK#{id}"), "LINK")
}
