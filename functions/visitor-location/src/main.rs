use lambda_http::{Error, service_fn};
use lib::http::run;
use lib::redirect::location::LocationDoor;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let key = lib::redirect::key_from_env(lib::domain::LOCATION_PURPOSE)?;
    let door = LocationDoor::new(lib::service::Service::for_lambda().await?, key);
    run(service_fn(|req| visitor_location::handler(&door, req))).await
}
