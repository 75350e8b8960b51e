use lambda_http::{Error, run, service_fn};
use lib::mcp::{Endpoint, Settings};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let endpoint = Endpoint::new(lib::service::Service::for_lambda().await?, Settings::from_env()?);
    run(service_fn(|req| mcp::handler(&endpoint, req))).await
}
