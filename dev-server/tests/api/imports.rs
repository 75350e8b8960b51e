//! POST /links/import and GET /links/import: each format's fixture, dry runs, a file imported
//! once, the background path, and a job resumed after dying between its writes and its record.

use std::time::Duration;

use lib::admin::{self, NewWorkspace};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, link_with_slug, oid, spawn_app, spawn_with};
use crate::import_support::{fixture, statuses};

async fn workspace_with_domain(app: &TestApp) -> TestWorkspace {
    let ws = app.workspace().await;
    admin::add_domain(&app.service, &ws.id, "go.example.com", true)
        .await
        .unwrap();
    ws
}

/// A CSV of our format with `n` rows, each its own slug.
fn csv_of(n: usize) -> String {
    let mut csv = String::from("slug,url,name,tags\n");
    for i in 0..n {
        csv.push_str(&format!("row-{i},https://example.com/{i},Row {i},batch\n"));
    }
    csv
}

/// Imports a format's fixture into a workspace with go.example.com verified and checks each
/// row's status and the links made.
async fn golden(format: &str, rows: &[&str], links: &[&str]) {
    let app = spawn_app().await;
    let ws = workspace_with_domain(&app).await;
    let (status, body) = app.import(&ws, format, fixture(format), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(statuses(&body["rows"]), rows, "{body}");
    assert_eq!(app.link_rows(&ws).await, links);
}

#[tokio::test]
async fn our_csv_fixture_imports_to_its_golden_links() {
    golden(
        "csv",
        &["2 created", "3 created", "4 created", "5 failed", "6 failed"],
        &[
            "sl.test/by-country \"By country\" -> https://example.com/ []",
            "sl.test/split \"Split test\" -> https://example.com/ [] off",
            "sl.test/summer-sale \"Summer sale\" -> https://example.com/summer [sale|summer]",
        ],
    )
    .await;
}

#[tokio::test]
async fn the_bitly_fixture_imports_to_its_golden_links() {
    golden(
        "bitly",
        &["2 created", "3 created", "4 failed"],
        &[
            "go.example.com/spring \"Spring sale\" -> https://example.com/sale [2025|promo]",
            "sl.test/4xyzq \"Docs\" -> https://example.com/docs []",
        ],
    )
    .await;
}

#[tokio::test]
async fn the_dub_fixture_imports_to_its_golden_links() {
    golden(
        "dub",
        &["2 created", "3 created", "4 skipped"],
        &[
            "go.example.com/launch \"launch\" -> https://example.com/launch?utm_source=x [promo|spring]",
            "sl.test/old-offer \"old-offer\" -> https://example.com/old [] off",
        ],
    )
    .await;
}

#[tokio::test]
async fn the_shortio_fixture_imports_to_its_golden_links() {
    golden(
        "shortio",
        &["2 created", "3 created"],
        &[
            "go.example.com/spring-io \"Spring sale\" -> https://example.com/sale [2025|promo]",
            "sl.test/about-us \"about-us\" -> https://example.com/about []",
        ],
    )
    .await;
}

#[tokio::test]
async fn the_shlink_fixture_imports_to_its_golden_links() {
    golden(
        "shlink",
        &["2 created", "3 created", "4 failed"],
        &[
            "go.example.com/docs \"docs\" -> https://example.com/docs []",
            "go.example.com/spring-sale \"Spring sale\" -> https://example.com/sale [2025|promo]",
        ],
    )
    .await;
}

#[tokio::test]
async fn the_json_lines_fixture_imports_to_its_golden_links() {
    golden(
        "jsonl",
        &["1 created", "2 created", "3 failed"],
        &[
            "go.example.com/routed \"Routed\" -> https://example.com/ [promo]",
            "sl.test/split-test \"Split\" -> https://example.com/ []",
        ],
    )
    .await;
}

#[tokio::test]
async fn a_dry_run_names_each_conflict_and_writes_nothing() {
    let app = spawn_app().await;
    let ws = app
        .workspace_with(NewWorkspace {
            max_links: Some(3),
            ..Default::default()
        })
        .await;
    app.create_ok(&ws, link_with_slug("Existing", "taken")).await;
    let file = "slug,url,name,domain\n\
                taken,https://example.com/a,Taken,\n\
                elsewhere,https://example.com/b,Elsewhere,other.example.org\n\
                bad-url,javascript:alert(1),Bad,\n\
                first,https://example.com/1,First,\n\
                first,https://example.com/1b,First again,\n\
                second,https://example.com/2,Second,\n\
                third,https://example.com/3,Third,\n";
    let (status, body) = app.import(&ws, "csv", file, json!({ "dryRun": true })).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let rows: Vec<(String, String)> = body["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["status"].as_str().unwrap().to_string(),
                r["reason"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let expected = [
        ("conflict", "This slug is already taken."),
        (
            "conflict",
            "other.example.org is not a verified domain of this workspace.",
        ),
        ("invalid", "url must not use the javascript: scheme."),
        ("create", ""),
        ("conflict", "An earlier row of the file has this slug."),
        ("create", ""),
        ("conflict", "The workspace plan allows at most 3 links."),
    ];
    let expected: Vec<(String, String)> = expected.iter().map(|(s, r)| (s.to_string(), r.to_string())).collect();
    assert_eq!(rows, expected);
    assert_eq!(
        body["summary"],
        json!({ "rows": 7, "create": 2, "conflict": 4, "invalid": 1 })
    );
    assert_eq!(body["rows"][3]["slug"], "first");
    assert_eq!(body["rows"][3]["domain"], "sl.test");
    assert_eq!(app.all_link_ids(&ws).await.len(), 1, "a dry run writes nothing");
}

#[tokio::test]
async fn a_dry_run_lists_the_tags_the_import_would_make() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (_, body) = app
        .import(
            &ws,
            "csv",
            "url,tags\nhttps://example.com,\"Spring, sale\"\n",
            json!({ "dryRun": true }),
        )
        .await;
    assert_eq!(body["newTags"], json!(["Spring", "sale"]));
}

#[tokio::test]
async fn importing_the_same_file_twice_creates_nothing_the_second_time() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let file = "url,name\nhttps://example.com/a,No slug A\nhttps://example.com/b,No slug B\n";
    let (status, first) = app.import(&ws, "csv", file, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["import"]["created"], 2);
    let (status, second) = app.import(&ws, "csv", file, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_eq!(
        second["message"],
        format!(
            "This file was imported before (import {}); nothing new was created.",
            first["import"]["id"].as_str().unwrap()
        )
    );
    assert_eq!(app.all_link_ids(&ws).await.len(), 2);
    let (_, dry) = app.import(&ws, "csv", file, json!({ "dryRun": true })).await;
    assert_eq!(dry["importedBefore"], first["import"]["id"]);
}

#[tokio::test]
async fn stop_refuses_a_file_whose_dry_run_finds_a_row_it_would_not_create() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let file = "url,name\nhttps://example.com/a,Fine\njavascript:alert(1),Bad\n";
    let (status, body) = app.import(&ws, "csv", file, json!({ "onConflict": "stop" })).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["error"],
        "The dry run found 1 row that would not be created; nothing was imported. Fix them, or import with onConflict skip."
    );
    assert!(app.all_link_ids(&ws).await.is_empty());
}

#[tokio::test]
async fn a_member_may_not_import() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let member = app.member(&ws, "member").await;
    let (status, body) = app.import_as(&ws, &member, "csv", &csv_of(1), json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["error"],
        "Only the workspace's owner and managers can import links."
    );
}

#[tokio::test]
async fn a_file_in_an_unknown_format_or_without_its_columns_is_400_naming_the_field() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = app.import(&ws, "xlsx", "a,b\n1,2\n", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["field"], "format");
    let (status, body) = app.import(&ws, "dub", "slug,url\na,https://e.com\n", json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["field"], "content");
}

#[tokio::test]
async fn a_file_may_come_as_a_multipart_upload() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    // The body a browser's form sends (what `curl -F file=@links.csv` sends too).
    let boundary = "XyZzy42";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"workspaceId\"\r\n\r\n{}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\ncsv\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"links.csv\"\r\n\
         Content-Type: text/csv\r\n\r\n{}\r\n--{boundary}--\r\n",
        ws.id,
        csv_of(3)
    );
    let response = reqwest::Client::new()
        .post(format!("{}/apiv1/links/import", app.address))
        .header("X-Api-Key", &ws.key)
        .header("Content-Type", format!("multipart/form-data; boundary={boundary}"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["import"]["created"], 3, "{body}");
    assert_eq!(body["import"]["fileName"], "links.csv");
}

#[tokio::test]
async fn an_import_over_the_request_budget_answers_202_and_finishes_in_the_background() {
    let app = spawn_with(|_| {}, |s| s.with_import_budget(Duration::ZERO), Default::default()).await;
    let ws = app.workspace().await;
    let (status, body) = app.import(&ws, "csv", &csv_of(250), json!({})).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    assert_eq!(body["import"]["state"], "running");
    assert_eq!(body["import"]["done"], 100, "one chunk runs before the answer");
    let id = body["import"]["id"].as_str().unwrap().to_string();
    let done = app.finished_import(&ws, &id).await;
    assert_eq!(done["import"]["state"], "finished");
    assert_eq!(done["import"]["created"], 250);
    assert_eq!(done["rows"].as_array().unwrap().len(), 250);
    let count = app.service.workspace(&oid(&ws.id)).await.unwrap().unwrap().link_count;
    assert_eq!(count, 250);
}

#[tokio::test]
async fn the_results_csv_has_a_row_per_file_row_with_why() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let file = "slug,url\nfine,https://example.com\nBad Slug,https://example.com\n";
    let (_, body) = app.import(&ws, "csv", file, json!({})).await;
    let id = body["import"]["id"].as_str().unwrap();
    let path = format!("/apiv1/links/import?workspaceId={}&importId={id}&format=csv", ws.id);
    let (status, csv) = app.request(reqwest::Method::GET, &path, Some(&ws.key), None).await;
    assert_eq!(status, StatusCode::OK);
    let lines: Vec<&str> = csv.as_str().unwrap().lines().collect();
    assert_eq!(lines[0], "line,status,reason,linkId,shortLink");
    assert!(lines[1].starts_with("2,created,,"), "{}", lines[1]);
    assert!(lines[1].ends_with(",https://sl.test/fine"), "{}", lines[1]);
    assert!(lines[2].starts_with("3,failed,\"slug may contain only"), "{}", lines[2]);
}

#[tokio::test]
async fn an_import_that_died_after_writing_its_links_resumes_to_the_same_end_state() {
    let app = spawn_with(|_| {}, |s| s.with_import_budget(Duration::ZERO), Default::default()).await;
    let ws = app.workspace().await;
    let (_, body) = app.import(&ws, "csv", &csv_of(250), json!({})).await;
    let id = body["import"]["id"].as_str().unwrap().to_string();
    let ended = app.finished_import(&ws, &id).await;
    let mut links_before = app.all_link_ids(&ws).await;
    links_before.sort();
    // As if the worker died after writing chunks 2 and 3 but before recording them.
    let mut job = app.store().import_job(&oid(&ws.id), &oid(&id)).await.unwrap().unwrap();
    job.done = 100;
    job.created = 100;
    job.state = lib::domain::JobState::Running;
    app.store().rewind_import(&job).await.unwrap();
    let resumed = app
        .service
        .run_import(&oid(&ws.id), &oid(&id), Duration::from_secs(60))
        .await
        .unwrap();
    assert_eq!(resumed.state, lib::domain::JobState::Finished);
    assert_eq!(resumed.created, 250);
    let (_, after) = app.import_status(&ws, &id).await;
    assert_eq!(after["rows"], ended["rows"], "the same rows, the same links");
    let mut links_after = app.all_link_ids(&ws).await;
    links_after.sort();
    assert_eq!(links_after, links_before);
    let count = app.service.workspace(&oid(&ws.id)).await.unwrap().unwrap().link_count;
    assert_eq!(count, 250, "nothing counted twice");
}
