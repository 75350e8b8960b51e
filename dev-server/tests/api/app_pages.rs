//! The app's pages: the home page, a workspace's links, and what a person may not see.

use lib::admin;
use reqwest::StatusCode;
use serde_json::json;

use crate::app_editor::create_three_rules;
use crate::helpers::{TestWorkspace, spawn_app};
use crate::pages_support::{Browser, PASSWORD, owner_with_workspace, signed_in_owner};

#[tokio::test]
async fn the_home_page_says_where_each_door_answers_to_someone_not_signed_in() {
    let app = spawn_app().await;
    let page = Browser::new(&app).get("/").await;
    assert_eq!(page.status, StatusCode::OK);
    for expected in [
        "/apiv1/mcp",
        "/apiv1",
        "/account/sign-in",
        "https://sl.test/&#60;slug&#62;",
    ] {
        assert!(page.html.contains(expected), "{expected} in {}", page.html);
    }
    assert!(
        page.html.contains("http://sl.test:"),
        "the dev server's own short-link address"
    );
}

#[tokio::test]
async fn a_signed_in_person_goes_from_home_to_their_first_workspaces_links() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let home = browser.get("/").await;
    assert_eq!((home.status, home.location()), (StatusCode::SEE_OTHER, Some("/app")));
    let start = browser.get("/app").await;
    let links = format!("/app/w/{ws}/links");
    assert_eq!(start.location(), Some(links.as_str()));
}

#[tokio::test]
async fn someone_not_signed_in_is_sent_to_sign_in_and_back() {
    let app = spawn_app().await;
    let (_, ws) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    let page = browser.get(&format!("/app/w/{ws}/links")).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let expected = format!("/account/sign-in?next=%2Fapp%2Fw%2F{ws}%2Flinks");
    assert_eq!(page.location(), Some(expected.as_str()));
}

#[tokio::test]
async fn a_workspace_without_links_shows_what_to_do_first() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let page = browser.get(&format!("/app/w/{ws}/links")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.html.contains("Get started"));
    assert!(page.html.contains(&format!("<code id=\"workspace-id\">{ws}</code>")));
    assert!(page.html.contains("/apiv1/mcp"), "where things run");
}

#[tokio::test]
async fn the_links_page_shows_each_links_status_destination_and_clicks() {
    let app = spawn_app().await;
    let (mut browser, email, ws_id) = signed_in_owner(&app, "Acme").await;
    let ws = TestWorkspace {
        id: ws_id.clone(),
        key: app.key_of(&email).await,
        owner: String::new(),
    };
    let later = (app.clock_now() + chrono::Duration::hours(1)).to_rfc3339();
    app.create_ok(
        &ws,
        json!({ "name": "Live", "slug": "live", "url": "https://example.com/live" }),
    )
    .await;
    app.create_ok(
        &ws,
        json!({ "name": "Off", "slug": "off", "url": "https://e.com/", "active": false }),
    )
    .await;
    app.create_ok(
        &ws,
        json!({ "name": "Soon over", "slug": "soon", "url": "https://e.com/", "expirationDate": later }),
    )
    .await;
    app.create_ok(
        &ws,
        json!({ "name": "Once", "slug": "once", "url": "https://e.com/", "clicksLimit": 1 }),
    )
    .await;
    app.get("live", &[]).await;
    app.get("once", &[]).await;
    app.aggregate().await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(2));
    let page = browser.get(&format!("/app/w/{ws_id}/links")).await;
    let row = |name: &str| {
        let start = page
            .html
            .find(&format!(">{name}</a>"))
            .unwrap_or_else(|| panic!("{name} listed"));
        page.html[start..start + page.html[start..].find("</li>").unwrap()].to_string()
    };
    assert!(row("Live").contains("badge ok\">active"));
    assert!(row("Live").contains("https://example.com/live"));
    assert!(row("Live").contains("<strong>1</strong> click</span>"));
    assert!(row("Off").contains("badge off\">inactive"));
    assert!(row("Soon over").contains(">expired"));
    assert!(row("Once").contains(">limit reached"));
    assert!(row("Live").contains("https://sl.test/live"), "the short link");
}

#[tokio::test]
async fn the_links_page_searches_by_name_or_slug_and_filters_by_tag() {
    let app = spawn_app().await;
    let (mut browser, email, ws_id) = signed_in_owner(&app, "Acme").await;
    let ws = TestWorkspace {
        id: ws_id.clone(),
        key: app.key_of(&email).await,
        owner: String::new(),
    };
    let tag = admin::create_tag(&app.service, &ws_id, "spring").await.unwrap().id;
    app.create_ok(
        &ws,
        json!({ "name": "Tulips", "slug": "t1", "url": "https://e.com/", "tagIds": [tag.to_string()] }),
    )
    .await;
    app.create_ok(
        &ws,
        json!({ "name": "Roses", "slug": "roses", "url": "https://e.com/" }),
    )
    .await;
    let searched = browser.get(&format!("/app/w/{ws_id}/links?q=ROS")).await;
    assert!(searched.html.contains(">Roses</a>") && !searched.html.contains(">Tulips</a>"));
    let tagged = browser.get(&format!("/app/w/{ws_id}/links?tag={tag}")).await;
    assert!(tagged.html.contains(">Tulips</a>") && !tagged.html.contains(">Roses</a>"));
    assert!(
        tagged
            .html
            .contains(&format!("<option value=\"{tag}\" selected>spring</option>"))
    );
}

#[tokio::test]
async fn the_links_page_pages_through_twenty_at_a_time_newest_first() {
    let app = spawn_app().await;
    let (mut browser, email, ws_id) = signed_in_owner(&app, "Acme").await;
    let ws = TestWorkspace {
        id: ws_id.clone(),
        key: app.key_of(&email).await,
        owner: String::new(),
    };
    let links: Vec<serde_json::Value> = (0..21)
        .map(|i| json!({ "name": format!("Link {i:02}"), "url": "https://e.com/" }))
        .collect();
    app.bulk(&ws, json!(links)).await;
    let first = browser.get(&format!("/app/w/{ws_id}/links")).await;
    assert_eq!(first.html.matches("class=\"card link-row\"").count(), 20);
    assert!(
        first
            .html
            .contains(&format!("href=\"/app/w/{ws_id}/links?page=2\">Older links"))
    );
    let second = browser.get(&format!("/app/w/{ws_id}/links?page=2")).await;
    assert_eq!(second.html.matches("class=\"card link-row\"").count(), 1);
    assert!(second.html.contains("Newer links"));
}

#[tokio::test]
async fn another_workspaces_link_by_url_tampering_is_refused() {
    let app = spawn_app().await;
    let (mut owner, _, theirs) = signed_in_owner(&app, "Theirs").await;
    let their_link = create_three_rules(&mut owner, &theirs).await;
    let (mut intruder, _, mine) = signed_in_owner(&app, "Mine").await;
    for path in [
        format!("/app/w/{mine}/links/{their_link}/edit"),
        format!("/app/w/{mine}/links/{their_link}/delete"),
    ] {
        let page = intruder.get(&path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(page.html.contains("Link not found."), "{}", page.html);
    }
    let analytics = intruder
        .get(&format!("/app/w/{mine}/links/{their_link}/analytics"))
        .await;
    assert_eq!(analytics.status, StatusCode::NOT_FOUND);
    assert!(analytics.html.contains("Link not found in this workspace."));
    let foreign = intruder.get(&format!("/app/w/{theirs}/links/{their_link}/edit")).await;
    assert_eq!(foreign.status, StatusCode::FORBIDDEN);
    assert!(foreign.html.contains("You do not have access to this workspace."));
    assert!(!foreign.html.contains("Spring sale"), "nothing of the link shows");
}

#[tokio::test]
async fn deleting_another_workspaces_link_by_a_forged_form_is_refused() {
    let app = spawn_app().await;
    let (mut owner, _, theirs) = signed_in_owner(&app, "Theirs").await;
    let their_link = create_three_rules(&mut owner, &theirs).await;
    let (mut intruder, _, mine) = signed_in_owner(&app, "Mine").await;
    let page = intruder.get(&format!("/app/w/{mine}/links")).await;
    let refused = intruder
        .submit(&format!("/app/w/{mine}/links/{their_link}/delete"), &page, &[])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(refused.html.contains("You do not have permission to delete this link."));
    let still = owner.get(&format!("/app/w/{theirs}/links/{their_link}/edit")).await;
    assert_eq!(still.status, StatusCode::OK, "the link is still there");
}

#[tokio::test]
async fn the_switcher_lists_every_workspace_of_the_person() {
    let app = spawn_app().await;
    let (mut browser, email, first) = signed_in_owner(&app, "Alpha").await;
    let (_, second) = owner_with_workspace(&app, "Beta").await;
    admin::add_member(&app.service, &second, &email, "member")
        .await
        .unwrap();
    let page = browser.get(&format!("/app/w/{first}/links")).await;
    assert!(
        page.html
            .contains(&format!("<a href=\"/app/w/{second}/links\">Beta</a>")),
        "{}",
        page.html
    );
    assert!(page.html.contains(&format!(
        "<a href=\"/app/w/{first}/links\" aria-current=\"true\">Alpha</a>"
    )));
    let other = browser.get(&format!("/app/w/{second}/links")).await;
    assert_eq!(other.status, StatusCode::OK);
}

#[tokio::test]
async fn app_pages_carry_the_security_headers_and_no_inline_script_or_style() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    for path in [
        format!("/app/w/{ws}/links"),
        format!("/app/w/{ws}/links/new"),
        "/app/help".into(),
    ] {
        let page = browser.get(&path).await;
        let csp = page.header("content-security-policy").unwrap();
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
            "{csp}"
        );
        assert_eq!(page.header("x-frame-options"), Some("DENY"));
        assert_eq!(page.header("cache-control"), Some("no-store"));
        assert!(
            !page.html.contains("<script>") && !page.html.contains(" style=\""),
            "{path}"
        );
    }
}

#[tokio::test]
async fn an_unknown_app_page_is_404_and_a_wrong_method_405() {
    let app = spawn_app().await;
    let (mut browser, _, ws) = signed_in_owner(&app, "Acme").await;
    let missing = browser.get("/app/nowhere").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.html.contains("There is no page at this address."));
    let page = browser.get(&format!("/app/w/{ws}/links")).await;
    let wrong = browser.submit(&format!("/app/w/{ws}/links"), &page, &[]).await;
    assert_eq!(wrong.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(wrong.header("allow"), Some("GET, HEAD"));
}

#[tokio::test]
async fn the_app_path_is_a_reserved_slug_so_no_link_shadows_the_pages() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = app.create(&ws, crate::helpers::link_with_slug("n", "app")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "slug \"app\" is reserved; choose another.");
}

#[tokio::test]
async fn a_person_without_a_workspace_is_told_how_to_get_one() {
    let app = spawn_app().await;
    let email = app.person().await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let page = browser.get("/app").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.html.contains("You are not a member of any workspace yet."));
}
