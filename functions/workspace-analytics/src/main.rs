use lambda_http::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    lib::telemetry::init_lambda();
    let service = lib::service::Service::from_env().await?;
    run(service_fn(|req| workspace_analytics::handler(&service, req))).await
}
