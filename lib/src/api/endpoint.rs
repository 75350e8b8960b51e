//! The steps every HTTP API endpoint takes, written once so no handler can skip one: the key,
//! the body (or query), the workspace, the rate limit, and for the endpoints that take one the
//! `Idempotency-Key`; then the handler's own work; then the answer with its `RateLimit`
//! headers (and, for `HEAD`, without its body).

use lambda_http::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use lambda_http::{Body, Request, Response};
use serde_json::{Map, Value};

use crate::domain::Workspace;
use crate::http::{add_rate_headers, api_key, error_response, json_object, query, request_id, take_string};
use crate::manifest::Function;
use crate::service::guards::idempotency::{self, Begun, IdempotencyKey, StoredAnswer};
use crate::service::{Service, ServiceError, accounts::Access, accounts::Caller, guards::RateStatus, guards::metered};
use crate::wire::{IdField, parse_id};

/// Runs a handler body that does not go through the common steps (the `$default` route),
/// answering its failure as the contract says. Never returns `Err`: infrastructure failures
/// become an opaque 500 carrying the request id.
pub async fn respond<F>(req: &Request, work: F) -> Result<Response<Body>, lambda_http::Error>
where
    F: Future<Output = Result<Response<Body>, ServiceError>>,
{
    Ok(finish(req, work.await, None))
}

/// An endpoint with a JSON body (`POST`, `PUT`, `DELETE`), in the contract's order: the key
/// (with HTTP API access), the body (at most 1 MiB, a JSON object), the workspace it names,
/// the rate limit, then, where `endpoint` takes one, the `Idempotency-Key`. `work` gets the
/// access and the rest of the body (without `workspaceId`).
pub async fn json_endpoint<W>(
    service: &Service,
    req: &Request,
    endpoint: &Function,
    work: W,
) -> Result<Response<Body>, lambda_http::Error>
where
    W: AsyncFnOnce(Access, Map<String, Value>) -> Result<Response<Body>, ServiceError>,
{
    let mut meter = None;
    let result = json_steps(service, req, endpoint, &mut meter, json_object(req), work).await;
    Ok(finish(req, result, meter))
}

/// [`json_endpoint`] for an upload: the body is a JSON object or a multipart form (its parts as
/// the object's fields, a file part as `content` and `fileName`), of at most
/// [`crate::http::upload::MAX_UPLOAD_BYTES`].
pub async fn upload_endpoint<W>(
    service: &Service,
    req: &Request,
    endpoint: &Function,
    work: W,
) -> Result<Response<Body>, lambda_http::Error>
where
    W: AsyncFnOnce(Access, Map<String, Value>) -> Result<Response<Body>, ServiceError>,
{
    let mut meter = None;
    let body = crate::http::upload::upload_object(req).await;
    let result = json_steps(service, req, endpoint, &mut meter, body, work).await;
    Ok(finish(req, result, meter))
}

/// An endpoint read with `GET`/`HEAD`: the key, the workspace named by the `workspaceId` query
/// parameter, the rate limit, then `work`.
pub async fn query_endpoint<W>(
    service: &Service,
    req: &Request,
    endpoint: &Function,
    work: W,
) -> Result<Response<Body>, lambda_http::Error>
where
    W: AsyncFnOnce(Access) -> Result<Response<Body>, ServiceError>,
{
    let mut meter = None;
    let result = async {
        let caller = service.authenticate_http(api_key(req)).await?;
        let opened = async {
            let id = parse_id(IdField::Workspace, query(req, "workspaceId").as_deref())?;
            service.open_workspace(caller.clone(), &id).await
        }
        .await;
        let workspace = opened.as_ref().ok().map(|access| &access.workspace);
        charge(service, endpoint, &caller, workspace, &mut meter).await?;
        work(opened?).await
    }
    .await;
    Ok(finish(req, result, meter))
}

async fn json_steps<W>(
    service: &Service,
    req: &Request,
    endpoint: &Function,
    meter: &mut Option<RateStatus>,
    body: Result<Map<String, Value>, ServiceError>,
    work: W,
) -> Result<Response<Body>, ServiceError>
where
    W: AsyncFnOnce(Access, Map<String, Value>) -> Result<Response<Body>, ServiceError>,
{
    let caller = service.authenticate_http(api_key(req)).await?;
    let retry_key = endpoint
        .idempotent
        .then(|| req.headers().get(idempotency::HEADER))
        .flatten();
    let mut whole = None;
    let opened = async {
        let mut body = body?;
        if retry_key.is_some() {
            whole = Some(Value::Object(body.clone()));
        }
        let workspace = take_string(&mut body, "workspaceId");
        let id = parse_id(IdField::Workspace, workspace.as_deref())?;
        let access = service.open_workspace(caller.clone(), &id).await?;
        Ok::<_, ServiceError>((access, body))
    }
    .await;
    let workspace = opened.as_ref().ok().map(|(access, _)| &access.workspace);
    charge(service, endpoint, &caller, workspace, meter).await?;
    let (access, body) = opened?;
    let (Some(raw), Some(whole)) = (retry_key, whole) else {
        return work(access, body).await;
    };
    let key = IdempotencyKey::parse(raw.as_bytes())?;
    let fingerprint = idempotency::fingerprint(req.method().as_str(), req.uri().path(), &whole);
    match service
        .begin_idempotent(&access.workspace.id, &key, fingerprint)
        .await?
    {
        Begun::Replay(answer) => Ok(replayed(answer)),
        Begun::Claimed(ticket) => {
            let response = match work(access, body).await {
                Ok(response) => response,
                Err(err) => error_response(&err, &request_id(req)),
            };
            let answer = StoredAnswer {
                status: response.status().as_u16(),
                body: response.body().as_ref().to_vec(),
            };
            service.finish_idempotent(ticket, answer).await;
            Ok(response)
        }
    }
}

/// Charges the request to its rate limits once its scope is settled: to the workspace it was
/// admitted to, or, when admission (or the body) failed, to the key alone, whose refusal then
/// answers instead of that failure. Sets `meter` for the answer's headers either way.
async fn charge(
    service: &Service,
    endpoint: &Function,
    caller: &Caller,
    workspace: Option<&Workspace>,
    meter: &mut Option<RateStatus>,
) -> Result<(), ServiceError> {
    let charged = service.charge(caller, workspace, endpoint.limit).await;
    *meter = metered(&charged);
    charged.map(|_| ())
}

/// A stored answer as its retry gets it.
fn replayed(answer: StoredAnswer) -> Response<Body> {
    let mut response = Response::new(crate::http::body_of(&answer.body));
    *response.status_mut() = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(
        HeaderName::from_static(idempotency::REPLAYED_HEADER),
        HeaderValue::from_static("true"),
    );
    response
}

/// The answer: a failure as the contract words it, the rate-limit headers, and for `HEAD` no
/// body.
fn finish(req: &Request, result: Result<Response<Body>, ServiceError>, meter: Option<RateStatus>) -> Response<Body> {
    let mut response = match result {
        Ok(response) => response,
        Err(err) => error_response(&err, &request_id(req)),
    };
    if let Some(status) = meter {
        add_rate_headers(response.headers_mut(), &status);
    }
    if req.method() == Method::HEAD {
        *response.body_mut() = Body::Empty;
    }
    response
}
