use lambda_runtime::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda()
        .await?
        .with_resolver(lib::dns::TxtResolver::from_env()?);
    run(service_fn(|event| domain_check::handler(&service, event))).await
}
