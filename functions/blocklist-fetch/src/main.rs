use lambda_runtime::{Error, run, service_fn};
use lib::service::safety::BlocklistUrl;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let service = lib::service::Service::for_lambda().await?;
    let url = BlocklistUrl::from_lookup(|name| std::env::var(name).ok())?;
    let fetcher = lib::net::Fetcher::public();
    run(service_fn(|event| {
        blocklist_fetch::handler(&service, &fetcher, url.as_ref(), event)
    }))
    .await
}
