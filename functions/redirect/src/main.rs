use lambda_http::{Error, run, service_fn};
use lib::redirect::Redirector;

#[tokio::main]
async fn main() -> Result<(), Error> {
    lib::telemetry::init_lambda();
    let redirector = Redirector::new(lib::service::Service::from_env().await?);
    run(service_fn(|req| redirect::handler(&redirector, req))).await
}
