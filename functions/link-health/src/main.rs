use lambda_runtime::{Error, run, service_fn};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda()
        .await?
        .with_mailer(lib::mail::Mailer::from_env()?);
    run(service_fn(|event| link_health::handler(&service, event))).await
}
