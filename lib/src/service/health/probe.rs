//! Asking one destination how it is: a `HEAD`, and when that does not say it works, a `GET` of
//! the first bytes (servers that refuse `HEAD` are many); the answer's status only is read.

use crate::domain::health::Probe;
use crate::net::{FetchError, Fetcher, Limits};

/// The user agent the checker names itself with, so an owner of a destination can tell it apart.
pub const HEALTH_USER_AGENT: &str = "SmartLinksHealthCheck/1.0 (checks that short links' destinations answer)";

/// What the checker asks with: the first 1 KB, 10 s at most per request.
pub const PROBE_LIMITS: Limits = Limits {
    max_bytes: 1024,
    timeout: std::time::Duration::from_secs(10),
    accept: "*/*",
    user_agent: HEALTH_USER_AGENT,
};

/// What one destination's check found and how many requests it took; `None` when it cannot be
/// checked at all (a port other than https's).
pub async fn probe(fetcher: &Fetcher, url: &url::Url, limits: &Limits) -> (Option<Probe>, usize) {
    match fetcher.status(url, true, limits).await {
        Ok(code) if Probe::of_status(code).is_success() => (Some(Probe::of_status(code)), 1),
        Err(error) if error.before_any_answer() => (verdict_of(&error), 1),
        _ => match fetcher.status(url, false, limits).await {
            Ok(code) => (Some(Probe::of_status(code)), 2),
            Err(error) => (verdict_of(&error), 2),
        },
    }
}

/// The verdict of a fetch that got no status.
fn verdict_of(error: &FetchError) -> Option<Probe> {
    Some(match error {
        FetchError::NotHttps(_) | FetchError::Port(_) => return None,
        FetchError::Unresolvable(_) | FetchError::NotPublic { .. } => Probe::Dns,
        FetchError::Tls { .. } | FetchError::NoRoots(_) => Probe::Tls,
        FetchError::Timeout(_) | FetchError::Connect { .. } => Probe::Timeout,
        FetchError::Http(_) | FetchError::Status(_) | FetchError::TooLarge(_) => Probe::ServerError,
        FetchError::Redirect { .. } => Probe::Redirect,
    })
}
