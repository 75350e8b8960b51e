//! An automated visit of a live link, a bot's or a preview crawler's `GET`: never a click, but
//! recorded, with the robot's family, for the aggregator to count apart (what the reports say was
//! left out).
//!
//! Cost: one `PutItem` after the answer (see `recording.rs`), the raw item (`bot`, `botFamily`), kept [`BOT_VISIT_RETENTION_DAYS`]. A
//! bot's `302` of a click-limited link takes the conditional update that consumes the limit first,
//! as a person's click does; a preview crawler's page hands out no destination on such a link, so
//! it consumes nothing.

use crate::domain::Link;
use crate::service::visits::recording::Visited;
use crate::service::visits::visit::VisitOutcome;
use crate::service::{Service, ServiceError};
use crate::store::{Click, ClickPlacement, keys};

/// How long the item of an automated visit is kept, where a person's click is kept
/// `CLICK_RETENTION_DAYS`: only the aggregator reads it, from the table's stream (which holds a
/// record 24 hours), so a week is ample, and robots' traffic does not pile up for a year.
pub const BOT_VISIT_RETENTION_DAYS: i64 = 7;

impl Service {
    /// Answers `outcome` and leaves the automated visit (`click` has `bot` and its family) to be
    /// recorded; a redirect of a click-limited link answers `410` instead once the limit is spent,
    /// recording nothing.
    pub(in crate::service) async fn automated_visit(
        &self,
        link: &Link,
        click: Click,
        outcome: VisitOutcome,
    ) -> Result<Visited, ServiceError> {
        let hands_out_destination = matches!(outcome, VisitOutcome::Redirect { .. });
        if link.settings.clicks_limit.is_some()
            && hands_out_destination
            && !self
                .store
                .count_limited_click(&link.domain, &link.slug, &link.id)
                .await?
        {
            return Ok(Visited::answer(VisitOutcome::Gone));
        }
        let placement = ClickPlacement {
            shard: self.entropy.below(keys::CLICK_SHARDS),
            expires_at: click.at + chrono::Duration::days(BOT_VISIT_RETENTION_DAYS),
        };
        Ok(Visited::recording(outcome, click, placement))
    }
}
