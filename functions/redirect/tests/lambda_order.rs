//! The redirect binary as Lambda runs it: a stand-in of the Runtime and Extensions APIs hands it
//! one visit, and DynamoDB Local sits behind a proxy that holds every request. The response is
//! posted while the click is not yet stored, and the function's internal extension asks for its
//! next event only once the click is stored: the visitor never waits for the write, and Lambda
//! never freezes the environment with the write half done.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use lib::store::{Click, Store};
use lib::testing::{DelayingProxy, RequestCounter};
use serde_json::{Value, json};
use tokio::sync::{Mutex, mpsc};

/// How long the proxy holds each request to DynamoDB: far longer than a direct look at the table.
const SLOW: Duration = Duration::from_millis(1500);

const REQUEST_ID: &str = "8476a536-e9f4-11e8-9739-2dfe598c3fcd";

/// What the stand-in saw, in order.
#[derive(Debug)]
enum Seen {
    /// The runtime posted the invocation's response (its body).
    Response(Value),
    /// The extension asked for its next event after the invocation.
    ExtensionDone,
}

struct StandIn {
    event: String,
    runtime_polls: Mutex<u32>,
    extension_polls: Mutex<u32>,
    handed_out: tokio::sync::Notify,
    seen: mpsc::UnboundedSender<Seen>,
}

fn answer(status: u16, body: String, headers: &[(&str, String)]) -> Response<Full<Bytes>> {
    let mut response = Response::builder().status(status);
    for (name, value) in headers {
        response = response.header(*name, value);
    }
    response.body(Full::new(Bytes::from(body))).expect("response")
}

fn deadline_ms() -> String {
    (chrono::Utc::now().timestamp_millis() + 5_000).to_string()
}

impl StandIn {
    async fn serve(self: Arc<Self>, req: Request<Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
        let path = req.uri().path().to_string();
        let body = req
            .into_body()
            .collect()
            .await
            .map(|b| b.to_bytes())
            .unwrap_or_default();
        Ok(match path.as_str() {
            "/2020-01-01/extension/register" => answer(
                200,
                json!({ "functionName": "redirect", "functionVersion": "$LATEST", "handler": "bootstrap" }).to_string(),
                &[("lambda-extension-identifier", "extension-1".into())],
            ),
            "/2020-01-01/extension/event/next" => {
                let poll = {
                    let mut polls = self.extension_polls.lock().await;
                    *polls += 1;
                    *polls
                };
                if poll > 1 {
                    let _ = self.seen.send(Seen::ExtensionDone);
                    std::future::pending::<()>().await;
                }
                self.handed_out.notified().await;
                let invoke = json!({ "eventType": "INVOKE", "deadlineMs": deadline_ms().parse::<u64>().expect("ms"),
                    "requestId": REQUEST_ID, "invokedFunctionArn": "arn:aws:lambda:us-east-1:123456789012:function:redirect",
                    "tracing": { "type": "X-Amzn-Trace-Id", "value": "Root=1-5bef4de7-ad49b0e87f6ef6c87fc2e700" } });
                answer(200, invoke.to_string(), &[])
            }
            "/2018-06-01/runtime/invocation/next" => {
                let poll = {
                    let mut polls = self.runtime_polls.lock().await;
                    *polls += 1;
                    *polls
                };
                if poll > 1 {
                    std::future::pending::<()>().await;
                }
                self.handed_out.notify_one();
                answer(
                    200,
                    self.event.clone(),
                    &[
                        ("lambda-runtime-aws-request-id", REQUEST_ID.into()),
                        ("lambda-runtime-deadline-ms", deadline_ms()),
                        (
                            "lambda-runtime-invoked-function-arn",
                            "arn:aws:lambda:us-east-1:123456789012:function:redirect".into(),
                        ),
                        (
                            "lambda-runtime-trace-id",
                            "Root=1-5bef4de7-ad49b0e87f6ef6c87fc2e700".into(),
                        ),
                    ],
                )
            }
            path if path.ends_with("/response") => {
                let _ = self
                    .seen
                    .send(Seen::Response(serde_json::from_slice(&body).unwrap_or(Value::Null)));
                answer(202, String::new(), &[])
            }
            _ => answer(404, String::new(), &[]),
        })
    }
}

/// The visit: the repository's sample event, for `sl.test/spring`.
fn visit_event() -> String {
    let sample = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../events/redirect.json"))
        .expect("events/redirect.json");
    let mut event: Value = serde_json::from_str(&sample).expect("JSON");
    event["rawPath"] = "/spring".into();
    event["requestContext"]["http"]["path"] = "/spring".into();
    event["pathParameters"] = json!({ "slug": "spring" });
    event["headers"]["x-forwarded-host"] = "sl.test".into();
    event.to_string()
}

/// What the stand-in sees next (within a minute).
async fn next(events: &mut mpsc::UnboundedReceiver<Seen>) -> Seen {
    tokio::time::timeout(Duration::from_secs(60), events.recv())
        .await
        .expect("the function went on")
        .expect("the stand-in runs")
}

async fn clicks(store: &Store, workspace: &lib::domain::ids::ObjectId) -> Vec<Click> {
    store
        .clicks_on(workspace, chrono::Utc::now().date_naive())
        .await
        .expect("clicks")
}

#[tokio::test]
async fn the_response_is_posted_before_the_click_is_written_and_the_extension_waits_for_the_write() {
    let endpoint = std::env::var("AWS_ENDPOINT_URL_DYNAMODB")
        .expect("AWS_ENDPOINT_URL_DYNAMODB must point at DynamoDB Local; run the tests with scripts/test");
    let client = lib::testing::local_client(&endpoint, &RequestCounter::new()).await;
    let test_table = lib::testing::TestTable::create(&client, &endpoint).await;
    let table = test_table.name().to_string();
    let store = Store::new(client.clone(), table.clone()).with_default_domain("sl.test");
    let link = lib::testing::link_from_json_at(
        json!({ "name": "Spring", "url": "https://example.com/spring" }),
        chrono::Utc::now(),
    );
    // A link is written only into a workspace that exists and is not suspended.
    let workspace = lib::store::keys::workspace(&link.workspace_id);
    client
        .put_item()
        .table_name(&table)
        .item("PK", aws_sdk_dynamodb::types::AttributeValue::S(workspace.pk))
        .item("SK", aws_sdk_dynamodb::types::AttributeValue::S(workspace.sk))
        .send()
        .await
        .expect("the workspace");
    let created = store
        .put_reserved_links(std::slice::from_ref(&link))
        .await
        .expect("store");
    assert_eq!(created, vec![lib::store::Placed::Written]);
    let proxy = DelayingProxy::start(&endpoint).await;
    proxy.delay(SLOW);

    let (seen, mut events) = mpsc::unbounded_channel();
    let stand_in = Arc::new(StandIn {
        event: visit_event(),
        runtime_polls: Mutex::new(0),
        extension_polls: Mutex::new(0),
        handed_out: tokio::sync::Notify::new(),
        seen,
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let api = listener.local_addr().expect("address");
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let stand_in = stand_in.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |req| stand_in.clone().serve(req));
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    let mut function = tokio::process::Command::new(env!("CARGO_BIN_EXE_redirect"))
        .env("AWS_LAMBDA_RUNTIME_API", api.to_string())
        .env("AWS_LAMBDA_FUNCTION_NAME", "redirect")
        .env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "512")
        .env("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST")
        .env("AWS_LAMBDA_LOG_STREAM_NAME", "order")
        .env("AWS_LAMBDA_LOG_GROUP_NAME", "order")
        .env("TABLE_NAME", &table)
        .env("DEFAULT_DOMAIN", "sl.test")
        .env("VISITOR_SIGNING_SECRET", "a-secret-of-at-least-thirty-two-characters")
        .env("AWS_ENDPOINT_URL_DYNAMODB", proxy.endpoint())
        .env("AWS_ACCESS_KEY_ID", lib::testing::local_access_key())
        .env("AWS_SECRET_ACCESS_KEY", "local")
        .env("AWS_REGION", "us-east-1")
        .env("AWS_MAX_ATTEMPTS", "2")
        .env_remove("CLICK_DEAD_LETTER_QUEUE_URL")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("start the redirect");
    let Seen::Response(response) = next(&mut events).await else {
        panic!("the response comes first");
    };
    let stored_at_response = clicks(&store, &link.workspace_id).await.len();
    let Seen::ExtensionDone = next(&mut events).await else {
        panic!("then the extension's next poll");
    };
    let stored_when_done = clicks(&store, &link.workspace_id).await.len();
    function.kill().await.expect("stop the function");

    assert_eq!(response["statusCode"], 302, "{response}");
    assert_eq!(
        stored_at_response, 0,
        "the response was posted before the click's write reached DynamoDB"
    );
    assert_eq!(
        stored_when_done, 1,
        "the extension asked for its next event only after the write"
    );
}
