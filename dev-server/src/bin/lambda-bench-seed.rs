//! Seeds a table for scripts/bench-lambda (never deployed): creates the table when missing,
//! then a user, a workspace, an API key and one link with the slug given, through the same
//! service operations the HTTP API uses, so the redirect's first visit finds a real link.
//!
//! Usage: `lambda-bench-seed SLUG DESTINATION` with `TABLE_NAME`, `DEFAULT_DOMAIN` and
//! `AWS_ENDPOINT_URL_DYNAMODB` set; prints the short link.

use lib::admin::{self, KeyGrants, NewWorkspace};
use lib::service::{Service, accounts::PresentedKey};
use serde_json::json;

type Error = Box<dyn std::error::Error + Send + Sync>;

const OWNER: &str = "bench@example.com";

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let [_, slug, destination] = args.as_slice() else {
        return Err("usage: lambda-bench-seed SLUG DESTINATION".into());
    };
    let service = Service::from_env().await?;
    service.ensure_table().await?;
    admin::create_user(&service, OWNER).await?;
    let options = NewWorkspace {
        name: "Cold start bench".into(),
        ..Default::default()
    };
    let workspace = admin::create_workspace(&service, OWNER, options).await?;
    let grants = KeyGrants {
        http_api: true,
        mcp_scopes: None,
    };
    let (_, key) = admin::create_key(&service, OWNER, grants).await?;
    let caller = service.authenticate_http(PresentedKey::Text(&key)).await?;
    let access = service.open_workspace(caller, &workspace.id).await?;
    let input = lib::wire::from_json(json!({ "name": "Cold start", "url": destination, "slug": slug }))?;
    let draft = lib::http::drafter(&service).draft(&input)?;
    let created = service.create_link(&access, draft).await?;
    println!("{}", serde_json::to_string(&created)?);
    Ok(())
}
