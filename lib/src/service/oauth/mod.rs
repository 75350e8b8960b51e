//! The OAuth 2.1 authorization server's operations (for MCP clients): clients (registration
//! and metadata documents), authorization with consent, the token endpoint's grants,
//! revocation, bearer tokens at the MCP endpoint, and the connected-apps page.

mod authorize;
mod bearer;
mod clients;
mod grants;
mod tokens;

pub use authorize::{AuthorizationRequest, AuthorizeRefusal, ConsentAnswer, PendingConsent, same_resource};
pub use clients::{
    ClientCredentials, ClientDocuments, DOCUMENT_FETCHES_PER_MINUTE, DOCUMENT_LIMITS, OAuthClient,
    REGISTRATIONS_PER_HOUR, Registration, is_document_url,
};
pub use grants::ConnectedApp;
pub use tokens::{CodeRequest, IssuedTokens, RefreshRequest};
