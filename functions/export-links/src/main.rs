use lambda_http::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda().await?;
    run(service_fn(|req| export_links::handler(&service, req))).await
}
