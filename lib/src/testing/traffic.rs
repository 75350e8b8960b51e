//! Synthetic traffic for benchmarks: clicks of links spread over days, with varied countries,
//! cities, devices, systems, browsers and referrers, one distinct visitor each, folded into the
//! rollups through the real aggregator (`analytics::fold`) in stream-sized chunks.

use chrono::{DateTime, NaiveDate, Utc};
use futures::StreamExt;

use crate::analytics::{ClickRecord, StreamRecord, fold};
use crate::clock::Entropy;
use crate::domain::ids::ObjectId;
use crate::domain::{Browser, Device, Os};
use crate::store::{Click, Store};

use super::SeededEntropy;

/// A link to make traffic for: its id, the rule ids its clicks go to (in turn), clicks per day.
pub type TrafficLink = (ObjectId, Vec<String>, u64);

/// One person's click of `link` on `day` (at noon), routed by `rule`.
pub fn click(link: &ObjectId, ws: &ObjectId, day: NaiveDate, visitor: u64, rule: &str, e: &SeededEntropy) -> Click {
    const COUNTRIES: [&str; 6] = ["US", "DE", "FR", "GB", "BR", "JP"];
    const CITIES: [&str; 6] = ["New York", "Berlin", "Paris", "London", "São Paulo", "Tokyo"];
    const AREAS: [(f64, f64); 6] = [
        (40.7, -74.0),
        (52.5, 13.4),
        (48.9, 2.4),
        (51.5, -0.1),
        (-23.6, -46.6),
        (35.7, 139.7),
    ];
    const REFERRERS: [Option<&str>; 4] = [None, Some("google.com"), Some("news.ycombinator.com"), Some("t.co")];
    let at: DateTime<Utc> = day.and_hms_opt(12, 0, 0).unwrap().and_utc();
    let c = e.below(6) as usize;
    Click {
        id: ObjectId::generate(at, e),
        link_id: link.clone(),
        workspace_id: ws.clone(),
        at,
        day,
        rule_id: Some(rule.to_string()),
        variant_id: None,
        country: Some(COUNTRIES[c].to_string()),
        city: Some(CITIES[c].to_string()),
        area: crate::domain::Area::new(AREAS[c].0, AREAS[c].1),
        device: [Device::Desktop, Device::Mobile, Device::Tablet][e.below(3) as usize],
        os: [Some(Os::Windows), Some(Os::Ios), Some(Os::Android), None][e.below(4) as usize],
        browser: [
            Some(Browser::Chrome),
            Some(Browser::Safari),
            Some(Browser::Firefox),
            None,
        ][e.below(4) as usize],
        referrer: REFERRERS[e.below(4) as usize].map(str::to_string),
        // The production visitor hash (HMAC of IP and user agent), one distinct visitor each.
        visitor: crate::visitor::visitor_hash(&super::visitor_key(), &visitor.to_string(), "bench"),
        bot: false,
        bot_family: None,
        // One visit in five comes from a printed QR code.
        trigger: if e.below(5) == 0 {
            crate::visitor::Trigger::Qr
        } else {
            crate::visitor::Trigger::Link
        },
    }
}

/// One day of stream records as a shard would deliver them: the viral link's clicks and
/// a few of every other link's, interleaved, with increasing sequence numbers.
pub fn day_batch(day_index: u64, day: NaiveDate, ws: &ObjectId, links: &[TrafficLink]) -> Vec<StreamRecord> {
    let entropy = SeededEntropy::new(day_index);
    let mut records = Vec::new();
    let mut sequence = 1_000_000_000u64;
    for (n, (link, rules, per_day)) in links.iter().enumerate() {
        for i in 0..*per_day {
            sequence += 1;
            let rule = &rules[(i % rules.len() as u64) as usize];
            let visitor = ((n as u64) << 40) | (day_index * per_day + i);
            let c = click(link, ws, day, visitor, rule, &entropy);
            records.push(
                ClickRecord {
                    sequence: sequence.to_string(),
                    shard: day_index % 32,
                    click: c,
                }
                .into(),
            );
        }
    }
    records
}

/// Folds `days` days from `first_day` through the aggregator in stream-sized batches, a few
/// days at a time.
pub async fn load(store: &Store, ws: &ObjectId, links: &[TrafficLink], first_day: NaiveDate, days: u64) {
    let days = (0..days).map(|d| {
        let store = store.clone();
        async move {
            let records = day_batch(d, first_day + chrono::Days::new(d), ws, links);
            for batch in records.chunks(1_000) {
                fold(&store, batch).await.expect("fold");
            }
        }
    });
    futures::stream::iter(days)
        .buffer_unordered(4)
        .collect::<Vec<_>>()
        .await;
}
