//! Clients find the authorization server from the MCP endpoint's 401: the protected
//! resource's metadata (RFC 9728) names it, and its own metadata (RFC 8414) names every
//! endpoint.

use lib::origin::PublicBase;
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with_settings};
use crate::mcp_support::PATH;

#[tokio::test]
async fn the_mcp_401_names_the_protected_resource_metadata_that_is_served() {
    let app = spawn_app().await;
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list" });
    let answer = app.mcp_raw(Method::POST, &[], Some(body.to_string())).await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
    let challenge = answer.headers["www-authenticate"].to_str().unwrap();
    let metadata_url = format!("{}/.well-known/oauth-protected-resource/apiv1/mcp", app.address);
    assert_eq!(challenge, format!("Bearer resource_metadata=\"{metadata_url}\""));

    let metadata: serde_json::Value = app.http.get(&metadata_url).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        metadata,
        json!({
            "resource": format!("{}{PATH}", app.address),
            "authorization_servers": [app.address],
            "scopes_supported": ["links:read", "links:write", "links:delete", "links:bulk", "analytics:read"],
            "bearer_methods_supported": ["header"],
            "resource_name": "Smart links MCP server"
        })
    );
    let root: serde_json::Value = app
        .http
        .get(format!("{}/.well-known/oauth-protected-resource", app.address))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(root, metadata, "the root document says the same");
}

#[tokio::test]
async fn the_authorization_server_metadata_names_every_endpoint_and_capability() {
    let app = spawn_app().await;
    let response = app
        .http
        .get(format!("{}/.well-known/oauth-authorization-server", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["access-control-allow-origin"], "*");
    let metadata: serde_json::Value = response.json().await.unwrap();
    let base = &app.address;
    assert_eq!(metadata["issuer"], json!(base));
    assert_eq!(
        metadata["authorization_endpoint"],
        json!(format!("{base}/oauth/authorize"))
    );
    assert_eq!(metadata["token_endpoint"], json!(format!("{base}/oauth/token")));
    assert_eq!(
        metadata["registration_endpoint"],
        json!(format!("{base}/oauth/register"))
    );
    assert_eq!(metadata["revocation_endpoint"], json!(format!("{base}/oauth/revoke")));
    assert_eq!(metadata["code_challenge_methods_supported"], json!(["S256"]));
    assert_eq!(
        metadata["token_endpoint_auth_methods_supported"],
        json!(["none", "client_secret_post", "client_secret_basic"])
    );
    assert_eq!(
        metadata["grant_types_supported"],
        json!(["authorization_code", "refresh_token"])
    );
    assert_eq!(metadata["authorization_response_iss_parameter_supported"], true);
    assert_eq!(metadata["client_id_metadata_document_supported"], true);
}

#[tokio::test]
async fn the_issuer_and_resource_are_the_configured_public_base_byte_for_byte() {
    let settings = dev_server::Settings {
        pages: lib::pages::Settings {
            public_base: PublicBase::fixed("https://api.example.com"),
        },
        mcp: lib::mcp::Settings {
            public_base: PublicBase::fixed("https://api.example.com"),
            ..Default::default()
        },
        ..Default::default()
    };
    let app = spawn_app_with_settings(settings).await;
    let get = |path: &str| app.http.get(format!("{}{path}", app.address)).send();
    let server: serde_json::Value = get("/.well-known/oauth-authorization-server")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(server["issuer"], "https://api.example.com");
    let resource: serde_json::Value = get("/.well-known/oauth-protected-resource/apiv1/mcp")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(resource["resource"], "https://api.example.com/apiv1/mcp");
    let body = json!({ "jsonrpc": "2.0", "id": 1, "method": "tools/list" });
    let answer = app.mcp_raw(Method::POST, &[], Some(body.to_string())).await;
    assert_eq!(
        answer.headers["www-authenticate"],
        "Bearer resource_metadata=\"https://api.example.com/.well-known/oauth-protected-resource/apiv1/mcp\""
    );
}

#[tokio::test]
async fn unknown_oauth_paths_are_404_and_wrong_methods_405_with_allow() {
    let app = spawn_app().await;
    let (status, body) = app.request(Method::GET, "/oauth/nope", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body, json!({ "error": "No such endpoint: GET /oauth/nope." }));
    let response = app
        .http
        .get(format!("{}/oauth/token", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(response.headers()["allow"], "POST");
    let preflight = app
        .http
        .request(Method::OPTIONS, format!("{}/oauth/token", app.address))
        .send()
        .await
        .unwrap();
    assert_eq!(preflight.status(), StatusCode::NO_CONTENT);
    assert!(
        preflight.headers()["access-control-allow-headers"]
            .to_str()
            .unwrap()
            .contains("Authorization")
    );
}
