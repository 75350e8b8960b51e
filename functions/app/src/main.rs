use lambda_http::{Error, run, service_fn};
use lib::pages::{Settings, Site};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let site = Site::new(lib::service::Service::for_lambda().await?, Settings::from_env()?);
    run(service_fn(|req| app::handler(&site, req))).await
}
