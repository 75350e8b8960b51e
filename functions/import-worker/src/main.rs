// The worker's future (a job's chunks run to the end of its turn) nests deeper than rustc's
// default layout limit of 128 in a test build.
#![recursion_limit = "256"]

use lambda_runtime::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda().await?;
    let queue = lib::service::transfer::import_queue_from_env().ok_or("IMPORT_QUEUE_URL is not set")?;
    run(service_fn(|event| import_worker::handler(&service, &queue, event))).await
}
