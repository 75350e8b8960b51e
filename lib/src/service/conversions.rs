//! Conversions: outcomes reported against a click id (`sl_cid`), attributed to the click's
//! link, rule and variant. Here the pixel's: a lead, anyone may fire it, so it takes no amount,
//! answers nothing a stranger could learn from, and costs at most three reads and one write.

use chrono::Duration;

use super::{Service, ServiceError};
use crate::domain::{ClickToken, EventName};
use crate::store::Conversion;

/// What became of a pixel hit. The pixel's answer never depends on it; tests and logs do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PixelOutcome {
    /// A new conversion of the click.
    Recorded,
    /// The click already had this event.
    Duplicate,
    /// No stored click by that token, tracking off, or outside the attribution window.
    Ignored,
}

impl Service {
    /// Records `event` for the click `token` names, when the click is stored, its link still
    /// has conversion tracking on, and the click is within the attribution window; once per
    /// (click, event).
    pub async fn pixel_conversion(&self, token: &ClickToken, event: &EventName) -> Result<PixelOutcome, ServiceError> {
        let Some(click) = self.store.get_click(token).await? else {
            return Ok(PixelOutcome::Ignored);
        };
        let now = self.clock.now();
        let window = Duration::days(i64::from(self.config.conversion_window_days));
        if now < click.at || now - click.at > window {
            return Ok(PixelOutcome::Ignored);
        }
        let tracked = self
            .store
            .get_link(&click.link_id)
            .await?
            .is_some_and(|stored| stored.link.settings.conversion_tracking);
        if !tracked {
            return Ok(PixelOutcome::Ignored);
        }
        let conversion = Conversion {
            id: self.new_id(),
            workspace_id: click.workspace_id,
            click_id: click.id,
            link_id: click.link_id,
            event: event.as_str().to_string(),
            at: now,
            day: now.date_naive(),
            rule_id: click.rule_id,
            variant_id: click.variant_id,
            amount: None,
            currency: None,
        };
        let keep_until = now + Duration::days(i64::from(self.config.click_retention_days));
        Ok(if self.store.record_conversion(&conversion, keep_until).await? {
            PixelOutcome::Recorded
        } else {
            PixelOutcome::Duplicate
        })
    }
}
