//! `dev-server [--seed-demo]`: serves every function locally on `$PORT` (default 3000).

/// The stack of each runtime thread. The dev server runs debug builds, whose futures and frames
/// are many times their release size: with tokio's default 2 MiB a worker once overflowed
/// under the browser tests (after the app's test visits, while the aggregator folded them);
/// 8 MiB is the main thread's own.
const WORKER_STACK_BYTES: usize = 8 << 20;

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(WORKER_STACK_BYTES)
        .build()?
        .block_on(async {
            lib::telemetry::init_local();
            let seed = std::env::args().any(|a| a == "--seed-demo");
            dev_server::run(dev_server::Settings::from_env().await?, seed).await
        })
}
