//! A position a person chose to share on a link's location consent page: kept for its click
//! (once), as the report cell it falls in (about 5 km; the point is never stored), for
//! `GPS_RETENTION_DAYS`; the aggregator moves the click to that cell in the rollups.

use crate::domain::{GpsFix, LocationGrant};
use crate::service::{Service, ServiceError};
use crate::store::SharedLocation;

/// What sharing a position came to. The endpoint answers alike whatever it was: a stranger
/// learns nothing from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SharedOutcome {
    Stored,
    /// The click already has a position: the first one stands.
    AlreadyShared,
    /// Over ten minutes after the click: nothing is kept.
    Late,
}

impl Service {
    /// Keeps `fix` for the click `grant` names (the door checked the grant's signature and the
    /// fix's range): at most one write, none when the grant is no longer usable.
    pub async fn share_location(&self, grant: &LocationGrant, fix: GpsFix) -> Result<SharedOutcome, ServiceError> {
        let now = self.clock.now();
        if !grant.usable_at(now) {
            return Ok(SharedOutcome::Late);
        }
        let location = SharedLocation {
            workspace_id: grant.click.workspace_id.clone(),
            link_id: grant.link_id.clone(),
            click_id: grant.click.click_id.clone(),
            day: grant.click.at.date_naive(),
            at: now,
            cell: fix.position.cell(),
            replaces: grant.area,
        };
        let expires_at = now + chrono::Duration::days(i64::from(self.config.gps_retention_days));
        Ok(
            if self
                .store
                .record_shared_location(&location, &grant.click, expires_at)
                .await?
            {
                SharedOutcome::Stored
            } else {
                SharedOutcome::AlreadyShared
            },
        )
    }
}
