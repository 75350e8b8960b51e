//! Test support only (built with `--features testing`, never deployed): the dev server, plus a
//! local https server holding one client ID metadata document, and the one fetcher that may
//! reach it (`lib::testing::documents`: loopback admitted, only that server's self-signed
//! certificate trusted). The real-client tests connect an MCP client through such a document.
//!
//! Usage: `dev-server-test-documents DOCUMENT.json URL_FILE`: `{client_id}` in the document
//! becomes the document's own URL, which is also written to URL_FILE.

use lib::testing::documents::DocumentServer;

const PATH: &str = "/oauth/client.json";

fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    dev_server::runtime()?.block_on(serve())
}

async fn serve() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    lib::telemetry::init_local();
    let args: Vec<String> = std::env::args().collect();
    let [_, document, url_file] = args.as_slice() else {
        return Err("usage: dev-server-test-documents DOCUMENT.json URL_FILE".into());
    };
    let server = DocumentServer::start().await;
    let url = server.url(PATH);
    server.serve(PATH, &std::fs::read_to_string(document)?.replace("{client_id}", &url));
    std::fs::write(url_file, &url)?;
    let settings = dev_server::Settings {
        fetcher: server.fetcher(),
        ..dev_server::Settings::from_env().await?
    };
    dev_server::run(settings, false).await
}
