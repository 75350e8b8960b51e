//! Who may ask when: each host's next free moment, one request every `host_gap`.

use std::collections::HashMap;
use std::time::Duration;

use tokio::sync::Mutex;
use tokio::time::Instant;

pub(super) struct HostGate {
    gap: Duration,
    next: Mutex<HashMap<String, Instant>>,
}

impl HostGate {
    pub(super) fn new(gap: Duration) -> Self {
        Self {
            gap,
            next: Mutex::new(HashMap::new()),
        }
    }

    /// The moment this request may go to `host`, taken.
    pub(super) async fn take(&self, host: &str) -> Instant {
        let mut next = self.next.lock().await;
        let now = Instant::now();
        let at = next.get(host).copied().filter(|at| *at > now).unwrap_or(now);
        next.insert(host.to_string(), at + self.gap);
        at
    }
}

/// The host a destination counts against: its name and port (only 443 in production; the tests'
/// servers differ by port).
pub(super) fn host_of(url: &url::Url) -> String {
    match url.port_or_known_default() {
        Some(port) => format!("{}:{port}", url.host_str().unwrap_or_default()),
        None => url.host_str().unwrap_or_default().to_string(),
    }
}
