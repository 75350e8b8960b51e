use lambda_http::{Error, service_fn};
use lib::http::run;
use lib::mcp::{Endpoint, Settings};

// One thread: Lambda hands the process one request at a time, and rmcp runs each request in
// tasks of its own; on a multi-thread runtime every hand-over between them was a cross-thread
// wake-up (the `get_link` bench: 112 µs on a multi-thread runtime, 62 µs on this one).
#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Error> {
    let key = lib::config::key_from_env(lib::mcp::confirm::PURPOSE)?;
    let mut endpoint =
        Endpoint::with_confirm_key(lib::service::Service::for_lambda().await?, Settings::from_env()?, key);
    // Long calls run as MCP tasks, carried on by the import worker.
    if let Some(queue) = lib::service::transfer::import_queue_from_env() {
        endpoint = endpoint.with_task_queue(queue);
    }
    run(service_fn(|req| mcp::handler(&endpoint, req))).await
}
