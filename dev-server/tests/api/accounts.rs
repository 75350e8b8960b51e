//! People sign in to the pages, and generate their API key on the integrations page.

use lib::admin;
use reqwest::{Method, StatusCode};

use crate::helpers::spawn_app;
use crate::pages_support::{Browser, PASSWORD, owner_with_workspace};

#[tokio::test]
async fn signing_in_with_the_right_password_opens_the_integrations_page() {
    let app = spawn_app().await;
    let (email, ws) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    let answer = browser.sign_in(&email, PASSWORD).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(answer.location(), Some("/account/integrations"));
    let page = browser.get("/account/integrations").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.html.contains(&ws), "the workspace id is shown");
    assert!(page.html.contains(&email), "who is signed in is shown");
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_answer() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    let wrong_password = browser.sign_in(&email, "not the password at all").await;
    let mut other = Browser::new(&app);
    let unknown_email = other
        .sign_in(&email.replace('@', "x@"), "not the password at all")
        .await;
    assert_eq!(wrong_password.status, StatusCode::UNAUTHORIZED);
    assert_eq!(unknown_email.status, wrong_password.status);
    let sentence = "Email or password is incorrect.";
    assert!(wrong_password.html.contains(sentence) && unknown_email.html.contains(sentence));
    let without_tokens = |html: &str, email: &str| {
        html.replace(email, "EMAIL")
            .lines()
            .filter(|l| !l.contains("name=\"csrf\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        without_tokens(&wrong_password.html, &email),
        without_tokens(&unknown_email.html, &email.replace('@', "x@")),
        "the two pages differ only in the echoed e-mail and the fresh CSRF token"
    );
    assert!(browser.session().is_none() && other.session().is_none());
}

#[tokio::test]
async fn after_ten_quick_failures_even_the_right_password_is_refused_for_a_while() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    for attempt in 1..=9 {
        let answer = browser.sign_in(&email, "wrong password, again").await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "failure {attempt}");
    }
    let tenth = browser.sign_in(&email, "wrong password, again").await;
    assert_eq!(tenth.status, StatusCode::TOO_MANY_REQUESTS);
    let right = browser.sign_in(&email, PASSWORD).await;
    assert_eq!(
        right.status,
        StatusCode::TOO_MANY_REQUESTS,
        "locked even with the right password"
    );
    assert!(
        right.html.contains("Too many failed sign-ins. Try again in 1 minute."),
        "{}",
        right.html
    );
    assert_eq!(right.header("retry-after"), Some("60"));
    assert!(browser.session().is_none());

    app.clock.set(app.clock_now() + chrono::Duration::seconds(61));
    let later = browser.sign_in(&email, PASSWORD).await;
    assert_eq!(later.status, StatusCode::SEE_OTHER, "{}", later.html);
}

#[tokio::test]
async fn each_failure_while_the_window_is_full_doubles_the_wait() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    for _ in 0..10 {
        browser.sign_in(&email, "wrong password, again").await;
    }
    app.clock.set(app.clock_now() + chrono::Duration::seconds(61));
    let eleventh = browser.sign_in(&email, "wrong password, again").await;
    assert_eq!(eleventh.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(eleventh.html.contains("Try again in 2 minutes."), "{}", eleventh.html);
}

#[tokio::test]
async fn thirty_failures_from_one_address_lock_that_address_for_every_account() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut attacker = Browser::new(&app);
    attacker.address = Some("203.0.113.50".into());
    for n in 0..30 {
        attacker
            .sign_in(&format!("guess{n}@example.com"), "password guess 1")
            .await;
    }
    let answer = attacker.sign_in(&email, PASSWORD).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    let mut elsewhere = Browser::new(&app);
    elsewhere.address = Some("198.51.100.7".into());
    assert_eq!(elsewhere.sign_in(&email, PASSWORD).await.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn a_sign_in_post_without_or_with_a_wrong_csrf_token_is_refused() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.get("/account/sign-in").await;
    for csrf in [None, Some("forged-token")] {
        let mut fields = vec![("email", email.as_str()), ("password", PASSWORD)];
        if let Some(csrf) = csrf {
            fields.push(("csrf", csrf));
        }
        let answer = browser.post("/account/sign-in", &fields).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "csrf {csrf:?}");
        assert!(answer.html.contains("This form has expired"), "{}", answer.html);
        assert!(browser.session().is_none(), "no session opened");
    }
}

#[tokio::test]
async fn a_key_form_post_without_or_with_a_wrong_csrf_token_changes_nothing() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let user = admin::resolve_user(&app.service, &email).await.unwrap();
    let key = app.key_for(user.id.as_str(), true, None).await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let page = browser.get("/account/integrations").await;
    let token = page.field("formToken").unwrap();
    for csrf in [None, Some("forged-token")] {
        let mut fields = vec![("formToken", token.as_str()), ("httpApi", "on")];
        if let Some(csrf) = csrf {
            fields.push(("csrf", csrf));
        }
        let answer = browser.post("/account/integrations/keys", &fields).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN, "csrf {csrf:?}");
        assert!(!answer.html.contains("slk_"), "no key shown");
    }
    let (status, _) = app
        .request(
            Method::GET,
            "/apiv1/links?workspaceId=000000000000000000000000",
            Some(&key),
            None,
        )
        .await;
    assert_ne!(
        status,
        StatusCode::UNAUTHORIZED,
        "the old key still works: nothing changed"
    );
}

#[tokio::test]
async fn a_form_posted_from_another_site_is_refused_even_with_the_token() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let page = browser.get("/account/integrations").await;
    let request = app
        .http
        .post(format!("{}/account/integrations/keys", app.address))
        .header("content-type", "application/x-www-form-urlencoded")
        .header("origin", "https://evil.example")
        .header("cookie", format!("session={}", browser.session().unwrap()))
        .body(format!(
            "csrf={}&formToken={}&httpApi=on",
            page.field("csrf").unwrap(),
            page.field("formToken").unwrap()
        ));
    assert_eq!(request.send().await.unwrap().status(), StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_session_id_changes_at_sign_in() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    let form = browser.get("/account/sign-in").await;
    let csrf = form.field("csrf").unwrap();
    let planted = "p".repeat(43);
    browser.cookies.insert("session".into(), planted.clone());
    let fields = [
        ("csrf", csrf.as_str()),
        ("email", email.as_str()),
        ("password", PASSWORD),
    ];
    browser.post("/account/sign-in", &fields).await;
    let first = browser.session().cloned().expect("a session");
    assert_ne!(first, planted, "a session id the browser brought is never adopted");

    browser.cookies.insert("signin".into(), csrf.clone());
    browser.post("/account/sign-in", &fields).await;
    let second = browser.session().cloned().expect("a session");
    assert_ne!(first, second, "signing in again replaces the session");
    let mut stale = Browser::new(&app);
    stale.cookies.insert("session".into(), first);
    let page = stale.get("/account/integrations").await;
    assert_eq!(
        page.status,
        StatusCode::SEE_OTHER,
        "the replaced session no longer works"
    );
}

#[tokio::test]
async fn signing_out_kills_the_session_on_the_server() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let cookie = browser.session().cloned().unwrap();
    let page = browser.get("/account/integrations").await;
    let out = browser
        .post("/account/sign-out", &[("csrf", &page.field("csrf").unwrap())])
        .await;
    assert_eq!(out.status, StatusCode::SEE_OTHER);
    assert_eq!(out.location(), Some("/account/sign-in?signedOut=1"));
    assert!(browser.session().is_none(), "the browser is told to forget the cookie");
    let mut replay = Browser::new(&app);
    replay.cookies.insert("session".into(), cookie);
    let answer = replay.get("/account/integrations").await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "the old cookie no longer works");
}

#[tokio::test]
async fn an_expired_session_redirects_to_sign_in() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    app.clock.set(app.clock_now() + chrono::Duration::hours(12));
    let page = browser.get("/account/integrations").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(page.location(), Some("/account/sign-in?next=%2Faccount%2Fintegrations"));
}

#[tokio::test]
async fn a_used_session_stays_alive_past_the_idle_limit_of_its_start() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let start = app.clock_now();
    app.clock.set(start + chrono::Duration::hours(11));
    assert_eq!(browser.get("/account/integrations").await.status, StatusCode::OK);
    app.clock.set(start + chrono::Duration::hours(20));
    assert_eq!(browser.get("/account/integrations").await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_user_sees_only_their_own_workspaces() {
    let app = spawn_app().await;
    let (email, mine) = owner_with_workspace(&app, "Mine").await;
    let (_, theirs) = owner_with_workspace(&app, "Theirs").await;
    let (_, shared) = owner_with_workspace(&app, "Shared").await;
    admin::add_member(&app.service, &shared, &email, "manager")
        .await
        .unwrap();
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let page = browser.get("/account/integrations").await;
    assert!(page.html.contains(&mine) && page.html.contains(&shared));
    assert!(page.html.contains("manager"), "the role is shown");
    assert!(!page.html.contains(&theirs), "another user's workspace is not shown");
}

#[tokio::test]
async fn a_generated_key_works_at_once_and_the_previous_key_is_refused() {
    let app = spawn_app().await;
    let (email, ws) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let first = browser.generate_key(true, &[]).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.html);
    let first_key = first.input_value("new-key").expect("the key is shown");
    let second = browser.generate_key(true, &["links:read"]).await;
    let second_key = second.input_value("new-key").expect("the key is shown");
    let list = |key: String| {
        let app = &app;
        let ws = ws.clone();
        async move {
            app.request(Method::GET, &format!("/apiv1/links?workspaceId={ws}"), Some(&key), None)
                .await
                .0
        }
    };
    assert_eq!(list(second_key).await, StatusCode::OK);
    assert_eq!(list(first_key).await, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn no_key_is_ever_shown_twice() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let form = browser.get("/account/integrations").await;
    let fields = [
        ("csrf", form.field("csrf").unwrap()),
        ("formToken", form.field("formToken").unwrap()),
        ("httpApi", "on".to_string()),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let shown = browser.post("/account/integrations/keys", &fields).await;
    let key = shown.input_value("new-key").unwrap();
    let prefix: String = key.chars().take(12).collect();

    let resubmitted = browser.post("/account/integrations/keys", &fields).await;
    assert_eq!(resubmitted.status, StatusCode::CONFLICT);
    assert!(!resubmitted.html.contains("slk_"), "a resubmitted form shows no key");
    let page = browser.get("/account/integrations").await;
    assert!(!page.html.contains(&key), "the integrations page never shows the key");
    assert!(page.html.contains(&format!("{prefix}…")), "it shows the key's prefix");
    assert!(page.html.contains("HTTP API"), "and its grants");
}

#[tokio::test]
async fn a_key_needs_http_api_access_or_a_scope() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let answer = browser.generate_key(false, &[]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer
            .html
            .contains("Choose HTTP API access or at least one MCP scope for the key.")
    );
    let page = browser.get("/account/integrations").await;
    assert!(page.html.contains("You have no API key yet."), "nothing was generated");
}

#[tokio::test]
async fn the_key_page_fills_in_the_mcp_configuration_and_the_curl() {
    let app = spawn_app().await;
    let (email, ws) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    browser.sign_in(&email, PASSWORD).await;
    let shown = browser.generate_key(true, &["links:read", "analytics:read"]).await;
    let key = shown.input_value("new-key").unwrap();
    let config = format!("&#34;X-Api-Key&#34;: &#34;{key}&#34;");
    assert!(shown.html.contains(&config), "{}", shown.html);
    assert!(shown.html.contains(&format!("{}/apiv1/mcp", app.address)));
    assert!(shown.html.contains(&ws));
    assert!(shown.html.contains(&format!("{}/apiv1/link/create", app.address)));
}

#[tokio::test]
async fn pages_carry_the_security_headers() {
    let app = spawn_app().await;
    let mut browser = Browser::new(&app);
    let page = browser.get("/account/sign-in").await;
    let csp = page.header("content-security-policy").unwrap();
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"));
    assert_eq!(page.header("x-frame-options"), Some("DENY"));
    assert_eq!(page.header("referrer-policy"), Some("same-origin"));
    assert_eq!(page.header("cache-control"), Some("no-store"));
    assert!(!page.html.contains("<script>"), "no inline script");
    assert!(!page.html.contains(" style=\""), "no inline style");
}

#[tokio::test]
async fn the_session_cookie_is_http_only_and_same_site_lax() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    let answer = browser.sign_in(&email, PASSWORD).await;
    let cookie = answer
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .find(|c| c.starts_with("session="))
        .expect("a session cookie");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP on localhost only: {cookie}");
}

#[tokio::test]
async fn sign_in_never_sends_the_browser_to_another_site() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    let form = browser.get("/account/sign-in?next=//evil.example/").await;
    assert!(form.html.contains("name=\"next\" value=\"/app\""));
    let answer = browser
        .post(
            "/account/sign-in",
            &[
                ("csrf", &form.field("csrf").unwrap()),
                ("next", "https://evil.example/"),
                ("email", &email),
                ("password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(answer.location(), Some("/app"));
}

#[tokio::test]
async fn a_page_without_a_session_sends_the_browser_to_sign_in_and_back() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    let page = browser.get("/account/integrations").await;
    assert_eq!(page.location(), Some("/account/sign-in?next=%2Faccount%2Fintegrations"));
    let form = browser.get(page.location().unwrap()).await;
    assert!(form.html.contains("name=\"next\" value=\"/account/integrations\""));
    assert_eq!(
        browser.sign_in(&email, PASSWORD).await.location(),
        Some("/account/integrations")
    );
}

#[tokio::test]
async fn unknown_account_pages_are_404_and_wrong_methods_405() {
    let app = spawn_app().await;
    let mut browser = Browser::new(&app);
    let missing = browser.get("/account/nope").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.html.contains("Page not found"));
    let wrong = browser.get("/account/sign-out").await;
    assert_eq!(wrong.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(wrong.header("allow"), Some("POST"));
}

#[tokio::test]
async fn a_user_without_a_password_cannot_sign_in() {
    let app = spawn_app().await;
    let user = app.user().await;
    let email = app
        .service
        .user(&crate::helpers::oid(&user))
        .await
        .unwrap()
        .unwrap()
        .email;
    let mut browser = Browser::new(&app);
    let answer = browser.sign_in(email.as_str(), "").await;
    assert_eq!(answer.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_stylesheet_is_served_from_the_binary_and_cached_for_a_year() {
    let app = spawn_app().await;
    let mut browser = Browser::new(&app);
    let css = browser.get(lib::pages::assets::url("style.css")).await;
    assert_eq!(css.status, StatusCode::OK);
    assert_eq!(css.header("content-type"), Some("text/css; charset=utf-8"));
    assert!(css.header("cache-control").unwrap().contains("immutable"));
    assert!(css.html.contains(":root"));
}

#[tokio::test]
async fn a_successful_sign_in_forgets_the_failures_before_it() {
    let app = spawn_app().await;
    let (email, _) = owner_with_workspace(&app, "Acme").await;
    let mut browser = Browser::new(&app);
    for _ in 0..2 {
        for _ in 0..9 {
            assert_eq!(
                browser.sign_in(&email, "wrong password, again").await.status,
                StatusCode::UNAUTHORIZED
            );
        }
        assert_eq!(browser.sign_in(&email, PASSWORD).await.status, StatusCode::SEE_OTHER);
        browser.cookies.clear();
    }
}
