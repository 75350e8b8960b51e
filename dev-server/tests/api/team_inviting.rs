//! Inviting people to a workspace through its settings: who may invite whom, revoking and
//! sending again, the refusals, and the hourly limit (rows of the table in docs/behaviour.md,
//! "Teams", both ways).

use reqwest::StatusCode;

use crate::team_support::{
    app_without_mail, invitation_id, owned_workspace, passed_on_link, person_in, settings, signed_in,
};

#[tokio::test]
async fn the_owner_invites_a_manager_and_is_shown_the_link_without_a_mail_server() {
    let app = app_without_mail().await;
    let (_, ws, mut browser) = owned_workspace(&app).await;
    let page = browser.invite(&ws, "new.manager@example.com", "manager").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    assert!(page.html.contains("No mail server is set up"));
    let link = passed_on_link(&page);
    assert!(link.starts_with("/account/invitations/"));
    let listed = browser.get(&settings(&ws)).await;
    assert!(
        listed.html.contains("new.manager@example.com"),
        "the invitation is listed"
    );
}

#[tokio::test]
async fn a_manager_cannot_invite_a_manager() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let mut browser = signed_in(&app, &manager).await;
    let page = browser.invite(&ws, "other@example.com", "manager").await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.html
            .contains("Only the workspace&#39;s owner can invite managers."),
        "{}",
        page.html
    );
    let ws_id = lib::domain::ids::ObjectId::parse(&ws).unwrap();
    let pending = lib::testing::store(&app.service)
        .workspace_invitations(&ws_id)
        .await
        .unwrap();
    assert!(pending.is_empty(), "nothing was stored");
}

#[tokio::test]
async fn a_manager_invites_a_member() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let mut browser = signed_in(&app, &manager).await;
    let page = browser.invite(&ws, "new.member@example.com", "member").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    passed_on_link(&page);
}

#[tokio::test]
async fn a_member_cannot_invite_anyone() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &member).await;
    let page = browser.invite(&ws, "friend@example.com", "member").await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn nobody_invites_an_owner() {
    let app = app_without_mail().await;
    let (_, ws, mut browser) = owned_workspace(&app).await;
    let page = browser.invite(&ws, "boss@example.com", "owner").await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(page.html.contains("A workspace has one owner"), "{}", page.html);
}

#[tokio::test]
async fn inviting_someone_twice_or_a_member_is_refused_with_a_sentence() {
    let app = app_without_mail().await;
    let (_, ws, mut browser) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let again = browser.invite(&ws, &member, "member").await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert!(
        again
            .html
            .contains(&format!("{member} is already a member of this workspace."))
    );
    browser.invite(&ws, "twice@example.com", "member").await;
    let twice = browser.invite(&ws, "twice@example.com", "member").await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
    assert!(
        twice
            .html
            .contains("twice@example.com already has a pending invitation")
    );
}

#[tokio::test]
async fn only_the_owner_revokes_a_managers_invitation() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    owner.invite(&ws, "future.manager@example.com", "manager").await;
    let id = invitation_id(&app, &ws, "future.manager@example.com").await;
    let mut as_manager = signed_in(&app, &manager).await;
    let refused = as_manager
        .settings_form(&ws, &format!("/invitations/{id}/revoke"), &[])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let revoked = owner
        .settings_form(&ws, &format!("/invitations/{id}/revoke"), &[])
        .await;
    assert_eq!(revoked.status, StatusCode::SEE_OTHER, "{}", revoked.html);
}

#[tokio::test]
async fn a_manager_revokes_and_resends_a_members_invitation() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let mut browser = signed_in(&app, &manager).await;
    let first = browser.invite(&ws, "m@example.com", "member").await;
    let first_link = passed_on_link(&first);
    let id = invitation_id(&app, &ws, "m@example.com").await;
    let resent = browser
        .settings_form(&ws, &format!("/invitations/{id}/resend"), &[])
        .await;
    assert_eq!(resent.status, StatusCode::OK, "{}", resent.html);
    let second_link = passed_on_link(&resent);
    assert_ne!(first_link, second_link, "sending again makes a new link");
    let mut stranger = crate::pages_support::Browser::new(&app);
    assert_eq!(
        stranger.get(&first_link).await.status,
        StatusCode::NOT_FOUND,
        "the old link stops working"
    );
    let revoked = browser
        .settings_form(&ws, &format!("/invitations/{id}/revoke"), &[])
        .await;
    assert_eq!(revoked.status, StatusCode::SEE_OTHER);
    let dead = stranger.get(&second_link).await;
    assert_eq!(dead.status, StatusCode::GONE);
    assert!(dead.html.contains("This invitation was revoked."), "{}", dead.html);
}

#[tokio::test]
async fn a_member_cannot_revoke_an_invitation() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    owner.invite(&ws, "m@example.com", "member").await;
    let id = invitation_id(&app, &ws, "m@example.com").await;
    let member = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &member).await;
    let page = browser
        .settings_form(&ws, &format!("/invitations/{id}/revoke"), &[])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn invitations_to_one_address_are_limited_per_hour() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    owner.invite(&ws, "popular@example.com", "member").await;
    let id = invitation_id(&app, &ws, "popular@example.com").await;
    for n in 2..=5 {
        let resent = owner
            .settings_form(&ws, &format!("/invitations/{id}/resend"), &[])
            .await;
        assert_eq!(resent.status, StatusCode::OK, "mail {n}: {}", resent.html);
    }
    let sixth = owner
        .settings_form(&ws, &format!("/invitations/{id}/resend"), &[])
        .await;
    assert_eq!(sixth.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        sixth.html.contains("Too many e-mails were asked for."),
        "{}",
        sixth.html
    );
    assert!(sixth.header("retry-after").is_some());
}
