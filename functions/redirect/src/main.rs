use lambda_http::{Error, run, service_fn};
use lib::redirect::Redirector;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let key = lib::redirect::location_key_from_env()?;
    let redirector = Redirector::new(lib::service::Service::for_lambda().await?)
        .with_origin_secret(lib::redirect::origin_secret_from_env())
        .with_location_key(key);
    run(service_fn(|req| redirect::handler(&redirector, req))).await
}
