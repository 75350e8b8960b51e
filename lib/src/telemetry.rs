//! Logging setup shared by every binary.

use tracing_subscriber::filter::Targets;
use tracing_subscriber::prelude::*;

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
}
