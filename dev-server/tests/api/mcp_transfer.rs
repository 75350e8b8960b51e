//! The import tools: answers equal to the HTTP API's, and `import_links` as a task (run by the
//! import worker to the plain call's answer, or cancelled, which stops the job).

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::mcp_support::{Answer, McpWorkspace};
use crate::mcp_tasks::task_id;

/// A file of `n` rows of our CSV template (slugs generated, so files may repeat across tests).
fn csv_of(n: usize, name: &str) -> String {
    let mut csv = String::from("url,name\n");
    for i in 0..n {
        csv.push_str(&format!("https://example.com/{name}/{i},{name} {i}\n"));
    }
    csv
}

impl TestApp {
    async fn transfer_tool(&self, ws: &McpWorkspace, declared: bool, name: &str, mut arguments: Value) -> Answer {
        arguments["workspaceId"] = json!(ws.id);
        let params = json!({ "name": name, "arguments": arguments });
        self.mcp_tasks(&ws.mcp_key, declared, "tools/call", params).await
    }
}

#[tokio::test]
async fn plan_import_answers_what_the_http_dry_run_answers() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let file = csv_of(3, "Plan");
    let (status, http) = app.import(&ws.http, "csv", &file, json!({ "dryRun": true })).await;
    assert_eq!(status, StatusCode::OK, "{http}");
    let answer = app
        .transfer_tool(&ws, false, "plan_import", json!({ "format": "csv", "content": file }))
        .await;
    assert_eq!(answer.structured(), &http);
}

#[tokio::test]
async fn import_links_and_get_import_answer_what_the_http_api_answers() {
    let app = spawn_app().await;
    let (http_ws, mcp_ws) = (app.mcp_workspace().await, app.mcp_workspace().await);
    let file = csv_of(3, "Same");
    let (_, http) = app.import(&http_ws.http, "csv", &file, json!({})).await;
    let answer = app
        .transfer_tool(
            &mcp_ws,
            false,
            "import_links",
            json!({ "format": "csv", "content": file }),
        )
        .await;
    let outcome = answer.structured().clone();
    assert_eq!(outcome["message"], http["message"]);
    assert_eq!(outcome["import"]["state"], "finished");
    let id = outcome["import"]["id"].as_str().unwrap();
    let got = app
        .transfer_tool(&mcp_ws, false, "get_import", json!({ "importId": id }))
        .await;
    let (_, status) = app.import_status(&mcp_ws.http, id).await;
    assert_eq!(got.structured(), &status);
}

#[tokio::test]
async fn import_links_asked_for_a_dry_run_points_to_plan_import() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let arguments = json!({ "format": "csv", "content": csv_of(1, "Dry"), "dryRun": true });
    let answer = app.transfer_tool(&ws, false, "import_links", arguments).await;
    assert_eq!(
        answer.error().1,
        "For a dry run call plan_import; import_links imports."
    );
}

#[tokio::test]
async fn an_import_runs_as_a_task_to_the_plain_calls_answer() {
    let app = spawn_app().await;
    let (http_ws, mcp_ws) = (app.mcp_workspace().await, app.mcp_workspace().await);
    let file = csv_of(250, "Task");
    let arguments = json!({ "format": "csv", "content": file });
    let id = task_id(&app.transfer_tool(&mcp_ws, true, "import_links", arguments).await);
    let done = app.finished_task(&mcp_ws.mcp_key, &id).await;
    assert_eq!(done["status"], "completed", "{done}");
    let result = &done["result"]["structuredContent"];
    let (_, http) = app.import(&http_ws.http, "csv", &file, json!({})).await;
    let http = app
        .finished_import(&http_ws.http, http["import"]["id"].as_str().unwrap())
        .await;
    assert_eq!(result["message"], "Import finished: 250 created, 0 skipped, 0 failed.");
    assert_eq!(result["import"]["created"], http["import"]["created"]);
    assert_eq!(result["rows"].as_array().unwrap().len(), 250);
    assert_eq!(done["statusMessage"], result["message"]);
}

#[tokio::test]
async fn a_cancelled_import_task_stops_its_job() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let arguments = json!({ "format": "csv", "content": csv_of(300, "Cancel") });
    let id = task_id(&app.transfer_tool(&ws, true, "import_links", arguments).await);
    let cancelled = app.task_cancel(&ws.mcp_key, &id).await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.body);
    app.one_chunk().await;
    let answer = app.task_get(&ws.mcp_key, &id).await;
    assert_eq!(answer.body["result"]["status"], "cancelled", "{}", answer.body);
    assert_eq!(app.all_link_ids(&ws.http).await.len(), 0);
}

impl TestApp {
    /// Every page of an export tool, followed through `nextCursor`: each page's text.
    async fn export_tool_pages(&self, ws: &McpWorkspace, name: &str, arguments: Value) -> Vec<String> {
        let mut pages = Vec::new();
        let mut arguments = arguments;
        loop {
            let answer = self.transfer_tool(ws, false, name, arguments.clone()).await;
            let page = answer.structured().clone();
            pages.push(page["text"].as_str().expect("text").to_string());
            match page["nextCursor"].as_str() {
                Some(next) => arguments["cursor"] = json!(next),
                None => return pages,
            }
            assert!(pages.len() < 50, "the export ends");
        }
    }
}

#[tokio::test]
async fn export_links_gives_the_pages_get_links_export_gives() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let arguments = json!({ "format": "csv", "content": csv_of(5, "Export") });
    app.transfer_tool(&ws, false, "import_links", arguments)
        .await
        .structured();
    for format in ["csv", "jsonl"] {
        let path = format!("/apiv1/links/export?workspaceId={}&format={format}&limit=2", ws.id);
        let http = app.every_page(&ws.http, &path).await;
        let mcp = app
            .export_tool_pages(&ws, "export_links", json!({ "format": format, "limit": 2 }))
            .await;
        assert_eq!(mcp, http, "{format}");
        assert_eq!(mcp.len(), 3, "{format}");
    }
}

#[tokio::test]
async fn export_clicks_gives_the_csv_get_clicks_export_gives() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let path = format!("/apiv1/clicks/export?workspaceId={}", ws.id);
    let http = app.every_page(&ws.http, &path).await;
    let mcp = app.export_tool_pages(&ws, "export_clicks", json!({})).await;
    assert_eq!(mcp, http);
    assert!(mcp[0].starts_with("at,linkId,"), "{}", mcp[0]);
}
