//! The visitor door's HTTP side: `GET`/`HEAD /{slug}` on a short domain read into a
//! [`Visit`], and the [`VisitOutcome`] encoded as the answer (redirect, preview, 404, 410).

use lambda_http::http::{HeaderValue, Method, StatusCode, header};
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt, Response};
use serde_json::json;

use super::{GONE, Redirector, app_links, pages, password};
use crate::domain::SigningKey;
use crate::domain::{Hostname, Slug};
use crate::http;
use crate::service::{ServiceError, visits::LocationRequest, visits::Visit, visits::VisitOutcome};
use crate::visitor::{Trigger, VisitorHeaders};

/// The environment variable holding the secret CloudFront sends as `X-Origin-Verify`.
pub const ORIGIN_SECRET_VARIABLE: &str = "ORIGIN_VERIFY_SECRET";

/// The secret the deployed function requires (`ORIGIN_VERIFY_SECRET`); none when unset.
pub fn origin_secret_from_env() -> Option<String> {
    std::env::var(ORIGIN_SECRET_VARIABLE)
        .ok()
        .filter(|s| !s.trim().is_empty())
}

impl Redirector {
    /// Whether a request came through CloudFront: it carries the secret CloudFront adds to
    /// every request it forwards (compared in constant time). Without a secret configured (the
    /// dev server) every request does.
    pub fn came_through_cloudfront(&self, presented: Option<&str>) -> bool {
        use subtle::ConstantTimeEq;
        match &self.origin_secret {
            None => true,
            Some(secret) => presented.is_some_and(|p| bool::from(p.as_bytes().ct_eq(secret.as_bytes()))),
        }
    }
}

/// Answers one visit, leaving its click to [`Redirector::after`] (the function's handler says when
/// the answer is ready: `AfterResponse::answered`).
pub async fn handle(redirector: &Redirector, req: Request) -> Response<Body> {
    let head = req.method() == Method::HEAD;
    // A post is a password typed on a protected link's page.
    let posted = req.method() == Method::POST;
    if req.method() != Method::GET && !head && !posted {
        let mut response = Response::new(Body::Empty);
        *response.status_mut() = StatusCode::METHOD_NOT_ALLOWED;
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD, POST"));
        return response;
    }
    if let Some(file) = app_links::file(req.uri().path(), req.method()) {
        return file;
    }
    // Behind CloudFront, the viewer's country, city, address and host are headers CloudFront
    // sets; called directly (around it), they would be whatever the caller sent.
    if !redirector.came_through_cloudfront(http::header_str(&req, "x-origin-verify")) {
        return forbidden();
    }
    if let Some(file) = crate::domain::WellKnown::at(req.uri().path()) {
        return app_links::well_known(redirector, &req, file).await;
    }
    let wants_json = http::header_str(&req, "accept").is_some_and(|a| a.contains("application/json"));
    let Some(visit) = read_visit(&req, head, redirector) else {
        return response_for(&VisitOutcome::NotFound, head, wants_json, &redirector.location_key);
    };
    let visited = match redirector.service.visit(&redirector.cache, visit).await {
        Ok(visited) => visited,
        Err(err) => return http::error_response(&err, &http::request_id(&req)),
    };
    // The click is written after the answer (see `crate::after_response`).
    if let Some(pending) = visited.pending {
        let recorder = redirector.recorder.clone();
        redirector.after.defer(async move {
            recorder.record(pending).await;
        });
    }
    let mut response = match &visited.outcome {
        VisitOutcome::Locked(page) if !head => {
            let mut response = password::locked_page(page, &req, redirector.service.entropy.as_ref());
            no_store(response.headers_mut());
            response
        }
        outcome => response_for(outcome, head, wants_json, &redirector.location_key),
    };
    // A page's post goes on with a GET of the destination.
    if posted && response.status() == StatusCode::FOUND {
        *response.status_mut() = StatusCode::SEE_OTHER;
    }
    if let Some(cookie) = visited
        .pass
        .as_ref()
        .and_then(|pass| password::pass_cookie(pass, &redirector.pass_key, req.uri().path()))
    {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

/// The visit a request asks for; `None` when its host or path cannot name a link (404).
fn read_visit<'a>(req: &'a Request, head: bool, redirector: &'a Redirector) -> Option<Visit<'a>> {
    let source_ip = match req.request_context_ref() {
        Some(RequestContext::ApiGatewayV2(ctx)) => ctx.http.source_ip.as_deref(),
        _ => None,
    };
    let slug = http::path_param(req, "slug").unwrap_or_else(|| req.uri().path().trim_start_matches('/').to_string());
    let domain = short_domain(req)?;
    let slug = Slug::parse(&slug.to_ascii_lowercase()).ok()?;
    let (trigger, query) = Trigger::split(req.uri().query());
    Some(Visit {
        domain,
        slug,
        headers: visitor_headers(req, source_ip),
        head,
        trigger,
        query,
        global_privacy_control: global_privacy_control(req),
        unlock: password::unlock(req, &redirector.pass_key),
        visitor_key: &redirector.visitor_key,
    })
}

/// The short domain a request is for; `None` when its host is not a host name.
pub(super) fn short_domain(req: &Request) -> Option<Hostname> {
    // Behind CloudFront the short domain arrives as X-Forwarded-Host (see template.yaml).
    let host = http::header_str(req, "x-forwarded-host")
        .or_else(|| http::header_str(req, "host"))
        .or(req.uri().host())
        .unwrap_or_default();
    Hostname::parse("host", without_port(host)).ok()
}

/// Whether the browser sends `Sec-GPC: 1` (Global Privacy Control: "do not sell or share").
pub fn global_privacy_control(req: &Request) -> bool {
    http::header_str(req, "sec-gpc").is_some_and(|v| v.trim() == "1")
}

/// The `Host` without its port (one that is all digits; anything else is left to fail the
/// hostname check).
fn without_port(host: &str) -> &str {
    host.rsplit_once(':').map_or(host, |(h, port)| {
        if port.bytes().all(|b| b.is_ascii_digit()) {
            h
        } else {
            host
        }
    })
}

/// `403` to a request that did not come through CloudFront: a plain sentence, nothing else.
fn forbidden() -> Response<Body> {
    let mut response = Response::new(Body::Text("Short links are served through their own domain.\n".into()));
    *response.status_mut() = StatusCode::FORBIDDEN;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    no_store(headers);
    response
}

/// The headers classification reads.
pub fn visitor_headers<'a>(req: &'a Request, source_ip: Option<&'a str>) -> VisitorHeaders<'a> {
    VisitorHeaders {
        user_agent: http::header_str(req, "user-agent"),
        sec_ch_ua: http::header_str(req, "sec-ch-ua"),
        sec_ch_ua_mobile: http::header_str(req, "sec-ch-ua-mobile"),
        sec_ch_ua_platform: http::header_str(req, "sec-ch-ua-platform"),
        sec_ch_ua_model: http::header_str(req, "sec-ch-ua-model"),
        accept_language: http::header_str(req, "accept-language"),
        referer: http::header_str(req, "referer"),
        viewer_country: http::header_str(req, "cloudfront-viewer-country"),
        viewer_city: http::header_str(req, "cloudfront-viewer-city"),
        viewer_latitude: http::header_str(req, "cloudfront-viewer-latitude"),
        viewer_longitude: http::header_str(req, "cloudfront-viewer-longitude"),
        viewer_address: http::header_str(req, "cloudfront-viewer-address"),
        source_ip,
    }
}

/// The HTTP response for an outcome; `HEAD` gets the same status and headers, no body. A page
/// asking for location carries a grant signed with `location_key`.
pub fn response_for(outcome: &VisitOutcome, head: bool, wants_json: bool, location_key: &SigningKey) -> Response<Body> {
    let (status, content_type, body) = match outcome {
        VisitOutcome::AskLocation(request) => return location_request(request, location_key),
        VisitOutcome::OpenApp(opening) => return app_links::opening(opening, head),
        VisitOutcome::Redirect { location } => {
            let mut response = Response::new(Body::Empty);
            *response.status_mut() = StatusCode::FOUND;
            let headers = response.headers_mut();
            headers.insert(header::LOCATION, location.header_value().clone());
            no_store(headers);
            return response;
        }
        VisitOutcome::Preview {
            location,
            title,
            description,
            short_link,
        } => (
            StatusCode::OK,
            "text/html; charset=utf-8",
            pages::preview(
                location.as_ref().map(|l| l.as_str()),
                short_link,
                title,
                description.as_deref(),
            ),
        ),
        VisitOutcome::Live => (StatusCode::OK, "text/html; charset=utf-8", String::new()),
        VisitOutcome::Locked(page) => {
            let mut response = password::locked_status(page);
            no_store(response.headers_mut());
            return response;
        }
        VisitOutcome::NotFound if wants_json => (
            StatusCode::NOT_FOUND,
            "application/json",
            json!({ "error": ServiceError::LinkNotFound.to_string() }).to_string(),
        ),
        VisitOutcome::NotFound => (StatusCode::NOT_FOUND, "text/html; charset=utf-8", pages::not_found()),
        VisitOutcome::Gone if wants_json => (
            StatusCode::GONE,
            "application/json",
            json!({ "error": GONE }).to_string(),
        ),
        VisitOutcome::Gone => (StatusCode::GONE, "text/html; charset=utf-8", pages::gone()),
        // The status alone until the 451 page is wired in.
        VisitOutcome::Blocked => (
            StatusCode::UNAVAILABLE_FOR_LEGAL_REASONS,
            "text/plain; charset=utf-8",
            String::new(),
        ),
    };
    let mut response = Response::new(if head { Body::Empty } else { Body::Text(body) });
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if content_type.starts_with("text/html") {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(pages::PLAIN_PAGE_POLICY),
        );
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    no_store(headers);
    response
}

/// The page asking a person for their location: `200`, never cached, its own strict CSP.
fn location_request(request: &LocationRequest, key: &SigningKey) -> Response<Body> {
    let token = request.grant.sign(key);
    let (html, policy) = pages::location(&pages::LocationPageParts {
        asker: &request.asker,
        host: &pages::destination_name(request.location.as_str()),
        location: request.location.as_str(),
        token: &token,
        colour: request.colour.as_ref(),
        retention_days: request.retention_days,
    });
    guarded_page(html, &policy, false)
}

/// A `200` page with its own Content-Security-Policy, never framed, never cached (`HEAD`: the
/// headers alone).
pub(super) fn guarded_page(html: String, policy: &str, head: bool) -> Response<Body> {
    let mut response = Response::new(if head { Body::Empty } else { Body::Text(html) });
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    if let Ok(policy) = HeaderValue::from_str(policy) {
        headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    no_store(headers);
    response
}

/// Every answer must reach us again next time: no caching anywhere.
fn no_store(headers: &mut lambda_http::http::HeaderMap) {
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer-when-downgrade"),
    );
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
}
