//! The authorization server's JSON endpoints: client registration (RFC 7591), the token
//! endpoint (RFC 6749 §3.2, form-encoded) and revocation (RFC 7009). Each parses its request
//! into what the service takes and encodes the service's answer.

use base64::Engine;
use lambda_http::http::StatusCode;
use lambda_http::{Body, Request, Response};
use serde_json::{Map, Value, json};

use super::errors::{error_response, json as oauth_json};
use crate::domain::oauth::{OAuthCode, OAuthFailure};
use crate::http::{header_str, request_id};
use crate::service::oauth::{ClientCredentials, CodeRequest, IssuedTokens, RefreshRequest, Registration};
use crate::service::{Service, ServiceError};

/// A form-encoded request body: its fields, each at most once (RFC 6749 §3.2).
struct Params(Vec<(String, String)>);

impl Params {
    fn parse(req: &Request) -> Result<Self, OAuthFailure> {
        let form = header_str(req, "content-type")
            .and_then(|t| t.split(';').next())
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/x-www-form-urlencoded"));
        if !form {
            return Err(OAuthFailure::invalid_request(
                "Send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded).",
            ));
        }
        if crate::http::body_too_large(req) {
            return Err(OAuthFailure::invalid_request("The request body must be at most 1 MiB."));
        }
        let fields: Vec<(String, String)> = url::form_urlencoded::parse(req.body().as_ref()).into_owned().collect();
        for (i, (name, _)) in fields.iter().enumerate() {
            if fields[..i].iter().any(|(n, _)| n == name) {
                return Err(OAuthFailure::invalid_request(format!(
                    "{name} was sent more than once."
                )));
            }
        }
        Ok(Self(fields))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    }
}

/// The client credentials of a token or revocation request: `Authorization: Basic` (the id and
/// secret form-encoded, RFC 6749 §2.3.1) or `client_id` and `client_secret` in the body, never
/// both.
fn credentials(req: &Request, params: &Params) -> Result<ClientCredentials, OAuthFailure> {
    let basic = header_str(req, "authorization").and_then(|value| {
        let (scheme, rest) = value.trim().split_once(' ')?;
        scheme.eq_ignore_ascii_case("basic").then(|| rest.trim().to_string())
    });
    let Some(encoded) = basic else {
        return Ok(ClientCredentials {
            client_id: params.get("client_id").map(str::to_string),
            secret: params.get("client_secret").map(str::to_string),
            basic: false,
        });
    };
    let malformed = || OAuthFailure::invalid_client("The Authorization: Basic header is malformed.");
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .map_err(|_| malformed())?;
    let text = String::from_utf8(decoded).map_err(|_| malformed())?;
    let (id, secret) = text.split_once(':').ok_or_else(malformed)?;
    let unescape = |part: &str| {
        url::form_urlencoded::parse(format!("x={part}").as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    let (id, secret) = (unescape(id), unescape(secret));
    if params.get("client_secret").is_some() {
        return Err(OAuthFailure::invalid_request(
            "Send the client secret one way: in Authorization: Basic or in the body, not both.",
        ));
    }
    if params.get("client_id").is_some_and(|body_id| body_id != id) {
        return Err(OAuthFailure::invalid_request(
            "client_id in the body differs from the one in Authorization: Basic.",
        ));
    }
    Ok(ClientCredentials {
        client_id: Some(id),
        secret: Some(secret),
        basic: true,
    })
}

/// `POST /oauth/register`.
pub async fn register(service: &Service, req: &Request) -> Response<Body> {
    let request_id = request_id(req);
    let address = crate::http::client_address(req);
    let metadata = match crate::http::json_object(req) {
        Ok(map) => crate::wire::oauth::registration(&map),
        Err(e) => Err(OAuthFailure::new(OAuthCode::InvalidClientMetadata, e.to_string())),
    };
    let registered = match metadata {
        Ok(metadata) => service.register_client(metadata, &address).await,
        Err(failure) => Err(failure.into()),
    };
    match registered {
        Ok(registration) => oauth_json(StatusCode::CREATED, &Value::Object(registration_body(&registration))),
        Err(err) => error_response(&err, &request_id, false),
    }
}

/// RFC 7591 §3.2.1's answer: every registered field, absent ones omitted (never `null`).
fn registration_body(registration: &Registration) -> Map<String, Value> {
    let metadata = &registration.metadata;
    let mut body = Map::new();
    body.insert("client_id".into(), json!(registration.client_id));
    body.insert("client_id_issued_at".into(), json!(registration.issued_at.timestamp()));
    if let Some(secret) = &registration.client_secret {
        body.insert("client_secret".into(), json!(secret));
        body.insert("client_secret_expires_at".into(), json!(0));
    }
    if let Some(name) = &metadata.name {
        body.insert("client_name".into(), json!(name));
    }
    let uris: Vec<&str> = metadata.redirect_uris.iter().map(|u| u.as_str()).collect();
    body.insert("redirect_uris".into(), json!(uris));
    let grant_types = if metadata.refresh_tokens {
        json!(["authorization_code", "refresh_token"])
    } else {
        json!(["authorization_code"])
    };
    body.insert("grant_types".into(), grant_types);
    body.insert("response_types".into(), json!(["code"]));
    body.insert(
        "token_endpoint_auth_method".into(),
        json!(metadata.auth_method.as_str()),
    );
    body
}

/// A token or revocation request: its parameters, once its client is authenticated (the hash of
/// its id). `basic` learns whether the client tried `Authorization: Basic`.
async fn client_request(service: &Service, req: &Request, basic: &mut bool) -> Result<(Params, String), ServiceError> {
    let params = Params::parse(req)?;
    let credentials = credentials(req, &params)?;
    *basic = credentials.basic;
    let client = service.authenticate_client(&credentials).await?;
    Ok((params, client))
}

/// `POST /oauth/token`.
pub async fn token(service: &Service, req: &Request) -> Response<Body> {
    let mut basic = false;
    let answer = async {
        let (params, client) = client_request(service, req, &mut basic).await?;
        match params.get("grant_type") {
            Some("authorization_code") => {
                let request = CodeRequest {
                    code: params.get("code"),
                    redirect_uri: params.get("redirect_uri"),
                    code_verifier: params.get("code_verifier"),
                    resource: params.get("resource"),
                };
                service.exchange_code(&client, request).await
            }
            Some("refresh_token") => {
                let request = RefreshRequest {
                    refresh_token: params.get("refresh_token"),
                    scope: params.get("scope"),
                    resource: params.get("resource"),
                };
                service.refresh_tokens(&client, request).await
            }
            None => Err(OAuthFailure::invalid_request("grant_type is required.").into()),
            Some(other) => Err(OAuthFailure::new(
                OAuthCode::UnsupportedGrantType,
                format!("grant_type {other:?} is not supported; use authorization_code or refresh_token."),
            )
            .into()),
        }
    }
    .await;
    match answer {
        Ok(tokens) => oauth_json(StatusCode::OK, &token_body(&tokens)),
        Err(err) => error_response(&err, &request_id(req), basic),
    }
}

/// RFC 6749 §5.1's answer.
fn token_body(tokens: &IssuedTokens) -> Value {
    let mut body = json!({
        "access_token": tokens.access_token,
        "token_type": "Bearer",
        "expires_in": tokens.expires_in,
        "scope": tokens.scopes.to_string(),
    });
    if let Some(refresh) = &tokens.refresh_token {
        body["refresh_token"] = json!(refresh);
    }
    body
}

/// `POST /oauth/revoke`: 200 whether or not the token was known (RFC 7009 §2.2).
pub async fn revoke(service: &Service, req: &Request) -> Response<Body> {
    let mut basic = false;
    let answer = async {
        let (params, client) = client_request(service, req, &mut basic).await?;
        service.revoke_token(&client, params.get("token")).await
    }
    .await;
    match answer {
        Ok(()) => oauth_json(StatusCode::OK, &json!({})),
        Err(err) => error_response(&err, &request_id(req), basic),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(headers: &[(&str, &str)], body: &str) -> Request {
        let mut builder = lambda_http::http::Request::builder().method("POST");
        for (k, v) in headers {
            builder = builder.header(*k, *v);
        }
        Request::from(builder.body(Body::Text(body.to_string())).unwrap())
    }

    const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

    #[test]
    fn basic_credentials_are_form_decoded() {
        let encoded = base64::engine::general_purpose::STANDARD.encode("slc_a%2Bb:s%3Ac");
        let auth = format!("Basic {encoded}");
        let req = request(&[FORM, ("authorization", &auth)], "grant_type=x");
        let params = Params::parse(&req).unwrap();
        let c = credentials(&req, &params).unwrap();
        assert_eq!(
            (c.client_id.as_deref(), c.secret.as_deref(), c.basic),
            (Some("slc_a+b"), Some("s:c"), true)
        );
    }

    #[test]
    fn a_secret_sent_both_ways_is_refused() {
        let encoded = base64::engine::general_purpose::STANDARD.encode("id:secret");
        let auth = format!("Basic {encoded}");
        let req = request(&[FORM, ("authorization", &auth)], "client_secret=secret");
        let params = Params::parse(&req).unwrap();
        assert_eq!(credentials(&req, &params).unwrap_err().code, OAuthCode::InvalidRequest);
    }

    #[test]
    fn a_repeated_parameter_or_a_json_body_is_invalid_request() {
        let twice = request(&[FORM], "code=a&code=b");
        assert!(Params::parse(&twice).is_err());
        let json = request(&[("content-type", "application/json")], "{}");
        assert!(Params::parse(&json).is_err());
    }
}
