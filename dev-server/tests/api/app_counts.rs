//! Counts in the app's pages read as English: one of a thing is singular ("1 click"), any other
//! number plural ("2 clicks").

use serde_json::json;

use crate::helpers::{TestApp, TestWorkspace, spawn_app};
use crate::pages_support::signed_in_owner_with_key;

/// Makes a link at `slug` and visits it `visits` times, counted; its id.
async fn link_visited(app: &TestApp, ws: &TestWorkspace, slug: &str, visits: usize) -> String {
    let url = format!("https://example.com/{slug}");
    let id = app
        .create_ok(ws, json!({ "name": slug, "slug": slug, "url": url }))
        .await;
    for _ in 0..visits {
        app.get(slug, &[]).await;
    }
    app.aggregate().await;
    id
}

/// The links list's entry of the link named `name`.
fn row<'a>(html: &'a str, name: &str) -> &'a str {
    let start = html
        .find(&format!(">{name}</a>"))
        .unwrap_or_else(|| panic!("{name} listed"));
    &html[start..start + html[start..].find("</li>").expect("the entry ends")]
}

#[tokio::test]
async fn the_links_list_says_1_click_for_a_link_clicked_once_and_2_clicks_for_twice() {
    let app = spawn_app().await;
    let (mut browser, ws) = signed_in_owner_with_key(&app).await;
    link_visited(&app, &ws, "once", 1).await;
    link_visited(&app, &ws, "twice", 2).await;
    let page = browser.get(&format!("/app/w/{}/links", ws.id)).await;
    assert!(
        row(&page.html, "once").contains("<strong>1</strong> click</span>"),
        "{}",
        row(&page.html, "once")
    );
    assert!(
        row(&page.html, "twice").contains("<strong>2</strong> clicks</span>"),
        "{}",
        row(&page.html, "twice")
    );
}

#[tokio::test]
async fn deleting_a_link_clicked_once_says_its_1_click_goes_with_it() {
    let app = spawn_app().await;
    let (mut browser, ws) = signed_in_owner_with_key(&app).await;
    let id = link_visited(&app, &ws, "once", 1).await;
    let page = browser.get(&format!("/app/w/{}/links/{id}/delete", ws.id)).await;
    assert!(page.html.contains("(1 click) go with it"), "{}", page.html);
}
