//! The static assets the doors serve (the pages' style and script, the MCP server's icons),
//! compiled into the binary (no CDN, nothing fetched at run time) and served under `/account/assets/` with a content version in the URL, so they can be
//! cached for a year and a new build is fetched at once.

use std::sync::OnceLock;

use lambda_http::http::{HeaderValue, StatusCode, header};
use lambda_http::{Body, Response};
use sha2::{Digest, Sha256};

/// One asset: its file name, media type and bytes.
struct Asset {
    name: &'static str,
    media_type: &'static str,
    bytes: &'static [u8],
}

const ASSETS: &[Asset] = &[
    Asset {
        name: "style.css",
        media_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../../assets/style.css"),
    },
    Asset {
        name: "app.js",
        media_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../../assets/app.js"),
    },
    // The MCP server's icons (see `crate::mcp::icons`).
    Asset {
        name: "mcp-smartlinks.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/smartlinks.svg"),
    },
    Asset {
        name: "mcp-links.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/links.svg"),
    },
    Asset {
        name: "mcp-analytics.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/analytics.svg"),
    },
    Asset {
        name: "mcp-tags.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/tags.svg"),
    },
    Asset {
        name: "mcp-utm-templates.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/utm-templates.svg"),
    },
    Asset {
        name: "mcp-webhooks.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/webhooks.svg"),
    },
    Asset {
        name: "mcp-domains.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/domains.svg"),
    },
    Asset {
        name: "mcp-transfer.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/transfer.svg"),
    },
    Asset {
        name: "mcp-conversions.svg",
        media_type: "image/svg+xml",
        bytes: include_bytes!("../../assets/mcp/conversions.svg"),
    },
];

/// The path prefix assets are served under.
pub const PREFIX: &str = "/account/assets/";

/// The URL of an asset with its content version (`/account/assets/style.css?v=1a2b3c4d5e`).
pub fn url(name: &str) -> &'static str {
    static URLS: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    let urls = URLS.get_or_init(|| {
        ASSETS
            .iter()
            .map(|a| {
                let version = hex::encode(&Sha256::digest(a.bytes)[..5]);
                (a.name, format!("{PREFIX}{}?v={version}", a.name))
            })
            .collect()
    });
    urls.iter()
        .find(|(n, _)| *n == name)
        .map(|(_, url)| url.as_str())
        .expect("only known assets are linked")
}

/// The response for `GET /account/assets/<name>`, or `None` for an unknown name.
pub fn serve(name: &str) -> Option<Response<Body>> {
    let asset = ASSETS.iter().find(|a| a.name == name)?;
    let mut response = Response::new(crate::http::body_of(asset.bytes));
    *response.status_mut() = StatusCode::OK;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.media_type));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    Some(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asset_urls_carry_a_content_version() {
        let css = url("style.css");
        assert!(css.starts_with("/account/assets/style.css?v="), "{css}");
        assert_eq!(css.len(), "/account/assets/style.css?v=".len() + 10);
    }

    #[test]
    fn unknown_assets_are_not_served() {
        assert!(serve("style.css").is_some());
        assert!(serve("../Cargo.toml").is_none());
    }
}
