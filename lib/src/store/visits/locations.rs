//! Positions people chose to share on a link's location consent page, as the report cell
//! (about 5 km) each falls in, never the point: one item per click at most (keyed by the
//! click, written only if absent), sharded per workspace-day like the clicks so the aggregator
//! folds them into the rollups' location cells, and kept only `GPS_RETENTION_DAYS`
//! (docs/data-model.md). Nothing on a request path reads them.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::ids::ObjectId;
use crate::domain::{Area, Cell, ClickToken, Position};
use crate::store::{Store, StoreError, encode, keys, n};

/// A position shared for a click, as the report cell it falls in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "StoredLocation")]
pub struct SharedLocation {
    pub workspace_id: ObjectId,
    pub link_id: ObjectId,
    pub click_id: ObjectId,
    /// The click's UTC day: the position counts there, with its click.
    pub day: NaiveDate,
    /// When it was shared.
    pub at: DateTime<Utc>,
    /// The report cell (about 5 km) of the position; the point itself is never stored.
    pub cell: Cell,
    /// The click's area when it was counted, which this position replaces in the reports.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaces: Option<Area>,
}

/// A shared position as stored: its cell, or (an item written when the point itself was kept,
/// until its retention ends) the point at 0.001°, read only to find its cell.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredLocation {
    workspace_id: ObjectId,
    link_id: ObjectId,
    click_id: ObjectId,
    day: NaiveDate,
    at: DateTime<Utc>,
    #[serde(default)]
    cell: Option<Cell>,
    #[serde(default)]
    position: Option<Position>,
    #[serde(default)]
    replaces: Option<Area>,
}

impl TryFrom<StoredLocation> for SharedLocation {
    type Error = String;
    fn try_from(stored: StoredLocation) -> Result<Self, Self::Error> {
        let cell = stored
            .cell
            .or_else(|| stored.position.map(|p| p.cell()))
            .ok_or("a shared location without a cell")?;
        Ok(Self {
            workspace_id: stored.workspace_id,
            link_id: stored.link_id,
            click_id: stored.click_id,
            day: stored.day,
            at: stored.at,
            cell,
            replaces: stored.replaces,
        })
    }
}

impl Store {
    /// Records the position shared for the click `click` names, unless one was already shared
    /// for it (`false`): one conditional `PutItem`, kept until `expires_at`.
    pub async fn record_shared_location(
        &self,
        location: &SharedLocation,
        click: &ClickToken,
        expires_at: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let key = keys::shared_location(&click.workspace_id, click.at, u64::from(click.shard), &click.click_id);
        let mut item = encode(location, &key, None)?;
        item.insert(keys::TTL.into(), n(expires_at.timestamp()));
        self.put_if_absent(item).await
    }

    /// Every position shared for a workspace's clicks of one day (all shards; tests and
    /// recovery, the reports read rollups).
    pub async fn shared_locations_on(
        &self,
        workspace: &ObjectId,
        day: NaiveDate,
    ) -> Result<Vec<SharedLocation>, StoreError> {
        self.every_shard(|shard| keys::shared_location_day(workspace, day, shard))
            .await
    }
}
