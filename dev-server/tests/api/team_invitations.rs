//! Accepting an invitation: a new person, someone signed in with the invited address, someone
//! signed in with another, and links that are used, expired, revoked or made up.

use reqwest::StatusCode;

use crate::pages_support::{Browser, PASSWORD};
use crate::team_support::{app_without_mail, owned_workspace, passed_on_link, role_of, signed_in};

#[tokio::test]
async fn a_new_person_sets_a_name_and_password_joins_and_is_signed_in() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let link = passed_on_link(&owner.invite(&ws, "newcomer@example.com", "manager").await);
    let mut browser = Browser::new(&app);
    let form = browser.get(&link).await;
    assert_eq!(form.status, StatusCode::OK, "{}", form.html);
    assert!(form.html.contains("newcomer@example.com") && form.html.contains("as a manager"));
    for name in ["name=\"email\"", "name=\"name\"", "name=\"password\""] {
        assert!(form.html.contains(name), "the form names its input {name}");
    }
    let joined = browser
        .submit(
            &link,
            &form,
            &[("name", "New Comer"), ("password", "a long enough password")],
        )
        .await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.html);
    assert_eq!(joined.location(), Some(format!("/app/w/{ws}/links").as_str()));
    assert!(browser.session().is_some(), "signed in");
    assert_eq!(
        role_of(&app, &ws, "newcomer@example.com").await.as_deref(),
        Some("manager")
    );
    let settings = browser.get(&crate::team_support::settings(&ws)).await;
    assert!(settings.html.contains("New Comer"), "the name is listed");
    let mut later = Browser::new(&app);
    assert_eq!(
        later
            .sign_in("newcomer@example.com", "a long enough password")
            .await
            .status,
        StatusCode::SEE_OTHER,
        "the new password signs in"
    );
}

#[tokio::test]
async fn a_short_password_is_refused_and_the_link_still_works() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let link = passed_on_link(&owner.invite(&ws, "short@example.com", "member").await);
    let mut browser = Browser::new(&app);
    let form = browser.get(&link).await;
    let refused = browser
        .submit(&link, &form, &[("name", "S"), ("password", "short")])
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(refused.html.contains("password must have at least 12 characters."));
    assert_eq!(browser.get(&link).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_used_link_says_so() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let link = passed_on_link(&owner.invite(&ws, "once@example.com", "member").await);
    let mut browser = Browser::new(&app);
    let form = browser.get(&link).await;
    browser
        .submit(
            &link,
            &form,
            &[("name", "Once"), ("password", "a long enough password")],
        )
        .await;
    let mut again = Browser::new(&app);
    let page = again.get(&link).await;
    assert_eq!(page.status, StatusCode::GONE);
    assert!(page.html.contains("This invitation was already used."), "{}", page.html);
}

#[tokio::test]
async fn an_expired_link_says_so() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let link = passed_on_link(&owner.invite(&ws, "late@example.com", "member").await);
    app.clock.set(app.clock_now() + chrono::Duration::days(7));
    let page = Browser::new(&app).get(&link).await;
    assert_eq!(page.status, StatusCode::GONE);
    assert!(page.html.contains("This invitation has expired."), "{}", page.html);
}

#[tokio::test]
async fn a_made_up_or_altered_link_is_not_valid() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let link = passed_on_link(&owner.invite(&ws, "x@example.com", "member").await);
    let mut altered = link.clone();
    let last = altered.pop().unwrap();
    altered.push(if last == 'A' { 'B' } else { 'A' });
    let mut browser = Browser::new(&app);
    for path in [altered.as_str(), "/account/invitations/nonsense"] {
        let page = browser.get(path).await;
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{path}");
        assert!(
            page.html.contains("This invitation link is not valid."),
            "{}",
            page.html
        );
    }
}

#[tokio::test]
async fn a_signed_in_person_whose_address_it_is_joins_at_once() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let person = app.person().await;
    let link = passed_on_link(&owner.invite(&ws, &person, "member").await);
    let mut browser = signed_in(&app, &person).await;
    let page = browser.get(&link).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    assert_eq!(page.location(), Some(format!("/app/w/{ws}/links").as_str()));
    assert_eq!(role_of(&app, &ws, &person).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn someone_with_an_account_is_asked_to_sign_in_first() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let person = app.person().await;
    let link = passed_on_link(&owner.invite(&ws, &person, "member").await);
    let page = Browser::new(&app).get(&link).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.html.contains("Sign in to join"));
    assert!(
        !page.html.contains("name=\"password\""),
        "no password form for an existing account"
    );
    let mut browser = Browser::new(&app);
    let form = browser.get("/account/sign-in").await;
    let csrf = form.field("csrf").unwrap();
    let answer = browser
        .post(
            "/account/sign-in",
            &[
                ("csrf", &csrf),
                ("next", &link),
                ("email", &person),
                ("password", PASSWORD),
            ],
        )
        .await;
    assert_eq!(
        answer.location(),
        Some(link.as_str()),
        "back to the invitation after signing in"
    );
    assert_eq!(browser.get(&link).await.status, StatusCode::SEE_OTHER);
    assert_eq!(role_of(&app, &ws, &person).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn a_signed_in_person_with_another_address_is_told_so_without_joining() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let link = passed_on_link(&owner.invite(&ws, "someone.else@example.com", "member").await);
    let person = app.person().await;
    let mut browser = signed_in(&app, &person).await;
    let page = browser.get(&link).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.html.contains("This invitation is for another e-mail address"),
        "{}",
        page.html
    );
    assert_eq!(role_of(&app, &ws, &person).await, None);
    assert_eq!(
        Browser::new(&app).get(&link).await.status,
        StatusCode::OK,
        "the link still works"
    );
}
