use lambda_http::{Error, service_fn};
use lib::after_response::AfterResponse;
use lib::http::run;
use lib::pages::{Settings, Site};

#[tokio::main]
async fn main() -> Result<(), Error> {
    // A stranger's mail is sent after the answer: the internal extension keeps the invocation
    // until it is done (registered during init, beside the service's set-up).
    let ((after, extension), service) = tokio::join!(
        AfterResponse::with_internal_extension(),
        lib::service::Service::for_lambda()
    );
    // Only the page functions send mail: the others never build an SMTP transport (nor link it).
    let service = service?.with_mailer(lib::mail::Mailer::from_env()?);
    let site = Site::new(service, Settings::from_env()?).with_after_response(after);
    tokio::try_join!(run(service_fn(|req| account::handler(&site, req))), extension)?;
    Ok(())
}
