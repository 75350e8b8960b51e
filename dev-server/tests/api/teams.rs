//! Who may do what to a workspace's team, through the settings pages: every row of the table
//! in docs/behaviour/accounts-teams.md ("Teams"), allowed and refused, and ids of another workspace in the URL.

use reqwest::StatusCode;

use crate::pages_support::owner_with_workspace;
use crate::team_support::{
    app_without_mail, id_of, invitation_id, owned_workspace, person_in, role_of, settings, signed_in,
};

#[tokio::test]
async fn the_owner_and_a_manager_open_the_settings_with_the_members_listed() {
    let app = app_without_mail().await;
    let (owner, ws, mut browser) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let page = browser.get(&settings(&ws)).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    assert!(page.html.contains(&owner) && page.html.contains(&manager));
    let mut as_manager = signed_in(&app, &manager).await;
    assert_eq!(as_manager.get(&settings(&ws)).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_member_cannot_open_the_settings() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &member).await;
    let page = browser.get(&settings(&ws)).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(
        page.html
            .contains("Only the workspace&#39;s owner and managers can open its settings."),
        "{}",
        page.html
    );
    let links = browser.get(&format!("/app/w/{ws}/links")).await;
    assert!(
        !links.html.contains(&settings(&ws)),
        "no settings entry in a member's navigation"
    );
}

#[tokio::test]
async fn the_owner_makes_a_member_a_manager_and_back() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let id = id_of(&app, &member).await;
    let up = owner
        .settings_form(&ws, &format!("/members/{id}/role"), &[("role", "manager")])
        .await;
    assert_eq!(up.status, StatusCode::SEE_OTHER, "{}", up.html);
    assert_eq!(role_of(&app, &ws, &member).await.as_deref(), Some("manager"));
    owner
        .settings_form(&ws, &format!("/members/{id}/role"), &[("role", "member")])
        .await;
    assert_eq!(role_of(&app, &ws, &member).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn a_manager_cannot_change_roles() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let member = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &manager).await;
    let id = id_of(&app, &member).await;
    let page = browser
        .settings_form(&ws, &format!("/members/{id}/role"), &[("role", "manager")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(page.html.contains("Only the workspace&#39;s owner can change roles."));
    assert_eq!(role_of(&app, &ws, &member).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn no_role_change_makes_an_owner() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let id = id_of(&app, &member).await;
    let page = owner
        .settings_form(&ws, &format!("/members/{id}/role"), &[("role", "owner")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(role_of(&app, &ws, &member).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn a_manager_removes_a_member_but_not_a_manager() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let other_manager = person_in(&app, &ws, "manager").await;
    let member = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &manager).await;
    let member_id = id_of(&app, &member).await;
    let removed = browser
        .settings_form(&ws, &format!("/members/{member_id}/remove"), &[])
        .await;
    assert_eq!(removed.status, StatusCode::SEE_OTHER, "{}", removed.html);
    assert_eq!(role_of(&app, &ws, &member).await, None);
    let manager_id = id_of(&app, &other_manager).await;
    let refused = browser
        .settings_form(&ws, &format!("/members/{manager_id}/remove"), &[])
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(
        refused
            .html
            .contains("Only the workspace&#39;s owner can remove a manager.")
    );
    assert_eq!(role_of(&app, &ws, &other_manager).await.as_deref(), Some("manager"));
}

#[tokio::test]
async fn the_owner_removes_a_manager() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let id = id_of(&app, &manager).await;
    let page = owner.settings_form(&ws, &format!("/members/{id}/remove"), &[]).await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    assert_eq!(role_of(&app, &ws, &manager).await, None);
}

#[tokio::test]
async fn a_member_cannot_remove_anyone() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let other = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &member).await;
    let id = id_of(&app, &other).await;
    let page = browser.settings_form(&ws, &format!("/members/{id}/remove"), &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(role_of(&app, &ws, &other).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn nobody_removes_the_owner() {
    let app = app_without_mail().await;
    let (owner, ws, _) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let mut browser = signed_in(&app, &manager).await;
    let id = id_of(&app, &owner).await;
    let page = browser.settings_form(&ws, &format!("/members/{id}/remove"), &[]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(page.html.contains("The owner cannot be removed"));
    assert_eq!(role_of(&app, &ws, &owner).await.as_deref(), Some("owner"));
}

#[tokio::test]
async fn a_member_leaves_and_loses_the_workspace_at_once() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &member).await;
    let confirm = browser.get(&format!("{}/leave", settings(&ws))).await;
    assert_eq!(confirm.status, StatusCode::OK);
    let left = browser.submit(&format!("{}/leave", settings(&ws)), &confirm, &[]).await;
    assert_eq!(left.status, StatusCode::SEE_OTHER, "{}", left.html);
    let after = browser.get(&format!("/app/w/{ws}/links")).await;
    assert_eq!(after.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn the_owner_cannot_leave() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let page = owner.get(&format!("{}/leave", settings(&ws))).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert!(page.html.contains("The owner cannot leave the workspace"));
}

#[tokio::test]
async fn the_owner_hands_ownership_to_a_member_and_becomes_a_manager() {
    let app = app_without_mail().await;
    let (owner, ws, mut browser) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let id = id_of(&app, &member).await;
    let path = format!("{}/members/{id}/ownership", settings(&ws));
    let confirm = browser.get(&path).await;
    assert_eq!(confirm.status, StatusCode::OK, "{}", confirm.html);
    let done = browser.submit(&path, &confirm, &[]).await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
    assert_eq!(role_of(&app, &ws, &member).await.as_deref(), Some("owner"));
    assert_eq!(role_of(&app, &ws, &owner).await.as_deref(), Some("manager"));
    let workspace = app
        .service
        .workspace(&lib::domain::ids::ObjectId::parse(&ws).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(workspace.owner_id.to_string(), id);
}

#[tokio::test]
async fn a_manager_cannot_hand_ownership_over() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let member = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &manager).await;
    let id = id_of(&app, &member).await;
    let page = browser
        .settings_form(&ws, &format!("/members/{id}/ownership"), &[])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(role_of(&app, &ws, &member).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn another_workspaces_invitation_and_member_ids_are_not_found_here() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let (other_owner, other_ws) = owner_with_workspace(&app, "Other").await;
    let other_member = person_in(&app, &other_ws, "member").await;
    let mut other = signed_in(&app, &other_owner).await;
    other.invite(&other_ws, "theirs@example.com", "member").await;
    let their_invitation = invitation_id(&app, &other_ws, "theirs@example.com").await;
    let revoke = owner
        .settings_form(&ws, &format!("/invitations/{their_invitation}/revoke"), &[])
        .await;
    assert_eq!(revoke.status, StatusCode::NOT_FOUND);
    assert!(revoke.html.contains("Invitation not found."));
    let member_id = id_of(&app, &other_member).await;
    let remove = owner
        .settings_form(&ws, &format!("/members/{member_id}/remove"), &[])
        .await;
    assert_eq!(remove.status, StatusCode::NOT_FOUND);
    assert!(remove.html.contains("No such member of this workspace."));
    assert_eq!(role_of(&app, &other_ws, &other_member).await.as_deref(), Some("member"));
    let theirs = owner
        .settings_form(&other_ws, &format!("/members/{member_id}/remove"), &[])
        .await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN, "{}", theirs.html);
    assert_eq!(role_of(&app, &other_ws, &other_member).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn a_removed_members_api_key_stops_working_in_that_workspace_only() {
    let app = app_without_mail().await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let (_, other_ws) = owner_with_workspace(&app, "Other").await;
    let member = person_in(&app, &ws, "member").await;
    lib::admin::add_member(&app.service, &other_ws, &member, "member")
        .await
        .unwrap();
    let key = app.key_of(&member).await;
    let list = |ws: &str| format!("/apiv1/links?workspaceId={ws}");
    let (before, _) = app.request(reqwest::Method::GET, &list(&ws), Some(&key), None).await;
    assert_eq!(before, StatusCode::OK);
    let id = id_of(&app, &member).await;
    owner.settings_form(&ws, &format!("/members/{id}/remove"), &[]).await;
    let (after, body) = app.request(reqwest::Method::GET, &list(&ws), Some(&key), None).await;
    assert_eq!(after, StatusCode::FORBIDDEN);
    assert_eq!(body["error"], "You do not have access to this workspace.");
    let (elsewhere, _) = app
        .request(reqwest::Method::GET, &list(&other_ws), Some(&key), None)
        .await;
    assert_eq!(elsewhere, StatusCode::OK);
}

#[tokio::test]
async fn a_member_cannot_change_roles() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let other = person_in(&app, &ws, "member").await;
    let mut browser = signed_in(&app, &member).await;
    let id = id_of(&app, &other).await;
    let page = browser
        .settings_form(&ws, &format!("/members/{id}/role"), &[("role", "manager")])
        .await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    assert_eq!(role_of(&app, &ws, &other).await.as_deref(), Some("member"));
}

#[tokio::test]
async fn a_manager_leaves() {
    let app = app_without_mail().await;
    let (_, ws, _) = owned_workspace(&app).await;
    let manager = person_in(&app, &ws, "manager").await;
    let mut browser = signed_in(&app, &manager).await;
    let confirm = browser.get(&format!("{}/leave", settings(&ws))).await;
    assert_eq!(confirm.status, StatusCode::OK);
    let left = browser.submit(&format!("{}/leave", settings(&ws)), &confirm, &[]).await;
    assert_eq!(left.status, StatusCode::SEE_OTHER, "{}", left.html);
    assert_eq!(role_of(&app, &ws, &manager).await, None);
}
