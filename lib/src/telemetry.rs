//! Logging setup shared by every binary.

/// JSON logs for Lambda (CloudWatch adds timestamps), level from `RUST_LOG` (default: see `DEFAULT_FILTER`).
pub fn init_lambda() {
    let _ = tracing_subscriber::fmt()
        .json()
        .with_env_filter(filter())
        .with_current_span(false)
        .with_ansi(false)
        .without_time()
        .with_target(false)
        .try_init();
}

/// Human-readable logs for the dev server and tools, on stderr.
pub fn init_local() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter())
        .with_writer(std::io::stderr)
        .with_target(false)
        .try_init();
}

/// Our own events at info; rmcp's per-request lifecycle lines ("Service initialized", "serve
/// finished") and its notes on refused calls (each answered to the client) stay out: every
/// stateless request starts and ends a session, so they would double the log.
const DEFAULT_FILTER: &str = "info,rmcp=error";

fn filter() -> tracing_subscriber::EnvFilter {
    tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(DEFAULT_FILTER))
}
