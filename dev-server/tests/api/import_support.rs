//! Helpers of the import and export tests: posting a file, reading a job until it ends, a
//! workspace's links as comparable rows.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, oid};

/// The fixtures of docs/import (made from the peers' documented columns).
pub fn fixture(name: &str) -> &'static str {
    match name {
        "csv" => include_str!("../../../docs/import/csv.csv"),
        "bitly" => include_str!("../../../docs/import/bitly.csv"),
        "dub" => include_str!("../../../docs/import/dub.csv"),
        "shortio" => include_str!("../../../docs/import/shortio.csv"),
        "shlink" => include_str!("../../../docs/import/shlink.csv"),
        "jsonl" => include_str!("../../../docs/import/jsonl.jsonl"),
        other => panic!("no fixture {other}"),
    }
}

impl TestApp {
    /// `POST /links/import` with `format`, `content` and the other fields of `extra`.
    pub async fn import(&self, ws: &TestWorkspace, format: &str, content: &str, extra: Value) -> (StatusCode, Value) {
        self.import_as(ws, &ws.key, format, content, extra).await
    }

    pub async fn import_as(
        &self,
        ws: &TestWorkspace,
        key: &str,
        format: &str,
        content: &str,
        mut extra: Value,
    ) -> (StatusCode, Value) {
        extra["workspaceId"] = json!(ws.id);
        extra["format"] = json!(format);
        extra["content"] = json!(content);
        self.call(Method::POST, "/apiv1/links/import", key, extra).await
    }

    /// `GET /links/import` for a job.
    pub async fn import_status(&self, ws: &TestWorkspace, id: &str) -> (StatusCode, Value) {
        let path = format!("/apiv1/links/import?workspaceId={}&importId={id}", ws.id);
        self.request(Method::GET, &path, Some(&ws.key), None).await
    }

    /// Runs the import worker (as its queue's event source would) until the job is no longer
    /// running, and answers `GET /links/import` for it then.
    pub async fn finished_import(&self, ws: &TestWorkspace, id: &str) -> Value {
        for _ in 0..60 {
            let worker = &self.functions.import_worker;
            worker
                .run_once(Duration::from_millis(100), Duration::from_secs(5))
                .await
                .expect("the import queue");
            let (status, body) = self.import_status(ws, id).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            if body["import"]["state"] != "running" {
                return body;
            }
        }
        panic!("import {id} did not finish");
    }

    /// Every link id of a workspace, newest first (the list, page after page).
    pub async fn all_link_ids(&self, ws: &TestWorkspace) -> Vec<String> {
        let mut ids = Vec::new();
        let mut cursor: Option<String> = None;
        loop {
            let mut path = format!("/apiv1/links?workspaceId={}&limit=100", ws.id);
            if let Some(c) = &cursor {
                path.push_str(&format!("&cursor={c}"));
            }
            let (status, page) = self.request(Method::GET, &path, Some(&ws.key), None).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            ids.extend(
                page["links"]
                    .as_array()
                    .expect("links")
                    .iter()
                    .map(|l| l["id"].as_str().unwrap().to_string()),
            );
            match page["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_string()),
                None => return ids,
            }
        }
    }

    /// A workspace's links as `domain/slug name -> destination [tags]`, sorted.
    pub async fn link_rows(&self, ws: &TestWorkspace) -> Vec<String> {
        let tags = self.store().workspace_tags(&oid(&ws.id)).await.expect("tags");
        let mut rows = Vec::new();
        for id in self.all_link_ids(ws).await {
            let link = self.stored(&id).await.expect("stored").link;
            let mut names: Vec<&str> = link
                .settings
                .tag_ids
                .iter()
                .filter_map(|t| tags.iter().find(|tag| &tag.id == t))
                .map(|t| t.name.as_str())
                .collect();
            names.sort_unstable();
            rows.push(format!(
                "{}/{} {:?} -> {} [{}]{}",
                link.domain.as_str(),
                link.slug.as_str(),
                link.settings.name.as_str(),
                link.settings.rules.default_rule().target_url.as_str(),
                names.join("|"),
                if link.settings.active { "" } else { " off" },
            ));
        }
        rows.sort();
        rows
    }
}

/// The statuses of a dry run's or an import's rows, in order, as `line status`.
pub fn statuses(rows: &Value) -> Vec<String> {
    rows.as_array()
        .expect("rows")
        .iter()
        .map(|r| format!("{} {}", r["line"], r["status"].as_str().unwrap_or_default()))
        .collect()
}
