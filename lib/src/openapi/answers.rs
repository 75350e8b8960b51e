//! The answers an operation documents. Failures are listed as the service errors an operation
//! can raise: their status is the one the HTTP door gives them (`http::status_of`) and their
//! examples are the bodies it sends (`http::error_body`), so every sentence is the real one.

use std::collections::BTreeMap;

use lambda_http::http::StatusCode;
use serde_json::Value;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{ContentBuilder, RefOr, Response, ResponseBuilder, Schema};

use super::components::{header_ref, schema_ref};
use crate::domain::Invalid;
use crate::domain::LinkDraft;
use crate::domain::ids::ObjectId;
use crate::http::{error_body, status_of};
use crate::service::guards::limits::{Policy, PolicyState};
use crate::service::{ServiceError, guards::RateLimited, guards::RateStatus};
use crate::wire::{Door, LinkInput, ParseContext};

/// The request id examples show (a real one is the id API Gateway gives the request).
const EXAMPLE_REQUEST_ID: &str = "Jm5ZxhHAoAMEbqA=";

/// What a successful answer carries.
#[derive(Clone)]
pub enum Success {
    /// `200` with a JSON body of this schema.
    Json(&'static str, Box<RefOr<Schema>>),
    /// `200` with an image in one of these media types (the request chooses which).
    Image(&'static str, &'static [&'static str]),
    /// `200` with a file to save in one of these media types (the request chooses which).
    File(&'static str, &'static [&'static str]),
    /// `200` with a JSON body of the first schema, or `202` (work goes on in the background)
    /// with one of the second.
    JsonOrAccepted(&'static str, Box<RefOr<Schema>>, &'static str, Box<RefOr<Schema>>),
}

/// How the answers of an operation are written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// With their bodies.
    Full,
    /// `HEAD`: the same statuses and headers, no body.
    Head,
}

/// The failures every endpoint behind an API key can answer, in the contract's order.
pub fn gate() -> Vec<ServiceError> {
    vec![
        ServiceError::MissingApiKey,
        ServiceError::InvalidApiKey,
        ServiceError::NoHttpAccess,
        ServiceError::BadId(crate::wire::BadId::Missing(crate::wire::IdField::Workspace)),
        ServiceError::BadId(crate::wire::BadId::Malformed(crate::wire::IdField::Workspace)),
        ServiceError::WorkspaceNotFound,
        ServiceError::NoWorkspaceAccess,
        ServiceError::LicenseExpired,
        ServiceError::WorkspaceSuspended("the operator's reason.".into()),
        rate_limited(),
        ServiceError::Internal(crate::service::StoreError::Contention("example")),
    ]
}

/// The failures of reading a JSON body.
pub fn body_failures() -> Vec<ServiceError> {
    let body = |text: &'static str| {
        let req = lambda_http::http::Request::builder()
            .body(lambda_http::Body::from(text))
            .expect("a request");
        crate::http::json_object(&lambda_http::Request::from(req)).expect_err("a refused body")
    };
    vec![
        body("[]"),
        body("{"),
        ServiceError::Invalid(Invalid::unknown_field("colour")),
    ]
}

/// The failures of an `Idempotency-Key`.
pub fn retry_failures() -> Vec<ServiceError> {
    vec![
        ServiceError::InvalidIdempotencyKey,
        ServiceError::IdempotencyKeyReused,
        ServiceError::IdempotencyInProgress,
    ]
}

/// A 429 as a key over its limit gets it.
pub fn rate_limited() -> ServiceError {
    let status = RateStatus {
        policies: vec![
            PolicyState {
                policy: Policy::Key,
                limit: 600,
                remaining: Some(0),
            },
            PolicyState {
                policy: Policy::Workspace,
                limit: 3000,
                remaining: Some(1480),
            },
        ],
        reset_after: 12,
    };
    ServiceError::RateLimited(Box::new(RateLimited {
        policy: Policy::Key,
        limit: 600,
        retry_after: 12,
        status,
    }))
}

/// The refusal the create parser gives `body` (a real sentence, from the real parser).
pub fn refused_create(body: Value) -> ServiceError {
    let fixed = chrono::DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
        .expect("a time")
        .to_utc();
    let parsed = crate::wire::from_json::<LinkInput>(body).and_then(|input| {
        let mut new_id = || ObjectId::parse("65a1b2c3d4e5f60718293a4b").expect("an id");
        LinkDraft::parse(
            &input,
            &mut ParseContext {
                now: fixed,
                door: Door::Http,
                new_id: &mut new_id,
            },
        )
    });
    match parsed {
        Err(invalid) => ServiceError::Invalid(invalid),
        Ok(_) => panic!("the example body is valid"),
    }
}

/// The description of a failure status.
fn describe(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "The request is malformed or a field is invalid; `field` names it.",
        401 => "No API key, or a key that matches none.",
        403 => {
            "The key may not do this: no HTTP API access, not a member, licence expired, a plan quota (`licenseLimitReached`), or a link of another workspace."
        }
        404 => "The workspace or the link does not exist.",
        409 => {
            "Another request got there first: the slug is taken, the link changed meanwhile (retry), or the first request with this `Idempotency-Key` is still running."
        }
        422 => "This `Idempotency-Key` was used for a different request.",
        429 => "A rate limit is reached; retry after `Retry-After` seconds.",
        500 => "A fault on our side; `requestId` is in our logs.",
        _ => "A failure.",
    }
}

/// The responses of an operation: its success, and its failures grouped by status, each with
/// the rate-limit headers (and `Retry-After` on 429, `Idempotent-Replayed` where replays
/// happen).
pub fn responses(
    success: Success,
    failures: Vec<ServiceError>,
    shape: Shape,
    replayable: bool,
) -> Vec<(String, Response)> {
    let mut grouped: BTreeMap<u16, Vec<ServiceError>> = BTreeMap::new();
    for failure in failures {
        grouped.entry(status_of(&failure).as_u16()).or_default().push(failure);
    }
    let mut out = Vec::new();
    let description = match &success {
        Success::Json(description, _)
        | Success::Image(description, _)
        | Success::File(description, _)
        | Success::JsonOrAccepted(description, ..) => *description,
    };
    let mut accepted = None;
    let mut ok = with_rate_headers(ResponseBuilder::new().description(description), replayable);
    if shape == Shape::Full {
        match success {
            Success::Json(_, schema) => {
                ok = ok.content("application/json", ContentBuilder::new().schema(Some(*schema)).build());
            }
            Success::JsonOrAccepted(_, schema, later, later_schema) => {
                ok = ok.content("application/json", ContentBuilder::new().schema(Some(*schema)).build());
                let response = with_rate_headers(ResponseBuilder::new().description(later), replayable).content(
                    "application/json",
                    ContentBuilder::new().schema(Some(*later_schema)).build(),
                );
                accepted = Some(response.build());
            }
            Success::Image(_, media_types) | Success::File(_, media_types) => {
                for media_type in media_types {
                    let bytes = ObjectBuilder::new()
                        .schema_type(Type::String)
                        .content_media_type(*media_type);
                    ok = ok.content(*media_type, ContentBuilder::new().schema(Some(bytes)).build());
                }
            }
        }
    }
    out.push(("200".to_string(), ok.build()));
    if let Some(accepted) = accepted {
        out.push(("202".to_string(), accepted));
    }
    for (status, errors) in grouped {
        let code = StatusCode::from_u16(status).expect("a status");
        let mut response = with_rate_headers(ResponseBuilder::new().description(describe(code)), replayable);
        if status == 429 {
            response = response.header_ref("Retry-After", header_ref("Retry-After"));
        }
        if shape == Shape::Full {
            response = response.content("application/json", error_content(&errors));
        }
        out.push((status.to_string(), response.build()));
    }
    out
}

/// An error body's content: the schema and one example per sentence.
pub fn error_content(errors: &[ServiceError]) -> utoipa::openapi::Content {
    let mut content = ContentBuilder::new().schema(Some(schema_ref("ErrorBody")));
    let mut named: Vec<(String, Value)> = Vec::new();
    for err in errors {
        let body = error_body(err, EXAMPLE_REQUEST_ID);
        let name = example_name(&body);
        if !named.iter().any(|(n, _)| *n == name) {
            named.push((name, body));
        }
    }
    content = content.examples_from_iter(named.into_iter().map(|(name, body)| {
        let summary = body["error"].as_str().unwrap_or_default().to_string();
        (name, ExampleBuilder::new().summary(summary).value(Some(body)).build())
    }));
    content.build()
}

/// A short key for an example: the first words of its sentence.
fn example_name(body: &Value) -> String {
    let sentence = body["error"].as_str().unwrap_or("error");
    let words: Vec<String> = sentence
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(6)
        .map(str::to_ascii_lowercase)
        .collect();
    words.join("-")
}

/// A response with the rate-limit headers (and, where replays happen, `Idempotent-Replayed`).
pub fn with_rate_headers(response: ResponseBuilder, replayable: bool) -> ResponseBuilder {
    let mut response = response
        .header_ref("RateLimit-Policy", header_ref("RateLimit-Policy"))
        .header_ref("RateLimit", header_ref("RateLimit"));
    if replayable {
        response = response.header_ref("Idempotent-Replayed", header_ref("Idempotent-Replayed"));
    }
    response
}
