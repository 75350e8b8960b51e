//! The MCP tool `get_link_qr`: the same code as the HTTP endpoint, the SVG as a text item and
//! the PNG as an image item, each followed by its summary.

use base64::Engine as _;
use lib::domain::Scope;
use lib::testing::qr::{decode_png, decode_svg};
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::helpers::spawn_app;
use crate::mcp_support::{McpWorkspace, link, tool_names};

async fn created(app: &TestApp, ws: &McpWorkspace, slug: &str, qr: Value) -> Value {
    let mut body = link("Printed");
    body["slug"] = json!(slug);
    body["qrSettings"] = qr;
    app.tool_in(ws, "create_link", body).await.structured()["id"].clone()
}

#[tokio::test]
async fn get_link_qr_answers_the_svg_as_text_then_its_summary() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = created(
        &app,
        &ws,
        "tool-svg",
        json!({ "color": "#4a148c", "bgColor": "#fff8e1" }),
    )
    .await;
    let answer = app.tool_in(&ws, "get_link_qr", json!({ "linkId": id })).await;
    let result = &answer.body["result"];
    assert_eq!(result["isError"], false, "{}", answer.body);
    let svg = result["content"][0]["text"].as_str().expect("the SVG as text");
    assert!(svg.starts_with("<svg"));
    assert_eq!(
        decode_svg(svg.as_bytes()),
        [Ok("https://sl.test/tool-svg?qr=1".to_string())]
    );
    let summary = json!({ "linkId": id, "encodes": "https://sl.test/tool-svg?qr=1", "format": "svg", "size": 512,
                          "mimeType": "image/svg+xml" });
    assert_eq!(result["structuredContent"], summary);
    let text: Value = serde_json::from_str(result["content"][1]["text"].as_str().unwrap()).unwrap();
    assert_eq!(text, summary);
}

#[tokio::test]
async fn get_link_qr_answers_a_png_as_an_image_item() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = created(&app, &ws, "tool-png", json!({})).await;
    let answer = app
        .tool_in(
            &ws,
            "get_link_qr",
            json!({ "linkId": id, "format": "png", "size": 256 }),
        )
        .await;
    let item = &answer.body["result"]["content"][0];
    assert_eq!(
        (item["type"].as_str(), item["mimeType"].as_str()),
        (Some("image"), Some("image/png"))
    );
    let png = base64::engine::general_purpose::STANDARD
        .decode(item["data"].as_str().unwrap())
        .expect("base64");
    assert_eq!(decode_png(&png), [Ok("https://sl.test/tool-png?qr=1".to_string())]);
    assert_eq!(answer.body["result"]["structuredContent"]["size"], 256);
}

#[tokio::test]
async fn get_link_qr_refuses_a_bad_size_and_a_saved_low_contrast_link_with_the_http_sentences() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = created(&app, &ws, "tool-legacy", json!({})).await;
    let answer = app
        .tool_in(&ws, "get_link_qr", json!({ "linkId": id, "size": 100 }))
        .await;
    assert_eq!(
        answer.error(),
        (
            -32602,
            "size must be a whole number of pixels from 128 to 2048 (got 100)."
        )
    );
    app.store_qr_colours("tool-legacy", "#ffffff", "#000000").await;
    let answer = app.tool_in(&ws, "get_link_qr", json!({ "linkId": id })).await;
    assert_eq!(answer.error().0, -32602);
    assert_eq!(answer.body["error"]["data"]["field"], "qrSettings.color");
    assert!(
        answer
            .error()
            .1
            .starts_with("This link's QR code cannot be drawn in its saved colours: ")
    );
}

#[tokio::test]
async fn get_link_qr_is_listed_for_and_needs_the_links_read_scope() {
    let app = spawn_app().await;
    let reader = app.mcp_workspace_with(&[Scope::LinksRead]).await;
    let listed = app.mcp(&reader.mcp_key, "tools/list", json!({})).await;
    assert!(tool_names(&listed).contains(&"get_link_qr".to_string()));
    let writer = app.mcp_workspace_with(&[Scope::LinksWrite]).await;
    let answer = app
        .tool_in(&writer, "get_link_qr", json!({ "linkId": "64656d6f0000000000000001" }))
        .await;
    assert_eq!(answer.error(), (-32602, "This API key lacks the links:read scope."));
}
