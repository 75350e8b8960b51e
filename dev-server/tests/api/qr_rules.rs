//! QR settings that would not scan are refused when a link is saved, on both doors, with the
//! same sentence and field: create, update and each bulk item.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{assert_rejected, simple_link, spawn_app};
use crate::mcp_support::link;

const LOW_CONTRAST: &str = "qrSettings.bgColor must contrast with color at least 3:1 (got 1.4:1).";
const INVERTED: &str = "qrSettings.color must be darker than bgColor: many scanners cannot read light modules on a \
                        dark background (got #ffffff on #1d3557); swap the two colours.";

fn low_contrast() -> Value {
    json!({ "color": "#999999", "bgColor": "#bbbbbb" })
}

fn inverted() -> Value {
    json!({ "color": "#FFFFFF", "bgColor": "#1d3557" })
}

fn with_qr(mut body: Value, qr: Value) -> Value {
    body["qrSettings"] = qr;
    body
}

#[tokio::test]
async fn low_contrast_and_inverted_colours_are_refused_on_http_create() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let answer = app.create(&ws, with_qr(simple_link("Grey"), low_contrast())).await;
    assert_rejected(answer, StatusCode::BAD_REQUEST, LOW_CONTRAST, "qrSettings.bgColor");
    let answer = app.create(&ws, with_qr(simple_link("Night"), inverted())).await;
    assert_rejected(answer, StatusCode::BAD_REQUEST, INVERTED, "qrSettings.color");
}

#[tokio::test]
async fn low_contrast_and_inverted_colours_are_refused_on_http_update_and_the_link_keeps_its_settings() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app
        .create_ok(&ws, with_qr(simple_link("Kept"), json!({ "color": "#1d3557" })))
        .await;
    let answer = app.update(&ws, &id, json!({ "qrSettings": low_contrast() })).await;
    assert_rejected(answer, StatusCode::BAD_REQUEST, LOW_CONTRAST, "qrSettings.bgColor");
    let answer = app.update(&ws, &id, json!({ "qrSettings": inverted() })).await;
    assert_rejected(answer, StatusCode::BAD_REQUEST, INVERTED, "qrSettings.color");
    let stored = app.stored(&id).await.unwrap();
    assert_eq!(stored.link.settings.qr_settings.color.as_str(), "#1d3557");
}

#[tokio::test]
async fn a_bulk_item_with_unscannable_colours_fails_alone_with_the_sentence() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = app
        .bulk(
            &ws,
            json!([with_qr(simple_link("Grey"), low_contrast()), simple_link("Fine")]),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["created"].as_array().unwrap().len(), 1);
    assert_eq!(body["failed"][0]["error"], LOW_CONTRAST);
}

#[tokio::test]
async fn mcp_create_link_and_update_link_take_qr_settings_and_refuse_the_same_colours_with_the_same_sentence() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .tool_in(&ws, "create_link", with_qr(link("Grey"), low_contrast()))
        .await;
    assert_eq!(answer.error(), (-32602, LOW_CONTRAST));
    assert_eq!(answer.body["error"]["data"]["field"], "qrSettings.bgColor");

    let created = app
        .tool_in(
            &ws,
            "create_link",
            with_qr(link("Brand"), json!({ "color": "#0d47a1", "bgColor": "#e3f2fd" })),
        )
        .await;
    let id = created.structured()["id"].clone();
    let answer = app
        .tool_in(&ws, "update_link", json!({ "linkId": id, "qrSettings": inverted() }))
        .await;
    assert_eq!(answer.error(), (-32602, INVERTED));
    assert_eq!(answer.body["error"]["data"]["field"], "qrSettings.color");
    let record = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    assert_eq!(
        record.structured()["qrSettings"],
        json!({ "color": "#0d47a1", "bgColor": "#e3f2fd", "useLogo": false })
    );
}

#[tokio::test]
async fn mcp_bulk_items_with_unscannable_colours_fail_alone() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .tool_in(
            &ws,
            "bulk_create_links",
            json!({ "links": [with_qr(link("Night"), inverted()), link("Day")] }),
        )
        .await;
    let result = answer.structured();
    assert_eq!(result["created"].as_array().unwrap().len(), 1);
    assert_eq!(result["failed"][0]["error"], INVERTED);
}

#[tokio::test]
async fn a_logo_that_is_not_https_or_of_another_image_type_is_refused_when_saved() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let answer = app
        .create(
            &ws,
            with_qr(
                simple_link("Plain http"),
                json!({ "useLogo": true, "logo": "http://example.com/logo.png" }),
            ),
        )
        .await;
    assert_rejected(
        answer,
        StatusCode::BAD_REQUEST,
        "qrSettings.logo must be an https URL or an image data URL (data:image/png;base64,...); logos are fetched \
         over https only.",
        "qrSettings.logo",
    );
    let answer = app
        .create(
            &ws,
            with_qr(
                simple_link("Gif"),
                json!({ "useLogo": true, "logo": "data:image/gif;base64,R0lGODlh" }),
            ),
        )
        .await;
    assert_rejected(
        answer,
        StatusCode::BAD_REQUEST,
        "qrSettings.logo must be a PNG, JPEG, SVG or WebP image (got image/gif).",
        "qrSettings.logo",
    );
}
