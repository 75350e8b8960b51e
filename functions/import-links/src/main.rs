use lambda_http::{Error, service_fn};
use lib::http::run;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda().await?;
    let queue = lib::service::transfer::import_queue_from_env().ok_or("IMPORT_QUEUE_URL is not set")?;
    run(service_fn(|req| import_links::handler(&service, &queue, req))).await
}
