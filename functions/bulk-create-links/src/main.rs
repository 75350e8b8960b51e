use lambda_http::{Error, service_fn};
use lib::http::run;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda().await?;
    run(service_fn(|req| bulk_create_links::handler(&service, req))).await
}
