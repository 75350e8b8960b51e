//! Every sample event in `events/` is a real API Gateway v2 event its handler accepts.

use std::sync::Arc;

use lambda_http::Body;
use lib::admin::NewWorkspace;
use lib::domain::ApiKeyRecord;
use lib::service::accounts::hash_api_key;
use serde_json::Value;

use crate::helpers::{TestApp, oid, spawn_app};

const EVENT_KEY: &str = "slk_0123456789abcdef0123456789abcdef0123456789abcdef";
const EVENT_WORKSPACE: &str = "64656d6f0000000000000001";
const EVENT_LINK: &str = "6b02e6d4069c6b5b72ddaf49";
const EVENT_TAG: &str = "6b02e6d4069c6b5b72ddaf4a";

/// Seeds the user, key and workspace the sample events name.
pub(crate) async fn seed_event_identity(app: &TestApp) {
    let owner = app.user().await;
    let user = app.service.user(&oid(&owner)).await.unwrap().unwrap();
    let record = ApiKeyRecord {
        user_id: user.id.clone(),
        http_api: true,
        mcp_enabled: true,
        mcp_scopes: lib::domain::Scope::ALL.to_vec(),
        prefix: None,
        created_at: chrono::Utc::now(),
    };
    app.store()
        .rotate_api_key(&user, &hash_api_key(EVENT_KEY), &record)
        .await
        .unwrap();
    let options = NewWorkspace {
        id: Some(oid(EVENT_WORKSPACE)),
        name: "Events".into(),
        ..Default::default()
    };
    lib::admin::create_workspace(&app.service, user.email.as_str(), options)
        .await
        .unwrap();
}

/// Loads an event file, pointing any `linkId` in its body at `link_id`.
fn load_event(name: &str, link_id: Option<&str>) -> lambda_http::Request {
    let path = format!("{}/../events/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut event: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("event file")).expect("json");
    if let Some(link_id) = link_id {
        let mut body: Value = serde_json::from_str(event["body"].as_str().unwrap()).unwrap();
        assert_eq!(body["linkId"], EVENT_LINK, "{name} names the documented sample link");
        body["linkId"] = Value::String(link_id.to_string());
        event["body"] = Value::String(body.to_string());
    }
    lambda_http::request::from_str(&event.to_string()).expect("a valid API Gateway v2 event")
}

async fn run(app: &TestApp, name: &str, link_id: Option<&str>) -> Value {
    let service: Arc<lib::service::Service> = app.service.clone();
    let request = load_event(name, link_id);
    let response = match name {
        "create-link.json" => create_link::handler(&service, request).await,
        "update-link.json" => update_link::handler(&service, request).await,
        "delete-link.json" => delete_link::handler(&service, request).await,
        "bulk-create-links.json" => bulk_create_links::handler(&service, request).await,
        other => panic!("no handler for {other}"),
    }
    .expect("handler");
    let text = match response.body() {
        Body::Text(text) => text.clone(),
        other => panic!("unexpected body {other:?}"),
    };
    assert_eq!(response.status(), 200, "{name}: {text}");
    serde_json::from_str(&text).unwrap()
}

#[tokio::test]
async fn every_sample_event_is_accepted_by_its_handler() {
    let app = spawn_app().await;
    seed_event_identity(&app).await;
    let created = run(&app, "create-link.json", None).await;
    assert_eq!(created["slug"], "spring-sale");
    let id = created["id"].as_str().unwrap().to_string();
    let updated = run(&app, "update-link.json", Some(&id)).await;
    assert_eq!(updated["id"], id.as_str());
    assert_eq!(
        app.stored(&id).await.unwrap().link.settings.name.as_str(),
        "Spring sale (extended)"
    );
    let bulk = run(&app, "bulk-create-links.json", None).await;
    assert_eq!(bulk["created"].as_array().unwrap().len(), 2);
    run(&app, "delete-link.json", Some(&id)).await;
    assert!(app.stored(&id).await.is_none());
}

#[tokio::test]
async fn every_function_has_one_sample_event() {
    let dir = format!("{}/../events", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    // A function without a file has the event generated from its route.
    names.extend(
        lib::manifest::FUNCTIONS
            .iter()
            .filter(|f| dev_server::sample_events::generated_event(f).is_some())
            .map(|f| format!("{}.json", f.name)),
    );
    names.sort();
    names.dedup();
    let mut expected: Vec<String> = lib::manifest::FUNCTIONS
        .iter()
        .map(|f| format!("{}.json", f.name))
        .collect();
    expected.sort();
    assert_eq!(names, expected);
}

#[tokio::test]
async fn the_redirect_event_from_cloudfront_is_served_and_counted() {
    let app = spawn_app().await;
    seed_event_identity(&app).await;
    lib::admin::add_domain(&app.service, EVENT_WORKSPACE, "go.example.com", true)
        .await
        .unwrap();
    let ws = crate::helpers::TestWorkspace {
        id: EVENT_WORKSPACE.into(),
        key: EVENT_KEY.into(),
        owner: String::new(),
    };
    let id = app
        .create_ok(
            &ws,
            serde_json::json!({ "name": "Spring", "slug": "spring-sale", "domain": "go.example.com", "rules": [
                { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"], "city": ["münchen"] },
                { "targetUrl": "https://example.com/", "isDefault": true } ] }),
        )
        .await;
    let redirector =
        lib::redirect::Redirector::new((*app.service).clone()).with_visitor_key(lib::testing::visitor_key());
    let response = redirect::handler(&redirector, load_event("redirect.json", None))
        .await
        .expect("handler");
    redirector.after().settled().await;
    assert_eq!(response.status(), 302);
    assert_eq!(
        response.headers()["location"],
        "https://example.com/de?utm_source=newsletter"
    );
    let clicks = app.clicks(&id).await;
    assert_eq!(clicks.len(), 1);
    assert_eq!(
        (clicks[0].country.as_deref(), clicks[0].city.as_deref()),
        (Some("DE"), Some("München"))
    );
    assert_eq!(clicks[0].referrer.as_deref(), Some("google.com"));
    let ua = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
    assert_eq!(
        clicks[0].visitor,
        lib::visitor::visitor_hash(&lib::testing::visitor_key(), "198.51.100.23", ua),
        "the viewer address, not CloudFront's IP"
    );
    assert_eq!(
        clicks[0].area,
        lib::domain::Area::new(48.1, 11.6),
        "CloudFront's viewer position"
    );
}

/// The secret the sample `visitor-location.json` event's grant is signed with (an example for
/// `sam local invoke` only; a deployment's comes from Secrets Manager).
const EVENT_SIGNING_SECRET: &str = "events-sample-visitor-signing-secret-0123456789";

#[tokio::test]
async fn the_location_event_from_cloudfront_is_kept_for_its_click() {
    let app = spawn_app().await;
    // Twenty seconds after the sample click its grant names.
    app.clock.set("2026-11-22T12:00:20Z".parse().unwrap());
    let key = lib::redirect::location_key_from(Some(EVENT_SIGNING_SECRET.into())).unwrap();
    let door = lib::redirect::location::LocationDoor::new((*app.service).clone(), key);
    let response = visitor_location::handler(&door, load_event("visitor-location.json", None))
        .await
        .expect("handler");
    assert_eq!(response.status(), 204);
    let shared = app
        .store()
        .shared_locations_on(&oid(EVENT_WORKSPACE), "2026-11-22".parse().unwrap())
        .await
        .unwrap();
    assert_eq!(shared.len(), 1);
    assert_eq!(shared[0].link_id, oid(EVENT_LINK));
    assert_eq!(shared[0].cell, lib::domain::Cell::of(48.137, 11.576));
    assert_eq!(shared[0].replaces, lib::domain::Area::new(48.1, 11.6));
}

/// A handler's answer to an event file in which `EVENT_LINK` is replaced by `link_id`.
pub(crate) async fn answer(app: &TestApp, name: &str, link_id: &str) -> (u16, Value) {
    answer_with(app, name, &[(EVENT_LINK, link_id), (EVENT_TAG, link_id)]).await
}

/// A handler's answer to an event file with each `(from, to)` of `replacements` made.
pub(crate) async fn answer_with(app: &TestApp, name: &str, replacements: &[(&str, &str)]) -> (u16, Value) {
    let function = name
        .strip_suffix(".json")
        .and_then(lib::manifest::function)
        .expect("a function's event");
    let text = replacements.iter().fold(
        dev_server::sample_events::sample_event(function).expect("a sample event"),
        |text, (from, to)| text.replace(from, to),
    );
    let request = lambda_http::request::from_str(&text).expect("a valid API Gateway v2 event");
    let response = dev_server::handlers::call(&app.functions, function.name, request)
        .await
        .expect("handler");
    let text = match response.body() {
        Body::Text(text) => text.clone(),
        other => panic!("unexpected body {other:?}"),
    };
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (response.status().as_u16(), value)
}

#[tokio::test]
async fn the_read_and_mcp_events_are_accepted_by_their_handlers() {
    let app = spawn_app().await;
    seed_event_identity(&app).await;
    let created = run(&app, "create-link.json", None).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (status, record) = answer(&app, "get-link.json", &id).await;
    assert_eq!(
        (status, record["slug"].as_str()),
        (200, Some("spring-sale")),
        "{record}"
    );
    let (status, page) = answer(&app, "list-links.json", &id).await;
    assert_eq!(
        (status, page["links"][0]["id"].as_str()),
        (200, Some(id.as_str())),
        "{page}"
    );
    let (status, reply) = answer(&app, "mcp.json", &id).await;
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["result"]["structuredContent"]["links"][0]["id"], id.as_str());
    assert_eq!(reply["result"]["resultType"], "complete");
}

#[tokio::test]
async fn the_qr_event_is_answered_with_a_png_as_a_binary_body() {
    let app = spawn_app().await;
    seed_event_identity(&app).await;
    let created = run(&app, "create-link.json", None).await;
    let id = created["id"].as_str().unwrap().to_string();
    let path = format!("{}/../events/link-qr.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path)
        .expect("event file")
        .replace(EVENT_LINK, &id);
    let request = lambda_http::request::from_str(&text).expect("a valid API Gateway v2 event");
    let response = link_qr::handler(&app.service, request).await.expect("handler");
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    let Body::Binary(png) = response.body() else {
        panic!("a PNG is a binary body (lambda_http sends it base64-encoded)");
    };
    let full_link = created["fullLink"].as_str().unwrap();
    assert_eq!(lib::testing::qr::decode_png(png), [Ok(format!("{full_link}?qr=1"))]);
}

#[tokio::test]
async fn the_analytics_and_fallback_events_are_answered_by_their_handlers() {
    let app = spawn_app().await;
    seed_event_identity(&app).await;
    let created = run(&app, "create-link.json", None).await;
    let id = created["id"].as_str().unwrap().to_string();
    let (status, report) = answer(&app, "link-analytics.json", &id).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["dailyTraffic"].as_object().unwrap().len(), 22);
    let (status, report) = answer(&app, "workspace-analytics.json", &id).await;
    assert_eq!(
        (status, report["totals"]["total"].clone()),
        (200, serde_json::json!(0)),
        "{report}"
    );
    let (status, refusal) = answer(&app, "fallback.json", &id).await;
    assert_eq!(
        (status, refusal),
        (
            405,
            serde_json::json!({ "error": "/apiv1/link/create does not answer PATCH; use POST." })
        )
    );
}

#[tokio::test]
async fn the_api_docs_event_is_answered_with_the_openapi_document() {
    let app = spawn_app().await;
    let (status, document) = answer(&app, "api-docs.json", EVENT_LINK).await;
    assert_eq!(status, 200);
    assert_eq!(&document, lib::openapi::document());
}

#[tokio::test]
async fn the_account_event_is_answered_with_the_sign_in_page() {
    let app = spawn_app().await;
    let (status, page) = answer(&app, "account.json", EVENT_LINK).await;
    let html = page.as_str().expect("an HTML page");
    assert_eq!(status, 200);
    assert!(
        html.contains(r#"<form method="post" action="/account/sign-in""#),
        "{html}"
    );
    assert!(html.contains(r#"name="next" value="/account/integrations""#), "{html}");
}

#[tokio::test]
async fn the_oauth_event_registers_a_public_client_under_the_api_gateway_domain() {
    let app = spawn_app().await;
    let (status, registration) = answer(&app, "oauth.json", EVENT_LINK).await;
    assert_eq!(status, 201, "{registration}");
    assert!(registration["client_id"].as_str().unwrap().starts_with("slc_"));
    assert_eq!(registration["client_name"], "Claude");
    assert_eq!(registration["token_endpoint_auth_method"], "none");
}

#[tokio::test]
async fn the_app_event_is_answered_with_the_home_page() {
    let app = spawn_app().await;
    let (status, page) = answer(&app, "app.json", EVENT_LINK).await;
    let html = page.as_str().expect("an HTML page");
    assert_eq!(status, 200);
    assert!(html.contains("https://api.example.com/apiv1/mcp"), "{html}");
    assert!(html.contains(r#"href="/account/sign-in"#), "{html}");
}

#[tokio::test]
async fn the_stream_event_is_folded_by_the_click_aggregator() {
    let app = spawn_app().await;
    let path = format!("{}/../events/click-aggregator.json", env!("CARGO_MANIFEST_DIR"));
    let event: aws_lambda_events::event::dynamodb::Event =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).expect("a DynamoDB stream event");
    let context = lambda_runtime::Context::default();
    let report = click_aggregator::handler(&app.service, lambda_runtime::LambdaEvent::new(event, context))
        .await
        .expect("folded");
    assert_eq!(report.records, 1);
    assert!(report.updates_applied > 0);
}

#[tokio::test]
async fn the_tag_and_domain_events_are_accepted_by_their_handlers() {
    let app = spawn_app().await;
    seed_event_identity(&app).await;
    let (status, created) = answer(&app, "create-tag.json", "").await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let (status, listed) = answer(&app, "list-tags.json", &id).await;
    assert_eq!(
        (status, listed["tags"][0]["id"].as_str()),
        (200, Some(id.as_str())),
        "{listed}"
    );
    let (status, updated) = answer(&app, "update-tag.json", &id).await;
    assert_eq!(
        (status, updated["message"].as_str()),
        (200, Some("Tag \"Spring 2027\" updated."))
    );
    let (status, deleted) = answer(&app, "delete-tag.json", &id).await;
    assert_eq!(status, 200, "{deleted}");
    let (status, domains) = answer(&app, "list-domains.json", &id).await;
    assert_eq!(
        (status, domains["domains"][0]["isDefault"].as_bool()),
        (200, Some(true)),
        "{domains}"
    );
}

#[tokio::test]
async fn the_utm_template_events_are_accepted_by_their_handlers() {
    let app = spawn_app().await;
    seed_event_identity(&app).await;
    let (status, created) = answer(&app, "create-utm-template.json", "").await;
    assert_eq!(
        (status, created["message"].as_str()),
        (200, Some("UTM template \"Newsletter\" created.")),
        "{created}"
    );
    let id = created["id"].as_str().unwrap().to_string();
    let (status, listed) = answer(&app, "list-utm-templates.json", &id).await;
    assert_eq!(
        (status, listed["templates"][0]["medium"].as_str()),
        (200, Some("email")),
        "{listed}"
    );
    let (status, deleted) = answer(&app, "delete-utm-template.json", &id).await;
    assert_eq!(status, 200, "{deleted}");
}

#[tokio::test]
async fn the_schedule_event_runs_the_domain_check() {
    let app = spawn_app().await;
    let path = format!("{}/../events/domain-check.json", env!("CARGO_MANIFEST_DIR"));
    let event: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).expect("a schedule event");
    let context = lambda_runtime::Context::default();
    domain_check::handler(&app.service, lambda_runtime::LambdaEvent::new(event, context))
        .await
        .expect("re-checked");
}
