//! The MCP tools: results, errors (the HTTP API's sentences as -32602), and parity
//! with the HTTP API.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::spawn_app;
use crate::mcp_support::link;

#[tokio::test]
async fn create_then_get_returns_the_full_record() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let created = app
        .tool_in(
            &ws,
            "create_link",
            json!({ "name": "Spring", "slug": "spring", "description": "Q2 campaign", "rules": [
                { "targetUrl": "https://example.com/de", "isDefault": false, "country": ["de"], "name": "Germany" },
                { "targetUrl": "https://example.com/", "isDefault": true } ] }),
        )
        .await;
    let created = created.structured().clone();
    assert_eq!(created["message"], "Link \"Spring\" created.");
    assert_eq!(created["fullLink"], "https://sl.test/spring");
    let got = app.tool_in(&ws, "get_link", json!({ "linkId": created["id"] })).await;
    let record = got.structured();
    assert_eq!(record["id"], created["id"]);
    assert_eq!(record["workspaceId"], ws.id.as_str());
    assert_eq!(record["description"], "Q2 campaign");
    assert_eq!(record["active"], true);
    assert_eq!(record["clicks"], 0);
    assert_eq!(record["rules"][0]["name"], "Germany");
    assert_eq!(record["rules"][0]["country"], json!(["DE"]));
    assert_eq!(record["rules"][0]["id"].as_str().unwrap().len(), 24);
    assert_eq!(record["abTest"], json!({ "enabled": false, "variants": [] }));
    assert_eq!(record["clicksLimit"], Value::Null);
}

#[tokio::test]
async fn a_validation_failure_is_invalid_params_with_the_http_sentence() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let mut body = link("Old news");
    body["expirationDate"] = json!("2020-01-01T00:00:00Z");
    let answer = app.tool_in(&ws, "create_link", body.clone()).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.error(), (-32602, "expirationDate must be in the future."));
    assert_eq!(answer.body["error"]["data"]["field"], "expirationDate");
    let (status, http) = app.create(&ws.http, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(http["error"], answer.error().1);
}

#[tokio::test]
async fn a_taken_slug_is_invalid_params_with_the_http_sentence() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let mut body = link("First");
    body["slug"] = json!("taken");
    app.create_ok(&ws.http, body.clone()).await;
    let answer = app.tool_in(&ws, "create_link", body).await;
    assert_eq!(answer.error(), (-32602, "This slug is already taken."));
}

#[tokio::test]
async fn a_variant_weight_of_zero_is_invalid_params() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let mut body = link("Split");
    body["abTest"] = json!({ "enabled": true, "variants": [
        { "url": "https://a.example.com", "weight": 1 }, { "url": "https://b.example.com", "weight": 0 } ] });
    let answer = app.tool_in(&ws, "create_link", body).await;
    assert_eq!(
        answer.error(),
        (
            -32602,
            "abTest.variants[1].weight must be a positive number (a relative share, e.g. 70 and 30)."
        )
    );
}

#[tokio::test]
async fn relative_weights_are_stored_as_percentages_with_generated_variant_ids() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let mut body = link("Split");
    body["abTest"] = json!({ "enabled": true, "variants": [
        { "url": "https://a.example.com", "weight": 2 }, { "url": "https://b.example.com", "weight": 1 } ] });
    let id = app.tool_in(&ws, "create_link", body).await.structured()["id"].clone();
    let got = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    let variants = &got.structured()["abTest"]["variants"];
    assert_eq!(variants[0]["id"], "a");
    assert_eq!(variants[1]["name"], "Variant B");
    assert_eq!(
        variants[0]["weight"].as_u64().unwrap() + variants[1]["weight"].as_u64().unwrap(),
        100
    );
    assert_eq!(variants[0]["weight"], 67);
}

#[tokio::test]
async fn an_unknown_tool_is_invalid_params() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.tool_in(&ws, "drop_tables", json!({})).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(
        answer.error(),
        (
            -32602,
            "Unknown tool: drop_tables. Call tools/list for the tools this API key may use."
        )
    );
}

#[tokio::test]
async fn an_argument_the_schema_does_not_have_is_invalid_params_naming_it() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let mut body = link("n");
    body["ogTitle"] = json!("Only update_link takes it");
    let answer = app.tool_in(&ws, "create_link", body).await;
    assert_eq!(
        answer.error(),
        (-32602, "ogTitle is not a known field; check its spelling.")
    );
    assert_eq!(answer.body["error"]["data"]["field"], "ogTitle");
}

#[tokio::test]
async fn an_argument_of_the_wrong_type_is_invalid_params_naming_it() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.tool_in(&ws, "list_links", json!({ "page": "two" })).await;
    assert_eq!(answer.error().0, -32602);
    assert_eq!(answer.body["error"]["data"]["field"], "page");
}

#[tokio::test]
async fn a_limit_over_100_is_invalid_params() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.tool_in(&ws, "list_links", json!({ "limit": 101 })).await;
    assert_eq!(
        answer.error(),
        (-32602, "limit must be a whole number from 1 to 100 (got 101).")
    );
}

#[tokio::test]
async fn clicks_limit_zero_means_no_limit() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let mut body = link("Unlimited");
    body["clicksLimit"] = json!(0);
    let id = app.tool_in(&ws, "create_link", body).await.structured()["id"].clone();
    let got = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    assert_eq!(got.structured()["clicksLimit"], Value::Null);
}

#[tokio::test]
async fn update_changes_only_the_given_fields_and_rules_replace_all() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let mut body = link("Before");
    body["description"] = json!("keep me");
    let id = app.create_ok(&ws.http, body).await;
    let answer = app
        .tool_in(
            &ws,
            "update_link",
            json!({ "linkId": id, "name": "After", "ogTitle": "Share me", "rules": [
                { "targetUrl": "https://example.com/new", "isDefault": true }] }),
        )
        .await;
    assert_eq!(answer.structured(), &json!({ "message": "Link updated.", "id": id }));
    let record = app
        .tool_in(&ws, "get_link", json!({ "linkId": id }))
        .await
        .structured()
        .clone();
    assert_eq!(record["name"], "After");
    assert_eq!(record["description"], "keep me");
    assert_eq!(record["ogTitle"], "Share me");
    assert_eq!(record["rules"].as_array().unwrap().len(), 1);
    assert_eq!(record["rules"][0]["targetUrl"], "https://example.com/new");
}

#[tokio::test]
async fn update_with_null_clears_the_expiration() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let mut body = link("Expiring");
    body["expirationDate"] = json!("2099-01-01T00:00:00Z");
    let id = app.create_ok(&ws.http, body).await;
    app.tool_in(&ws, "update_link", json!({ "linkId": id, "expirationDate": null }))
        .await
        .structured();
    let record = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    assert_eq!(record.structured()["expirationDate"], Value::Null);
}

#[tokio::test]
async fn update_of_a_link_in_another_workspace_is_invalid_params() {
    let app = spawn_app().await;
    let mine = app.mcp_workspace().await;
    let theirs = app.mcp_workspace().await;
    let id = app.create_ok(&theirs.http, link("Theirs")).await;
    let answer = app
        .tool_in(&mine, "update_link", json!({ "linkId": id, "name": "Mine now" }))
        .await;
    assert_eq!(
        answer.error(),
        (-32602, "You do not have permission to edit this link.")
    );
}

#[tokio::test]
async fn delete_removes_the_link_for_good() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Doomed")).await;
    let answer = app
        .tool_in(&ws, "delete_link", json!({ "linkId": id, "confirm": true }))
        .await;
    assert_eq!(answer.structured()["message"], "Link \"Doomed\" deleted.");
    let again = app.tool_in(&ws, "get_link", json!({ "linkId": id })).await;
    assert_eq!(again.error(), (-32602, "Link not found."));
}

#[tokio::test]
async fn get_of_a_malformed_link_id_is_invalid_params() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app.tool_in(&ws, "get_link", json!({ "linkId": "12" })).await;
    assert_eq!(answer.error(), (-32602, "Invalid linkId format."));
}

#[tokio::test]
async fn list_finds_by_search_and_tags_newest_first_and_pages() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let tag = lib::admin::create_tag(&app.service, &ws.id, "spring").await.unwrap();
    for (i, name) in ["Alpha sale", "Beta", "Gamma sale"].iter().enumerate() {
        let mut body = link(name);
        if i != 1 {
            body["tagIds"] = json!([tag.id]);
        }
        app.clock.set(app.clock_now() + chrono::Duration::seconds(1));
        app.create_ok(&ws.http, body).await;
    }
    let all = app.tool_in(&ws, "list_links", json!({})).await;
    let names: Vec<&str> = all.structured()["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Gamma sale", "Beta", "Alpha sale"]);
    let found = app
        .tool_in(&ws, "list_links", json!({ "search": "SALE", "limit": 1 }))
        .await;
    let page = found.structured();
    assert_eq!(page["links"][0]["name"], "Gamma sale");
    assert_eq!(
        (page["page"].clone(), page["limit"].clone(), page["hasMore"].clone()),
        (json!(1), json!(1), json!(true))
    );
    let second = app
        .tool_in(&ws, "list_links", json!({ "search": "sale", "limit": 1, "page": 2 }))
        .await;
    assert_eq!(second.structured()["links"][0]["name"], "Alpha sale");
    assert_eq!(second.structured()["hasMore"], false);
    let tagged = app.tool_in(&ws, "list_links", json!({ "tagIds": [tag.id] })).await;
    assert_eq!(tagged.structured()["links"].as_array().unwrap().len(), 2);
    assert_eq!(
        tagged.structured()["links"][0]["tags"],
        json!([{ "id": tag.id, "name": "spring" }])
    );
}

#[tokio::test]
async fn bulk_create_reports_created_and_failed_items() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .tool_in(
            &ws,
            "bulk_create_links",
            json!({ "links": [ link("One"), { "name": "No rules" }, { "name": "Odd", "url": "https://e.com" }, link("Two") ] }),
        )
        .await;
    let result = answer.structured();
    assert_eq!(result["message"], "2 links created, 2 failed.");
    assert_eq!(result["created"].as_array().unwrap().len(), 2);
    let errors: Vec<&str> = result["failed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["error"].as_str().unwrap())
        .collect();
    assert!(
        errors.contains(&"url is not a known field; check its spelling."),
        "{errors:?}"
    );
    assert!(errors.contains(&"Each link must have name and rules."), "{errors:?}");
}

#[tokio::test]
async fn bulk_create_of_more_than_100_links_is_invalid_params() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let links: Vec<Value> = (0..101).map(|i| link(&format!("l{i}"))).collect();
    let answer = app.tool_in(&ws, "bulk_create_links", json!({ "links": links })).await;
    assert_eq!(answer.error(), (-32602, "Maximum 100 links per request."));
}

/// A link with everything both doors accept on create, A/B test included.
fn rich_link(slug: &str) -> Value {
    json!({
        "name": "Launch", "slug": slug, "description": "Both doors",
        "active": true, "clicksLimit": 500, "expirationDate": "2099-06-30T12:00:00Z",
        "conversionTracking": true, "gpsTracking": false,
        "rules": [
            { "targetUrl": "https://example.com/mobile", "isDefault": false, "device": ["mobile"], "os": ["iOS", "Android"],
              "timeStart": "22:00", "timeEnd": "06:00", "daysOfWeek": [0, 6], "locale": ["de"], "name": "Night mobile" },
            { "targetUrl": "https://example.com/", "isDefault": true }
        ],
        "abTest": { "enabled": true, "variants": [
            { "id": "blue", "name": "Blue", "url": "https://example.com/blue", "weight": 60 },
            { "id": "green", "name": "Green", "url": "https://example.com/green", "weight": 40 } ] }
    })
}

/// A record without what necessarily differs between two links.
fn comparable(mut record: Value) -> Value {
    for field in ["id", "slug", "fullLink", "createdAt", "updatedAt"] {
        record.as_object_mut().unwrap().remove(field);
    }
    for rule in record["rules"].as_array_mut().unwrap() {
        rule.as_object_mut().unwrap().remove("id");
    }
    record
}

#[tokio::test]
async fn links_created_through_either_door_read_back_identically_through_both() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let via_mcp = app
        .tool_in(&ws, "create_link", rich_link("from-mcp"))
        .await
        .structured()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let via_http = app.create_ok(&ws.http, rich_link("from-http")).await;
    let mut reads = Vec::new();
    for id in [&via_mcp, &via_http] {
        let mcp_read = app
            .tool_in(&ws, "get_link", json!({ "linkId": id }))
            .await
            .structured()
            .clone();
        let (status, http_read) = app
            .call(
                Method::GET,
                &format!("/apiv1/links/{id}?workspaceId={}", ws.id),
                &ws.mcp_key,
                Value::Null,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{http_read}");
        assert_eq!(mcp_read, http_read, "the two doors read the same record");
        reads.push(comparable(mcp_read));
    }
    assert_eq!(reads[0], reads[1], "the two doors created the same link");
    assert_eq!(reads[0]["abTest"]["variants"][0]["weight"], 60);
}

#[tokio::test]
async fn link_analytics_of_a_new_link_are_zero() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let id = app.create_ok(&ws.http, link("Quiet")).await;
    let answer = app.tool_in(&ws, "get_link_analytics", json!({ "linkId": id })).await;
    let result = answer.structured();
    assert_eq!(result["totals"]["total"], 0);
    assert_eq!(result["totals"]["periodTotal"], 0);
    let (_, http) = app
        .call(
            Method::GET,
            &format!("/apiv1/links/{id}/analytics?workspaceId={}", ws.id),
            &ws.mcp_key,
            Value::Null,
        )
        .await;
    assert_eq!(result, &http);
}

#[tokio::test]
async fn link_analytics_of_an_unknown_link_is_invalid_params() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let answer = app
        .tool_in(
            &ws,
            "get_link_analytics",
            json!({ "linkId": "64656d6f00000000000000ff" }),
        )
        .await;
    assert_eq!(answer.error(), (-32602, "Link not found in this workspace."));
}

#[tokio::test]
async fn workspace_analytics_are_for_owners_and_managers() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let owner = app.tool_in(&ws, "get_workspace_analytics", json!({})).await;
    assert_eq!(owner.structured()["totals"]["total"], 0);
    let member_key = app.member(&ws.http, "member").await;
    let member = app
        .key_for(
            &member_key_owner(&app, &member_key).await,
            false,
            Some(lib::domain::Scope::ALL.to_vec()),
        )
        .await;
    let answer = app
        .tool(&member, "get_workspace_analytics", json!({ "workspaceId": ws.id }))
        .await;
    assert_eq!(
        answer.error(),
        (
            -32602,
            "Only workspace owner or manager can access all links analytics."
        )
    );
}

/// The user behind an API key.
async fn member_key_owner(app: &crate::helpers::TestApp, key: &str) -> String {
    app.service
        .authenticate(Some(key).into())
        .await
        .expect("a valid key")
        .user_id
        .to_string()
}

#[tokio::test]
async fn the_analytics_tools_name_the_analytics_app_and_no_other_tool_does() {
    let app = spawn_app().await;
    let ws = app.mcp_workspace().await;
    let listed = app.mcp(&ws.mcp_key, "tools/list", json!({})).await;
    for tool in listed.body["result"]["tools"].as_array().unwrap() {
        let drawn = tool["name"] == "get_link_analytics" || tool["name"] == "get_workspace_analytics";
        let meta = &tool["_meta"];
        if drawn {
            assert_eq!(meta["ui"]["resourceUri"], lib::mcp::app::ANALYTICS_APP_URI, "{tool}");
            assert_eq!(meta["ui/resourceUri"], lib::mcp::app::ANALYTICS_APP_URI, "{tool}");
        } else {
            assert!(meta.is_null(), "{tool}");
        }
    }
}
