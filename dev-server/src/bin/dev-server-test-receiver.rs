//! Test support only (built with `--features testing`, never deployed): the dev server, plus a
//! local https webhook receiver (`lib::testing::receiver`) and the one fetcher that may reach
//! it (loopback admitted, only its self-signed certificate trusted). The browser test of the
//! webhooks tab creates an endpoint there and watches its deliveries.
//!
//! Usage: `dev-server-test-receiver URL_FILE`: the receiver's URL for `/hooks` is written to
//! URL_FILE; `/hooks/fail` answers 500.

use lib::testing::receiver::WebhookReceiver;

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    dev_server::runtime()?.block_on(serve())
}

async fn serve() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    lib::telemetry::init_local();
    let args: Vec<String> = std::env::args().collect();
    let [_, url_file] = args.as_slice() else {
        return Err("usage: dev-server-test-receiver URL_FILE".into());
    };
    let receiver = WebhookReceiver::start().await;
    receiver.script("/hooks/fail", &[(500, None); 1000]);
    std::fs::write(url_file, receiver.url("/hooks"))?;
    let settings = dev_server::Settings {
        webhook_fetcher: Some(receiver.fetcher()),
        ..dev_server::Settings::from_env().await?
    };
    dev_server::run(settings, false).await
}
