use lambda_runtime::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda().await?;
    let queue = lib::service::webhooks::webhook_queue_from_env().ok_or("WEBHOOK_QUEUE_URL is not set")?;
    run(service_fn(|event| webhook_worker::handler(&service, &queue, event))).await
}
