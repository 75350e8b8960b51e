//! What the conversion tests do as a visitor, a site and a server: a visit that brings a click
//! id, the pixel a page fires, a conversion a server reports, and the report once folded.

use chrono::{DateTime, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace};

/// Noon (UTC) of a day given as `YYYY-MM-DD`.
pub fn day(at: &str) -> DateTime<Utc> {
    format!("{at}T12:00:00Z").parse().unwrap()
}

impl TestApp {
    /// A tracked A/B test at `slug`: "Variant A" (`a`) and "Variant B" (`b`), half the visitors
    /// each; its id.
    pub async fn tracked_ab_test(&self, ws: &TestWorkspace, slug: &str) -> String {
        self.create_ok(
            ws,
            json!({ "name": "AB", "slug": slug, "url": "https://example.com/", "conversionTracking": true,
                "abTest": { "enabled": true, "variants": [
                    { "id": "a", "name": "Variant A", "url": "https://example.com/a", "weight": 50 },
                    { "id": "b", "name": "Variant B", "url": "https://example.com/b", "weight": 50 } ] } }),
        )
        .await
    }

    /// A person's visit; where the redirect sends them, and the click id it carries.
    pub async fn visit_for_id(&self, slug: &str, country: &str) -> (String, String) {
        let visit = self.get(slug, &[("cloudfront-viewer-country", country)]).await;
        let location = visit.location().expect("a redirect").to_string();
        let (target, cid) = location.split_once("sl_cid=").expect("a click id");
        (target.trim_end_matches(['?', '&']).to_string(), cid.to_string())
    }

    /// A conversion a server reports with the workspace's key (`POST /apiv1/conversions`).
    pub async fn convert(&self, ws: &TestWorkspace, body: Value) -> Value {
        let mut body = body;
        body["workspaceId"] = json!(ws.id);
        let (status, answer) = self.call(Method::POST, "/apiv1/conversions", &ws.key, body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        answer
    }

    /// The pixel a site's page fires for the click id `cid`.
    pub async fn fire_pixel(&self, cid: &str, event: &str) {
        let hit = self.get(&format!("_sl/c?cid={cid}&e={event}"), &[]).await;
        assert_eq!(hit.status, StatusCode::OK);
    }

    /// An analytics report of the API (`path` under `/apiv1/`), once the stream is folded.
    pub async fn report_of(&self, ws: &TestWorkspace, path: &str) -> Value {
        self.aggregate().await;
        let sep = if path.contains('?') { '&' } else { '?' };
        let path = format!("/apiv1/{path}{sep}workspaceId={}", ws.id);
        let (status, body) = self.request(Method::GET, &path, Some(&ws.key), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }
}
