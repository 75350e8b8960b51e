//! The OpenAPI document and its reference page, as the dev server serves them: no key, the
//! document the code generates, the page under a CSP that runs no inline script.

use reqwest::{Method, StatusCode};

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_document_is_served_without_a_key() {
    let app = spawn_app().await;
    let answer = app.send(Method::GET, "/apiv1/openapi.json", None, &[], None).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.content_type(), Some("application/json"));
    assert_eq!(&answer.body, lib::openapi::document());
    assert_eq!(answer.header("ratelimit"), None, "the document is not rate-limited");
}

#[tokio::test]
async fn head_of_the_document_answers_its_headers_without_a_body() {
    let app = spawn_app().await;
    let answer = app.send(Method::HEAD, "/apiv1/openapi.json", None, &[], None).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body, serde_json::json!(""));
}

#[tokio::test]
async fn the_reference_page_runs_no_inline_script_and_loads_its_renderer_from_this_origin() {
    let app = spawn_app().await;
    let page = app.send(Method::GET, "/apiv1/docs", None, &[], None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.content_type(), Some("text/html; charset=utf-8"));
    let csp = page.header("content-security-policy").expect("a CSP");
    assert!(
        csp.contains("script-src 'self';") && !csp.contains("'unsafe-inline';script"),
        "{csp}"
    );
    let html = page.body.as_str().expect("HTML");
    assert!(html.contains(r#"<script src="docs/redoc.standalone.js"></script>"#));
    let script = app
        .send(Method::GET, "/apiv1/docs/redoc.standalone.js", None, &[], None)
        .await;
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(script.content_type(), Some("text/javascript; charset=utf-8"));
    assert_eq!(script.body.as_str().map(str::len), Some(api_docs::REDOC.len()));
}

#[tokio::test]
async fn another_method_on_the_document_is_405() {
    let app = spawn_app().await;
    let answer = app.send(Method::POST, "/apiv1/openapi.json", None, &[], None).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.header("allow"), Some("GET, HEAD"));
}
