use lambda_http::{Error, service_fn};
use lib::http::run;
use lib::net::Fetcher;
use lib::pages::{Settings, Site};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let site = Site::new(lib::service::Service::for_lambda().await?, Settings::from_env()?);
    let oauth = oauth::OAuth::new(site, Fetcher::public());
    run(service_fn(|req| oauth::handler(&oauth, req))).await
}
