//! Exports (any member): a workspace's links page by page (each page a bounded read of the
//! link index), and its people's raw clicks over a range of days, a bounded read a page (a busy
//! day-shard is read over several pages).
//! Only the owner may have the visitor hash written out.

use chrono::{Duration, NaiveDate};

use crate::domain::{Invalid, Link, Tag};
use crate::service::links::list_cursor::ListCursor;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::keys::CLICK_SHARDS;
use crate::store::{Click, LinkFilter, ListRead};
use crate::wire::DayRange;
use crate::wire::export::cell;

/// Links an export page holds unless asked for fewer (the most a page holds: [`MAX_EXPORT_PAGE`]).
pub const DEFAULT_EXPORT_PAGE: u64 = 1_000;
pub const MAX_EXPORT_PAGE: u64 = 5_000;
/// A clicks page reads at most the service's list read budget of raw clicks (5,000) per group
/// of shards, and ends once it holds that many, inside a busy shard, or after
/// [`CLICK_DAYS_PER_PAGE`] days.
const CLICK_DAYS_PER_PAGE: i64 = 31;
/// A day's shards are read this many side by side.
const SHARDS_AT_ONCE: u64 = 8;
/// How far back a clicks export starts when `from` is not given.
const DEFAULT_CLICK_DAYS: i64 = 30;

/// One page of a links export.
#[derive(Debug, Clone, PartialEq)]
pub struct LinksExport {
    pub links: Vec<Link>,
    /// The workspace's tags (an export names tags, not ids).
    pub tags: Vec<Tag>,
    /// Whether this is the first page (a CSV page carries the header only then).
    pub first: bool,
    pub next_cursor: Option<String>,
}

/// One page of a clicks export.
#[derive(Debug, Clone, PartialEq)]
pub struct ClicksExport {
    pub clicks: Vec<Click>,
    pub first: bool,
    pub next_cursor: Option<String>,
}

impl ClicksExport {
    /// The page as CSV: `at,linkId,ruleId,variantId,country,city,device,os,browser,referrer,
    /// trigger`; people's clicks only (no address is ever stored, no visitor hash exported).
    pub fn csv(&self) -> String {
        use crate::domain::Vocabulary;
        let mut out = csv::Writer::from_writer(Vec::new());
        let header = [
            "at",
            "linkId",
            "ruleId",
            "variantId",
            "country",
            "city",
            "device",
            "os",
            "browser",
            "referrer",
            "trigger",
        ];
        if self.first {
            out.write_record(header).expect("writing to memory cannot fail");
        }
        for click in self.clicks.iter().filter(|c| !c.bot) {
            let text = |v: Option<&str>| v.map(cell).unwrap_or_default();
            let row = [
                click.at.to_rfc3339(),
                click.link_id.to_string(),
                text(click.rule_id.as_deref()),
                text(click.variant_id.as_deref()),
                text(click.country.as_deref()),
                text(click.city.as_deref()),
                click.device.name().to_string(),
                click.os.map(|o| o.name().to_string()).unwrap_or_default(),
                click.browser.map(|b| b.name().to_string()).unwrap_or_default(),
                text(click.referrer.as_deref()),
                click.trigger.as_str().to_string(),
            ];
            out.write_record(row).expect("writing to memory cannot fail");
        }
        String::from_utf8(out.into_inner().expect("writing to memory cannot fail")).expect("CSV of UTF-8 text")
    }
}

/// Where a clicks export goes on: a day and a shard, inside the range, and in a busy shard the
/// sort key of the last click read (hex, so the cursor needs no escaping).
#[derive(Debug, Clone, PartialEq, Eq)]
struct ClickCursor {
    day: NaiveDate,
    shard: u64,
    after: Option<String>,
}

impl ClickCursor {
    fn parse(raw: &str) -> Result<Self, Invalid> {
        let bad = || Invalid::new("cursor", "cursor is not one this API gave (copy nextCursor exactly).");
        let mut parts = raw.trim().splitn(3, '.');
        let (Some(day), Some(shard)) = (parts.next(), parts.next()) else {
            return Err(bad());
        };
        let day = NaiveDate::parse_from_str(day, "%Y-%m-%d").map_err(|_| bad())?;
        let shard: u64 = shard.parse().map_err(|_| bad())?;
        let after = match parts.next() {
            Some(hex) => Some(
                hex::decode(hex)
                    .ok()
                    .and_then(|bytes| String::from_utf8(bytes).ok())
                    .ok_or_else(bad)?,
            ),
            None => None,
        };
        (shard < CLICK_SHARDS)
            .then_some(Self { day, shard, after })
            .ok_or_else(bad)
    }

    fn encode(&self) -> String {
        match &self.after {
            Some(after) => format!("{}.{}.{}", self.day, self.shard, hex::encode(after)),
            None => format!("{}.{}", self.day, self.shard),
        }
    }

    /// The start of the shard after `shard` of the same day (or the next day's first).
    fn after_shard(day: NaiveDate, shard: u64) -> Self {
        if shard + 1 < CLICK_SHARDS {
            Self {
                day,
                shard: shard + 1,
                after: None,
            }
        } else {
            Self {
                day: day + Duration::days(1),
                shard: 0,
                after: None,
            }
        }
    }
}

/// `limit` of an export: 1 to [`MAX_EXPORT_PAGE`], [`DEFAULT_EXPORT_PAGE`] when absent.
pub fn parse_export_limit(raw: Option<&str>) -> Result<u64, ServiceError> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(DEFAULT_EXPORT_PAGE);
    };
    raw.parse::<u64>()
        .ok()
        .filter(|l| (1..=MAX_EXPORT_PAGE).contains(l))
        .ok_or_else(|| {
            Invalid::new(
                "limit",
                format!("limit must be a whole number from 1 to {MAX_EXPORT_PAGE}."),
            )
            .into()
        })
}

impl Service {
    /// One page of the workspace's links, newest first, from `cursor` (none: the first page).
    pub async fn export_links(
        &self,
        access: &Access,
        cursor: Option<&str>,
        limit: u64,
    ) -> Result<LinksExport, ServiceError> {
        let filter = LinkFilter::default();
        let cursor = cursor
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(|c| ListCursor::parse(c, &filter))
            .transpose()?;
        let read = ListRead {
            filter: &filter,
            after: cursor.as_ref().map(|c| &c.position),
            skip: cursor.as_ref().map_or(0, |c| c.skip as usize),
            take: limit as usize,
            budget: limit as usize * 2,
        };
        let (slice, tags) = tokio::try_join!(
            self.store.list_links(&access.workspace.id, read),
            self.store.workspace_tags(&access.workspace.id),
        )?;
        Ok(LinksExport {
            links: slice.links.into_iter().map(|s| s.link).collect(),
            tags,
            first: cursor.is_none(),
            next_cursor: slice
                .next
                .map(|next| ListCursor::new(next.after, next.skip as u64, 1, &filter).encode()),
        })
    }

    /// One page of the workspace's people's clicks over the range (default: the last 30 days),
    /// from `cursor`. Asked for visitor hashes (`visitor_hash_asked`), it refuses: they are never
    /// exported.
    pub async fn export_clicks(
        &self,
        access: &Access,
        asked: DayRange,
        visitor_hash_asked: bool,
        cursor: Option<&str>,
    ) -> Result<ClicksExport, ServiceError> {
        if visitor_hash_asked {
            return Err(ServiceError::VisitorHashNotExported);
        }
        let today = self.clock.now().date_naive();
        let (from, to) =
            crate::service::links::analytics::range(asked, today - Duration::days(DEFAULT_CLICK_DAYS - 1), today)?;
        let start = match cursor.map(str::trim).filter(|c| !c.is_empty()) {
            Some(raw) => ClickCursor::parse(raw)?,
            None => ClickCursor {
                day: from,
                shard: 0,
                after: None,
            },
        };
        if start.day < from || start.day > to {
            return Err(Invalid::new("cursor", "cursor is outside from and to; send the same range with it.").into());
        }
        let last = to.min(start.day + Duration::days(CLICK_DAYS_PER_PAGE - 1));
        // A group of shards reads at most the budget together; a shard with more ends the page
        // there (the shards after it in the group are read again next page).
        let budget = self.list_read_budget.max(1);
        let per_shard = (budget / SHARDS_AT_ONCE as usize).max(1);
        let mut at = start;
        let mut clicks = Vec::new();
        'page: while at.day <= last && clicks.len() < budget {
            let group: Vec<u64> = (at.shard..CLICK_SHARDS).take(SHARDS_AT_ONCE as usize).collect();
            let reads = group.iter().enumerate().map(|(i, shard)| {
                let after = if i == 0 { at.after.as_deref() } else { None };
                self.store
                    .clicks_in_shard_page(&access.workspace.id, at.day, *shard, after, per_shard)
            });
            let read = futures::future::try_join_all(reads).await?;
            for (shard, (shard_clicks, more)) in group.iter().zip(read) {
                clicks.extend(shard_clicks);
                if let Some(after) = more {
                    at = ClickCursor {
                        day: at.day,
                        shard: *shard,
                        after: Some(after),
                    };
                    break 'page;
                }
            }
            at = ClickCursor::after_shard(at.day, *group.last().expect("a group holds a shard"));
        }
        clicks.retain(|c| !c.bot);
        clicks.sort_by(|a, b| a.at.cmp(&b.at).then_with(|| a.id.cmp(&b.id)));
        Ok(ClicksExport {
            clicks,
            first: cursor.is_none_or(|c| c.trim().is_empty()),
            next_cursor: (at.day <= to).then(|| at.encode()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_cursor_goes_shard_by_shard_then_to_the_next_day() {
        let day: NaiveDate = "2026-11-01".parse().unwrap();
        assert_eq!(ClickCursor::after_shard(day, CLICK_SHARDS - 1).encode(), "2026-11-02.0");
        assert_eq!(ClickCursor::after_shard(day, 3).encode(), "2026-11-01.4");
        assert!(ClickCursor::parse("2026-11-01.99").is_err());
        assert!(ClickCursor::parse("nonsense").is_err());
    }

    #[test]
    fn a_click_cursor_inside_a_busy_shard_carries_its_sort_key_in_hex() {
        let inside = ClickCursor {
            day: "2026-11-01".parse().unwrap(),
            shard: 7,
            after: Some("2026-11-01T10:00:00.000Z#6b0a".into()),
        };
        let encoded = inside.encode();
        assert!(
            encoded
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-'),
            "{encoded}"
        );
        assert_eq!(ClickCursor::parse(&encoded).unwrap(), inside);
        assert!(ClickCursor::parse("2026-11-01.7.zz").is_err());
    }

    #[test]
    fn an_export_limit_is_bounded() {
        assert_eq!(parse_export_limit(None).unwrap(), DEFAULT_EXPORT_PAGE);
        assert!(parse_export_limit(Some("0")).is_err());
        assert!(parse_export_limit(Some("5001")).is_err());
        assert_eq!(parse_export_limit(Some("20")).unwrap(), 20);
    }
}
