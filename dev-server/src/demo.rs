//! The demo data `scripts/serve` starts with: a user, a workspace, a fresh key and password.

use lib::admin;
use lib::domain::ids::ObjectId;
use lib::service::Service;

/// The demo workspace has a fixed id, so restarts over persisted data find it again.
const DEMO_WORKSPACE: &str = "64656d6f0000000000000001";
const DEMO_EMAIL: &str = "demo@example.com";

/// A fresh password for the demo user at every start: four groups of four lower-case letters
/// and digits (about 82 bits), easy to type.
fn demo_password(entropy: &dyn lib::clock::Entropy) -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let groups: Vec<String> = (0..4)
        .map(|_| {
            (0..4)
                .map(|_| ALPHABET[entropy.below(ALPHABET.len() as u64) as usize] as char)
                .collect()
        })
        .collect();
    groups.join("-")
}

/// Makes sure the demo user and workspace exist, gives the user a fresh key and password,
/// prints them.
pub async fn seed_demo(service: &Service, port: u16) -> Result<(), admin::AdminError> {
    let workspace_id = ObjectId::parse(DEMO_WORKSPACE).expect("constant id");
    if admin::resolve_user(service, DEMO_EMAIL).await.is_err() {
        admin::create_user(service, DEMO_EMAIL).await?;
    }
    if service.workspace(&workspace_id).await?.is_none() {
        let options = admin::NewWorkspace {
            id: Some(workspace_id.clone()),
            name: "Demo workspace".into(),
            ..Default::default()
        };
        admin::create_workspace(service, DEMO_EMAIL, options).await?;
    }
    let grants = admin::KeyGrants {
        http_api: true,
        mcp_scopes: Some(lib::domain::Scope::ALL.to_vec()),
    };
    let (_, key) = admin::create_key(service, DEMO_EMAIL, grants).await?;
    let password = demo_password(service.entropy.as_ref());
    admin::set_password(service, DEMO_EMAIL, &password).await?;
    println!();
    println!("  Demo workspace id: {workspace_id}");
    println!("  Demo API key:      {key}");
    println!("  Demo app:          http://localhost:{port}/ (sign in with the e-mail and password below)");
    println!("  MCP endpoint:      http://localhost:{port}/apiv1/mcp (the key, or OAuth: add the URL in your client)");
    println!("  Demo email:        {DEMO_EMAIL}");
    println!("  Demo password:     {password}");
    println!();
    println!("  Try:");
    println!(
        "  curl -s -X POST http://localhost:{port}/apiv1/link/create -H 'Content-Type: application/json' -H 'X-Api-Key: {key}' \\\n    -d '{{\"workspaceId\":\"{workspace_id}\",\"name\":\"Docs\",\"url\":\"https://example.com/docs\"}}'"
    );
    println!();
    Ok(())
}
