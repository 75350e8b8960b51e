//! GET /links/export and GET /clicks/export: pages, the round trip through an import into
//! another workspace, and what a clicks export leaves out.

use lib::admin;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, spawn_app};

/// A link with every setting an export must carry.
fn rich_link(slug: &str) -> Value {
    json!({
        "name": format!("Rich {slug}"),
        "slug": slug,
        "description": "=SUM(A1) is not a formula here",
        "rules": [
            { "name": "Germany", "targetUrl": "https://example.com/de", "isDefault": false, "country": ["DE"] },
            { "targetUrl": "https://example.com/", "isDefault": true }
        ],
        "abTest": { "enabled": true, "variants": [
            { "id": "a", "name": "A", "url": "https://example.com/a", "weight": 60 },
            { "id": "b", "name": "B", "url": "https://example.com/b", "weight": 40 }
        ] },
        "qrSettings": { "color": "#112233", "bgColor": "#fafafa" },
        "clicksLimit": 500,
        "expirationDate": "2099-12-31T23:59:00Z",
        "ogTitle": "-50% today",
        "appearanceColor": "#336699",
        "conversionTracking": true,
        "utm": { "source": "flyer", "campaign": "spring" },
        "fallbackUrl": "https://example.com/over",
        "active": false
    })
}

impl TestApp {
    /// Every page of a links export, followed through `X-Next-Cursor`.
    async fn export_pages(&self, ws: &TestWorkspace, format: &str, limit: u64) -> Vec<String> {
        let path = format!(
            "/apiv1/links/export?workspaceId={}&format={format}&limit={limit}",
            ws.id
        );
        self.every_page(ws, &path).await
    }

    /// Every page of the export at `path` (with its query), followed through `X-Next-Cursor`.
    pub(crate) async fn every_page(&self, ws: &TestWorkspace, path: &str) -> Vec<String> {
        let mut pages = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let mut path = path.to_string();
            if let Some(c) = &cursor {
                path.push_str(&format!("&cursor={c}"));
            }
            let response = self
                .http
                .get(format!("{}{path}", self.address))
                .header("X-Api-Key", &ws.key)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let next = response
                .headers()
                .get("x-next-cursor")
                .map(|v| v.to_str().unwrap().to_string());
            pages.push(response.text().await.unwrap());
            assert!(pages.len() < 500, "the export ends");
            match next {
                Some(next) => cursor = Some(next),
                None => return pages,
            }
        }
    }

    /// A workspace's links as their stored records with every id taken out (link, workspace,
    /// rules) and tags by name, sorted by slug: what must survive a round trip.
    async fn records_without_ids(&self, ws: &TestWorkspace) -> Vec<Value> {
        let tags = self.store().workspace_tags(&crate::helpers::oid(&ws.id)).await.unwrap();
        let mut records = Vec::new();
        for id in self.all_link_ids(ws).await {
            let link = self.stored(&id).await.unwrap().link;
            let mut names: Vec<String> = link
                .settings
                .tag_ids
                .iter()
                .filter_map(|t| tags.iter().find(|tag| &tag.id == t))
                .map(|t| t.name.as_str().to_string())
                .collect();
            names.sort();
            let mut record = serde_json::to_value(&link).unwrap();
            let object = record.as_object_mut().unwrap();
            for field in ["id", "workspaceId", "createdAt", "updatedAt", "tagIds"] {
                object.remove(field);
            }
            for rule in object["rules"].as_array_mut().unwrap() {
                rule.as_object_mut().unwrap().remove("id");
            }
            object.insert("tags".into(), json!(names));
            records.push(record);
        }
        records.sort_by_key(|r| r["slug"].as_str().unwrap().to_string());
        records
    }
}

async fn workspace_with_rich_links(app: &TestApp) -> TestWorkspace {
    let ws = app.workspace().await;
    admin::create_tag(&app.service, &ws.id, "Spring").await.unwrap();
    let tag = app.store().workspace_tags(&crate::helpers::oid(&ws.id)).await.unwrap()[0]
        .id
        .to_string();
    for slug in ["rich-one", "rich-two", "rich-three"] {
        let mut link = rich_link(slug);
        link["tagIds"] = json!([tag]);
        app.create_ok(&ws, link).await;
    }
    app.create_ok(
        &ws,
        json!({ "name": "Plain", "slug": "plain", "url": "https://example.com/plain" }),
    )
    .await;
    ws
}

/// Exports a workspace, empties it (its slugs are on the shared default domain), imports the
/// export into a new workspace, and compares the links' records.
async fn round_trip(format: &str) {
    let app = spawn_app().await;
    let from = workspace_with_rich_links(&app).await;
    let before = app.records_without_ids(&from).await;
    let pages = app.export_pages(&from, format, 3).await;
    assert_eq!(pages.len(), 2, "4 links at 3 a page");
    for id in app.all_link_ids(&from).await {
        app.delete(&from, &id).await;
    }
    let to = app.workspace().await;
    let file = pages.concat();
    let (status, body) = app.import(&to, format, &file, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["import"]["created"], 4, "{body}");
    assert_eq!(app.records_without_ids(&to).await, before);
}

#[tokio::test]
async fn a_json_lines_export_imported_into_another_workspace_gives_the_same_links() {
    round_trip("jsonl").await;
}

#[tokio::test]
async fn a_csv_export_imported_into_another_workspace_gives_the_same_links() {
    round_trip("csv").await;
}

#[tokio::test]
async fn a_csv_export_has_its_header_once_and_guards_formula_cells() {
    let app = spawn_app().await;
    let ws = workspace_with_rich_links(&app).await;
    let pages = app.export_pages(&ws, "csv", 3).await;
    assert!(pages[0].starts_with("slug,url,name,domain,tags,"));
    assert!(!pages[1].starts_with("slug,"), "the header only on the first page");
    assert!(pages[0].contains(",'=SUM(A1) is not a formula here,"), "{}", pages[0]);
}

#[tokio::test]
async fn a_member_may_export_links() {
    let app = spawn_app().await;
    let ws = workspace_with_rich_links(&app).await;
    let member = app.member(&ws, "member").await;
    let path = format!("/apiv1/links/export?workspaceId={}&format=jsonl", ws.id);
    let (status, body) = app.request(Method::GET, &path, Some(&member), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body.as_str().unwrap().lines().count(), 4);
}

#[tokio::test]
async fn an_export_in_an_unknown_format_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let path = format!("/apiv1/links/export?workspaceId={}&format=xml", ws.id);
    let (status, body) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["field"], "format");
}

#[tokio::test]
async fn a_clicks_export_lists_people_without_their_visitor_hash_unless_the_owner_asks() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    app.create_ok(
        &ws,
        json!({ "name": "Clicked", "slug": "clicked", "url": "https://example.com" }),
    )
    .await;
    app.get("/clicked", &[]).await;
    app.get(
        "/clicked",
        &[("user-agent", "Googlebot/2.1 (+http://www.google.com/bot.html)")],
    )
    .await;
    let path = format!("/apiv1/clicks/export?workspaceId={}", ws.id);
    let (status, csv) = app.request(Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::OK);
    let lines: Vec<&str> = csv.as_str().unwrap().lines().collect();
    assert_eq!(
        lines[0],
        "at,linkId,ruleId,variantId,country,city,device,os,browser,referrer,trigger"
    );
    assert_eq!(lines.len(), 2, "the person's click only: {lines:?}");
    assert!(lines[1].contains(",desktop,Windows,Chrome,,link"), "{}", lines[1]);
    let member = app.member(&ws, "manager").await;
    let (status, body) = app
        .request(Method::GET, &format!("{path}&visitorHash=true"), Some(&member), None)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"],
        "Visitor hashes are not exported: they would let a reader follow one person from visit to visit."
    );
}
