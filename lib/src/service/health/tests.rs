//! The checker's probe against a local https server answering each way a destination can.

use std::time::Duration;

use super::{PROBE_LIMITS, probe};
use crate::domain::health::Probe;
use crate::net::Limits;
use crate::testing::logos::LogoServer;

async fn probed(server: &LogoServer, url: &str, limits: &Limits) -> (Option<Probe>, usize) {
    probe(&server.plain_fetcher(), &url::Url::parse(url).unwrap(), limits).await
}

#[tokio::test]
async fn a_destination_answering_200_is_ok_after_one_head() {
    let server = LogoServer::start().await;
    assert_eq!(
        probed(&server, &server.url("/logo.png"), &PROBE_LIMITS).await,
        (Some(Probe::Ok), 1)
    );
}

#[tokio::test]
async fn a_destination_answering_404_is_a_client_error_after_a_get_too() {
    let server = LogoServer::start().await;
    assert_eq!(
        probed(&server, &server.url("/gone"), &PROBE_LIMITS).await,
        (Some(Probe::ClientError), 2)
    );
}

#[tokio::test]
async fn a_destination_answering_500_is_a_server_error() {
    let server = LogoServer::start().await;
    assert_eq!(
        probed(&server, &server.url("/server-error"), &PROBE_LIMITS).await,
        (Some(Probe::ServerError), 2)
    );
}

#[tokio::test]
async fn a_destination_that_redirects_is_a_redirect_not_followed() {
    let server = LogoServer::start().await;
    assert_eq!(
        probed(&server, &server.url("/redirect"), &PROBE_LIMITS).await,
        (Some(Probe::Redirect), 1)
    );
}

#[tokio::test]
async fn a_destination_that_hangs_is_a_timeout_without_a_second_request() {
    let server = LogoServer::start().await;
    let limits = Limits {
        timeout: Duration::from_millis(300),
        ..PROBE_LIMITS
    };
    assert_eq!(
        probed(&server, &server.url("/slow"), &limits).await,
        (Some(Probe::Timeout), 1)
    );
}

#[tokio::test]
async fn a_host_name_that_does_not_resolve_is_dns() {
    let server = LogoServer::start().await;
    let limits = Limits {
        timeout: Duration::from_secs(5),
        ..PROBE_LIMITS
    };
    assert_eq!(
        probed(&server, "https://nowhere.invalid/", &limits).await,
        (Some(Probe::Dns), 1)
    );
}

#[tokio::test]
async fn a_server_whose_certificate_is_not_trusted_is_tls() {
    let server = LogoServer::start().await;
    let other = LogoServer::start().await;
    let fetcher = other.plain_fetcher();
    let url = url::Url::parse(&server.url("/logo.png")).unwrap();
    assert_eq!(probe(&fetcher, &url, &PROBE_LIMITS).await, (Some(Probe::Tls), 1));
}
