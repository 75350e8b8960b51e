use lambda_http::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    lib::telemetry::init_lambda();
    run(service_fn(api_docs::handler)).await
}
