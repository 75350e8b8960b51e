use lambda_runtime::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    lib::telemetry::init_lambda();
    let service = lib::service::Service::from_env().await?;
    run(service_fn(|event| click_aggregator::handler(&service, event))).await
}
