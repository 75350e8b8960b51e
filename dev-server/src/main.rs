//! `dev-server [--seed-demo]`: serves every function locally on `$PORT` (default 3000).

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    dev_server::runtime()?.block_on(async {
        lib::telemetry::init_local();
        let seed = std::env::args().any(|a| a == "--seed-demo");
        dev_server::run(dev_server::Settings::from_env().await?, seed).await
    })
}
