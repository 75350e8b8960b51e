//! Where visitors were, in the reports: located clicks by ~5 km cell, the positions people
//! shared among them, on both doors; never a precise position.

use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, oid, spawn_app};
use crate::location_support::{NEW_YORK, PARIS, cell, grant_of};

/// Lyon, as a phone reports it.
const LYON: (f64, f64) = (45.764_04, 4.835_66);

impl TestApp {
    async fn link_report(&self, ws: &TestWorkspace, id: &str) -> Value {
        self.report_of(ws, &format!("links/{id}/analytics")).await
    }

    /// The link's report as the rollups stand, without running the aggregator.
    async fn report_without_folding(&self, ws: &TestWorkspace, id: &str) -> Value {
        let path = format!("/apiv1/links/{id}/analytics?workspaceId={}", ws.id);
        let (status, body) = self.request(reqwest::Method::GET, &path, Some(&ws.key), None).await;
        assert_eq!(status, reqwest::StatusCode::OK, "{body}");
        body
    }

    async fn workspace_report(&self, ws: &TestWorkspace) -> Value {
        self.report_of(ws, "links/analytics").await
    }
}

#[tokio::test]
async fn every_located_click_counts_in_its_areas_cell_on_the_link_and_the_workspace() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.plain_link(&ws).await;
    app.get("plain", &PARIS).await;
    app.get("plain", &PARIS).await;
    app.get("plain", &NEW_YORK).await;
    app.get("plain", &[]).await;
    for report in [app.link_report(&ws, &id).await, app.workspace_report(&ws).await] {
        assert_eq!(report["totals"]["located"], 3);
        assert_eq!(report["totals"]["gpsShared"], 0);
        let paris = &report["locations"][cell(48.9, 2.4)];
        assert_eq!(paris["value"], 2);
        assert_eq!(paris["precise"], 0);
        assert_eq!(paris["title"], "48.9, 2.4");
        assert_eq!(report["locations"][cell(40.7, -74.0)]["value"], 1);
        assert_eq!(report["locations"].as_object().unwrap().len(), 2);
    }
}

#[tokio::test]
async fn a_shared_position_moves_its_click_to_the_positions_cell_where_it_counts_as_precise() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = app.get("venue", &PARIS).await;
    app.share(&grant_of(&page), LYON.0, LYON.1, 12.0).await;
    app.get("venue", &PARIS).await;
    for report in [app.link_report(&ws, &id).await, app.workspace_report(&ws).await] {
        assert_eq!(report["totals"]["located"], 2, "{report}");
        assert_eq!(report["totals"]["gpsShared"], 1);
        let lyon = &report["locations"][cell(LYON.0, LYON.1)];
        assert_eq!((&lyon["value"], &lyon["precise"]), (&json!(1), &json!(1)));
        let paris = &report["locations"][cell(48.9, 2.4)];
        assert_eq!((&paris["value"], &paris["precise"]), (&json!(1), &json!(0)));
    }
}

#[tokio::test]
async fn a_position_shared_by_a_visitor_without_an_area_joins_the_located_clicks() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = app.get("venue", &[]).await;
    app.share(&grant_of(&page), LYON.0, LYON.1, 12.0).await;
    let report = app.link_report(&ws, &id).await;
    assert_eq!(report["totals"]["located"], 1);
    assert_eq!(report["totals"]["gpsShared"], 1);
    assert_eq!(report["locations"][cell(LYON.0, LYON.1)]["precise"], 1);
}

#[tokio::test]
async fn a_position_folded_before_its_click_ends_up_counted_the_same() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = app.get("venue", &PARIS).await;
    app.share(&grant_of(&page), LYON.0, LYON.1, 12.0).await;
    let day = app.clock_now().date_naive();
    let workspace = oid(&ws.id);
    let position = app
        .store()
        .shared_locations_on(&workspace, day)
        .await
        .unwrap()
        .remove(0);
    let click = app.clicks(&id).await.remove(0);
    let mut shard = None;
    for s in 0..lib::store::keys::CLICK_SHARDS {
        let token = lib::domain::ClickToken {
            workspace_id: workspace.clone(),
            at: click.at,
            shard: u8::try_from(s).unwrap(),
            click_id: click.id.clone(),
        };
        if app.store().get_click(&token).await.unwrap().is_some() {
            shard = Some(s);
        }
    }
    let shard = shard.expect("the click's shard");
    // The stream orders each partition, not the two apart: the position first, then its click.
    let position_first: Vec<lib::analytics::StreamRecord> = vec![
        lib::analytics::LocationRecord {
            sequence: "100".into(),
            shard,
            location: position,
        }
        .into(),
        lib::analytics::ClickRecord {
            sequence: "200".into(),
            shard,
            click,
        }
        .into(),
    ];
    app.service.fold_stream(&position_first[..1]).await.unwrap();
    let between = app.report_without_folding(&ws, &id).await;
    assert!(
        between["locations"].get(cell(48.9, 2.4)).is_none(),
        "a cell below zero for a moment is not shown: {between}"
    );
    app.service.fold_stream(&position_first[1..]).await.unwrap();
    let report = app.report_without_folding(&ws, &id).await;
    assert_eq!(report["totals"]["located"], 1);
    assert_eq!(report["locations"].as_object().unwrap().len(), 1, "{report}");
    assert_eq!(report["locations"][cell(LYON.0, LYON.1)]["precise"], 1);
}

#[tokio::test]
async fn the_cell_outlives_the_precise_position() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = app.get("venue", &PARIS).await;
    app.share(&grant_of(&page), LYON.0, LYON.1, 12.0).await;
    let before = app.link_report(&ws, &id).await;
    app.expire_shared_positions(&ws).await;
    assert!(app.shared_positions(&ws).await.is_empty());
    let after = app.link_report(&ws, &id).await;
    assert_eq!(after["locations"], before["locations"]);
    assert_eq!(after["locations"][cell(LYON.0, LYON.1)]["precise"], 1);
}

#[tokio::test]
async fn reports_show_cells_never_a_precise_position() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.gps_link(&ws, "venue", json!({})).await;
    let page = app.get("venue", &PARIS).await;
    app.share(&grant_of(&page), LYON.0, LYON.1, 12.0).await;
    let point = lib::domain::Position::new(LYON.0, LYON.1).unwrap();
    let precise = [format!("{}", point.lat()), format!("{}", point.lon())];
    for report in [app.link_report(&ws, &id).await, app.workspace_report(&ws).await] {
        let text = report.to_string();
        for coordinate in &precise {
            assert!(!text.contains(coordinate.as_str()), "{coordinate} in {text}");
        }
    }
}

#[tokio::test]
async fn the_mcp_analytics_tools_answer_the_same_locations() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.gps_link(&ws.http, "venue", json!({})).await;
    let page = app.get("venue", &PARIS).await;
    app.share(&grant_of(&page), LYON.0, LYON.1, 12.0).await;
    app.get("venue", &NEW_YORK).await;
    let http = app.link_report(&ws.http, &id).await;
    let link = app.tool_in(&ws, "get_link_analytics", json!({ "linkId": id })).await;
    assert_eq!(link.structured(), &http);
    assert_eq!(http["totals"]["gpsShared"], 1);
    let http = app.workspace_report(&ws.http).await;
    let workspace = app.tool_in(&ws, "get_workspace_analytics", json!({})).await;
    assert_eq!(workspace.structured()["locations"], http["locations"]);
    assert_eq!(workspace.structured()["totals"], http["totals"]);
}
