//! Custom domains: added in the app and shown with their two records, verified against a real
//! DNS server on loopback ("Verify now" and the scheduled re-check), claimed by one workspace
//! at a time, listed on the HTTP API and the MCP tool, removed only when no link uses them.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::domain_support::{HOST, app_with_dns, domains, owner};
use crate::helpers::TestApp;
use crate::mcp_support::McpWorkspace;
use crate::team_support::{person_in, signed_in};

async fn listed(app: &TestApp, ws: &str, key: &str) -> Value {
    let (status, body) = app
        .request(
            Method::GET,
            &format!("/apiv1/domains?workspaceId={ws}"),
            Some(key),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

fn on(host: &str, slug: &str) -> Value {
    json!({ "name": slug, "slug": slug, "domain": host, "url": "https://example.com/landing" })
}

#[tokio::test]
async fn an_owner_adds_a_domain_and_is_shown_the_txt_and_cname_records_to_publish() {
    let (app, _dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    let added = owner.add(HOST).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.html);
    let tab = owner.tab().await;
    assert!(
        tab.html
            .contains("links.example.test is added. Publish its two records, then verify it.")
    );
    assert!(
        tab.html
            .contains("<code class=\"record-name\">_smartlinks.links.example.test</code>")
    );
    assert!(tab.html.contains("<code>links.sl.test</code>"), "the CNAME target");
    let value = owner.txt_value(HOST).await;
    assert!(
        value.starts_with("smartlinks-verify=") && value.len() == 18 + 32,
        "{value}"
    );
    assert!(tab.html.contains(">pending<"));
}

#[tokio::test]
async fn verify_now_finds_the_published_record_and_links_may_then_use_the_domain() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.add(HOST).await;
    let ws = owner.api(&app).await;
    assert_eq!(
        app.create(&ws, on(HOST, "early")).await.1["error"],
        "Domain is not available for this workspace."
    );
    owner.publish(&dns, HOST).await;
    let verified = owner.verify(HOST).await;
    assert_eq!(verified.status, StatusCode::SEE_OTHER);
    assert!(
        owner
            .tab()
            .await
            .html
            .contains("links.example.test is verified: new links may use it.")
    );
    app.create_ok(&ws, on(HOST, "spring")).await;
    let visit = app.get("spring", &[("host", HOST)]).await;
    assert_eq!(visit.location(), Some("https://example.com/landing"));
    let body = listed(&app, &ws.id, &ws.key).await;
    assert_eq!(body["domains"][1]["hostname"], HOST);
    assert_eq!(body["domains"][1]["status"], "verified");
    assert!(body["domains"][1]["verifiedAt"].is_string());
}

#[tokio::test]
async fn a_record_holding_another_token_verifies_nothing() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.add(HOST).await;
    dns.set_txt(
        "_smartlinks.links.example.test",
        &["smartlinks-verify=someone-elses-token"],
    );
    owner.verify(HOST).await;
    let tab = owner.tab().await;
    assert!(
        tab.html.contains("has a TXT record, but not this domain&#39;s value"),
        "{}",
        tab.html
    );
    assert!(tab.html.contains(">pending<"));
}

#[tokio::test]
async fn without_a_record_the_domain_stays_pending_and_the_owner_is_told_to_wait() {
    let (app, _dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.add(HOST).await;
    owner.verify(HOST).await;
    let tab = owner.tab().await;
    assert!(
        tab.html
            .contains("No TXT record at _smartlinks.links.example.test yet.")
    );
    assert!(tab.html.contains(">pending<"));
}

#[tokio::test]
async fn a_name_server_that_fails_changes_nothing() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    dns.fail("_smartlinks.links.example.test");
    owner.verify(HOST).await;
    let tab = owner.tab().await;
    assert!(
        tab.html
            .contains("DNS could not be asked about _smartlinks.links.example.test just now")
    );
    assert!(tab.html.contains(">verified<"));
}

#[tokio::test]
async fn a_verified_domain_whose_record_vanished_turns_invalid_after_seven_days_and_its_links_keep_working() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    let ws = owner.api(&app).await;
    app.create_ok(&ws, on(HOST, "kept")).await;
    dns.remove("_smartlinks.links.example.test");
    let start = app.clock_now();
    app.service.recheck_domains().await.unwrap();
    assert_eq!(listed(&app, &ws.id, &ws.key).await["domains"][1]["status"], "verified");
    app.clock.set(start + chrono::Duration::days(7));
    let done = app.service.recheck_domains().await.unwrap();
    assert_eq!(done.invalid, 1);
    assert_eq!(listed(&app, &ws.id, &ws.key).await["domains"][1]["status"], "invalid");
    let mut again = signed_in(&app, &owner.email).await;
    let tab = again.get(&domains(&owner.ws)).await;
    assert!(
        tab.html.contains("The TXT record has been gone for 7 days."),
        "{}",
        tab.html
    );
    assert_eq!(
        app.create(&ws, on(HOST, "new")).await.1["error"],
        "Domain is not available for this workspace."
    );
    let visit = app.get("kept", &[("host", HOST)]).await;
    assert_eq!(visit.location(), Some("https://example.com/landing"));
}

#[tokio::test]
async fn the_scheduled_recheck_verifies_a_pending_domain_whose_record_appeared() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.add(HOST).await;
    owner.publish(&dns, HOST).await;
    let done = app.service.recheck_domains().await.unwrap();
    assert_eq!((done.checked, done.verified), (1, 1));
    assert!(owner.tab().await.html.contains(">verified<"));
}

#[tokio::test]
async fn the_scheduled_recheck_goes_on_from_where_its_last_run_stopped_and_once_round_ends() {
    let (app, dns) = app_with_dns().await;
    for w in 0..3 {
        let ws = app.workspace().await;
        let owner = crate::webhook_endpoints::owner(&app, &ws).await;
        for i in 0..20 {
            let host = format!("h{i}.w{w}.example");
            app.service.add_domain_claim(&owner, &host).await.expect("a claim");
        }
    }
    let asked = || dns.names_asked_under(".example").len();
    assert_eq!(app.service.recheck_domains_within(25).await.unwrap().checked, 25);
    assert_eq!(app.service.recheck_domains_within(25).await.unwrap().checked, 25);
    assert_eq!(asked(), 50);
    // The last ten, then round to the first page again.
    assert_eq!(app.service.recheck_domains_within(25).await.unwrap().checked, 35);
    assert_eq!(asked(), 60);
    assert_eq!(app.service.recheck_domains().await.unwrap().checked, 60);
}

#[tokio::test]
async fn a_pending_claim_blocks_nobody_and_a_verified_one_blocks_everyone_else() {
    let (app, dns) = app_with_dns().await;
    let mut first = owner(&app).await;
    let mut second = owner(&app).await;
    first.add(HOST).await;
    assert_eq!(
        second.add(HOST).await.status,
        StatusCode::SEE_OTHER,
        "a pending claim blocks nobody"
    );
    second.publish(&dns, HOST).await;
    second.verify(HOST).await;
    first.publish(&dns, HOST).await;
    let refused = first.verify(HOST).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(
        refused
            .html
            .contains("links.example.test is already verified by another workspace.")
    );
    let mut third = owner(&app).await;
    let refused = third.add("LINKS.example.test").await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(
        refused
            .html
            .contains("links.example.test is already verified by another workspace.")
    );
}

#[tokio::test]
async fn a_workspace_cannot_add_the_same_domain_twice() {
    let (app, _dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.add(HOST).await;
    let again = owner.add("links.example.test.").await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(
        again
            .html
            .contains("links.example.test is already added to this workspace.")
    );
}

#[tokio::test]
async fn hostnames_are_normalised_when_added() {
    let (app, _dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.add(" Links.Bücher.Example:443. ").await;
    let ws = owner.api(&app).await;
    let body = listed(&app, &ws.id, &ws.key).await;
    assert_eq!(body["domains"][1]["hostname"], "links.xn--bcher-kva.example");
}

#[tokio::test]
async fn addresses_and_the_services_own_domains_cannot_be_added() {
    let (app, _dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    for (raw, sentence) in [
        ("192.0.2.10", "hostname must be a domain name, not an IP address"),
        ("[2001:db8::1]", "hostname must be a domain name, not an IP address"),
        (
            "sl.test",
            "sl.test is one of this service&#39;s own domains and cannot be added.",
        ),
        (
            "go.sl.test",
            "go.sl.test is one of this service&#39;s own domains and cannot be added.",
        ),
        ("links.sl.test", "one of this service&#39;s own domains"),
        ("intranet", "hostname must be a full domain name"),
        ("bad_name.example.com", "hostname must be a host name"),
    ] {
        let refused = owner.add(raw).await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{raw}");
        assert!(refused.html.contains(sentence), "{raw}: {}", refused.html);
    }
}

#[tokio::test]
async fn removing_a_domain_that_links_use_is_refused_with_their_count() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    let ws = owner.api(&app).await;
    let id = app.create_ok(&ws, on(HOST, "in-use")).await;
    app.create_ok(&ws, json!({ "name": "elsewhere", "url": "https://example.com/" }))
        .await;
    let refused = owner.remove(HOST).await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
    assert!(
        refused
            .html
            .contains("1 link uses links.example.test; move it to another domain or delete it first.")
    );
    app.delete(&ws, &id).await;
    assert_eq!(owner.remove(HOST).await.status, StatusCode::SEE_OTHER);
    assert_eq!(
        listed(&app, &ws.id, &ws.key).await["domains"].as_array().unwrap().len(),
        1
    );
    let mut other = owner_of_new_workspace(&app).await;
    assert_eq!(
        other.add(HOST).await.status,
        StatusCode::SEE_OTHER,
        "a removed domain is free again"
    );
}

async fn owner_of_new_workspace(app: &TestApp) -> crate::domain_support::Owner<'_> {
    owner(app).await
}

#[tokio::test]
async fn a_member_sees_the_domains_but_cannot_add_verify_or_remove_them() {
    let (app, _dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.add(HOST).await;
    let email = person_in(&app, &owner.ws, "member").await;
    let mut member = signed_in(&app, &email).await;
    let tab = member.get(&domains(&owner.ws)).await;
    assert_eq!(tab.status, StatusCode::OK);
    assert!(tab.html.contains("_smartlinks.links.example.test") && !tab.html.contains("Add the domain"));
    let refused = member
        .submit(&domains(&owner.ws), &tab, &[("hostname", "other.example.test")])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(refused.html.contains(
        "Only the workspace&#39;s owner and managers can add, verify or remove domains or change their apps."
    ));
    let key = app.key_of(&email).await;
    assert_eq!(listed(&app, &owner.ws, &key).await["domains"][1]["status"], "pending");
}

#[tokio::test]
async fn the_domain_list_starts_with_the_default_domain_on_the_api_and_the_mcp_tool() {
    let (app, _dns) = app_with_dns().await;
    let ws = app.mcp_workspace().await;
    let expected = json!({ "domains": [
        { "hostname": "sl.test", "status": "verified", "verifiedAt": null, "isDefault": true } ] });
    assert_eq!(listed(&app, &ws.id, &ws.http.key).await, expected);
    assert_eq!(
        app.tool_in(&ws, "list_domains", json!({})).await.structured(),
        &expected
    );
    let _: &McpWorkspace = &ws;
}
