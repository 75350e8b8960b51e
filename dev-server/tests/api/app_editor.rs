//! The app's link editor: creating, editing and deleting links through the pages, with the
//! service's refusals shown beside the fields they name.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::pages_support::{Browser, PageAnswer, signed_in_owner};

/// The editor's fields for a link with three conditional rules and a default.
pub fn three_rules() -> Vec<(&'static str, &'static str)> {
    vec![
        ("name", "Spring sale"),
        ("default.targetUrl", "https://example.com/"),
        ("domain", "sl.test"),
        ("slug", "spring"),
        ("active", "on"),
        ("rules[0].targetUrl", "https://example.com/de"),
        ("rules[0].country", "DE"),
        ("rules[0].country", "AT"),
        ("rules[1].targetUrl", "https://example.com/iphone"),
        ("rules[1].os", "iOS"),
        ("rules[1].device", "mobile"),
        ("rules[2].targetUrl", "https://example.com/weekend"),
        ("rules[2].daysOfWeek", "0"),
        ("rules[2].daysOfWeek", "6"),
        ("rules[2].timeStart", "22:00"),
        ("rules[2].timeEnd", "06:00"),
        ("qrSettings.color", "#112233"),
        ("qrSettings.bgColor", "#ffffff"),
    ]
}

/// The link the API reads back for `id`.
async fn read_back(app: &TestApp, key: &str, ws: &str, id: &str) -> (StatusCode, Value) {
    app.request(
        Method::GET,
        &format!("/apiv1/links/{id}?workspaceId={ws}"),
        Some(key),
        None,
    )
    .await
}

/// The id of the first link the links page lists.
pub fn first_link_id(page: &PageAnswer) -> String {
    let end = page.html.find("/edit\"").expect("a link on the page");
    page.html[end - 24..end].to_string()
}

/// Creates the three-rule link through the editor; returns its id.
pub async fn create_three_rules(browser: &mut Browser<'_>, ws: &str) -> String {
    let form = browser.get(&format!("/app/w/{ws}/links/new")).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.html);
    let created = browser
        .submit(&format!("/app/w/{ws}/links/new"), &form, &three_rules())
        .await;
    assert_eq!(created.status, StatusCode::SEE_OTHER, "{}", created.html);
    let list = browser.get(created.location().unwrap()).await;
    first_link_id(&list)
}

#[tokio::test]
async fn a_link_made_in_the_editor_is_the_link_the_api_reads_back() {
    let app = spawn_app().await;
    let (mut browser, email, ws) = signed_in_owner(&app, "Acme").await;
    let id = create_three_rules(&mut browser, &ws).await;
    let (status, link) = read_back(&app, &app.key_of(&email).await, &ws, &id).await;
    assert_eq!(status, StatusCode::OK, "{link}");
    assert_eq!(link["slug"], "spring");
    let rules = link["rules"].as_array().unwrap();
    assert_eq!(rules.len(), 4);
    assert_eq!(rules[0]["country"], json!(["DE", "AT"]));
    assert_eq!(rules[1]["os"], json!(["iOS"]));
    assert_eq!(rules[2]["daysOfWeek"], json!([0, 6]));
    assert_eq!(
        (rules[2]["timeStart"].clone(), rules[2]["timeEnd"].clone()),
        (json!("22:00"), json!("06:00"))
    );
    assert_eq!(rules[3]["isDefault"], true);
    assert_eq!(link["qrSettings"]["color"], "#112233");
}

#[tokio::test]
async fn the_list_says_which_link_was_just_created_once() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    create_three_rules(&mut browser, &ws).await;
    // create_three_rules followed the redirect: that page showed the notice and forgot it.
    let again = browser.get(&format!("/app/w/{ws}/links")).await;
    assert!(!again.html.contains("created."), "the notice is shown once");
    assert!(again.html.contains("Spring sale"));
}

#[tokio::test]
async fn the_builder_buttons_change_the_form_without_saving() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let form = browser.get(&format!("/app/w/{ws}/links/new")).await;
    let mut fields = three_rules();
    fields.push(("action", "rule-up-2"));
    let shown = browser.submit(&format!("/app/w/{ws}/links/new"), &form, &fields).await;
    assert_eq!(shown.status, StatusCode::OK);
    let weekend = shown.html.find("https://example.com/weekend").unwrap();
    let iphone = shown.html.find("https://example.com/iphone").unwrap();
    assert!(weekend < iphone, "the third rule moved above the second");
    assert!(
        shown
            .html
            .contains("name=\"rules[1].targetUrl\" value=\"https://example.com/weekend\"")
    );
    let list = browser.get(&format!("/app/w/{ws}/links")).await;
    assert!(list.html.contains("Get started"), "nothing was saved");
}

#[tokio::test]
async fn an_edit_form_shows_the_services_error_next_to_the_field() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let id = create_three_rules(&mut browser, &ws).await;
    let path = format!("/app/w/{ws}/links/{id}/edit");
    let form = browser.get(&path).await;
    let mut fields: Vec<(&str, &str)> = three_rules()
        .into_iter()
        .filter(|(name, _)| !name.starts_with("rules[1]"))
        .collect();
    fields.extend([
        ("rules[1].targetUrl", "https://example.com/paris"),
        ("rules[1].city", "Paris"),
    ]);
    let refused = browser.submit(&path, &form, &fields).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused.html.contains(
            "<p class=\"field-error\" id=\"f-rules-1-city-error\">rules[1].city requires country on the same rule.</p>"
        ),
        "{}",
        refused.html
    );
    assert!(
        refused
            .html
            .contains("aria-invalid=\"true\" aria-describedby=\"f-rules-1-city-error\"")
    );
    assert!(refused.html.contains("<a href=\"#f-rules-1-city\">Go to the field</a>"));
    assert!(refused.html.contains(">Paris</textarea>"), "what was typed is kept");
}

#[tokio::test]
async fn a_taken_slug_is_refused_beside_the_slug() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    create_three_rules(&mut browser, &ws).await;
    let form = browser.get(&format!("/app/w/{ws}/links/new")).await;
    let refused = browser
        .submit(&format!("/app/w/{ws}/links/new"), &form, &three_rules())
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(
        refused
            .html
            .contains("<p class=\"field-error\" id=\"f-slug-error\">This slug is already taken.</p>")
    );
}

#[tokio::test]
async fn a_number_typed_as_words_is_refused_as_the_api_refuses_it() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let form = browser.get(&format!("/app/w/{ws}/links/new")).await;
    let mut fields = three_rules();
    fields.push(("clicksLimit", "ten"));
    let refused = browser.submit(&format!("/app/w/{ws}/links/new"), &form, &fields).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused
            .html
            .contains("id=\"f-clicksLimit-error\">clicksLimit has the wrong type"),
        "{}",
        refused.html
    );
}

#[tokio::test]
async fn weights_that_do_not_make_100_are_refused_beside_the_variants() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let form = browser.get(&format!("/app/w/{ws}/links/new")).await;
    let mut fields = three_rules();
    fields.extend([
        ("abTest.enabled", "on"),
        ("abTest.variants[0].id", "a"),
        ("abTest.variants[0].name", "Blue"),
        ("abTest.variants[0].url", "https://example.com/blue"),
        ("abTest.variants[0].weight", "60"),
        ("abTest.variants[1].id", "b"),
        ("abTest.variants[1].name", "Green"),
        ("abTest.variants[1].url", "https://example.com/green"),
        ("abTest.variants[1].weight", "30"),
    ]);
    let refused = browser.submit(&format!("/app/w/{ws}/links/new"), &form, &fields).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused
            .html
            .contains("id=\"f-abTest-variants-error\">abTest.variants weights must sum to 100 (got 90).</p>"),
        "{}",
        refused.html
    );
    assert!(
        refused
            .html
            .contains("data-weight-sum aria-live=\"polite\">90</output>")
    );
}

#[tokio::test]
async fn editing_only_the_name_keeps_the_rules_and_their_ids() {
    let app = spawn_app().await;
    let (mut browser, email, ws) = signed_in_owner(&app, "Acme").await;
    let id = create_three_rules(&mut browser, &ws).await;
    let key = app.key_of(&email).await;
    let (_, before) = read_back(&app, &key, &ws, &id).await;
    let path = format!("/app/w/{ws}/links/{id}/edit");
    let form = browser.get(&path).await;
    let mut fields: Vec<(&str, &str)> = three_rules().into_iter().filter(|(n, _)| *n != "name").collect();
    fields.push(("name", "Spring sale, extended"));
    let saved = browser.submit(&path, &form, &fields).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
    assert_eq!(saved.location(), Some(path.as_str()));
    let (_, after) = read_back(&app, &key, &ws, &id).await;
    assert_eq!(after["name"], "Spring sale, extended");
    assert_eq!(
        after["rules"], before["rules"],
        "rule ids (the keys of rulesStats) survive"
    );
    let page = browser.get(&path).await;
    assert!(page.html.contains("Link updated."));
}

#[tokio::test]
async fn reordering_two_rules_in_the_editor_saves_the_new_order() {
    let app = spawn_app().await;
    let (mut browser, email, ws) = signed_in_owner(&app, "Acme").await;
    let id = create_three_rules(&mut browser, &ws).await;
    let path = format!("/app/w/{ws}/links/{id}/edit");
    let form = browser.get(&path).await;
    let mut fields = three_rules();
    fields.push(("action", "rule-down-0"));
    let moved = browser.submit(&path, &form, &fields).await;
    let rule = |html: &str, i: usize| {
        let marker = format!("name=\"rules[{i}].targetUrl\" value=\"");
        let start = html.find(&marker).unwrap() + marker.len();
        html[start..start + html[start..].find('"').unwrap()].to_string()
    };
    assert_eq!(rule(&moved.html, 0), "https://example.com/iphone");
    let reordered = [
        ("rules[0].targetUrl", "https://example.com/iphone"),
        ("rules[0].os", "iOS"),
        ("rules[0].device", "mobile"),
        ("rules[1].targetUrl", "https://example.com/de"),
        ("rules[1].country", "DE"),
        ("rules[1].country", "AT"),
    ];
    let mut fields: Vec<(&str, &str)> = three_rules()
        .into_iter()
        .filter(|(n, _)| !n.starts_with("rules[0]") && !n.starts_with("rules[1]"))
        .collect();
    fields.extend(reordered);
    let saved = browser.submit(&path, &moved, &fields).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
    let (_, link) = read_back(&app, &app.key_of(&email).await, &ws, &id).await;
    assert_eq!(link["rules"][0]["targetUrl"], "https://example.com/iphone");
    assert_eq!(link["rules"][1]["targetUrl"], "https://example.com/de");
}

#[tokio::test]
async fn deleting_asks_first_and_then_deletes() {
    let app = spawn_app().await;
    let (mut browser, email, ws) = signed_in_owner(&app, "Acme").await;
    let id = create_three_rules(&mut browser, &ws).await;
    let path = format!("/app/w/{ws}/links/{id}/delete");
    let confirm = browser.get(&path).await;
    assert_eq!(confirm.status, StatusCode::OK);
    assert!(confirm.html.contains("Delete “Spring sale”?"));
    let key = app.key_of(&email).await;
    assert_eq!(
        read_back(&app, &key, &ws, &id).await.0,
        StatusCode::OK,
        "asking deletes nothing"
    );
    let deleted = browser.submit(&path, &confirm, &[]).await;
    assert_eq!(deleted.status, StatusCode::SEE_OTHER);
    let list = browser.get(deleted.location().unwrap()).await;
    assert!(
        list.html.contains("Link &#34;Spring sale&#34; deleted."),
        "{}",
        list.html
    );
    assert_eq!(read_back(&app, &key, &ws, &id).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_editor_post_without_the_csrf_token_changes_nothing() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let refused = browser.post(&format!("/app/w/{ws}/links/new"), &three_rules()).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let list = browser.get(&format!("/app/w/{ws}/links")).await;
    assert!(list.html.contains("Get started"), "no link was made");
}
