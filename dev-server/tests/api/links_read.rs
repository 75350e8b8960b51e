//! `GET /links` and `GET /links/{id}`: the full link record on the HTTP API.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestWorkspace, link_with_slug, simple_link, spawn_app};

async fn get(app: &TestApp, key: Option<&str>, path: &str) -> (StatusCode, Value) {
    app.request(Method::GET, path, key, None).await
}

async fn get_link(app: &TestApp, ws: &TestWorkspace, id: &str) -> (StatusCode, Value) {
    get(app, Some(&ws.key), &format!("/apiv1/links/{id}?workspaceId={}", ws.id)).await
}

#[tokio::test]
async fn get_link_returns_the_record_with_rule_ids() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_slug("Docs", "docs")).await;
    let (status, record) = get_link(&app, &ws, &id).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(record["id"], id.as_str());
    assert_eq!(record["fullLink"], "https://sl.test/docs");
    assert_eq!(record["rules"][0]["id"].as_str().unwrap().len(), 24);
    assert_eq!(
        record["qrSettings"],
        json!({ "color": "#000000", "bgColor": "#ffffff", "useLogo": false })
    );
    assert_eq!(record["tags"], json!([]));
}

#[tokio::test]
async fn get_link_of_another_workspace_is_404() {
    let app = spawn_app().await;
    let mine = app.workspace().await;
    let theirs = app.workspace().await;
    let id = app.create_ok(&theirs, simple_link("Theirs")).await;
    assert_eq!(
        get_link(&app, &mine, &id).await,
        (StatusCode::NOT_FOUND, json!({ "error": "Link not found." }))
    );
}

#[tokio::test]
async fn get_link_with_a_malformed_id_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = get_link(&app, &ws, "nope").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "Invalid linkId format.");
}

#[tokio::test]
async fn get_link_without_a_key_is_401() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, simple_link("n")).await;
    let (status, body) = get(&app, None, &format!("/apiv1/links/{id}?workspaceId={}", ws.id)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"], "API key is required. Pass it in the X-Api-Key header.");
}

#[tokio::test]
async fn get_link_without_a_workspace_is_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, simple_link("n")).await;
    let (status, body) = get(&app, Some(&ws.key), &format!("/apiv1/links/{id}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "workspaceId is required.");
}

#[tokio::test]
async fn an_expired_link_reads_back_inactive() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let mut body = simple_link("Soon gone");
    body["expirationDate"] = json!((app.clock_now() + chrono::Duration::hours(1)).to_rfc3339());
    let id = app.create_ok(&ws, body).await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(2));
    let (_, record) = get_link(&app, &ws, &id).await;
    assert_eq!(record["active"], false);
}

#[tokio::test]
async fn list_links_pages_newest_first() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    for name in ["first", "second", "third"] {
        app.clock.set(app.clock_now() + chrono::Duration::seconds(1));
        app.create_ok(&ws, simple_link(name)).await;
    }
    let (status, page) = get(
        &app,
        Some(&ws.key),
        &format!("/apiv1/links?workspaceId={}&limit=2", ws.id),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = page["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["third", "second"]);
    assert_eq!((page["page"].clone(), page["hasMore"].clone()), (json!(1), json!(true)));
    let (_, next) = get(
        &app,
        Some(&ws.key),
        &format!("/apiv1/links?workspaceId={}&limit=2&page=2", ws.id),
    )
    .await;
    assert_eq!(next["links"][0]["name"], "first");
    assert_eq!(next["hasMore"], false);
}

#[tokio::test]
async fn list_links_filters_by_search_and_comma_separated_tag_ids() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let a = lib::admin::create_tag(&app.service, &ws.id, "a").await.unwrap();
    let b = lib::admin::create_tag(&app.service, &ws.id, "b").await.unwrap();
    for (name, tag) in [("Red shoes", Some(&a)), ("Blue shoes", Some(&b)), ("Red hat", None)] {
        let mut body = simple_link(name);
        if let Some(tag) = tag {
            body["tagIds"] = json!([tag.id]);
        }
        app.create_ok(&ws, body).await;
    }
    let (_, found) = get(
        &app,
        Some(&ws.key),
        &format!("/apiv1/links?workspaceId={}&search=red", ws.id),
    )
    .await;
    assert_eq!(found["links"].as_array().unwrap().len(), 2);
    let (_, tagged) = get(
        &app,
        Some(&ws.key),
        &format!("/apiv1/links?workspaceId={}&tagIds={},{}", ws.id, a.id, b.id),
    )
    .await;
    assert_eq!(tagged["links"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn list_links_rejects_a_limit_over_100() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let (status, body) = get(
        &app,
        Some(&ws.key),
        &format!("/apiv1/links?workspaceId={}&limit=500", ws.id),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body,
        json!({ "error": "limit must be a whole number from 1 to 100 (got 500).", "field": "limit" })
    );
}

/// Every name a list walk sees, following `nextCursor` from `first` (a path) to the end.
async fn walk(app: &TestApp, ws: &TestWorkspace, first: &str, suffix: &str) -> (Vec<String>, usize) {
    let (mut names, mut requests) = (Vec::new(), 0);
    let mut path = first.to_string();
    loop {
        let (status, page) = get(app, Some(&ws.key), &path).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        requests += 1;
        names.extend(
            page["links"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l["name"].as_str().unwrap().to_string()),
        );
        let Some(cursor) = page["nextCursor"].as_str() else {
            return (names, requests);
        };
        path = format!("/apiv1/links?workspaceId={}&cursor={cursor}{suffix}", ws.id);
    }
}

#[tokio::test]
async fn following_next_cursor_lists_every_link_once_newest_first_even_when_the_budget_cuts_pages_short() {
    let app = crate::helpers::spawn_app_with_list_budget(7).await;
    let ws = app.workspace().await;
    let mut expected = Vec::new();
    for n in 0..23 {
        app.clock.set(app.clock_now() + chrono::Duration::seconds(1));
        let name = if n % 3 == 0 {
            format!("red {n}")
        } else {
            format!("blue {n}")
        };
        app.create_ok(&ws, simple_link(&name)).await;
        expected.insert(0, name);
    }
    let first = format!("/apiv1/links?workspaceId={}&limit=5", ws.id);
    let (names, requests) = walk(&app, &ws, &first, "&limit=5").await;
    assert_eq!(names, expected);
    assert_eq!(requests, 5, "pages of 5 need no more than the budget allows");

    let red: Vec<String> = expected.iter().filter(|n| n.starts_with("red")).cloned().collect();
    let first = format!("/apiv1/links?workspaceId={}&limit=5&search=red", ws.id);
    let (names, requests) = walk(&app, &ws, &first, "&limit=5&search=red").await;
    assert_eq!(names, red, "a sparse search is found whole, a budget at a time");
    assert!(requests >= 23 / 7, "{requests} requests for 23 entries at 7 a request");
}

#[tokio::test]
async fn a_cursor_with_a_page_another_search_or_made_up_is_refused_naming_it() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    for name in ["a", "b"] {
        app.create_ok(&ws, simple_link(name)).await;
    }
    let (_, page) = get(
        &app,
        Some(&ws.key),
        &format!("/apiv1/links?workspaceId={}&limit=1", ws.id),
    )
    .await;
    let cursor = page["nextCursor"].as_str().expect("a cursor").to_string();
    for (query, sentence) in [
        (
            format!("cursor={cursor}&page=2"),
            "Send either page or cursor, not both.",
        ),
        (
            format!("cursor={cursor}&search=a"),
            "cursor belongs to another search or tag filter",
        ),
        ("cursor=bm90LWEtY3Vyc29y".to_string(), "cursor is not one this API gave"),
    ] {
        let (status, body) = get(
            &app,
            Some(&ws.key),
            &format!("/apiv1/links?workspaceId={}&{query}", ws.id),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(body["field"], "cursor", "{body}");
        assert!(body["error"].as_str().unwrap().starts_with(sentence), "{body}");
    }
}

#[tokio::test]
async fn a_table_made_before_the_lean_index_is_given_it_at_start() {
    use aws_sdk_dynamodb::types::{
        AttributeDefinition, GlobalSecondaryIndex, IndexStatus, KeySchemaElement, KeyType, Projection, ProjectionType,
        ScalarAttributeType, StreamSpecification, StreamViewType,
    };
    let counter = lib::testing::RequestCounter::new();
    let client = crate::helpers::dynamodb_client(&counter).await;
    let table = crate::helpers::unique_table();
    let key = |name: &str, kind: KeyType| {
        KeySchemaElement::builder()
            .attribute_name(name)
            .key_type(kind)
            .build()
            .unwrap()
    };
    let mut old = client
        .create_table()
        .table_name(&table)
        .billing_mode(aws_sdk_dynamodb::types::BillingMode::PayPerRequest)
        .key_schema(key("PK", KeyType::Hash))
        .key_schema(key("SK", KeyType::Range))
        .stream_specification(
            StreamSpecification::builder()
                .stream_enabled(true)
                .stream_view_type(StreamViewType::NewImage)
                .build()
                .unwrap(),
        )
        .global_secondary_indexes(
            GlobalSecondaryIndex::builder()
                .index_name("GSI1")
                .key_schema(key("GSI1PK", KeyType::Hash))
                .key_schema(key("GSI1SK", KeyType::Range))
                .projection(Projection::builder().projection_type(ProjectionType::All).build())
                .build()
                .unwrap(),
        );
    for name in ["PK", "SK", "GSI1PK", "GSI1SK"] {
        old = old.attribute_definitions(
            AttributeDefinition::builder()
                .attribute_name(name)
                .attribute_type(ScalarAttributeType::S)
                .build()
                .unwrap(),
        );
    }
    old.send().await.expect("a table as it was before the lean index");
    assert!(
        !lib::store::ensure_table(&client, &table).await.unwrap(),
        "the table was there"
    );
    let described = client.describe_table().table_name(&table).send().await.unwrap();
    let lean = described
        .table
        .and_then(|t| t.global_secondary_indexes)
        .unwrap_or_default()
        .into_iter()
        .find(|i| i.index_name() == Some(lib::store::keys::GSI1_LEAN))
        .expect("the lean index was added");
    assert!(
        matches!(lean.index_status(), Some(IndexStatus::Active | IndexStatus::Creating)),
        "and is being filled or ready"
    );
    assert_eq!(
        lean.projection().map(|p| p.non_key_attributes().to_vec()),
        Some(vec!["searchText".to_string(), "tagIds".to_string()])
    );
}
