//! A visit to a short link: look the link up, choose the destination for the classified
//! visitor, count the click. The redirect door reads the request into a [`Visit`] and encodes
//! the [`VisitOutcome`].
//!
//! One visit costs at most one DynamoDB read (none when the link is cached) before its answer,
//! and one write after it (the raw click, or a robot's visit: see `automated.rs` and
//! `recording.rs`); a delivery of a click-limited link costs one more write before the answer,
//! the conditional update that consumes the limit (exactness needs it), and a person's visit of a
//! link that asks for location one more read, its workspace (cached like the link). `HEAD`, `404`
//! and `410` write nothing.
//!
//! A link the operator disabled, or any link of a suspended workspace, answers `451` before
//! anything else is looked at (see [`VisitOutcome::Withheld`]): never counted. Both are read
//! from the link's own item (a suspension is stamped on each link), so they cost no read.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use lambda_http::http::HeaderValue;

use crate::domain::SigningKey;
use crate::domain::{ClickToken, HexColor, Hostname, Link, LocationGrant, Slug, TargetUrl, Utm, Withheld, Workspace};
use crate::routing::{self, Route};
use crate::service::visits::destination::{compose, with_click_id};
use crate::service::visits::link_cache::LinkCache;
use crate::service::visits::password_gate::{Gate, LockedPage, Unlock};
use crate::service::visits::recording::Visited;
use crate::service::{Service, ServiceError};
use crate::store::{Click, ClickPlacement, StoredLink, keys};
use crate::visitor::{Agent, Trigger, Visitor, VisitorHeaders};

/// One visit as the door read it: which link, who asks, and how. The visitor is classified
/// from its headers only once the link is found live: a 404 or 410 costs no classification.
#[derive(Debug, Clone)]
pub struct Visit<'a> {
    pub domain: Hostname,
    pub slug: Slug,
    pub headers: VisitorHeaders<'a>,
    /// Only asking (`HEAD`): never counted, and a click-limited link hands out no destination.
    pub head: bool,
    /// A QR scan (`qr=1` in the query) or a plain visit.
    pub trigger: Trigger,
    /// The visitor's own query string, forwarded to the destination (without the `qr=1` of a
    /// QR scan).
    pub query: Option<String>,
    /// The browser asks not to be tracked (`Sec-GPC: 1`, Global Privacy Control): it is never
    /// asked for its location.
    pub global_privacy_control: bool,
    /// What the visit brings for a password-protected link (a pass, or a password typed).
    pub unlock: Unlock,
    /// The key the visitor's hash is made with (every redirect instance shares it).
    pub visitor_key: &'a SigningKey,
}

/// A `Location` header value: built only from a [`TargetUrl`] (visible ASCII by construction)
/// and the visitor's query re-encoded by the `url` crate, so a redirect never lacks a valid
/// `Location`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location(HeaderValue);

impl Location {
    /// `target` with the link's UTM parameters and the visitor's query (see
    /// [`compose`](crate::service::visits::destination::compose)).
    pub fn new(target: &TargetUrl, utm: Option<&Utm>, query: Option<&str>) -> Self {
        let location = HeaderValue::from_str(&compose(target.as_str(), utm, query, None))
            .or_else(|_| HeaderValue::from_str(target.as_str()))
            .expect("a TargetUrl holds visible ASCII only");
        Self(location)
    }

    /// The same destination carrying `sl_cid=<token>` as its last query parameter (the last step
    /// of [`compose`](crate::service::visits::destination::compose)).
    fn with_click(self, token: &ClickToken) -> Self {
        HeaderValue::from_str(&with_click_id(self.as_str(), &token.encode())).map_or(self, Self)
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
pub enum VisitOutcome {
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
    /// 200: a page asking a person to share their location for a link with `gpsTracking`
    /// (boxed: it carries the grant the page sends a position with).
    AskLocation(Box<LocationRequest>),
    /// 200 without a destination: `HEAD` of a live click-limited link (handing out the
    /// destination would consume the limit).
    Live,
    /// 404: no such link here.
    NotFound,
    /// 410: inactive, expired or over its click limit.
    Gone,
    /// The password page of a protected link (or, for `HEAD`, its status alone).
    Locked(LockedPage),
    /// 200: a person's page that tries an app link and goes on to its `appFallbackUrl` when the
    /// app did not open (boxed: two locations).
    OpenApp(Box<AppOpening>),
    /// 451: the link must not redirect (the operator disabled it or suspended its workspace, or
    /// its destination is blocked). Never counted.
    Withheld(WithheldPage),
}

/// What the `451` answer shows: a person gets a page saying why (with a link to report the
/// link at `/_sl/report/<slug>`); robots and `HEAD` get the status alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WithheldPage {
    pub slug: Slug,
    pub why: Withheld,
    /// Whether a page is shown (a person or a preview crawler; not a robot).
    pub page: bool,
}

impl VisitOutcome {
    /// The `451` answer to `agent` for the link at `slug`: a page for people and preview
    /// crawlers, the status alone for robots. Used by the operator's switch and by the
    /// blocked-destination check alike.
    pub fn withheld(slug: &Slug, why: Withheld, agent: Agent) -> Self {
        Self::Withheld(WithheldPage {
            slug: slug.clone(),
            why,
            page: !matches!(agent, Agent::Bot(_)),
        })
    }
}

/// What the page trying an app shows: the app link, where to go without the app, the colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppOpening {
    pub app: Location,
    pub fallback: Location,
    pub colour: Option<HexColor>,
}

/// What the location consent page says and sends: who asks, where the link goes (the
/// destination routing chose when the click was counted), the link's colour, and the grant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationRequest {
    pub location: Location,
    /// The workspace's name.
    pub asker: String,
    pub colour: Option<HexColor>,
    pub grant: LocationGrant,
    /// How long a shared position is kept (`GPS_RETENTION_DAYS`), which the page says.
    pub retention_days: u32,
}

impl VisitOutcome {
    /// A redirect that carries the click's id; any other answer as it is.
    pub fn with_click(self, token: &ClickToken) -> Self {
        match self {
            Self::Redirect { location } => Self::Redirect {
                location: location.with_click(token),
            },
            Self::OpenApp(opening) => {
                let AppOpening { app, fallback, colour } = *opening;
                Self::OpenApp(Box::new(AppOpening {
                    app: app.with_click(token),
                    fallback: fallback.with_click(token),
                    colour,
                }))
            }
            other => other,
        }
    }

    /// A person's redirect turned into the page asking for their location; any other answer as
    /// it is.
    fn asking(self, asker: &Workspace, link: &Link, grant: LocationGrant, retention_days: u32) -> Self {
        match self {
            Self::Redirect { location } => Self::AskLocation(Box::new(LocationRequest {
                location,
                asker: asker.name.clone(),
                colour: link.settings.appearance_color.clone(),
                grant,
                retention_days,
            })),
            other => other,
        }
    }
}

/// The destination for a live link and a classified visitor, and the route that chose it.
/// Pure: no I/O, time and randomness injected.
pub fn plan<'a>(
    link: &'a Link,
    visitor: &Visitor,
    now: DateTime<Utc>,
    entropy: &dyn crate::clock::Entropy,
    query: Option<&str>,
) -> (Route<'a>, VisitOutcome) {
    let route = routing::choose(&link.settings, visitor, now, entropy);
    let utm = link.settings.utm.as_ref();
    let app_fallback = route.app_fallback().map(|fallback| Location::new(fallback, utm, query));
    // Only a person's browser can open an app: robots and crawlers get its web page.
    let location = match (&app_fallback, visitor.agent) {
        (Some(fallback), Agent::Bot(_) | Agent::Preview) => fallback.clone(),
        _ => Location::new(route.target(), utm, query),
    };
    let outcome = match visitor.agent {
        Agent::Preview => VisitOutcome::Preview {
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
        Agent::Human => match app_fallback {
            Some(fallback) => VisitOutcome::OpenApp(Box::new(AppOpening {
                app: location,
                fallback,
                colour: link.settings.appearance_color.clone(),
            })),
            None => VisitOutcome::Redirect { location },
        },
        Agent::Bot(_) => VisitOutcome::Redirect { location },
    };
    (route, outcome)
}

/// What a visitor of a link that no longer serves (inactive, expired, over its limit) gets: a
/// redirect to its `fallbackUrl` when it has one (every visitor alike, never counted), else 410.
fn gone(link: &Link, query: Option<&str>) -> VisitOutcome {
    match &link.settings.fallback_url {
        Some(fallback) => VisitOutcome::Redirect {
            location: Location::new(fallback, link.settings.utm.as_ref(), query),
        },
        None => VisitOutcome::Gone,
    }
}

impl Service {
    /// Serves one visit; `cache` is the calling function's own (see [`LinkCache`]). The click is
    /// left to write after the answer ([`Visited::pending`]).
    pub async fn visit(&self, cache: &LinkCache, visit: Visit<'_>) -> Result<Visited, ServiceError> {
        let Some(stored) = self.load(cache, &visit.domain, &visit.slug).await? else {
            return Ok(Visited::answer(VisitOutcome::NotFound));
        };
        let visitor = &Visitor::classify(&visit.headers, visit.visitor_key);
        // The operator disabled the link, or suspended its workspace (stamped on each link).
        if stored.disabled_reason.is_some() || stored.suspended_reason.is_some() {
            let outcome = VisitOutcome::withheld(&stored.link.slug, Withheld::DisabledForAbuse, visitor.agent);
            return Ok(Visited::answer(outcome));
        }
        let now = self.clock.now();
        if !stored.link.is_live(now, stored.limited_clicks) {
            let fallback = stored.link.settings.fallback_url.iter();
            if self.any_blocked(fallback.map(|f| f.as_str())).await {
                let outcome = VisitOutcome::withheld(&stored.link.slug, Withheld::BlockedDestination, visitor.agent);
                return Ok(Visited::answer(outcome));
            }
            return Ok(Visited::answer(gone(&stored.link, visit.query.as_deref())));
        }
        let mut pass = None;
        if let Some(hash) = &stored.link.settings.password_hash {
            let gate = self
                .through_password(&stored.link, hash, visitor, &visit.headers, visit.head, &visit.unlock)
                .await?;
            match gate {
                Gate::Open(issued) => pass = issued,
                Gate::Closed(page) => return Ok(Visited::answer(page)),
            }
        }
        let entropy = self.entropy.as_ref();
        let (route, outcome) = plan(&stored.link, visitor, now, entropy, visit.query.as_deref());
        // A target saved before OS handlers' schemes were refused is never handed out.
        if route.target().opens_os_handler() {
            return Ok(Visited::answer(VisitOutcome::Gone));
        }
        let chosen = std::iter::once(route.target()).chain(route.app_fallback());
        if self.any_blocked(chosen.map(|d| d.as_str())).await {
            let outcome = VisitOutcome::withheld(&stored.link.slug, Withheld::BlockedDestination, visitor.agent);
            return Ok(Visited::answer(outcome));
        }
        let limited = stored.link.settings.clicks_limit.is_some();
        // HEAD is never recorded; on a click-limited link it gets no destination.
        if visit.head {
            return Ok(Visited::answer(if limited { VisitOutcome::Live } else { outcome }));
        }
        let click = self.click(&stored.link, visitor, route, now, visit.trigger);
        // Bots and preview crawlers are recorded apart from clicks (a bot's delivery of a
        // click-limited link still consumes it).
        if visitor.agent != Agent::Human {
            return self.automated_visit(&stored.link, click, outcome).await;
        }
        let asker = if visit.global_privacy_control {
            None
        } else {
            self.asking_for_location(cache, &stored.link).await
        };
        let placement = ClickPlacement {
            shard: entropy.below(keys::CLICK_SHARDS),
            expires_at: now + chrono::Duration::days(i64::from(self.config.click_retention_days)),
        };
        let token = ClickToken {
            workspace_id: click.workspace_id.clone(),
            at: click.at,
            shard: u8::try_from(placement.shard).expect("fewer than 256 shards"),
            click_id: click.id.clone(),
        };
        // A person on a link with conversion tracking takes the click's id to the destination,
        // which can report an outcome against it.
        let outcome = if stored.link.settings.conversion_tracking {
            outcome.with_click(&token)
        } else {
            outcome
        };
        let outcome = match asker {
            Some(workspace) => {
                let grant = LocationGrant {
                    click: token,
                    link_id: stored.link.id.clone(),
                    area: click.area,
                };
                outcome.asking(&workspace, &stored.link, grant, self.config.gps_retention_days)
            }
            None => outcome,
        };
        // The limit is consumed before the answer: only a counted click is handed a destination.
        let link = &stored.link;
        if limited
            && !self
                .store
                .count_limited_click(&link.domain, &link.slug, &link.id)
                .await?
        {
            return Ok(Visited::answer(gone(link, visit.query.as_deref())).with_pass(pass));
        }
        Ok(Visited::recording(outcome, click, placement).with_pass(pass))
    }

    /// Whether the blocklist blocks any of `destinations`. A process that could never read the
    /// list serves as if nothing were blocked (and logs): visitors are not turned away for it.
    async fn any_blocked(&self, mut destinations: impl Iterator<Item = &str>) -> bool {
        match self.blocklist().await {
            Ok(list) => !list.is_empty() && destinations.any(|d| list.blocks(d)),
            Err(err) => {
                tracing::error!(error = %crate::telemetry::error_chain(&err), "blocklist not read: destinations not checked");
                false
            }
        }
    }

    async fn load(
        &self,
        cache: &LinkCache,
        domain: &Hostname,
        slug: &Slug,
    ) -> Result<Option<Arc<StoredLink>>, ServiceError> {
        let ttl = self.config.link_cache_ttl;
        let key = (domain.clone(), slug.clone());
        let now = self.clock.now();
        if let Some(hit) = cache.get(&key, now, ttl) {
            return Ok(Some(hit));
        }
        let Some(stored) = self.store.get_served_link(domain, slug).await? else {
            return Ok(None);
        };
        let stored = Arc::new(stored);
        // A click-limited link is never cached: its counter must be read fresh.
        if !ttl.is_zero() && stored.link.settings.clicks_limit.is_none() {
            cache.put(key, stored.clone(), now, ttl);
        }
        Ok(Some(stored))
    }

    /// A link's workspace, from the cache or read (and cached for the link cache's lifetime).
    async fn cached_workspace(
        &self,
        cache: &LinkCache,
        id: &crate::domain::ids::ObjectId,
    ) -> Result<Option<Arc<Workspace>>, ServiceError> {
        let ttl = self.config.link_cache_ttl;
        let now = self.clock.now();
        if let Some(hit) = cache.workspace(id, now, ttl) {
            return Ok(Some(hit));
        }
        let Some(workspace) = self.store.get_workspace(id).await? else {
            return Ok(None);
        };
        let workspace = Arc::new(workspace);
        if !ttl.is_zero() {
            cache.put_workspace(workspace.clone(), now, ttl);
        }
        Ok(Some(workspace))
    }

    /// The workspace that asks this link's visitors for their location: `None` unless the link
    /// has `gpsTracking` and its workspace has not turned location requests off. A workspace
    /// that cannot be read asks nothing (the visitor is redirected as if the link did not ask).
    async fn asking_for_location(&self, cache: &LinkCache, link: &Link) -> Option<Arc<Workspace>> {
        if !link.settings.gps_tracking {
            return None;
        }
        let workspace = match self.cached_workspace(cache, &link.workspace_id).await {
            Ok(Some(workspace)) => workspace,
            Ok(None) => return None,
            Err(err) => {
                tracing::error!(link = %link.id, error = %crate::telemetry::error_chain(&err), "workspace not read: not asking for location");
                return None;
            }
        };
        (!workspace.gps_capture_off).then_some(workspace)
    }

    fn click(&self, link: &Link, visitor: &Visitor, route: Route<'_>, now: DateTime<Utc>, trigger: Trigger) -> Click {
        let (rule_id, variant_id) = match route {
            Route::Rule(rule) => (Some(rule.id.to_string()), None),
            Route::Variant(variant) => (None, Some(variant.id.as_str().to_string())),
        };
        Click {
            id: self.new_id(),
            link_id: link.id.clone(),
            workspace_id: link.workspace_id.clone(),
            at: now,
            day: now.date_naive(),
            rule_id,
            variant_id,
            country: visitor.country.map(|c| c.alpha2().to_string()),
            city: visitor.city.clone(),
            area: visitor.area,
            device: visitor.device,
            os: visitor.os,
            browser: visitor.browser,
            referrer: visitor.referrer.clone(),
            visitor: visitor.visitor_hash.clone(),
            bot: visitor.agent != Agent::Human,
            bot_family: visitor.agent.family(),
            trigger,
        }
    }
}
