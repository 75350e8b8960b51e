use lambda_runtime::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda().await?;
    run(service_fn(|event| click_aggregator::handler(&service, event))).await
}
