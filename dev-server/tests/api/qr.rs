//! `GET /apiv1/links/{id}/qr`: codes drawn from a link's settings, read back by a real decoder,
//! and the refusals of that endpoint.

use std::time::{Duration, Instant};

use lib::testing::logos::{self, LogoServer};
use lib::testing::qr::{decode_png, decode_svg, error_correction};
use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{DEFAULT_DOMAIN, TestApp, TestWorkspace, simple_link, spawn_app, spawn_app_with_logos};

/// A QR answer: status, headers, and the body's bytes.
pub struct Image {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub bytes: Vec<u8>,
}

impl Image {
    pub fn content_type(&self) -> &str {
        self.headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    }

    /// The error body of a refusal.
    pub fn error(&self) -> Value {
        serde_json::from_slice(&self.bytes).unwrap_or_else(|_| panic!("{}: not JSON", self.status))
    }
}

impl TestApp {
    /// `method /apiv1/links/{id}/qr?workspaceId=…<query>` with the workspace's key.
    pub async fn qr_with(&self, method: Method, ws: &TestWorkspace, id: &str, query: &str) -> Image {
        let url = format!("{}/apiv1/links/{id}/qr?workspaceId={}{query}", self.address, ws.id);
        let response = self
            .http
            .request(method, url)
            .header("X-Api-Key", &ws.key)
            .send()
            .await
            .expect("request");
        Image {
            status: response.status(),
            headers: response.headers().clone(),
            bytes: response.bytes().await.expect("body").to_vec(),
        }
    }

    pub async fn qr(&self, ws: &TestWorkspace, id: &str, query: &str) -> Image {
        self.qr_with(Method::GET, ws, id, query).await
    }

    /// Rewrites a stored link's QR colours straight in DynamoDB, as a link saved before the
    /// scanning rules could hold them.
    pub async fn store_qr_colours(&self, slug: &str, color: &str, bg_color: &str) {
        use aws_sdk_dynamodb::types::AttributeValue;
        let client = crate::helpers::dynamodb_client(&lib::testing::RequestCounter::new()).await;
        client
            .update_item()
            .table_name(&self.service.config.table_name)
            .key("PK", AttributeValue::S(format!("SLUG#{DEFAULT_DOMAIN}#{slug}")))
            .key("SK", AttributeValue::S("LINK".into()))
            .update_expression("SET qrSettings.color = :c, qrSettings.bgColor = :b")
            .expression_attribute_values(":c", AttributeValue::S(color.into()))
            .expression_attribute_values(":b", AttributeValue::S(bg_color.into()))
            .send()
            .await
            .expect("rewrite the stored colours");
    }
}

fn link_with_qr(slug: &str, qr: Value) -> Value {
    let mut body = simple_link("Print");
    body["slug"] = json!(slug);
    body["qrSettings"] = qr;
    body
}

fn scan_of(slug: &str) -> String {
    format!("https://{DEFAULT_DOMAIN}/{slug}?qr=1")
}

#[tokio::test]
async fn a_link_s_code_is_an_svg_by_default_that_reads_as_its_full_link_with_qr_1() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_qr("poster", json!({}))).await;
    let image = app.qr(&ws, &id, "").await;
    assert_eq!(image.status, StatusCode::OK);
    assert_eq!(image.content_type(), "image/svg+xml");
    assert_eq!(
        image.headers["content-disposition"],
        "inline; filename=\"poster-qr.svg\""
    );
    assert_eq!(decode_svg(&image.bytes), [Ok(scan_of("poster"))]);
}

#[tokio::test]
async fn format_png_answers_png_bytes_of_the_asked_size() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_qr("flyer", json!({}))).await;
    for size in [128, 2048] {
        let image = app.qr(&ws, &id, &format!("&format=png&size={size}")).await;
        assert_eq!((image.status, image.content_type()), (StatusCode::OK, "image/png"));
        let pixmap = resvg::tiny_skia::Pixmap::decode_png(&image.bytes).expect("a PNG");
        assert_eq!((pixmap.width(), pixmap.height()), (size, size));
        assert_eq!(decode_png(&image.bytes), [Ok(scan_of("flyer"))], "{size}");
    }
}

#[tokio::test]
async fn the_code_is_drawn_in_the_link_s_colours_with_its_data_url_logo_at_error_correction_h() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let qr = json!({ "color": "#1D3557", "bgColor": "#f1faee", "useLogo": true,
                     "logo": logos::data_url("image/webp", logos::WEBP) });
    let id = app.create_ok(&ws, link_with_qr("menu", qr)).await;
    let image = app.qr(&ws, &id, "&format=png&size=600").await;
    assert_eq!(decode_png(&image.bytes), [Ok(scan_of("menu"))]);
    assert_eq!(error_correction(&image.bytes), ['H']);
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&image.bytes).unwrap();
    let corner = pixmap.pixel(0, 0).unwrap();
    assert_eq!((corner.red(), corner.green(), corner.blue()), (0xf1, 0xfa, 0xee));
    assert!(shows_the_logo(&image.bytes));
}

/// Whether a PNG shows the fixture logo's orange (which no module is drawn in).
fn shows_the_logo(png: &[u8]) -> bool {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).unwrap();
    let orange = |p: &resvg::tiny_skia::PremultipliedColorU8| {
        p.red().abs_diff(228) <= 4 && p.green().abs_diff(87) <= 4 && p.blue().abs_diff(46) <= 4
    };
    pixmap.pixels().iter().filter(|p| orange(p)).count() > 100
}

#[tokio::test]
async fn a_logo_given_as_an_https_url_is_fetched_and_drawn() {
    let server = LogoServer::start().await;
    let app = spawn_app_with_logos(server.fetcher()).await;
    let ws = app.workspace().await;
    let qr = json!({ "useLogo": true, "logo": server.url("/logo.svg") });
    let id = app.create_ok(&ws, link_with_qr("sticker", qr)).await;
    let image = app.qr(&ws, &id, "&format=png").await;
    assert_eq!(
        image.status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&image.bytes)
    );
    assert_eq!(decode_png(&image.bytes), [Ok(scan_of("sticker"))]);
    assert!(shows_the_logo(&image.bytes));
}

#[tokio::test]
async fn head_answers_the_headers_of_get_without_the_body() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_qr("head", json!({}))).await;
    let image = app.qr_with(Method::HEAD, &ws, &id, "&format=png").await;
    assert_eq!((image.status, image.content_type()), (StatusCode::OK, "image/png"));
    assert!(image.bytes.is_empty());
}

#[tokio::test]
async fn a_size_or_format_out_of_range_is_a_400_naming_the_parameter() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_qr("sizes", json!({}))).await;
    let too_big = app.qr(&ws, &id, "&size=4096").await;
    assert_eq!(too_big.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        too_big.error(),
        json!({ "error": "size must be a whole number of pixels from 128 to 2048 (got 4096).", "field": "size" })
    );
    let gif = app.qr(&ws, &id, "&format=gif").await;
    assert_eq!(
        (gif.status, gif.error()),
        (
            StatusCode::BAD_REQUEST,
            json!({ "error": "format must be svg or png (got \"gif\").", "field": "format" })
        )
    );
}

#[tokio::test]
async fn an_unknown_link_or_one_of_another_workspace_is_not_found_and_a_bad_id_is_a_400() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let other = app.workspace().await;
    let id = app.create_ok(&other, link_with_qr("theirs", json!({}))).await;
    let theirs = app.qr(&ws, &id, "").await;
    assert_eq!(
        (theirs.status, theirs.error()),
        (StatusCode::NOT_FOUND, json!({ "error": "Link not found." }))
    );
    let bad = app.qr(&ws, "nope", "").await;
    assert_eq!(
        (bad.status, bad.error()),
        (
            StatusCode::BAD_REQUEST,
            json!({ "error": "Invalid linkId format.", "field": "linkId" })
        )
    );
}

#[tokio::test]
async fn the_code_needs_an_api_key_like_every_endpoint() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_qr("keyed", json!({}))).await;
    let path = format!("/apiv1/links/{id}/qr?workspaceId={}", ws.id);
    let (status, body) = app.request(Method::GET, &path, None, None).await;
    assert_eq!(
        (status, body),
        (
            StatusCode::UNAUTHORIZED,
            json!({ "error": "API key is required. Pass it in the X-Api-Key header." })
        )
    );
}

#[tokio::test]
async fn a_link_saved_before_the_contrast_rule_keeps_working_and_its_code_is_a_422_naming_the_colours() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let id = app.create_ok(&ws, link_with_qr("legacy", json!({}))).await;
    app.store_qr_colours("legacy", "#777777", "#888888").await;

    let (status, record) = app
        .request(
            Method::GET,
            &format!("/apiv1/links/{id}?workspaceId={}", ws.id),
            Some(&ws.key),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(record["qrSettings"]["bgColor"], "#888888");
    assert_eq!(app.get("legacy", &[]).await.status, StatusCode::FOUND);

    let image = app.qr(&ws, &id, "").await;
    assert_eq!(image.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        image.error(),
        json!({
            "error": "This link's QR code cannot be drawn in its saved colours: qrSettings.bgColor must contrast with \
                      color at least 3:1 (got 1.2:1). Change qrSettings.color or qrSettings.bgColor with an update.",
            "field": "qrSettings.bgColor"
        })
    );
}

#[tokio::test]
async fn a_logo_on_a_private_address_is_a_422_at_once() {
    let app = spawn_app().await;
    let ws = app.workspace().await;
    let qr = json!({ "useLogo": true, "logo": "https://169.254.169.254/latest/meta-data/logo.png" });
    let id = app.create_ok(&ws, link_with_qr("ssrf", qr)).await;
    let started = Instant::now();
    let image = app.qr(&ws, &id, "").await;
    assert!(started.elapsed() < Duration::from_secs(1));
    assert_eq!(image.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        image.error(),
        json!({
            "error": "qrSettings.logo could not be fetched: its host is not at a public address (private, loopback, \
                      link-local and similar addresses are never fetched); host the logo on a public https server.",
            "field": "qrSettings.logo"
        })
    );
}

#[tokio::test]
async fn a_logo_on_this_machine_is_refused_by_the_production_fetcher() {
    let server = LogoServer::start().await;
    let app = spawn_app_with_logos(server.public_only_fetcher()).await;
    let ws = app.workspace().await;
    let qr = json!({ "useLogo": true, "logo": server.url("/logo.png") });
    let id = app.create_ok(&ws, link_with_qr("loopback", qr)).await;
    let image = app.qr(&ws, &id, "").await;
    assert_eq!(image.status, StatusCode::UNPROCESSABLE_ENTITY);
    let error = image.error()["error"].as_str().unwrap().to_string();
    assert!(
        error.starts_with("qrSettings.logo could not be fetched: its host is not at a public address"),
        "{error}"
    );
}

#[tokio::test]
async fn a_slow_logo_is_a_422_after_three_seconds_not_a_hang() {
    let server = LogoServer::start().await;
    let app = spawn_app_with_logos(server.fetcher()).await;
    let ws = app.workspace().await;
    let qr = json!({ "useLogo": true, "logo": server.url("/slow") });
    let id = app.create_ok(&ws, link_with_qr("slow", qr)).await;
    let started = Instant::now();
    let image = app.qr(&ws, &id, "").await;
    assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
    assert_eq!(
        (image.status, image.error()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!({ "error": "qrSettings.logo could not be fetched: it took longer than 3 s; host the logo somewhere \
                              faster.", "field": "qrSettings.logo" })
        )
    );
}

#[tokio::test]
async fn a_logo_that_redirects_or_is_too_large_or_no_image_is_a_422_saying_so() {
    let server = LogoServer::start().await;
    let app = spawn_app_with_logos(server.fetcher()).await;
    let ws = app.workspace().await;
    for (slug, path, expected) in [
        (
            "moved",
            "/redirect",
            "qrSettings.logo could not be fetched: it answered 302, a redirect; redirects are not followed, so give \
             the image's own URL.",
        ),
        (
            "huge",
            "/huge",
            "qrSettings.logo could not be fetched: it is larger than 256 KB; use a smaller image.",
        ),
        (
            "html",
            "/not-an-image",
            "qrSettings.logo cannot be drawn: it is not a PNG, JPEG, WebP or SVG image.",
        ),
    ] {
        let qr = json!({ "useLogo": true, "logo": server.url(path) });
        let id = app.create_ok(&ws, link_with_qr(slug, qr)).await;
        let image = app.qr(&ws, &id, "").await;
        assert_eq!(image.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        assert_eq!(image.error()["error"], expected, "{path}");
    }
}
