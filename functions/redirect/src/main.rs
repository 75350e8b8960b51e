use lambda_http::{Error, run, service_fn};
use lib::after_response::AfterResponse;
use lib::redirect::Redirector;
use lib::store::DeadLetters;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let key = lib::redirect::location_key_from_env()?;
    let service = lib::service::Service::for_lambda().await?;
    // Registered during init, as Lambda requires of an internal extension.
    let (after, extension) = AfterResponse::with_internal_extension().await;
    let redirector = Redirector::new(service)
        .with_origin_secret(lib::redirect::origin_secret_from_env())
        .with_location_key(key)
        .with_dead_letters(DeadLetters::lambda_from_env())
        .with_after_response(after);
    tokio::try_join!(run(service_fn(|req| redirect::handler(&redirector, req))), extension)?;
    Ok(())
}
