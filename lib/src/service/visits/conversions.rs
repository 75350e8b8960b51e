//! Conversions: outcomes reported against a click id (`sl_cid`), attributed to the click's
//! link, rule and variant, and kept with their source. Two doors report them: the pixel (a lead
//! or a named event; anyone may fire it, so it takes no amount, counts apart from the API, only
//! on its link's own host, and its answer says nothing) and the HTTP API (with the key and
//! workspace; a sale's amount, and the caller's event id for safe retries). Each costs at most
//! three reads (the click, the link's pointer, the link) and one transaction of two puts (the
//! pixel's: and the per-click count of its events, and a second transaction for a click's later
//! events; a repeat: one read more).

use chrono::{DateTime, Duration, Utc};

use crate::domain::{ClickToken, ConversionReport, ConversionSource, EventName, Hostname};
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::{Click, Conversion, Recorded};
use crate::wire::RecordedConversion;

/// Most distinct events the pixel records for one click. Anyone holding a click id may fire
/// the pixel, so without a cap one visit could write without end (and grow the day's rollups
/// by an event name each time); ten covers any funnel a site reports from the browser.
pub const MAX_PIXEL_EVENTS_PER_CLICK: u64 = 10;

/// What became of a pixel hit. The pixel's answer never depends on it; tests and logs do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PixelOutcome {
    /// A new conversion of the click.
    Recorded,
    /// The click already had this event.
    Duplicate,
    /// The click has taken [`MAX_PIXEL_EVENTS_PER_CLICK`] events from the pixel already.
    OverCap,
    /// No stored click by that token on a link of the host the pixel was sent to, tracking
    /// off, or outside the attribution window.
    Ignored,
}

impl Service {
    /// Records `event` for the click `token` names, when the click is stored, its link is on
    /// `host` (the one the pixel was sent to) and still has conversion tracking on, and the
    /// click is within the attribution window; once per (click, event), apart from the API's.
    pub async fn pixel_conversion(
        &self,
        token: &ClickToken,
        event: &EventName,
        host: &Hostname,
    ) -> Result<PixelOutcome, ServiceError> {
        let now = self.clock.now();
        let click = match self.attributable_click(token, Some(host), now).await {
            Ok(click) => click,
            Err(
                ServiceError::ClickNotFound
                | ServiceError::ConversionTrackingOff
                | ServiceError::OutsideAttributionWindow { .. },
            ) => return Ok(PixelOutcome::Ignored),
            Err(err) => return Err(err),
        };
        let conversion = self.conversion_of(click, event, ConversionSource::Pixel, None, now);
        let cap = Some(MAX_PIXEL_EVENTS_PER_CLICK);
        Ok(match self.record(&conversion, event.as_str(), now, cap).await? {
            Recorded::New => PixelOutcome::Recorded,
            Recorded::Duplicate(_) => PixelOutcome::Duplicate,
            Recorded::OverCap => PixelOutcome::OverCap,
        })
    }

    /// `POST /conversions`: records a conversion of a click of the caller's workspace, once per
    /// (click, event), or per (click, event, eventId) when the caller names its events, whatever
    /// the pixel recorded; a repeat answers the first conversion, marked `duplicate`.
    pub async fn report_conversion(
        &self,
        access: &Access,
        report: ConversionReport,
    ) -> Result<RecordedConversion, ServiceError> {
        let token = report
            .click
            .filter(|token| token.workspace_id == access.workspace.id)
            .ok_or(ServiceError::ClickNotFound)?;
        let now = self.clock.now();
        let click = self.attributable_click(&token, None, now).await?;
        let name = match &report.event_id {
            Some(id) => format!("{}#{}", report.event, id.as_str()),
            None => report.event.to_string(),
        };
        let conversion = self.conversion_of(
            click,
            &report.event,
            ConversionSource::Api,
            report.sale.map(|s| (s.amount, s.currency.code())),
            now,
        );
        // The API's callers hold a key and a rate limit: their events are not capped.
        let (kept, duplicate) = match self.record(&conversion, &name, now, None).await? {
            // (Nothing is over a cap that was not given.)
            Recorded::New | Recorded::OverCap => (conversion, false),
            Recorded::Duplicate(first) => (*first, true),
        };
        Ok(RecordedConversion::new(
            kept.id,
            kept.link_id,
            kept.rule_id,
            kept.variant_id,
            duplicate,
        ))
    }

    /// The click a report is about, if it can take one: stored, of a link on `host` when one is
    /// given (a click of a link elsewhere is not found there), its link still tracking
    /// conversions, and at most the attribution window old.
    async fn attributable_click(
        &self,
        token: &ClickToken,
        host: Option<&Hostname>,
        now: DateTime<Utc>,
    ) -> Result<Click, ServiceError> {
        let click = self.store.get_click(token).await?.ok_or(ServiceError::ClickNotFound)?;
        let link = self
            .store
            .get_link(&click.link_id)
            .await?
            .ok_or(ServiceError::ClickNotFound)?
            .link;
        if host.is_some_and(|host| *host != link.domain) {
            return Err(ServiceError::ClickNotFound);
        }
        if !link.settings.conversion_tracking {
            return Err(ServiceError::ConversionTrackingOff);
        }
        let days = self.config.conversion_window_days;
        if now < click.at || now - click.at > Duration::days(i64::from(days)) {
            return Err(ServiceError::OutsideAttributionWindow { days });
        }
        Ok(click)
    }

    fn conversion_of(
        &self,
        click: Click,
        event: &EventName,
        source: ConversionSource,
        sale: Option<(u64, &str)>,
        now: DateTime<Utc>,
    ) -> Conversion {
        Conversion {
            id: self.new_id(),
            workspace_id: click.workspace_id,
            click_id: click.id,
            link_id: click.link_id,
            event: event.as_str().to_string(),
            at: now,
            day: now.date_naive(),
            rule_id: click.rule_id,
            variant_id: click.variant_id,
            amount: sale.map(|(amount, _)| amount),
            currency: sale.map(|(_, currency)| currency.to_string()),
            source: Some(source),
            first_of_click: false,
        }
    }

    async fn record(
        &self,
        conversion: &Conversion,
        name: &str,
        now: DateTime<Utc>,
        cap: Option<u64>,
    ) -> Result<Recorded, ServiceError> {
        let keep_until = now + Duration::days(i64::from(self.config.click_retention_days));
        let shard = self.entropy.below(crate::store::keys::CLICK_SHARDS);
        Ok(self
            .store
            .record_conversion(conversion, name, shard, keep_until, cap)
            .await?)
    }
}
