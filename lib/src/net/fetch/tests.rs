//! The fetcher against a local https server and addresses it must refuse.

use std::time::Instant;

use super::*;
use crate::testing::documents::DocumentServer;

const LIMITS: Limits = Limits {
    max_bytes: 1024,
    timeout: Duration::from_secs(2),
    accept: "application/json",
    user_agent: "smartlinks-test",
};

fn url(raw: &str) -> url::Url {
    raw.parse().unwrap()
}

#[tokio::test]
async fn a_document_is_fetched_over_https_from_an_admitted_address() {
    let server = DocumentServer::start().await;
    server.serve("/doc.json", "{\"a\":1}");
    let fetched = server.fetcher().get(&url(&server.url("/doc.json")), &LIMITS).await;
    assert_eq!(fetched, Ok(b"{\"a\":1}".to_vec()));
}

#[tokio::test]
async fn loopback_is_refused_under_the_production_policy() {
    let err = Fetcher::public()
        .get(&url("https://localhost/doc.json"), &LIMITS)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, FetchError::NotPublic { host, ip } if host == "localhost" && ip.is_loopback()),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_port_other_than_443_is_refused_before_anything_is_resolved() {
    let server = DocumentServer::start().await;
    server.serve("/doc.json", "{}");
    for raw in [server.url("/doc.json"), "https://93.184.215.14:22/doc.json".to_string()] {
        let started = Instant::now();
        let err = Fetcher::public().get(&url(&raw), &LIMITS).await.unwrap_err();
        assert!(matches!(err, FetchError::Port(_)), "{raw}: {err:?}");
        assert!(started.elapsed() < Duration::from_millis(100), "{raw}");
    }
}

#[test]
fn no_refusal_names_an_address_a_reason_or_a_redirects_target() {
    let detailed = [
        FetchError::NotPublic {
            host: "intranet.example".into(),
            ip: "10.1.2.3".parse().unwrap(),
        },
        FetchError::Connect {
            host: "intranet.example".into(),
            reason: "Connection refused (os error 111)".into(),
        },
        FetchError::Tls {
            host: "intranet.example".into(),
            reason: "invalid peer certificate: UnknownIssuer".into(),
        },
        FetchError::Redirect {
            status: 302,
            location: "http://10.1.2.3/admin".into(),
        },
        FetchError::Http("connection reset by 10.1.2.3".into()),
    ];
    for err in detailed {
        let sentence = err.to_string();
        for secret in ["10.1.2.3", "intranet", "refused", "UnknownIssuer", "admin", "reset"] {
            assert!(!sentence.contains(secret), "{sentence}");
        }
    }
}

#[tokio::test]
async fn a_documents_caching_headers_give_its_lifetime() {
    let server = DocumentServer::start().await;
    server.serve_cached("/cached.json", "{}", Some("max-age=600"));
    server.serve_cached("/unstored.json", "{}", Some("no-store"));
    server.serve("/plain.json", "{}");
    let lifetime = |path: &'static str| {
        let (server, url) = (&server, url(&server.url(path)));
        async move { server.fetcher().get_document(&url, &LIMITS).await.unwrap().lifetime }
    };
    let kept = lifetime("/cached.json").await;
    assert!(
        kept <= Duration::from_secs(600) && kept > Duration::from_secs(590),
        "{kept:?}"
    );
    assert_eq!(lifetime("/unstored.json").await, Duration::ZERO);
    assert_eq!(lifetime("/plain.json").await, Duration::ZERO);
}

#[tokio::test]
async fn private_link_local_and_mapped_addresses_are_refused_at_once_without_connecting() {
    for raw in [
        "https://10.0.0.1/doc.json",
        "https://169.254.169.254/latest/meta-data/",
        "https://[::ffff:127.0.0.1]/doc.json",
        "https://[fd00::1]/doc.json",
        "https://0.0.0.0/doc.json",
    ] {
        let started = Instant::now();
        let err = Fetcher::public().get(&url(raw), &LIMITS).await.unwrap_err();
        assert!(matches!(err, FetchError::NotPublic { .. }), "{raw}: {err:?}");
        assert!(started.elapsed() < Duration::from_millis(500), "{raw}");
    }
}

#[tokio::test]
async fn a_redirect_is_refused_not_followed() {
    let server = DocumentServer::start().await;
    let err = server
        .fetcher()
        .get(&url(&server.url("/redirect")), &LIMITS)
        .await
        .unwrap_err();
    assert_eq!(
        err,
        FetchError::Redirect {
            status: 302,
            location: "/doc.json".into()
        }
    );
}

#[tokio::test]
async fn a_body_over_the_limit_is_refused_announced_or_not() {
    let server = DocumentServer::start().await;
    for path in ["/huge", "/huge-unannounced"] {
        let err = server
            .fetcher()
            .get(&url(&server.url(path)), &LIMITS)
            .await
            .unwrap_err();
        assert_eq!(err, FetchError::TooLarge(1024), "{path}");
    }
}

#[tokio::test]
async fn a_slow_server_is_cut_off_at_the_deadline() {
    let server = DocumentServer::start().await;
    let started = Instant::now();
    let err = server
        .fetcher()
        .get(&url(&server.url("/slow")), &LIMITS)
        .await
        .unwrap_err();
    assert_eq!(err, FetchError::Timeout(Duration::from_secs(2)));
    assert!(started.elapsed() < Duration::from_secs(3));
}

#[tokio::test]
async fn an_error_status_and_plain_http_are_refused() {
    let server = DocumentServer::start().await;
    let err = server
        .fetcher()
        .get(&url(&server.url("/missing")), &LIMITS)
        .await
        .unwrap_err();
    assert_eq!(err, FetchError::Status(404));
    let err = Fetcher::public()
        .get(&url("http://example.com/doc.json"), &LIMITS)
        .await
        .unwrap_err();
    assert_eq!(err, FetchError::NotHttps("http://example.com/doc.json".into()));
}

#[tokio::test]
async fn a_server_whose_certificate_is_not_trusted_is_refused() {
    let server = DocumentServer::start().await;
    let other = DocumentServer::start().await;
    server.serve("/doc.json", "{}");
    let err = other
        .fetcher()
        .get(&url(&server.url("/doc.json")), &LIMITS)
        .await
        .unwrap_err();
    assert!(matches!(err, FetchError::Tls { .. }), "{err:?}");
}

#[tokio::test]
async fn a_post_reports_the_receivers_status_whatever_it_is() {
    let server = DocumentServer::start().await;
    server.serve("/hook", "{}");
    let fetcher = server.fetcher();
    let headers = [("webhook-id", "evt_1".to_string())];
    let delivered = fetcher
        .post(&url(&server.url("/hook")), &headers, "{}".into(), &LIMITS)
        .await;
    assert_eq!(
        delivered,
        Ok(Posted {
            status: 200,
            retry_after: None
        })
    );
    assert_eq!(server.hits("/hook"), 1);
    let missing = fetcher
        .post(&url(&server.url("/gone")), &headers, "{}".into(), &LIMITS)
        .await;
    assert_eq!(missing.map(|p| p.status), Ok(404));
    let redirected = fetcher
        .post(&url(&server.url("/redirect")), &headers, "{}".into(), &LIMITS)
        .await;
    assert_eq!(
        redirected.map(|p| p.status),
        Ok(302),
        "a redirect is reported, never followed"
    );
}

#[tokio::test]
async fn a_post_to_a_slow_receiver_ends_at_its_deadline() {
    let server = DocumentServer::start().await;
    let started = Instant::now();
    let err = server
        .fetcher()
        .post(&url(&server.url("/slow")), &[], "{}".into(), &LIMITS)
        .await
        .unwrap_err();
    assert_eq!(err, FetchError::Timeout(LIMITS.timeout));
    assert!(started.elapsed() < LIMITS.timeout + Duration::from_secs(1));
}

#[tokio::test]
async fn a_post_to_loopback_is_refused_under_the_production_policy() {
    let err = Fetcher::public()
        .post(&url("https://localhost/hook"), &[], "{}".into(), &LIMITS)
        .await
        .unwrap_err();
    assert!(matches!(err, FetchError::NotPublic { .. }), "{err:?}");
    let check = Fetcher::public()
        .check_address(&url("https://127.0.0.1/hook"), Duration::from_secs(1))
        .await;
    assert!(matches!(check, Err(FetchError::NotPublic { .. })), "{check:?}");
}

#[test]
fn a_retry_after_is_read_as_seconds_or_as_a_date() {
    let now: chrono::DateTime<chrono::Utc> = "2026-11-27T10:00:00Z".parse().unwrap();
    assert_eq!(retry_after("120", now), Some(Duration::from_secs(120)));
    assert_eq!(
        retry_after("Fri, 27 Nov 2026 10:05:00 GMT", now),
        Some(Duration::from_secs(300))
    );
    assert_eq!(
        retry_after("Fri, 27 Nov 2026 09:00:00 GMT", now),
        None,
        "a date gone by"
    );
    assert_eq!(retry_after("soon", now), None);
}
