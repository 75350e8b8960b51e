//! The tools added for the rest of the HTTP API (tags, UTM templates, webhooks, conversions)
//! answer what the HTTP API answers: the same call made through each door, on two workspaces
//! set up alike, gives the same answer, success or refusal.

use lib::testing::documents::DocumentServer;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_reaching};
use crate::mcp_support::{Answer, McpWorkspace, link};

/// An answer as both doors can be compared: the result, or `{ "error": sentence }`.
fn mcp_answer(answer: &Answer) -> Value {
    if answer.body.get("error").is_some() {
        json!({ "error": answer.error().1 })
    } else {
        answer.structured().clone()
    }
}

/// The HTTP API's answer to `method path` with `body` in `ws`, as [`mcp_answer`] shows it.
async fn http(app: &TestApp, ws: &McpWorkspace, method: Method, path: &str, mut body: Value) -> Value {
    let (status, answer) = if method == Method::GET {
        app.call(
            method,
            &format!("{path}?workspaceId={}", ws.id),
            &ws.mcp_key,
            Value::Null,
        )
        .await
    } else {
        body["workspaceId"] = json!(ws.id);
        app.call(method, path, &ws.mcp_key, body).await
    };
    if status == StatusCode::OK {
        answer
    } else {
        json!({ "error": answer["error"] })
    }
}

/// `value` without the fields that necessarily differ between two workspaces.
fn without(mut value: Value, fields: &[&str]) -> Value {
    for field in fields {
        value.as_object_mut().unwrap().remove(*field);
    }
    value
}

/// Two workspaces, each with a tag "spring" on one link; the tags' ids.
async fn tagged_pair(app: &TestApp) -> [(McpWorkspace, String); 2] {
    let mut pair = Vec::new();
    for _ in 0..2 {
        let ws = app.mcp_workspace().await;
        let tag = lib::admin::create_tag(&app.service, &ws.id, "spring")
            .await
            .unwrap()
            .id
            .to_string();
        let mut body = link("Tagged");
        body["tagIds"] = json!([tag]);
        app.create_ok(&ws.http, body).await;
        pair.push((ws, tag));
    }
    pair.try_into().unwrap()
}

#[tokio::test]
async fn update_tag_answers_as_the_http_api() {
    let app = spawn_app().await;
    let [(a, tag_a), (b, tag_b)] = tagged_pair(&app).await;
    let change = json!({ "name": "Spring 26", "color": "#0a0" });
    let mut via_mcp = change.clone();
    via_mcp["tagId"] = json!(tag_a);
    let mut via_http = change;
    via_http["tagId"] = json!(tag_b);
    let mcp = mcp_answer(&app.tool_in(&a, "update_tag", via_mcp).await);
    assert_eq!(mcp, json!({ "message": "Tag \"Spring 26\" updated." }));
    assert_eq!(mcp, http(&app, &b, Method::PUT, "/apiv1/tag/update", via_http).await);
    let bad = json!({ "tagId": tag_a, "color": "green" });
    assert_eq!(
        mcp_answer(&app.tool_in(&a, "update_tag", bad.clone()).await),
        http(&app, &a, Method::PUT, "/apiv1/tag/update", bad).await
    );
}

#[tokio::test]
async fn delete_tag_answers_as_the_http_api() {
    let app = spawn_app().await;
    let [(a, tag_a), (b, tag_b)] = tagged_pair(&app).await;
    let mcp = mcp_answer(
        &app.tool_in(&a, "delete_tag", json!({ "tagId": tag_a, "confirm": true }))
            .await,
    );
    assert_eq!(mcp["linksUntagged"], 1, "{mcp}");
    assert_eq!(
        mcp,
        http(&app, &b, Method::DELETE, "/apiv1/tag/delete", json!({ "tagId": tag_b })).await
    );
    let again = json!({ "tagId": tag_a });
    let mut confirmed = again.clone();
    confirmed["confirm"] = json!(true);
    assert_eq!(
        mcp_answer(&app.tool_in(&a, "delete_tag", confirmed).await),
        http(&app, &a, Method::DELETE, "/apiv1/tag/delete", again).await
    );
}

#[tokio::test]
async fn utm_template_tools_answer_as_the_http_api() {
    let app = spawn_app().await;
    let (a, b) = (app.mcp_workspace().await, app.mcp_workspace().await);
    let template = json!({ "name": "Newsletter", "source": "newsletter", "medium": "email" });
    let mcp = mcp_answer(&app.tool_in(&a, "create_utm_template", template.clone()).await);
    let id_a = mcp["id"].as_str().unwrap().to_string();
    let created = http(&app, &b, Method::POST, "/apiv1/utm-template/create", template.clone()).await;
    let id_b = created["id"].as_str().unwrap().to_string();
    assert_eq!(without(mcp, &["id"]), without(created, &["id"]));
    // A second template of the same name is refused alike.
    assert_eq!(
        mcp_answer(&app.tool_in(&a, "create_utm_template", template.clone()).await),
        http(&app, &a, Method::POST, "/apiv1/utm-template/create", template).await
    );
    let listed = mcp_answer(&app.tool_in(&a, "list_utm_templates", json!({})).await);
    assert_eq!(
        listed,
        http(&app, &a, Method::GET, "/apiv1/utm-templates", Value::Null).await
    );
    let deleted = mcp_answer(
        &app.tool_in(
            &a,
            "delete_utm_template",
            json!({ "templateId": id_a, "confirm": true }),
        )
        .await,
    );
    assert_eq!(deleted, json!({ "message": "UTM template \"Newsletter\" deleted." }));
    let body = json!({ "templateId": id_b });
    assert_eq!(
        deleted,
        http(&app, &b, Method::DELETE, "/apiv1/utm-template/delete", body).await
    );
}

#[tokio::test]
async fn webhook_tools_answer_as_the_http_api() {
    let receiver = DocumentServer::start().await;
    let app = spawn_reaching(receiver.fetcher()).await;
    let (a, b) = (app.mcp_workspace().await, app.mcp_workspace().await);
    let endpoint = json!({ "url": receiver.url("/in"), "events": ["link.created", "link.clicked"], "batch": true });
    let mcp = mcp_answer(&app.tool_in(&a, "create_webhook", endpoint.clone()).await);
    let created = http(&app, &b, Method::POST, "/apiv1/webhook/create", endpoint).await;
    assert!(mcp["secret"].as_str().unwrap().starts_with("whsec_"), "{mcp}");
    assert_eq!(
        without(mcp.clone(), &["id", "secret"]),
        without(created.clone(), &["id", "secret"])
    );
    let (id_a, id_b) = (mcp["id"].clone(), created["id"].clone());

    let records = |v: Value| -> Value {
        let mut v = v;
        for w in v["webhooks"].as_array_mut().unwrap() {
            w.as_object_mut().unwrap().remove("id");
            w.as_object_mut().unwrap().remove("createdAt");
            // Each was set up by its own workspace's key: the same kind, another key.
            assert_eq!(w["setUpBy"]["kind"], "apiKey", "{w}");
            w.as_object_mut().unwrap().remove("setUpBy");
        }
        v
    };
    let listed = mcp_answer(&app.tool_in(&a, "list_webhooks", json!({})).await);
    assert_eq!(listed["webhooks"][0]["id"], id_a);
    assert_eq!(
        records(listed),
        records(http(&app, &b, Method::GET, "/apiv1/webhooks", Value::Null).await)
    );

    let change = |id: &Value| json!({ "webhookId": id, "enabled": false, "events": ["link.deleted"] });
    let mcp = mcp_answer(&app.tool_in(&a, "update_webhook", change(&id_a)).await);
    let updated = http(&app, &b, Method::PUT, "/apiv1/webhook/update", change(&id_b)).await;
    assert_eq!(mcp["message"], "Webhook updated.");
    assert_eq!(
        without(mcp["webhook"].clone(), &["id", "createdAt", "setUpBy"]),
        without(updated["webhook"].clone(), &["id", "createdAt", "setUpBy"])
    );
    let bad = json!({ "webhookId": id_a, "events": ["link.exploded"] });
    assert_eq!(
        mcp_answer(&app.tool_in(&a, "update_webhook", bad.clone()).await),
        http(&app, &a, Method::PUT, "/apiv1/webhook/update", bad).await
    );

    let mcp = mcp_answer(
        &app.tool_in(&a, "delete_webhook", json!({ "webhookId": id_a, "confirm": true }))
            .await,
    );
    let body = json!({ "webhookId": id_b });
    assert_eq!(mcp, http(&app, &b, Method::DELETE, "/apiv1/webhook/delete", body).await);
    let gone = json!({ "webhookId": id_a });
    let mut confirmed = gone.clone();
    confirmed["confirm"] = json!(true);
    assert_eq!(
        mcp_answer(&app.tool_in(&a, "delete_webhook", confirmed).await),
        http(&app, &a, Method::DELETE, "/apiv1/webhook/delete", gone).await
    );
}

#[tokio::test]
async fn report_conversion_answers_as_the_http_api() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    app.tracked_ab_test(&ws.http, "ab").await;
    let (_, cid) = app.visit_for_id("ab", "DE").await;
    let sale = json!({ "clickId": cid, "event": "sale", "amount": 4900, "currency": "EUR" });
    let first = mcp_answer(&app.tool_in(&ws, "report_conversion", sale.clone()).await);
    assert_eq!(first["duplicate"], false, "{first}");
    // The repeat is a duplicate through either door, answering the first conversion.
    let again = mcp_answer(&app.tool_in(&ws, "report_conversion", sale.clone()).await);
    assert_eq!(again["duplicate"], true);
    assert_eq!(again["id"], first["id"]);
    assert_eq!(again, http(&app, &ws, Method::POST, "/apiv1/conversions", sale).await);
    let unpriced = json!({ "clickId": cid, "event": "sale", "amount": 10 });
    assert_eq!(
        mcp_answer(&app.tool_in(&ws, "report_conversion", unpriced.clone()).await),
        http(&app, &ws, Method::POST, "/apiv1/conversions", unpriced).await
    );
}
