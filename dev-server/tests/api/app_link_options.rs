//! The editor's link options: a fallback URL and UTM parameters saved as the API saves them,
//! refused beside their fields, and shown again when the link is edited.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::app_editor::{first_link_id, three_rules};
use crate::helpers::spawn_app;
use crate::pages_support::signed_in_owner;

#[tokio::test]
async fn a_fallback_and_utm_typed_in_the_editor_are_saved_and_shown_again() {
    let app = spawn_app().await;
    let (mut browser, email, ws) = signed_in_owner(&app, "Acme").await;
    let new = format!("/app/w/{ws}/links/new");
    let form = browser.get(&new).await;
    let mut fields = three_rules();
    fields.extend([
        ("fallbackUrl", "https://example.com/ended"),
        ("utm.source", "newsletter"),
        ("utm.campaign", "spring"),
    ]);
    let created = browser.submit(&new, &form, &fields).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.html);
    let id = first_link_id(&browser.get(created.location().unwrap()).await);
    let key = app.key_of(&email).await;
    let (_, link) = app
        .request(
            Method::GET,
            &format!("/apiv1/links/{id}?workspaceId={ws}"),
            Some(&key),
            None,
        )
        .await;
    assert_eq!(link["fallbackUrl"], "https://example.com/ended");
    assert_eq!(link["utm"], json!({ "source": "newsletter", "campaign": "spring" }));
    let edit = browser.get(&format!("/app/w/{ws}/links/{id}/edit")).await;
    assert!(
        edit.html
            .contains("name=\"fallbackUrl\" value=\"https://example.com/ended\"")
    );
    assert!(edit.html.contains("name=\"utm.campaign\" value=\"spring\""));
}

#[tokio::test]
async fn a_utm_value_too_long_is_refused_beside_its_field() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let new = format!("/app/w/{ws}/links/new");
    let form = browser.get(&new).await;
    let long = "m".repeat(256);
    let mut fields = three_rules();
    fields.push(("utm.medium", &long));
    let refused = browser.submit(&new, &form, &fields).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused.html.contains(
            "<p class=\"field-error\" id=\"f-utm-medium-error\">utm.medium must be at most 255 characters (got 256).</p>"
        ),
        "{}",
        refused.html
    );
}

#[tokio::test]
async fn clearing_the_fallback_in_the_editor_removes_it() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let new = format!("/app/w/{ws}/links/new");
    let form = browser.get(&new).await;
    let mut fields = three_rules();
    fields.push(("fallbackUrl", "https://example.com/ended"));
    fields.push(("active", "on"));
    let created = browser.submit(&new, &form, &fields).await;
    let id = first_link_id(&browser.get(created.location().unwrap()).await);
    let path = format!("/app/w/{ws}/links/{id}/edit");
    let form = browser.get(&path).await;
    let saved = browser.submit(&path, &form, &three_rules()).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
    let stored = app.stored(&id).await.unwrap();
    assert_eq!(stored.link.settings.fallback_url, None);
}

#[tokio::test]
async fn a_password_set_in_the_editor_protects_the_link_and_is_never_shown_back() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let new = format!("/app/w/{ws}/links/new");
    let form = browser.get(&new).await;
    let mut fields = three_rules();
    fields.push(("password", "open sesame"));
    let created = browser.submit(&new, &form, &fields).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.html);
    let id = first_link_id(&browser.get(created.location().unwrap()).await);
    assert_eq!(app.get("spring", &[]).await.status, StatusCode::UNAUTHORIZED);
    let path = format!("/app/w/{ws}/links/{id}/edit");
    let edit = browser.get(&path).await;
    assert!(edit.html.contains("This link has a password."));
    assert!(!edit.html.contains("open sesame"));
    let mut fields = three_rules();
    fields.extend([("passwordProtected", "on"), ("removePassword", "on")]);
    let saved = browser.submit(&path, &edit, &fields).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
    assert_eq!(app.stored(&id).await.unwrap().link.settings.password_hash, None);
}

#[tokio::test]
async fn without_javascript_fill_in_copies_the_chosen_utm_template_into_the_fields() {
    let app = spawn_app().await;
    let (mut browser, email, ws) = signed_in_owner(&app, "Acme").await;
    let key = app.key_of(&email).await;
    let body = json!({ "workspaceId": ws, "name": "Newsletter", "source": "newsletter", "campaign": "spring" });
    let (_, created) = app.call(Method::POST, "/apiv1/utm-template/create", &key, body).await;
    let template = created["id"].as_str().unwrap().to_string();
    let new = format!("/app/w/{ws}/links/new");
    let form = browser.get(&new).await;
    assert!(
        form.html.contains(">Newsletter</option>"),
        "the dropdown lists the template"
    );
    let mut fields = three_rules();
    fields.extend([("utmTemplate", template.as_str()), ("action", "fill-utm")]);
    let shown = browser.submit(&new, &form, &fields).await;
    assert_eq!(shown.status, StatusCode::OK, "nothing saved yet");
    assert!(shown.html.contains("name=\"utm.source\" value=\"newsletter\""));
    assert!(shown.html.contains("name=\"utm.campaign\" value=\"spring\""));
    assert!(shown.html.contains("name=\"utm.medium\" value=\"\""));
}
