//! People's records: users and their keys, one-time links (resets, verifications, sign-ups), sessions, sign-in attempts, and the OAuth server's records.

pub(crate) mod account_links;
pub(crate) mod oauth;
pub(crate) mod sessions;
pub(crate) mod sign_in;
pub(crate) mod sign_up;
pub(crate) mod users;
