//! The tag and domain functions, the app's tags and domains tabs and the scheduled re-check
//! need only the IAM actions their policies allow.

use reqwest::Method;
use serde_json::json;

use crate::domain_support::{HOST, app_with_dns, owner};
use crate::permissions::assert_allowed;

#[tokio::test]
async fn the_tag_and_domain_functions_need_only_the_actions_their_policies_allow() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    let ws = owner.api(&app).await;
    let id = |body: &serde_json::Value| body["id"].as_str().unwrap().to_string();
    app.requests.reset();

    let list = format!("/apiv1/tags?workspaceId={}", ws.id);
    app.request(Method::GET, &list, Some(&ws.key), None).await;
    assert_allowed(&app, "list-tags");
    let body = json!({ "workspaceId": ws.id, "name": "Spring" });
    let (_, created) = app.call(Method::POST, "/apiv1/tag/create", &ws.key, body).await;
    let tag = id(&created);
    assert_allowed(&app, "create-tag");
    let body = json!({ "workspaceId": ws.id, "tagId": tag, "name": "Summer", "color": "#abc" });
    app.call(Method::PUT, "/apiv1/tag/update", &ws.key, body).await;
    assert_allowed(&app, "update-tag");
    app.create_ok(
        &ws,
        json!({ "name": "tagged", "url": "https://example.com/", "tagIds": [tag] }),
    )
    .await;
    app.requests.reset();
    let body = json!({ "workspaceId": ws.id, "tagId": tag });
    app.call(Method::DELETE, "/apiv1/tag/delete", &ws.key, body).await;
    assert_allowed(&app, "delete-tag");
    let domains = format!("/apiv1/domains?workspaceId={}", ws.id);
    app.request(Method::GET, &domains, Some(&ws.key), None).await;
    assert_allowed(&app, "list-domains");

    owner.verified(&dns, HOST).await;
    owner.add("other.example.test").await;
    owner.remove("other.example.test").await;
    let tab = owner.tab().await;
    let tags = format!("/app/w/{}/tags", ws.id);
    owner
        .browser
        .submit(&tags, &tab, &[("name", "Autumn"), ("color", "#b7410e")])
        .await;
    assert_allowed(&app, "app");

    dns.remove("_smartlinks.links.example.test");
    app.service.recheck_domains().await.unwrap();
    assert_allowed(&app, "domain-check");
}
