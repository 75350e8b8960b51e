//! The visitor door: resolve a short link, choose the destination, count the click.
//!
//! One visit costs at most one DynamoDB read (none when the link is cached) and one write
//! (the raw click); a delivery of a click-limited link costs one more write, the conditional
//! update that consumes the limit.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use lambda_http::http::HeaderValue;

use crate::domain::{Hostname, Link, Slug, TargetUrl};
use crate::routing::{self, Route};
use crate::service::{Service, ServiceError};
use crate::store::{Click, ClickPlacement, StoredLink, keys};
use crate::visitor::{Agent, Trigger, Visitor, VisitorHeaders};

/// A `Location` header value: built only from a [`TargetUrl`] (visible ASCII by construction)
/// and the visitor's query re-encoded by the `url` crate, so a redirect never lacks a valid
/// `Location`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location(HeaderValue);

impl Location {
    pub fn new(target: &TargetUrl, query: Option<&str>) -> Self {
        let location = HeaderValue::from_str(&with_query(target.as_str(), query))
            .or_else(|_| HeaderValue::from_str(target.as_str()))
            .expect("a TargetUrl holds visible ASCII only");
        Self(location)
    }

    pub fn header_value(&self) -> &HeaderValue {
        &self.0
    }

    pub fn as_str(&self) -> &str {
        self.0.to_str().expect("built from visible ASCII")
    }
}

/// What a visit turns into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// 302 to `location`.
    Redirect { location: Location },
    /// 200 with an HTML page carrying OG tags (preview crawlers) and, unless the link is
    /// click-limited, a refresh to `location`.
    Preview {
        location: Option<Location>,
        title: String,
        description: Option<String>,
        /// The short link itself (`og:url`).
        short_link: String,
    },
    /// 200 without a destination: `HEAD` of a live click-limited link (handing out the
    /// destination would consume the limit).
    Live,
    /// 404: no such link here.
    NotFound,
    /// 410: inactive, expired or over its click limit.
    Gone,
}

/// The request as the redirect function sees it.
#[derive(Debug, Clone, Copy)]
pub struct VisitRequest<'a> {
    /// The `Host` header (a port is ignored).
    pub host: &'a str,
    /// The path without its leading slash.
    pub slug: &'a str,
    pub head: bool,
    /// The visitor's own query string, forwarded to the destination (without the `qr=1` of a
    /// QR scan).
    pub query: Option<&'a str>,
    pub headers: VisitorHeaders<'a>,
}

/// The destination for a live link and a classified visitor, and the route that chose it.
/// Pure: no I/O, time and randomness injected.
pub fn plan<'a>(
    link: &'a Link,
    visitor: &Visitor,
    now: DateTime<Utc>,
    entropy: &dyn crate::clock::Entropy,
    query: Option<&str>,
) -> (Route<'a>, Outcome) {
    let route = routing::choose(&link.settings, visitor, now, entropy);
    let location = Location::new(route.target(), query);
    let outcome = match visitor.agent {
        Agent::Preview => Outcome::Preview {
            // A click-limited link hands its destination out only against the limit.
            location: link.settings.clicks_limit.is_none().then_some(location),
            short_link: link.full_link(),
            title: link
                .settings
                .og_title
                .as_ref()
                .map_or_else(|| link.settings.name.as_str().to_string(), |t| t.as_str().to_string()),
            description: link.settings.og_description.as_ref().map(|d| d.as_str().to_string()),
        },
        Agent::Human | Agent::Bot => Outcome::Redirect { location },
    };
    (route, outcome)
}

/// Appends the visitor's query parameters to `target`; the target's own parameters win.
pub fn with_query(target: &str, query: Option<&str>) -> String {
    let Some(query) = query.map(|q| q.trim_start_matches('?')).filter(|q| !q.is_empty()) else {
        return target.to_string();
    };
    let Ok(mut url) = url::Url::parse(target) else {
        return target.to_string();
    };
    let existing: Vec<String> = url.query_pairs().map(|(k, _)| k.into_owned()).collect();
    let extra: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
        .filter(|(k, _)| !k.is_empty() && !existing.iter().any(|e| e == k))
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    if extra.is_empty() {
        return target.to_string();
    }
    url.query_pairs_mut().extend_pairs(extra);
    url.to_string()
}

/// Links a warm function may serve without reading DynamoDB, for a short time (measured
/// on the injected clock).
#[derive(Debug, Default)]
pub struct LinkCache {
    entries: Mutex<HashMap<LinkAddress, CacheEntry>>,
}

/// Where visitors find a link: its domain and slug.
type LinkAddress = (Hostname, Slug);

/// When a link was read, and the link.
type CacheEntry = (DateTime<Utc>, Arc<StoredLink>);

const CACHE_CAPACITY: usize = 10_000;

impl LinkCache {
    fn fresh(at: DateTime<Utc>, now: DateTime<Utc>, ttl: Duration) -> bool {
        (now - at).to_std().is_ok_and(|age| age < ttl)
    }

    fn get(&self, key: &LinkAddress, now: DateTime<Utc>, ttl: Duration) -> Option<Arc<StoredLink>> {
        let entries = self.entries.lock().expect("cache lock");
        entries
            .get(key)
            .filter(|(at, _)| Self::fresh(*at, now, ttl))
            .map(|(_, link)| link.clone())
    }

    fn put(&self, key: LinkAddress, link: Arc<StoredLink>, now: DateTime<Utc>, ttl: Duration) {
        let mut entries = self.entries.lock().expect("cache lock");
        if entries.len() >= CACHE_CAPACITY {
            entries.retain(|_, (at, _)| Self::fresh(*at, now, ttl));
            if entries.len() >= CACHE_CAPACITY {
                entries.clear();
            }
        }
        entries.insert(key, (now, link));
    }
}

/// The redirect function's state: the service, its per-instance link cache, and the secret
/// that proves a request came through CloudFront.
#[derive(Debug)]
pub struct Redirector {
    pub service: Service,
    cache: LinkCache,
    /// The secret CloudFront adds to every request it forwards (`X-Origin-Verify`).
    origin_secret: Option<String>,
}

impl Redirector {
    pub fn new(service: Service) -> Self {
        Self {
            service,
            cache: LinkCache::default(),
            origin_secret: None,
        }
    }

    /// Requires `secret` in `X-Origin-Verify` (what CloudFront adds) on every visit.
    pub fn with_origin_secret(mut self, secret: Option<String>) -> Self {
        self.origin_secret = secret.filter(|s| !s.is_empty());
        self
    }

    async fn load(&self, domain: &Hostname, slug: &Slug) -> Result<Option<Arc<StoredLink>>, ServiceError> {
        let ttl = self.service.config.link_cache_ttl;
        let key = (domain.clone(), slug.clone());
        let now = self.service.clock.now();
        if let Some(hit) = self.cache.get(&key, now, ttl) {
            return Ok(Some(hit));
        }
        let Some(stored) = self.service.store.get_link_at(domain, slug, true).await? else {
            return Ok(None);
        };
        let stored = Arc::new(stored);
        // A click-limited link is never cached: its counter must be read fresh.
        if !ttl.is_zero() && stored.link.settings.clicks_limit.is_none() {
            self.cache.put(key, stored.clone(), now, ttl);
        }
        Ok(Some(stored))
    }

    /// Serves one visit.
    pub async fn visit(&self, request: &VisitRequest<'_>) -> Result<Outcome, ServiceError> {
        let host = request.host.rsplit_once(':').map_or(request.host, |(h, port)| {
            if port.bytes().all(|b| b.is_ascii_digit()) {
                h
            } else {
                request.host
            }
        });
        let (Ok(domain), Ok(slug)) = (
            Hostname::parse("host", host),
            Slug::parse(&request.slug.to_ascii_lowercase()),
        ) else {
            return Ok(Outcome::NotFound);
        };
        let Some(stored) = self.load(&domain, &slug).await? else {
            return Ok(Outcome::NotFound);
        };
        let now = self.service.clock.now();
        if !stored.link.is_live(now, stored.limited_clicks) {
            return Ok(Outcome::Gone);
        }
        let visitor = Visitor::classify(&request.headers);
        let entropy = self.service.entropy.as_ref();
        let (trigger, query) = Trigger::split(request.query);
        let (route, outcome) = plan(&stored.link, &visitor, now, entropy, query.as_deref());
        let limited = stored.link.settings.clicks_limit.is_some();
        // HEAD and previews never count; on a click-limited link they get no destination.
        if request.head {
            return Ok(if limited { Outcome::Live } else { outcome });
        }
        match visitor.agent {
            Agent::Preview => return Ok(outcome),
            // Bots are not counted; on a click-limited link their delivery still consumes it.
            Agent::Bot if !limited => return Ok(outcome),
            Agent::Bot | Agent::Human => {}
        }
        let click = self.click(&stored.link, &visitor, route, now, trigger);
        let placement = ClickPlacement {
            shard: entropy.below(keys::CLICK_SHARDS),
            expires_at: now + chrono::Duration::days(i64::from(self.service.config.click_retention_days)),
        };
        if limited {
            let link = &stored.link;
            if !self
                .service
                .store
                .count_limited_click(&link.domain, &link.slug, &link.id)
                .await?
            {
                return Ok(Outcome::Gone);
            }
            // Counted against the limit: the visitor is served even if recording fails.
            if let Err(err) = self.service.store.record_click(&click, placement).await {
                tracing::error!(link = %link.id, error = %crate::telemetry::error_chain(&err), "counted click not recorded");
            }
            return Ok(outcome);
        }
        self.service.store.record_click(&click, placement).await?;
        Ok(outcome)
    }

    fn click(&self, link: &Link, visitor: &Visitor, route: Route<'_>, now: DateTime<Utc>, trigger: Trigger) -> Click {
        let (rule_id, variant_id) = match route {
            Route::Rule(rule) => (Some(rule.id.to_string()), None),
            Route::Variant(variant) => (None, Some(variant.id.as_str().to_string())),
        };
        Click {
            id: self.service.new_id(),
            link_id: link.id.clone(),
            workspace_id: link.workspace_id.clone(),
            at: now,
            day: now.date_naive(),
            rule_id,
            variant_id,
            country: visitor.country.map(|c| c.alpha2().to_string()),
            city: visitor.city.clone(),
            device: visitor.device,
            os: visitor.os,
            browser: visitor.browser,
            referrer: visitor.referrer.clone(),
            visitor: visitor.visitor_hash.clone(),
            bot: visitor.agent == Agent::Bot,
            trigger,
        }
    }
}

/// What a visitor of a link that no longer redirects is told (410).
pub const GONE: &str = "This link is no longer available.";

pub mod door;

pub use door::{ORIGIN_SECRET_VARIABLE, origin_secret_from_env};

/// The small HTML pages of the visitor door.
pub mod pages {
    use html_escape::{encode_double_quoted_attribute as attr, encode_text as text};

    pub fn not_found() -> String {
        page(
            "Link not found",
            "There is no link at this address. Check it for typos.",
        )
    }

    pub fn gone() -> String {
        page("Link no longer available", super::GONE)
    }

    fn page(title: &str, message: &str) -> String {
        format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title></head>\
             <body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem\">\
             <h1>{title}</h1><p>{message}</p></body></html>",
            title = text(title),
            message = text(message)
        )
    }

    /// The page link-preview crawlers read: OG tags and, when given, a refresh to the
    /// destination.
    pub fn preview(location: Option<&str>, short_link: &str, title: &str, description: Option<&str>) -> String {
        let description = description
            .map(|d| {
                format!(
                    "<meta property=\"og:description\" content=\"{}\"><meta name=\"description\" content=\"{}\">",
                    attr(d),
                    attr(d)
                )
            })
            .unwrap_or_default();
        let (refresh, body) = match location {
            Some(location) => (
                format!("<meta http-equiv=\"refresh\" content=\"0; url={}\">", attr(location)),
                format!("<a href=\"{}\">{}</a>", attr(location), text(title)),
            ),
            None => (String::new(), format!("<p>{}</p>", text(title))),
        };
        format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title_text}</title>\
             <meta property=\"og:title\" content=\"{title}\">{description}\
             <meta property=\"og:url\" content=\"{short_link}\">{refresh}</head>\
             <body>{body}</body></html>",
            title_text = text(title),
            title = attr(title),
            short_link = attr(short_link),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_visitor_query_is_appended_and_the_target_wins() {
        assert_eq!(
            with_query("https://e.com/p?a=1", Some("a=2&b=3")),
            "https://e.com/p?a=1&b=3"
        );
        assert_eq!(
            with_query("https://e.com/p", Some("utm_source=x")),
            "https://e.com/p?utm_source=x"
        );
        assert_eq!(with_query("https://e.com/p", None), "https://e.com/p");
        assert_eq!(
            with_query("myapp://open?id=4", Some("ref=sl")),
            "myapp://open?id=4&ref=sl"
        );
    }

    #[test]
    fn preview_pages_escape_what_they_echo() {
        let html = pages::preview(
            Some("https://e.com/?a=1&b=\"2\""),
            "https://sl.test/x",
            "<script>x</script>",
            Some("a \"quote\""),
        );
        assert!(!html.contains("<script>x"));
        assert!(html.contains("&lt;script&gt;"));
        assert!(html.contains("content=\"a &quot;quote&quot;\""));
        assert!(html.contains("url=https://e.com/?a=1&amp;b=&quot;2&quot;"));
    }

    /// The pages byte for byte, with every character either escaper treats differently.
    #[test]
    fn the_pages_are_exactly_what_visitors_have_always_been_served() {
        assert_eq!(
            pages::not_found(),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Link not found</title></head>\
             <body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem\">\
             <h1>Link not found</h1><p>There is no link at this address. Check it for typos.</p></body></html>"
        );
        assert_eq!(
            pages::gone(),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"robots\" content=\"noindex\">\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Link no longer available</title></head>\
             <body style=\"font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem\">\
             <h1>Link no longer available</h1><p>This link is no longer available.</p></body></html>"
        );
        let title = "Tom's <b>\"deal\"</b> & more";
        assert_eq!(
            pages::preview(
                Some("https://e.com/?a=1&b='2'"),
                "https://sl.test/x?y=\"z\"",
                title,
                Some("It's \"<i>x</i>\" & y")
            ),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
             <title>Tom's &lt;b&gt;\"deal\"&lt;/b&gt; &amp; more</title>\
             <meta property=\"og:title\" content=\"Tom's &lt;b&gt;&quot;deal&quot;&lt;/b&gt; &amp; more\">\
             <meta property=\"og:description\" content=\"It's &quot;&lt;i&gt;x&lt;/i&gt;&quot; &amp; y\">\
             <meta name=\"description\" content=\"It's &quot;&lt;i&gt;x&lt;/i&gt;&quot; &amp; y\">\
             <meta property=\"og:url\" content=\"https://sl.test/x?y=&quot;z&quot;\">\
             <meta http-equiv=\"refresh\" content=\"0; url=https://e.com/?a=1&amp;b='2'\"></head>\
             <body><a href=\"https://e.com/?a=1&amp;b='2'\">Tom's &lt;b&gt;\"deal\"&lt;/b&gt; &amp; more</a></body></html>"
        );
        assert_eq!(
            pages::preview(None, "https://sl.test/x", title, None),
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
             <title>Tom's &lt;b&gt;\"deal\"&lt;/b&gt; &amp; more</title>\
             <meta property=\"og:title\" content=\"Tom's &lt;b&gt;&quot;deal&quot;&lt;/b&gt; &amp; more\">\
             <meta property=\"og:url\" content=\"https://sl.test/x\"></head>\
             <body><p>Tom's &lt;b&gt;\"deal\"&lt;/b&gt; &amp; more</p></body></html>"
        );
    }

    #[test]
    fn a_preview_without_a_destination_has_no_refresh() {
        let html = pages::preview(None, "https://sl.test/x", "Limited", None);
        assert!(!html.contains("refresh"));
        assert!(html.contains("og:url\" content=\"https://sl.test/x\""));
    }
}
