//! Keys of what visits leave, sharded per workspace-day for the aggregator: raw clicks,
//! conversion records and shared positions; and each click's conversion markers.

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};

use super::Key;
use crate::domain::ConversionSource;
use crate::domain::ids::ObjectId;

/// Number of shard keys a workspace's clicks of one day are spread over.
pub const CLICK_SHARDS: u64 = 32;

/// A raw click, on one of `CLICK_SHARDS` shards of its workspace-day.
pub fn click(workspace: &ObjectId, day: NaiveDate, shard: u64, sort: &str) -> Key {
    Key::new(format!("CLICK#{workspace}#{day}#{shard}"), sort)
}

/// A raw click by what it is: its workspace, time, shard and id (the sort key is the time to
/// the millisecond, then the id). What a click token names.
pub fn click_at(workspace: &ObjectId, at: DateTime<Utc>, shard: u64, id: &ObjectId) -> Key {
    click(workspace, at.date_naive(), shard, &timed_sort(at, id))
}

/// The sort key of a raw click or conversion record: its time to the millisecond, then its id.
fn timed_sort(at: DateTime<Utc>, id: &ObjectId) -> String {
    format!("{}#{id}", at.to_rfc3339_opts(SecondsFormat::Millis, true))
}

/// A conversion as the aggregator reads it: sharded per workspace-day like the raw clicks, so
/// the stream delivers conversions in few partitions whose order the rollups' guards follow.
pub fn conversion_record(workspace: &ObjectId, at: DateTime<Utc>, shard: u64, id: &ObjectId) -> Key {
    Key::new(conversion_day(workspace, at.date_naive(), shard), &timed_sort(at, id))
}

/// The partition of a workspace-day's conversion records on one shard.
pub fn conversion_day(workspace: &ObjectId, day: NaiveDate, shard: u64) -> String {
    format!("CONVDAY#{workspace}#{day}#{shard}")
}

/// The position a person shared for a click, keyed by the click (so a click shares at most
/// one) and sharded per workspace-day like the clicks, for the aggregator.
pub fn shared_location(workspace: &ObjectId, click_at: DateTime<Utc>, shard: u64, click: &ObjectId) -> Key {
    Key::new(
        shared_location_day(workspace, click_at.date_naive(), shard),
        &timed_sort(click_at, click),
    )
}

/// The partition of a workspace-day's shared positions on one shard.
pub fn shared_location_day(workspace: &ObjectId, day: NaiveDate, shard: u64) -> String {
    format!("{SHARED_LOCATION_PREFIX}{workspace}#{day}#{shard}")
}

/// How the partitions of shared positions begin (the stream filter takes them to the
/// aggregator).
pub const SHARED_LOCATION_PREFIX: &str = "GPS#";

/// The marker of one conversion of a click: one item per (click, source, event), so an event
/// counts once per source; it holds the conversion, which a repeat answers. The API's markers
/// (`EVENT#`) are where every marker was before sources were kept (`None`); the pixel's have
/// their own (`PIXEL#`), so a pixel never takes the API's.
pub fn conversion(workspace: &ObjectId, click: &ObjectId, source: Option<ConversionSource>, event: &str) -> Key {
    let kind = match source {
        Some(ConversionSource::Pixel) => "PIXEL",
        Some(ConversionSource::Api) | None => "EVENT",
    };
    Key::new(click_conversions(workspace, click), &format!("{kind}#{event}"))
}

/// How many pixel events a click has taken (beside its markers), for the per-click cap.
pub fn conversion_count(workspace: &ObjectId, click: &ObjectId) -> Key {
    Key::new(click_conversions(workspace, click), "EVENTS")
}

/// The partition of one click's conversion markers and pixel-event count.
fn click_conversions(workspace: &ObjectId, click: &ObjectId) -> String {
    format!("CONV#{workspace}#{click}")
}

/// The workspace, day and shard of a raw click's partition key (`None` for other items).
pub fn parse_click_partition(pk: &str) -> Option<(ObjectId, NaiveDate, u64)> {
    parse_day_partition("CLICK#", pk)
}

/// The workspace, day and shard of a conversion-record partition (`CONVDAY#<ws>#<day>#<shard>`).
pub fn parse_conversion_partition(pk: &str) -> Option<(ObjectId, NaiveDate, u64)> {
    parse_day_partition("CONVDAY#", pk)
}

/// The workspace, day and shard of a shared-position partition (`GPS#<ws>#<day>#<shard>`).
pub fn parse_shared_location_partition(pk: &str) -> Option<(ObjectId, NaiveDate, u64)> {
    parse_day_partition(SHARED_LOCATION_PREFIX, pk)
}

/// `<prefix><ws>#<day>#<shard>`, read back.
fn parse_day_partition(prefix: &str, pk: &str) -> Option<(ObjectId, NaiveDate, u64)> {
    let mut parts = pk.strip_prefix(prefix)?.split('#');
    let workspace = ObjectId::parse(parts.next()?).ok()?;
    let day = parts.next()?.parse().ok()?;
    let shard = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((workspace, day, shard))
}
