use lambda_http::{Error, service_fn};
use lib::http::run;

#[tokio::main]
async fn main() -> Result<(), Error> {
    lib::telemetry::init_lambda();
    run(service_fn(fallback::handler)).await
}
