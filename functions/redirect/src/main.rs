use lambda_http::{Error, run, service_fn};
use lib::redirect::Redirector;

#[tokio::main]
async fn main() -> Result<(), Error> {
    // Init phases count from here (scripts/bench-lambda's breakdown of the cold start).
    lib::telemetry::mark_start();
    let key = lib::redirect::location_key_from_env()?;
    let redirector = Redirector::new(lib::service::Service::for_lambda().await?)
        .with_origin_secret(lib::redirect::origin_secret_from_env())
        .with_location_key(key);
    lib::telemetry::init_phase("handler");
    run(service_fn(|req| redirect::handler(&redirector, req))).await
}
