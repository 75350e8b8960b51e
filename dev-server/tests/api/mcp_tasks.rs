//! `bulk_create_links` as an MCP task (the tasks extension): made at once when the client
//! declares the extension, carried on by the import worker, polled with `tasks/get` to the
//! plain call's answer, cancelled between chunks, and seen only by the credential that made it.

use std::time::Duration;

use lib::domain::Scope;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::mcp_support::{Answer, McpWorkspace, link};

const TASKS: &str = "io.modelcontextprotocol/tasks";

impl TestApp {
    /// A 2026-07-28 request whose client declares the tasks extension (or not).
    pub(crate) async fn mcp_tasks(&self, key: &str, declared: bool, method: &str, params: Value) -> Answer {
        let capabilities = if declared {
            json!({ "extensions": { TASKS: {} } })
        } else {
            json!({})
        };
        self.mcp_modern_with(key, capabilities, method, params).await
    }

    /// `bulk_create_links` of `links` in the workspace, declaring tasks or not.
    async fn bulk_call(&self, ws: &McpWorkspace, declared: bool, links: Vec<Value>) -> Answer {
        let params = json!({ "name": "bulk_create_links", "arguments": { "workspaceId": ws.id, "links": links } });
        self.mcp_tasks(&ws.mcp_key, declared, "tools/call", params).await
    }

    pub(crate) async fn task_get(&self, key: &str, id: &str) -> Answer {
        self.mcp_tasks(key, true, "tasks/get", json!({ "taskId": id })).await
    }

    pub(crate) async fn task_cancel(&self, key: &str, id: &str) -> Answer {
        self.mcp_tasks(key, true, "tasks/cancel", json!({ "taskId": id })).await
    }

    /// One turn of the import worker, running at most one chunk of each task it receives.
    pub(crate) async fn one_chunk(&self) {
        self.functions
            .import_worker
            .run_once(Duration::from_millis(200), Duration::ZERO)
            .await
            .expect("the import queue");
    }

    /// Runs the worker until the task is no longer working; answers `tasks/get` then.
    pub(crate) async fn finished_task(&self, key: &str, id: &str) -> Value {
        for _ in 0..40 {
            self.one_chunk().await;
            let answer = self.task_get(key, id).await;
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
            if answer.body["result"]["status"] != "working" {
                return answer.body["result"].clone();
            }
        }
        panic!("task {id} did not finish");
    }
}

fn links(count: usize, prefix: &str) -> Vec<Value> {
    (0..count).map(|i| link(&format!("{prefix} {i}"))).collect()
}

/// The task a call answered: its id, after checking it is a working task.
pub(crate) fn task_id(answer: &Answer) -> String {
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let result = &answer.body["result"];
    assert_eq!(result["resultType"], "task", "{}", answer.body);
    assert_eq!(result["status"], "working", "{}", answer.body);
    assert!(result["pollIntervalMs"].as_u64().is_some(), "{}", answer.body);
    assert_eq!(result["ttlMs"], 86_400_000, "{}", answer.body);
    result["taskId"].as_str().expect("a task id").to_string()
}

#[tokio::test]
async fn a_server_that_runs_tasks_says_so_in_its_capabilities() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.mcp_tasks(&ws.mcp_key, true, "server/discover", json!({})).await;
    assert_eq!(
        answer.body["result"]["capabilities"]["extensions"][TASKS],
        json!({}),
        "{}",
        answer.body
    );
}

#[tokio::test]
async fn a_bulk_of_500_links_runs_as_a_task_to_its_plain_answer() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = task_id(&app.bulk_call(&ws, true, links(500, "Many")).await);
    let done = app.finished_task(&ws.mcp_key, &id).await;
    assert_eq!(done["status"], "completed", "{done}");
    let result = &done["result"]["structuredContent"];
    assert_eq!(result["message"], "500 links created, 0 failed.");
    assert_eq!(result["created"].as_array().unwrap().len(), 500);
    assert_eq!(result["created"][499]["name"], "Many 499");
    assert_eq!(app.all_link_ids(&ws.http).await.len(), 500);
}

#[tokio::test]
async fn a_working_task_says_how_far_it_got() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = task_id(&app.bulk_call(&ws, true, links(250, "Step")).await);
    app.one_chunk().await;
    let answer = app.task_get(&ws.mcp_key, &id).await;
    assert_eq!(answer.body["result"]["status"], "working", "{}", answer.body);
    assert_eq!(
        answer.body["result"]["statusMessage"],
        "100 of 250 links handled so far."
    );
}

#[tokio::test]
async fn a_finished_tasks_result_is_the_plain_calls_answer() {
    let app = spawn_app().await;
    let (plain_ws, task_ws) = (app.mcp_workspace().await, app.mcp_workspace().await);
    let mut items = links(3, "Same");
    items[1] = json!({ "name": "no rules" });
    let plain = app.bulk_call(&plain_ws, false, items.clone()).await;
    let id = task_id(&app.bulk_call(&task_ws, true, items).await);
    let done = app.finished_task(&task_ws.mcp_key, &id).await;
    let (plain, task) = (&plain.body["result"], &done["result"]);
    let without_links = |v: &Value| {
        let mut v = v["structuredContent"].clone();
        v["created"] = json!(
            v["created"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["name"].clone())
                .collect::<Vec<_>>()
        );
        v
    };
    assert_eq!(without_links(task), without_links(plain));
    assert_eq!(task["isError"], plain["isError"]);
    assert_eq!(done["statusMessage"], "2 links created, 1 failed.");
}

#[tokio::test]
async fn a_cancelled_task_stops_between_chunks_and_keeps_what_it_made() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = task_id(&app.bulk_call(&ws, true, links(300, "Stop")).await);
    app.one_chunk().await;
    let cancelled = app.task_cancel(&ws.mcp_key, &id).await;
    assert_eq!(cancelled.status, StatusCode::OK, "{}", cancelled.body);
    assert_eq!(cancelled.body["result"]["resultType"], "complete", "{}", cancelled.body);
    for _ in 0..3 {
        app.one_chunk().await;
    }
    let answer = app.task_get(&ws.mcp_key, &id).await;
    assert_eq!(answer.body["result"]["status"], "cancelled", "{}", answer.body);
    assert_eq!(app.all_link_ids(&ws.http).await.len(), 100);
}

#[tokio::test]
async fn a_teammate_or_a_stranger_cannot_read_or_cancel_a_task() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = task_id(&app.bulk_call(&ws, true, links(120, "Mine")).await);
    let teammate = app.user().await;
    lib::admin::add_member(&app.service, &ws.id, &teammate, "manager")
        .await
        .expect("member");
    let other_key = app.key_for(&teammate, true, Some(Scope::ALL.to_vec())).await;
    let stranger = app.mcp_workspace().await;
    for key in [&other_key, &stranger.mcp_key] {
        for answer in [app.task_get(key, &id).await, app.task_cancel(key, &id).await] {
            assert_eq!(answer.error().1, "Task not found.", "{}", answer.body);
        }
    }
    let done = app.finished_task(&ws.mcp_key, &id).await;
    assert_eq!(done["status"], "completed", "{done}");
}

#[tokio::test]
async fn a_client_that_does_not_declare_tasks_gets_the_plain_answer() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.bulk_call(&ws, false, links(2, "Plain")).await;
    assert_eq!(answer.structured()["message"], "2 links created, 0 failed.");
}

#[tokio::test]
async fn a_bulk_over_100_without_tasks_is_refused_as_on_the_http_api() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.bulk_call(&ws, false, links(101, "Over")).await;
    assert_eq!(answer.error().1, "Maximum 100 links per request.", "{}", answer.body);
}

#[tokio::test]
async fn a_bulk_task_over_1000_links_is_refused() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.bulk_call(&ws, true, links(1001, "Huge")).await;
    assert_eq!(answer.error().1, "Maximum 1000 links per task.", "{}", answer.body);
}

#[tokio::test]
async fn a_task_message_received_twice_makes_each_link_once() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = task_id(&app.bulk_call(&ws, true, links(250, "Twice")).await);
    let again = lib::service::tasks::TaskMessage {
        task_id: lib::domain::ids::ObjectId::parse(&id).unwrap(),
    };
    let queue = app.functions.import_worker.queue();
    for _ in 0..2 {
        queue
            .send(&again.encode(), Duration::ZERO)
            .await
            .expect("the import queue");
    }
    let done = app.finished_task(&ws.mcp_key, &id).await;
    assert_eq!(
        done["result"]["structuredContent"]["message"],
        "250 links created, 0 failed."
    );
    assert_eq!(app.all_link_ids(&ws.http).await.len(), 250);
}
