use lambda_http::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda().await?;
    let endpoint = mcp::Endpoint::new(service, mcp::Settings::from_env());
    run(service_fn(|req| mcp::handler(&endpoint, req))).await
}
