use lambda_http::{Error, service_fn};
use lib::http::run;
use lib::pages::{Settings, Site};

#[tokio::main]
async fn main() -> Result<(), Error> {
    // Only the page functions send mail: the others never build an SMTP transport (nor link it).
    let service = lib::service::Service::for_lambda()
        .await?
        .with_mailer(lib::mail::Mailer::from_env()?)
        .with_resolver(lib::dns::TxtResolver::from_env()?);
    let site =
        Site::new(service, Settings::from_env()?).with_import_queue(lib::service::transfer::import_queue_from_env());
    run(service_fn(|req| app::handler(&site, req))).await
}
