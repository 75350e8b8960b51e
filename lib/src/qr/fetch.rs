//! Logos over https: the shared SSRF-safe fetcher ([`crate::net`]: public addresses only, the
//! address that was checked is the one connected to, verified TLS, no redirects) with a logo's
//! limits, and its refusals completed with what to change about the logo.

use std::fmt;
use std::time::Duration;

use crate::domain::MAX_LOGO_BYTES;
#[cfg(any(test, feature = "testing"))]
use crate::net::AddressPolicy;
use crate::net::{self, Fetcher, Limits};

/// The longest a whole fetch may take: resolution, connection, TLS, request and body.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(3);

const LOGO_LIMITS: Limits = Limits {
    max_bytes: MAX_LOGO_BYTES,
    timeout: FETCH_TIMEOUT,
    accept: "image/png, image/jpeg, image/webp, image/svg+xml",
    user_agent: "smartlinks-qr (logo fetch)",
};

/// Why a logo could not be fetched: the fetcher's reason and what to change. It completes
/// the sentence "qrSettings.logo could not be fetched: …".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchError(pub net::FetchError);

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use net::FetchError::*;
        let hint = match &self.0 {
            NotHttps(_) => "; logos are fetched over https only",
            Port(_) => "; serve the logo on https's own port",
            Unresolvable(_) => "; check the URL",
            NotPublic { .. } => "; host the logo on a public https server",
            Connect { .. } => "; check that the server is up",
            Redirect { .. } => ", so give the image's own URL",
            Status(_) => "; the URL must answer 200 with the image",
            TooLarge(_) => "; use a smaller image",
            Timeout(_) => "; host the logo somewhere faster",
            Tls { .. } | Http(_) | NoRoots(_) => "",
        };
        write!(f, "{}{hint}", self.0)
    }
}

impl std::error::Error for FetchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// Fetches logos (see [`Fetcher`]; the TLS configuration is made on first use, so functions
/// that never draw a logo never read the certificate store).
#[derive(Debug, Default)]
pub struct LogoFetcher(Fetcher);

impl LogoFetcher {
    /// Production: public addresses only, the system's roots.
    pub fn public() -> Self {
        Self(Fetcher::public())
    }

    /// A fetcher for tests: `policy` (such as the loopback allowance) and only `root` trusted.
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn for_tests(policy: AddressPolicy, root: rustls::pki_types::CertificateDer<'static>) -> Self {
        Self(Fetcher::for_tests(policy, root))
    }

    /// The logo's bytes, or why not (the network's detail goes to the log, not the answer);
    /// never takes longer than [`FETCH_TIMEOUT`].
    pub async fn fetch(&self, url: &url::Url) -> Result<Vec<u8>, FetchError> {
        self.0.get(url, &LOGO_LIMITS).await.map_err(|err| {
            tracing::info!(url = %url, error = ?err, "QR logo fetch failed");
            FetchError(err)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_says_what_to_change_about_the_logo() {
        let too_large = FetchError(net::FetchError::TooLarge(MAX_LOGO_BYTES));
        assert_eq!(too_large.to_string(), "it is larger than 256 KB; use a smaller image");
        let slow = FetchError(net::FetchError::Timeout(FETCH_TIMEOUT));
        assert_eq!(
            slow.to_string(),
            "it took longer than 3 s; host the logo somewhere faster"
        );
    }
}
