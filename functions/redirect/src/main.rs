use lambda_http::{Error, run, service_fn};
use lib::redirect::Redirector;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let redirector = Redirector::new(lib::service::Service::for_lambda().await?)
        .with_origin_secret(lib::redirect::origin_secret_from_env());
    run(service_fn(|req| redirect::handler(&redirector, req))).await
}
