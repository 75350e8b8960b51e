//! The team and account pages need only the IAM actions their functions' policies allow: every
//! team change, an invitation accepted by a new person and by a signed-in one, a reset, the
//! profile, and a sign-up.

use reqwest::StatusCode;

use crate::helpers::spawn_app_with_mailer;
use crate::pages_support::Browser;
use crate::permissions::assert_allowed;
use crate::team_support::{id_of, invitation_id, owned_workspace, passed_on_link, person_in, settings, signed_in};

#[tokio::test]
async fn the_team_and_account_pages_need_only_the_actions_their_policies_allow() {
    let app = spawn_app_with_mailer(lib::mail::Mailer::log_only(), |config| config.open_signup = true).await;
    let (_, ws, mut owner) = owned_workspace(&app).await;
    let member = person_in(&app, &ws, "member").await;
    let manager = person_in(&app, &ws, "manager").await;
    let existing = app.person().await;
    app.requests.reset();

    owner.get(&settings(&ws)).await;
    let link = passed_on_link(&owner.invite(&ws, "new@example.com", "member").await);
    let existing_link = passed_on_link(&owner.invite(&ws, &existing, "member").await);
    owner.invite(&ws, "gone@example.com", "member").await;
    let id = invitation_id(&app, &ws, "gone@example.com").await;
    owner
        .settings_form(&ws, &format!("/invitations/{id}/resend"), &[])
        .await;
    owner
        .settings_form(&ws, &format!("/invitations/{id}/revoke"), &[])
        .await;
    let member_id = id_of(&app, &member).await;
    let manager_id = id_of(&app, &manager).await;
    owner
        .settings_form(&ws, &format!("/members/{member_id}/role"), &[("role", "manager")])
        .await;
    owner
        .settings_form(&ws, &format!("/members/{manager_id}/remove"), &[])
        .await;
    let confirm = owner
        .get(&format!("{}/members/{member_id}/ownership", settings(&ws)))
        .await;
    let handed = owner
        .submit(
            &format!("{}/members/{member_id}/ownership", settings(&ws)),
            &confirm,
            &[],
        )
        .await;
    assert_eq!(handed.status, StatusCode::SEE_OTHER, "{}", handed.html);
    let confirm = owner.get(&format!("{}/leave", settings(&ws))).await;
    owner.submit(&format!("{}/leave", settings(&ws)), &confirm, &[]).await;
    assert_allowed(&app, "app");

    let mut newcomer = Browser::new(&app);
    let form = newcomer.get(&link).await;
    let joined = newcomer
        .submit(&link, &form, &[("name", "New"), ("password", "a long enough password")])
        .await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.html);
    let mut existing_person = signed_in(&app, &existing).await;
    assert_eq!(existing_person.get(&existing_link).await.status, StatusCode::SEE_OTHER);
    let profile = existing_person.get("/account/profile").await;
    existing_person
        .submit("/account/profile/name", &profile, &[("name", "Ex")])
        .await;
    existing_person
        .submit(
            "/account/profile/password",
            &profile,
            &[
                ("currentPassword", crate::pages_support::PASSWORD),
                ("password", "another long password"),
            ],
        )
        .await;
    existing_person.submit("/account/profile/sessions", &profile, &[]).await;
    let forgot = newcomer.get("/account/forgot-password").await;
    newcomer
        .submit("/account/forgot-password", &forgot, &[("email", "new@example.com")])
        .await;
    let user = lib::admin::resolve_user(&app.service, "new@example.com").await.unwrap();
    let reset = app.service.reset_link(&user, "").await.unwrap();
    let form = newcomer.get(&reset).await;
    let done = newcomer
        .submit(&reset, &form, &[("password", "a third long password")])
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.html);
    let sign_up = newcomer.get("/account/sign-up").await;
    let signed_up = newcomer
        .submit(
            "/account/sign-up",
            &sign_up,
            &[
                ("name", "S"),
                ("email", "signup@example.com"),
                ("password", "a sign-up password"),
                ("workspace", "W"),
            ],
        )
        .await;
    assert_eq!(signed_up.status, StatusCode::OK, "{}", signed_up.html);
    assert_allowed(&app, "account");
}
