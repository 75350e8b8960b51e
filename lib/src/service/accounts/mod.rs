//! People and their credentials: sign-up, sign-in, API keys and workspace access, and the mails sent to them.

pub(crate) mod account;
pub(crate) mod auth;
pub(crate) mod keys;
pub(crate) mod mails;
pub(crate) mod sign_in;

pub use account::{SignUp, reset_path, verification_path};
pub use auth::{
    Access, Actor, Caller, Credential, GrantAccess, PresentedKey, generate_api_key, hash_api_key, short_id,
};
pub use keys::{Integrations, IssuedKey, KeyGrants};
pub use sign_in::{
    ACCOUNT_FAILURE_LIMIT, ADDRESS_FAILURE_LIMIT, COOKIE_LIFETIME, FAILURE_WINDOW, SessionUser, SignInAttempt, SignedIn,
};
