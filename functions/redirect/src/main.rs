use lambda_http::{Error, service_fn};
use lib::after_response::AfterResponse;
use lib::http::run;
use lib::redirect::Redirector;
use lib::store::DeadLetters;

#[tokio::main]
async fn main() -> Result<(), Error> {
    // Init phases count from here (scripts/bench-lambda's breakdown of the cold start).
    lib::telemetry::mark_start();
    // The first visit classifies its user agent: the automaton builds beside init's waits.
    lib::visitor::prepare_in_background();
    let key = lib::redirect::key_from_env(lib::domain::LOCATION_PURPOSE)?;
    let pass_key = lib::redirect::key_from_env(lib::domain::PASSWORD_PURPOSE)?;
    // The extension is registered during init, as Lambda requires of an internal extension; its
    // round trip to the Extensions API overlaps the service's set-up.
    let ((after, extension), service) = tokio::join!(
        AfterResponse::with_internal_extension(),
        lib::service::Service::for_lambda()
    );
    let service = service?;
    lib::telemetry::init_phase("extension");
    let redirector = Redirector::new(service)
        .with_origin_secret(lib::redirect::origin_secret_from_env())
        .with_location_key(key)
        .with_pass_key(pass_key)
        .with_visitor_key(lib::redirect::key_from_env(lib::visitor::VISITOR_PURPOSE)?)
        .with_dead_letters(DeadLetters::lambda_from_env())
        .with_after_response(after);
    lib::telemetry::init_phase("handler");
    tokio::try_join!(run(service_fn(|req| redirect::handler(&redirector, req))), extension)?;
    Ok(())
}
