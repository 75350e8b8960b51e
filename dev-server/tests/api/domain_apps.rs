//! The apps a custom domain opens directly: set on the domain's page, served to phones as the
//! domain's `/.well-known` files, byte for byte what Apple and Google read.

use reqwest::{Method, StatusCode};

use crate::domain_support::{HOST, Owner, app_with_dns, domains, owner};
use crate::helpers::TestApp;
use crate::team_support::{person_in, signed_in};

const APPLE: &str = "/.well-known/apple-app-site-association";
const ANDROID: &str = "/.well-known/assetlinks.json";
const FINGERPRINT: &str =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5";

fn fixture(name: &str) -> String {
    let path = format!("{}/../lib/fixtures/well-known/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("fixture")
}

fn apps_page(owner: &Owner<'_>, host: &str) -> String {
    format!("{}/{host}/apps", domains(&owner.ws))
}

/// Saves the apps of `host` as the owner types them on its page.
async fn save(owner: &mut Owner<'_>, host: &str, fields: &[(&str, &str)]) -> crate::pages_support::PageAnswer {
    let path = apps_page(owner, host);
    let page = owner.browser.get(&path).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.html);
    owner.browser.submit(&path, &page, fields).await
}

/// The shop's apps, the same as the fixtures'.
const SHOP: &[(&str, &str)] = &[
    (
        "appIds",
        "ABCDE12345.com.example.shop\nABCDE12345.com.example.shop-beta\n",
    ),
    ("packageName", "com.example.shop"),
    ("sha256CertFingerprints", FINGERPRINT),
];

async fn file(app: &TestApp, host: &str, path: &str) -> crate::helpers::Visit {
    app.visit(Method::GET, path, &[("host", host)]).await
}

#[tokio::test]
async fn a_verified_domain_serves_the_files_its_owner_set_byte_for_byte() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    let saved = save(&mut owner, HOST, SHOP).await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.html);
    for (path, name) in [(APPLE, "apple-app-site-association"), (ANDROID, "assetlinks.json")] {
        let served = file(&app, HOST, path).await;
        assert_eq!(served.status, StatusCode::OK, "{path}");
        assert_eq!(served.headers["content-type"], "application/json");
        assert_eq!(served.headers["cache-control"], "public, max-age=3600");
        assert_eq!(served.body, fixture(name), "{path}");
    }
    let head = app.visit(Method::HEAD, APPLE, &[("host", HOST)]).await;
    assert_eq!((head.status, head.body.as_str()), (StatusCode::OK, ""));
}

#[tokio::test]
async fn the_page_shows_what_was_saved_and_says_so() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    save(&mut owner, HOST, SHOP).await;
    let path = apps_page(&owner, HOST);
    let page = owner.browser.get(&path).await;
    assert!(
        page.html.contains("The apps links.example.test opens are saved."),
        "{}",
        page.html
    );
    assert!(
        page.html
            .contains(">ABCDE12345.com.example.shop\nABCDE12345.com.example.shop-beta</textarea>")
    );
    assert_eq!(page.input_value("package-name").as_deref(), Some("com.example.shop"));
}

#[tokio::test]
async fn a_domain_without_apps_and_a_domain_nobody_holds_answer_404() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    save(&mut owner, HOST, &[("appIds", "ABCDE12345.com.example.shop")]).await;
    let android = file(&app, HOST, ANDROID).await;
    assert_eq!(android.status, StatusCode::NOT_FOUND, "no Android app was set");
    assert_eq!(android.headers["cache-control"], "public, max-age=300");
    assert_eq!(
        file(&app, "other.example.test", APPLE).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(file(&app, "sl.test", APPLE).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_pending_domain_serves_nothing_until_it_is_verified() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.add(HOST).await;
    save(&mut owner, HOST, SHOP).await;
    assert_eq!(file(&app, HOST, APPLE).await.status, StatusCode::NOT_FOUND);
    owner.publish(&dns, HOST).await;
    owner.verify(HOST).await;
    assert_eq!(
        file(&app, HOST, APPLE).await.body,
        fixture("apple-app-site-association")
    );
}

#[tokio::test]
async fn a_wrong_entry_is_named_and_nothing_is_saved() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    let refused = save(
        &mut owner,
        HOST,
        &[
            ("appIds", "ABCDE12345.com.example.shop\ncom.example.shop"),
            ("packageName", ""),
        ],
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert!(
        refused.html.contains(
            "appIds[1] must be an app ID: a 10-character Team ID, a dot and a bundle ID, such as \
             ABCDE12345.com.example.app (got &#34;com.example.shop&#34;)."
        ),
        "{}",
        refused.html
    );
    assert!(
        refused
            .html
            .contains("aria-invalid=\"true\" aria-describedby=\"apps-error\">ABCDE12345")
    );
    assert_eq!(file(&app, HOST, APPLE).await.status, StatusCode::NOT_FOUND);
    let lonely = save(&mut owner, HOST, &[("packageName", "com.example.shop")]).await;
    assert!(
        lonely
            .html
            .contains("sha256CertFingerprints needs at least one fingerprint when packageName is given.")
    );
}

#[tokio::test]
async fn emptying_the_fields_or_removing_the_domain_ends_its_files() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    save(&mut owner, HOST, SHOP).await;
    let cleared = save(
        &mut owner,
        HOST,
        &[("appIds", ""), ("packageName", ""), ("sha256CertFingerprints", "")],
    )
    .await;
    assert_eq!(cleared.status, StatusCode::SEE_OTHER);
    assert_eq!(file(&app, HOST, ANDROID).await.status, StatusCode::NOT_FOUND);
    save(&mut owner, HOST, SHOP).await;
    owner.remove(HOST).await;
    owner.verified(&dns, HOST).await;
    assert_eq!(
        file(&app, HOST, APPLE).await.status,
        StatusCode::NOT_FOUND,
        "a domain added again starts without apps"
    );
}

#[tokio::test]
async fn a_member_reads_the_apps_but_cannot_change_them() {
    let (app, dns) = app_with_dns().await;
    let mut owner = owner(&app).await;
    owner.verified(&dns, HOST).await;
    save(&mut owner, HOST, SHOP).await;
    let email = person_in(&app, &owner.ws, "member").await;
    let mut member = signed_in(&app, &email).await;
    let path = apps_page(&owner, HOST);
    let page = member.get(&path).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.html.contains("readonly") && !page.html.contains("Save the apps"));
    let refused = member.submit(&path, &page, &[("appIds", "")]).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(
        file(&app, HOST, APPLE).await.body,
        fixture("apple-app-site-association")
    );
}

#[tokio::test]
async fn another_workspaces_domain_has_no_apps_page_here() {
    let (app, dns) = app_with_dns().await;
    let mut first = owner(&app).await;
    first.verified(&dns, HOST).await;
    let mut second = owner(&app).await;
    let path = apps_page(&second, HOST);
    assert_eq!(second.browser.get(&path).await.status, StatusCode::NOT_FOUND);
}
