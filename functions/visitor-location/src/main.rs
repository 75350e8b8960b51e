use lambda_http::{Error, service_fn};
use lib::http::run;
use lib::redirect::location::LocationDoor;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let key = lib::redirect::location_key_from_env()?;
    let door = LocationDoor::new(lib::service::Service::for_lambda().await?, key);
    run(service_fn(|req| visitor_location::handler(&door, req))).await
}
