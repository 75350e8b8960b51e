//! The HTTP API's own answers: a service result as JSON, a file to save, a paginated export's
//! next page, a job still running (202) and a drawn QR code.

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Request, Response};

/// 200 with a service result as the JSON body.
pub fn ok(value: &impl serde::Serialize) -> Response<Body> {
    let mut response = Response::new(Body::Text(
        serde_json::to_string(value).expect("service results encode as JSON"),
    ));
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// 200 with a file to save: its text, media type and name; `next` (a cursor, and the URL of the
/// page it opens) for a paginated export, as `X-Next-Cursor` and `Link: <url>; rel="next"`.
pub fn download(text: String, media_type: &'static str, file_name: &str, next: Option<(&str, &str)>) -> Response<Body> {
    let mut response = Response::new(Body::Text(text));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(media_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    if let Ok(disposition) = HeaderValue::from_str(&format!("attachment; filename=\"{file_name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, disposition);
    }
    if let Some((cursor, url)) = next
        && let (Ok(cursor), Ok(link)) = (
            HeaderValue::from_str(cursor),
            HeaderValue::from_str(&format!("<{url}>; rel=\"next\"")),
        )
    {
        headers.insert("x-next-cursor", cursor);
        headers.insert(header::LINK, link);
    }
    response
}

/// The URL of the same request with `cursor` set (the next page of an export).
pub fn with_cursor(req: &Request, cursor: &str) -> String {
    let mut pairs: Vec<(String, String)> =
        url::form_urlencoded::parse(req.uri().query().unwrap_or_default().as_bytes())
            .filter(|(name, _)| name != "cursor")
            .map(|(n, v)| (n.into_owned(), v.into_owned()))
            .collect();
    pairs.push(("cursor".into(), cursor.into()));
    let query: String = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish();
    format!("{}?{query}", req.uri().path())
}

/// 200 or, for a job that goes on in the background, 202, with a service result as JSON.
pub fn accepted_or_ok(running: bool, value: &impl serde::Serialize) -> Response<Body> {
    let mut response = ok(value);
    if running {
        *response.status_mut() = StatusCode::ACCEPTED;
    }
    response
}

/// 200 with a drawn QR code: a PNG as a binary body (API Gateway receives it base64-encoded
/// with `isBase64Encoded`, which `lambda_http` sets for binary bodies, and sends the bytes), an
/// SVG as text. The SVG carries only shapes and a PNG; its CSP forbids scripts regardless.
pub fn image(image: &crate::qr::QrImage) -> Response<Body> {
    use crate::qr::Format;
    let body = match image.format {
        Format::Png => Body::Binary(image.bytes.clone()),
        Format::Svg => Body::Text(String::from_utf8_lossy(&image.bytes).into_owned()),
    };
    let slug = image
        .encodes
        .split('?')
        .next()
        .and_then(|link| link.rsplit('/').next())
        .filter(|s| s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        .unwrap_or("link");
    let mut response = Response::new(body);
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(image.format.media_type()),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; img-src data:; style-src 'unsafe-inline'"),
    );
    if let Ok(disposition) = HeaderValue::from_str(&format!("inline; filename=\"{slug}-qr.{}\"", image.format.as_str()))
    {
        headers.insert(header::CONTENT_DISPOSITION, disposition);
    }
    response
}
