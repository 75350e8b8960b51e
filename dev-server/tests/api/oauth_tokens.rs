//! The token endpoint and revocation: codes exchanged once with PKCE, refresh tokens rotated
//! on every use, client authentication by the registered method, and every refusal in RFC
//! 6749's words with nothing issued.

use lib::admin;
use reqwest::StatusCode;

use crate::helpers::spawn_app;
use crate::oauth_support::{ALL_SCOPES, pkce};
use crate::pages_support::Browser;

/// A person who approved a public client: (client, person, code, verifier).
async fn approved(
    app: &crate::helpers::TestApp,
) -> (
    crate::oauth_support::Client,
    crate::oauth_support::Person,
    String,
    String,
) {
    let person = app.oauth_person().await;
    let client = app.register("none").await;
    let (verifier, challenge) = pkce("t");
    let answer = Browser::new(app)
        .authorize(
            &person,
            &app.authorize_url(&client, &challenge, &[]),
            &["links:read", "links:write"],
        )
        .await;
    (client, person, answer.get("code").unwrap().to_string(), verifier)
}

#[tokio::test]
async fn a_code_and_its_verifier_buy_an_access_token_and_a_refresh_token() {
    let app = spawn_app().await;
    let (client, _, code, verifier) = approved(&app).await;
    let answer = app.exchange(&client, &code, &verifier).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.headers["cache-control"], "no-store");
    let body = answer.body.as_object().unwrap();
    assert!(body["access_token"].as_str().unwrap().starts_with("slat_"));
    assert_eq!(body["token_type"], "Bearer");
    assert_eq!(body["expires_in"], 3600);
    assert!(body["refresh_token"].as_str().unwrap().starts_with("slrt_"));
    assert_eq!(body["scope"], "links:read links:write");
}

#[tokio::test]
async fn a_wrong_pkce_verifier_is_invalid_grant_and_issues_nothing() {
    let app = spawn_app().await;
    let (client, _, code, _) = approved(&app).await;
    let (other_verifier, _) = pkce("someone-else");
    let answer = app.exchange(&client, &code, &other_verifier).await;
    assert_eq!(
        (answer.status, answer.error()),
        (StatusCode::BAD_REQUEST, "invalid_grant")
    );
    assert_eq!(
        answer.body["error_description"],
        "code_verifier does not match the code_challenge."
    );
    assert_eq!(
        app.oauth_items().await,
        (1, 0, 0, 0),
        "the code waits; no grant, no token"
    );
}

#[tokio::test]
async fn a_reused_code_is_refused_and_revokes_what_it_issued() {
    let app = spawn_app().await;
    let (client, _, code, verifier) = approved(&app).await;
    let first = app.exchange(&client, &code, &verifier).await;
    let access = first.body["access_token"].as_str().unwrap().to_string();
    assert_eq!(
        app.tool_bearer(&access, "list_links", serde_json::json!({}))
            .await
            .status,
        StatusCode::OK
    );
    let again = app.exchange(&client, &code, &verifier).await;
    assert_eq!(
        (again.status, again.error()),
        (StatusCode::BAD_REQUEST, "invalid_grant")
    );
    assert_eq!(app.oauth_items().await.1, 0, "the grant is revoked");
    let after = app.tool_bearer(&access, "list_links", serde_json::json!({})).await;
    assert_eq!(
        after.status,
        StatusCode::UNAUTHORIZED,
        "the first exchange's token is dead"
    );
    let refresh = first.body["refresh_token"].as_str().unwrap();
    assert_eq!(app.refresh(&client, refresh).await.error(), "invalid_grant");
}

#[tokio::test]
async fn a_redirect_uri_that_differs_from_the_authorization_requests_is_invalid_grant() {
    let app = spawn_app().await;
    let (client, _, code, verifier) = approved(&app).await;
    let answer = app
        .token_as(
            &client,
            false,
            &[
                ("grant_type", "authorization_code"),
                ("code", &code),
                ("redirect_uri", "http://127.0.0.1:33418/other"),
                ("code_verifier", &verifier),
            ],
        )
        .await;
    assert_eq!(
        (answer.status, answer.error()),
        (StatusCode::BAD_REQUEST, "invalid_grant")
    );
    assert_eq!(app.oauth_items().await, (1, 0, 0, 0));
}

#[tokio::test]
async fn a_token_for_another_resource_is_invalid_target_and_issues_nothing() {
    let app = spawn_app().await;
    let (client, _, code, verifier) = approved(&app).await;
    let answer = app
        .token_as(
            &client,
            false,
            &[
                ("grant_type", "authorization_code"),
                ("code", &code),
                ("redirect_uri", &client.redirect_uri),
                ("code_verifier", &verifier),
                ("resource", "https://other.example/mcp"),
            ],
        )
        .await;
    assert_eq!(
        (answer.status, answer.error()),
        (StatusCode::BAD_REQUEST, "invalid_target")
    );
    assert_eq!(app.oauth_items().await, (1, 0, 0, 0));
}

#[tokio::test]
async fn a_code_older_than_sixty_seconds_is_invalid_grant() {
    let app = spawn_app().await;
    let (client, _, code, verifier) = approved(&app).await;
    app.clock.set(app.clock_now() + chrono::Duration::seconds(61));
    let answer = app.exchange(&client, &code, &verifier).await;
    assert_eq!(
        (answer.status, answer.error()),
        (StatusCode::BAD_REQUEST, "invalid_grant")
    );
    assert_eq!(app.oauth_items().await.1, 0);
}

#[tokio::test]
async fn a_code_of_another_client_is_invalid_grant() {
    let app = spawn_app().await;
    let (_, _, code, verifier) = approved(&app).await;
    let thief = app.register("none").await;
    let answer = app.exchange(&thief, &code, &verifier).await;
    assert_eq!(answer.error(), "invalid_grant");
    assert_eq!(app.oauth_items().await.1, 0);
}

#[tokio::test]
async fn a_refresh_token_is_rotated_on_every_use() {
    let app = spawn_app().await;
    let (client, _, tokens) = app.connected(&["links:read"]).await;
    let first = tokens.refresh.unwrap();
    let answer = app.refresh(&client, &first).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let second = answer.body["refresh_token"].as_str().unwrap().to_string();
    assert_ne!(second, first);
    assert_eq!(answer.body["scope"], "links:read");
    let new_access = answer.body["access_token"].as_str().unwrap();
    assert_eq!(
        app.tool_bearer(new_access, "list_links", serde_json::json!({}))
            .await
            .status,
        StatusCode::OK
    );
    let third = app.refresh(&client, &second).await;
    assert_eq!(third.status, StatusCode::OK);
}

#[tokio::test]
async fn replaying_a_rotated_refresh_token_revokes_the_whole_grant() {
    let app = spawn_app().await;
    let (client, _, tokens) = app.connected(&["links:read"]).await;
    let first = tokens.refresh.unwrap();
    let rotated = app.refresh(&client, &first).await;
    let second = rotated.body["refresh_token"].as_str().unwrap().to_string();
    let access = rotated.body["access_token"].as_str().unwrap().to_string();

    let replay = app.refresh(&client, &first).await;
    assert_eq!(
        (replay.status, replay.error()),
        (StatusCode::BAD_REQUEST, "invalid_grant")
    );
    assert!(replay.body["error_description"].as_str().unwrap().contains("revoked"));
    assert_eq!(
        app.refresh(&client, &second).await.error(),
        "invalid_grant",
        "the newest is dead too"
    );
    let call = app.tool_bearer(&access, "list_links", serde_json::json!({})).await;
    assert_eq!(call.status, StatusCode::UNAUTHORIZED, "and so is every access token");
    assert_eq!(app.oauth_items().await.1, 0);
}

#[tokio::test]
async fn a_refresh_may_narrow_the_scope_but_never_widen_it() {
    let app = spawn_app().await;
    let (client, _, tokens) = app.connected(&["links:read", "analytics:read"]).await;
    let refresh = tokens.refresh.unwrap();
    let wider = app
        .token_as(
            &client,
            false,
            &[
                ("grant_type", "refresh_token"),
                ("refresh_token", &refresh),
                ("scope", "links:write"),
            ],
        )
        .await;
    assert_eq!(wider.error(), "invalid_scope");
    let narrower = app
        .token_as(
            &client,
            false,
            &[
                ("grant_type", "refresh_token"),
                ("refresh_token", &refresh),
                ("scope", "links:read"),
            ],
        )
        .await;
    assert_eq!(narrower.body["scope"], "links:read");
}

#[tokio::test]
async fn after_the_member_is_removed_from_the_workspace_the_grant_is_refused() {
    let app = spawn_app().await;
    let owner = app.oauth_person().await;
    let member = app.person().await;
    admin::add_member(&app.service, &owner.workspace, &member, "member")
        .await
        .unwrap();
    let person = crate::oauth_support::Person {
        email: member.clone(),
        workspace: owner.workspace.clone(),
    };
    let client = app.register("none").await;
    let (verifier, challenge) = pkce("m");
    let answer = Browser::new(&app)
        .authorize(&person, &app.authorize_url(&client, &challenge, &[]), &ALL_SCOPES)
        .await;
    let tokens = app.exchange(&client, answer.get("code").unwrap(), &verifier).await;
    let access = tokens.body["access_token"].as_str().unwrap().to_string();
    let refresh = tokens.body["refresh_token"].as_str().unwrap().to_string();
    assert_eq!(
        app.tool_bearer(&access, "list_links", serde_json::json!({}))
            .await
            .status,
        StatusCode::OK
    );

    admin::remove_member(&app.service, &owner.workspace, &member)
        .await
        .unwrap();
    let call = app.tool_bearer(&access, "list_links", serde_json::json!({})).await;
    assert_eq!(call.status, StatusCode::FORBIDDEN);
    assert_eq!(call.error(), (-31403, "You do not have access to this workspace."));
    let before = app.oauth_items().await;
    let refreshed = app.refresh(&client, &refresh).await;
    assert_eq!(
        (refreshed.status, refreshed.error()),
        (StatusCode::BAD_REQUEST, "invalid_grant")
    );
    assert_eq!(app.oauth_items().await, before, "nothing issued");

    let (verifier, challenge) = pkce("n");
    let mut browser = Browser::new(&app);
    let consent = browser
        .consent_page(&person, &app.authorize_url(&client, &challenge, &[]))
        .await;
    let again = browser
        .decide(&consent, "approve", &["links:read"], &owner.workspace)
        .await;
    assert_eq!(
        again.status,
        StatusCode::BAD_REQUEST,
        "the workspace can no longer be chosen"
    );
    let _ = verifier;
}

#[tokio::test]
async fn an_expired_licence_stops_the_grant_like_a_key() {
    let app = spawn_app().await;
    let (client, person, tokens) = app.connected(&["links:read"]).await;
    admin::set_license(
        &app.service,
        &person.workspace,
        Some(app.clock_now() - chrono::Duration::days(1)),
    )
    .await
    .unwrap();
    let call = app
        .tool_bearer(&tokens.access, "list_links", serde_json::json!({}))
        .await;
    assert_eq!(call.status, StatusCode::FORBIDDEN);
    assert_eq!(call.body["error"]["data"]["licenseExpired"], true);
    assert_eq!(
        app.refresh(&client, tokens.refresh.as_deref().unwrap()).await.error(),
        "invalid_grant"
    );
}

#[tokio::test]
async fn a_confidential_client_authenticates_the_way_it_registered() {
    let app = spawn_app().await;
    let person = app.oauth_person().await;
    let client = app.register("client_secret_basic").await;
    let (verifier, challenge) = pkce("o");
    let answer = Browser::new(&app)
        .authorize(&person, &app.authorize_url(&client, &challenge, &[]), &["links:read"])
        .await;
    let code = answer.get("code").unwrap();
    let fields = [
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", client.redirect_uri.as_str()),
        ("code_verifier", verifier.as_str()),
    ];
    let in_body = app.token_as(&client, false, &fields).await;
    assert_eq!(
        (in_body.status, in_body.error()),
        (StatusCode::UNAUTHORIZED, "invalid_client")
    );
    let wrong = app
        .token_request("/oauth/token", &fields, Some((&client.id, "slcs_wrong")))
        .await;
    assert_eq!(
        (wrong.status, wrong.error()),
        (StatusCode::UNAUTHORIZED, "invalid_client")
    );
    assert_eq!(wrong.headers["www-authenticate"], "Basic realm=\"smartlinks\"");
    let right = app.token_as(&client, true, &fields).await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.body);
}

#[tokio::test]
async fn a_client_secret_post_client_authenticates_in_the_body() {
    let app = spawn_app().await;
    let (client, _, tokens) = {
        let person = app.oauth_person().await;
        let client = app.register("client_secret_post").await;
        let (verifier, challenge) = pkce("p");
        let answer = Browser::new(&app)
            .authorize(&person, &app.authorize_url(&client, &challenge, &[]), &["links:read"])
            .await;
        let tokens = app.exchange(&client, answer.get("code").unwrap(), &verifier).await;
        (client, person, tokens)
    };
    assert_eq!(tokens.status, StatusCode::OK, "{}", tokens.body);
    let refresh = tokens.body["refresh_token"].as_str().unwrap();
    assert_eq!(app.refresh(&client, refresh).await.status, StatusCode::OK);
}

#[tokio::test]
async fn unknown_grant_types_and_missing_parameters_are_refused_in_rfc_terms() {
    let app = spawn_app().await;
    let client = app.register("none").await;
    let cases: [(&[(&str, &str)], &str); 4] = [
        (&[("grant_type", "password")], "unsupported_grant_type"),
        (&[], "invalid_request"),
        (&[("grant_type", "authorization_code")], "invalid_request"),
        (
            &[
                ("grant_type", "authorization_code"),
                ("code", "slac_nope"),
                ("code_verifier", "x"),
            ],
            "invalid_grant",
        ),
    ];
    for (fields, error) in cases {
        let answer = app.token_as(&client, false, fields).await;
        assert_eq!(
            (answer.status, answer.error()),
            (StatusCode::BAD_REQUEST, error),
            "{fields:?}"
        );
    }
    let json = app
        .http
        .post(format!("{}/oauth/token", app.address))
        .json(&serde_json::json!({ "grant_type": "refresh_token" }))
        .send()
        .await
        .unwrap();
    assert_eq!(json.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn revoking_a_refresh_token_revokes_its_grant_and_unknown_tokens_answer_200() {
    let app = spawn_app().await;
    let (client, _, tokens) = app.connected(&["links:read"]).await;
    let revoke = |token: String| {
        let app = &app;
        let client = client.clone();
        async move {
            app.token_request("/oauth/revoke", &[("token", &token), ("client_id", &client.id)], None)
                .await
        }
    };
    assert_eq!(revoke("slrt_unknown".into()).await.status, StatusCode::OK);
    assert_eq!(revoke(tokens.refresh.clone().unwrap()).await.status, StatusCode::OK);
    let call = app
        .tool_bearer(&tokens.access, "list_links", serde_json::json!({}))
        .await;
    assert_eq!(call.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        app.refresh(&client, tokens.refresh.as_deref().unwrap()).await.error(),
        "invalid_grant"
    );
}
