//! Issue 50's findings where one tenant could cost every other: each test is named as the attack
//! it stops, and each failed before its fix.

use crate::domain_support::app_with_dns;
use crate::webhook_endpoints::owner;

/// Finding 9: the hourly re-check asked about every claim of every workspace from the first,
/// each page with an unanswered question waiting up to six seconds, so one tenant's claims on
/// name servers that never answer spent the run's time before anyone else's came (before: all
/// 50 asked). Once a workspace has five unanswered questions in a run, its other claims wait.
#[tokio::test]
async fn fifty_claims_on_name_servers_that_never_answer_cost_the_recheck_one_page() {
    let (app, dns) = app_with_dns().await;
    let (silent, healthy) = (app.workspace().await, app.workspace().await);
    let silent = owner(&app, &silent).await;
    for i in 0..50 {
        let host = format!("go{i}.silent.example");
        app.service.add_domain_claim(&silent, &host).await.expect("a claim");
        dns.fail(&format!("_smartlinks.{host}"));
    }
    let healthy = owner(&app, &healthy).await;
    let shop = app
        .service
        .add_domain_claim(&healthy, "shop.healthy.example")
        .await
        .unwrap();
    dns.set_txt(&shop.claim.record_name(), &[&shop.claim.record_value()]);

    let done = app.service.recheck_domains().await.unwrap();

    assert_eq!(dns.names_asked_under("silent.example").len(), 25);
    assert_eq!((done.verified, done.unanswered, done.deferred), (1, 25, 25));
    let setups = app.service.domain_setups(&healthy).await.unwrap();
    assert_eq!(setups[0].claim.status, lib::domain::DomainStatus::Verified);
}
