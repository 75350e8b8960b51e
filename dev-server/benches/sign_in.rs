//! What signing in and staying signed in cost, through the account function's handler, against
//! DynamoDB Local:
//! - argon2id alone (19 MiB, 2 iterations, 1 lane): hashing and verifying one password;
//! - a whole sign-in (`POST /account/sign-in`): time and DynamoDB requests;
//! - the session check a signed-in page pays (`Service::session`, and a whole
//!   `GET /account/integrations`): time and DynamoDB requests.
//!
//! Run with `scripts/bench` (it starts DynamoDB Local), or
//! `AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000 cargo bench -p dev-server --bench sign_in`.

use std::time::Instant;

use lib::clock::OsEntropy;
use lib::domain::{NewPassword, PasswordHash, SessionToken};
use lib::pages::{Settings, Site};
use lib::testing::RequestCounter;
use support::{cookie_value, request, spread, summary};

mod support;

const ROUNDS: usize = 30;
const PASSWORD: &str = "a benchmark password";

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("sign_in: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does) to run against DynamoDB Local");
        return;
    };

    let password = NewPassword::parse(PASSWORD).expect("password");
    let mut hashing = Vec::new();
    let mut verifying = Vec::new();
    for _ in 0..ROUNDS {
        let started = Instant::now();
        let hash = PasswordHash::new(&password, &OsEntropy);
        hashing.push(started.elapsed());
        let started = Instant::now();
        assert!(hash.verify(PASSWORD));
        verifying.push(started.elapsed());
    }
    println!("argon2id (m=19456 KiB, t=2, p=1), {ROUNDS} rounds");
    println!("  hash a password:   {}", spread(hashing));
    println!("  verify a password: {}", spread(verifying));

    let counter = RequestCounter::new();
    let service = support::service(&endpoint, &counter).await;
    let email = "bench@example.com";
    support::person_with_workspace(&service, email, PASSWORD).await;
    let site = Site::new(service.clone(), Settings::default());

    let mut sign_ins = Vec::new();
    let mut session = String::new();
    let mut requests = String::new();
    for _ in 0..ROUNDS {
        let form = site
            .account(request("GET", "/account/sign-in", &[], None))
            .await
            .expect("form");
        let csrf = cookie_value(&form, "signin").expect("csrf cookie");
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs([("csrf", csrf.as_str()), ("email", email), ("password", PASSWORD)])
            .finish();
        let headers = [
            ("content-type", "application/x-www-form-urlencoded".to_string()),
            ("cookie", format!("signin={csrf}")),
        ];
        counter.reset();
        let started = Instant::now();
        let response = site
            .account(request("POST", "/account/sign-in", &headers, Some(body)))
            .await
            .expect("sign in");
        sign_ins.push(started.elapsed());
        assert_eq!(response.status(), 303, "signed in");
        requests = summary(&counter);
        session = cookie_value(&response, "session").expect("session cookie");
    }
    println!("a whole sign-in through the account function, {ROUNDS} rounds, DynamoDB Local at {endpoint}");
    println!(
        "  POST /account/sign-in: {}; DynamoDB requests: {requests}",
        spread(sign_ins)
    );

    let token = SessionToken::parse(&session).expect("token");
    let mut checks = Vec::new();
    for _ in 0..ROUNDS {
        counter.reset();
        let started = Instant::now();
        assert!(service.session(&token).await.expect("session").is_some());
        checks.push(started.elapsed());
    }
    println!(
        "  session check (Service::session): {}; DynamoDB requests: {}",
        spread(checks),
        summary(&counter)
    );
    let mut pages = Vec::new();
    for _ in 0..ROUNDS {
        counter.reset();
        let started = Instant::now();
        let page = site
            .account(request(
                "GET",
                "/account/integrations",
                &[("cookie", format!("session={session}"))],
                None,
            ))
            .await
            .expect("page");
        pages.push(started.elapsed());
        assert_eq!(page.status(), 200);
    }
    println!(
        "  GET /account/integrations, session check included: {}; DynamoDB requests: {}",
        spread(pages),
        summary(&counter)
    );
}
