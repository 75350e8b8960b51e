//! Logging setup shared by every binary.

use std::sync::OnceLock;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use tracing_subscriber::filter::Targets;
use tracing_subscriber::prelude::*;

/// When `main` started ([`mark_start`]): the monotonic instant, and the wall clock in
/// microseconds since the Unix epoch (what a bench outside the process can compare with).
static STARTED: OnceLock<(Instant, u64)> = OnceLock::new();

fn unix_us() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

/// Marks the start of `main`: the first thing a Lambda function's `main` does, so that the
/// phases of its init ([`init_phase`]) count from there. Calling it again changes nothing.
pub fn mark_start() {
    STARTED.get_or_init(|| (Instant::now(), unix_us()));
}

/// One boundary of a function's init, as a debug event of target `init` (`RUST_LOG=init=debug`
/// shows them; filtered out by default, so production pays one cached check): the phase that
/// just ended, microseconds since [`mark_start`] and the wall clock in microseconds since the
/// Unix epoch (scripts/bench-lambda reads both). The `main` phase is reported at the first
/// boundary after logging is set up, with the time `main` started: no event can be written
/// before that.
pub fn init_phase(phase: &'static str) {
    tracing::debug!(target: "init", phase, since_main_us = since_main_us(), unix_us = unix_us());
}

/// The start of `main` as an init event (see [`init_phase`]), once logging is set up.
fn report_main_started() {
    if let Some((_, at)) = STARTED.get() {
        tracing::debug!(target: "init", phase = "main", since_main_us = 0u64, unix_us = *at);
    }
}

fn since_main_us() -> u64 {
    STARTED
        .get()
        .map_or(0, |(started, _)| started.elapsed().as_micros() as u64)
}

/// `a: b: c` for an error and its sources.
pub fn error_chain(err: &dyn std::error::Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(s) = source {
        text.push_str(": ");
        text.push_str(&s.to_string());
        source = s.source();
    }
    text
}

/// JSON logs for Lambda (CloudWatch adds timestamps), level from `RUST_LOG` (default: see `DEFAULT_FILTER`).
pub fn init_lambda() {
    let layer = tracing_subscriber::fmt::layer()
        .json()
        .with_current_span(false)
        .with_ansi(false)
        .without_time()
        .with_target(false);
    let _ = tracing_subscriber::registry()
        .with(layer.with_filter(filter()))
        .try_init();
    report_main_started();
}

/// Human-readable logs for the dev server and tools, on stderr.
pub fn init_local() {
    let layer = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_target(false);
    let _ = tracing_subscriber::registry()
        .with(layer.with_filter(filter()))
        .try_init();
}

/// Our own events at info; rmcp's per-request lifecycle lines ("Service initialized", "serve
/// finished") and its notes on refused calls (each answered to the client) stay out: every
/// stateless request starts and ends a session, so they would double the log.
const DEFAULT_FILTER: &str = "info,rmcp=error";

/// `RUST_LOG` as comma-separated `level` and `target=level` directives (the `Targets` filter:
/// no regular expressions, so no regex engine in every Lambda); the default when it is unset or
/// does not parse.
fn filter() -> Targets {
    std::env::var("RUST_LOG")
        .ok()
        .and_then(|directives| directives.parse().ok())
        .unwrap_or_else(|| DEFAULT_FILTER.parse().expect("the default filter parses"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tracing::Level;

    #[test]
    fn the_default_filter_keeps_our_info_and_only_rmcp_errors() {
        let targets: Targets = DEFAULT_FILTER.parse().unwrap();
        assert!(targets.would_enable("lib::service", &Level::INFO));
        assert!(!targets.would_enable("lib::service", &Level::DEBUG));
        assert!(!targets.would_enable("rmcp::service", &Level::INFO));
        assert!(targets.would_enable("rmcp::service", &Level::ERROR));
    }

    #[test]
    fn init_boundaries_show_only_when_asked_for() {
        let default: Targets = DEFAULT_FILTER.parse().unwrap();
        assert!(!default.would_enable("init", &Level::DEBUG));
        let bench: Targets = "info,rmcp=error,init=debug".parse().unwrap();
        assert!(bench.would_enable("init", &Level::DEBUG));
        assert!(!bench.would_enable("lib::store::client", &Level::DEBUG));
    }
}
