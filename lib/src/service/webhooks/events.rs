//! What a webhook event says, built from what the table's stream holds (no read): for
//! `link.created` and `link.updated` the link's settings as they now are (its click count is
//! not in the stream: `GET /links/{id}` has it), for `link.deleted` its address, for
//! `link.clicked` the person's click without anything that could single them out (no address,
//! no visitor hash, no city, no position), and nothing at all for a robot's visit.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::ids::ObjectId;
use crate::domain::{AbTest, Browser, ConversionSource, Device, EventType, Link, Os, Rules, Utm};
use crate::store::{Click, Conversion, LinkChange, LinkRef};
use crate::visitor::Trigger;

/// The `data` of any event.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum EventData {
    Link(Box<LinkData>),
    Deleted(DeletedData),
    Clicked(ClickedData),
    Converted(ConversionData),
    Health(HealthData),
}

/// The `data` of `link.broken` and `link.recovered`: which link, and its health now (the
/// failing destination and since when).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HealthData {
    pub id: ObjectId,
    pub health: crate::wire::HealthRecord,
}

/// The `data` of `conversion.created`: the outcome and the click, rule and variant it is
/// attributed to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversionData {
    pub id: ObjectId,
    pub link_id: ObjectId,
    pub click_id: ObjectId,
    pub event: String,
    pub converted_at: DateTime<Utc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_id: Option<String>,
    /// In minor units of `currency`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// Who reported it (`pixel` or `api`); absent for a conversion recorded before sources
    /// were kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<ConversionSource>,
}

/// The `data` of `link.created` and `link.updated`: the link as set (the names of the HTTP API's
/// record).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkData {
    pub id: ObjectId,
    pub name: String,
    pub domain: String,
    pub slug: String,
    pub full_link: String,
    pub rules: Rules,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ab_test: Option<AbTest>,
    /// The switch as set (an expiry or a spent click limit may still keep visitors out).
    pub active: bool,
    pub clicks_limit: Option<u64>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub tag_ids: Vec<ObjectId>,
    pub utm: Option<Utm>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<&Link> for LinkData {
    fn from(link: &Link) -> Self {
        let s = &link.settings;
        Self {
            id: link.id.clone(),
            name: s.name.as_str().to_string(),
            domain: link.domain.as_str().to_string(),
            slug: link.slug.as_str().to_string(),
            full_link: link.full_link(),
            rules: s.rules.clone(),
            ab_test: s.ab_test.clone(),
            active: s.active,
            clicks_limit: s.clicks_limit.map(|l| l.get()),
            expiration_date: s.expiration_date,
            tag_ids: s.tag_ids.clone(),
            utm: s.utm.clone(),
            created_at: link.created_at,
            updated_at: link.updated_at,
        }
    }
}

/// The `data` of `link.deleted`: which link, and the address it had.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeletedData {
    pub id: ObjectId,
    pub domain: String,
    pub slug: String,
}

/// One event before it is addressed to endpoints: its workspace, link, type and data.
#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub workspace_id: ObjectId,
    pub link_id: ObjectId,
    pub kind: EventType,
    pub data: EventData,
}

impl Event {
    /// The event of a link's health changing: `link.broken` when it turns broken,
    /// `link.recovered` when a broken link is ok again; nothing for any other change.
    pub fn of_health(change: &crate::store::HealthChange) -> Option<Self> {
        use crate::domain::health::HealthState::{Broken, Ok};
        let kind = match (change.before.state, change.after.state) {
            (Broken, Broken) => return None,
            (_, Broken) => EventType::LinkBroken,
            (Broken, Ok) => EventType::LinkRecovered,
            _ => return None,
        };
        Some(Self {
            workspace_id: change.workspace_id.clone(),
            link_id: change.link_id.clone(),
            kind,
            data: EventData::Health(HealthData {
                id: change.link_id.clone(),
                health: (&change.after).into(),
            }),
        })
    }

    /// The event of a link's life.
    pub fn of_link(change: LinkChange) -> Self {
        let (kind, stored) = match change {
            LinkChange::Created(stored) => (EventType::LinkCreated, stored),
            LinkChange::Updated(stored) => (EventType::LinkUpdated, stored),
            LinkChange::Deleted(gone) => return Self::of_deletion(gone),
        };
        Self {
            workspace_id: stored.link.workspace_id.clone(),
            link_id: stored.link.id.clone(),
            kind,
            data: EventData::Link(Box::new(LinkData::from(&stored.link))),
        }
    }

    fn of_deletion(gone: LinkRef) -> Self {
        let LinkRef {
            link_id,
            workspace_id,
            domain,
            slug,
        } = gone;
        Self {
            workspace_id,
            link_id: link_id.clone(),
            kind: EventType::LinkDeleted,
            data: EventData::Deleted(DeletedData {
                id: link_id,
                domain: domain.as_str().to_string(),
                slug: slug.as_str().to_string(),
            }),
        }
    }

    /// The event of a recorded conversion.
    pub fn of_conversion(conversion: &Conversion) -> Self {
        Self {
            workspace_id: conversion.workspace_id.clone(),
            link_id: conversion.link_id.clone(),
            kind: EventType::ConversionCreated,
            data: EventData::Converted(ConversionData {
                id: conversion.id.clone(),
                link_id: conversion.link_id.clone(),
                click_id: conversion.click_id.clone(),
                event: conversion.event.clone(),
                converted_at: conversion.at,
                rule_id: conversion.rule_id.clone(),
                variant_id: conversion.variant_id.clone(),
                amount: conversion.amount,
                currency: conversion.currency.clone(),
                source: conversion.source,
            }),
        }
    }

    /// The event of a stored click: a person's only.
    pub fn of_click(click: &Click) -> Option<Self> {
        Some(Self {
            workspace_id: click.workspace_id.clone(),
            link_id: click.link_id.clone(),
            kind: EventType::LinkClicked,
            data: EventData::Clicked(clicked(click)?),
        })
    }
}

/// The `data` of a `link.clicked` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClickedData {
    pub link_id: String,
    pub clicked_at: DateTime<Utc>,
    /// The rule that routed the click, or the A/B variant.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant_id: Option<String>,
    /// ISO 3166-1 alpha-2, absent when unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    pub device: Device,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub os: Option<Os>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub browser: Option<Browser>,
    /// The referring site's host, absent for a direct visit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub referrer_host: Option<String>,
    /// `link` or `qr`.
    pub trigger: Trigger,
}

/// The event of a stored click: a person's only (a robot's visit is never a click).
pub fn clicked(click: &Click) -> Option<ClickedData> {
    (!click.bot).then(|| ClickedData {
        link_id: click.link_id.to_string(),
        clicked_at: click.at,
        rule_id: click.rule_id.clone(),
        variant_id: click.variant_id.clone(),
        country: click.country.clone(),
        device: click.device,
        os: click.os,
        browser: click.browser,
        referrer_host: click.referrer.clone(),
        trigger: click.trigger,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::ObjectId;
    use crate::testing::SeededEntropy;
    use crate::testing::traffic::click;

    fn a_click() -> Click {
        let link = ObjectId::parse("0123456789abcdef01234567").unwrap();
        let ws = ObjectId::parse("89abcdef0123456789abcdef").unwrap();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        let mut click = click(&link, &ws, day, 7, "r1", &SeededEntropy::new(4));
        click.country = Some("DE".into());
        click.city = Some("Berlin".into());
        click.referrer = Some("news.example".into());
        click.os = Some(Os::Android);
        click.browser = Some(Browser::Chrome);
        click.device = Device::Mobile;
        click.trigger = Trigger::Qr;
        click
    }

    #[test]
    fn a_persons_click_says_what_routed_it_and_nothing_that_singles_them_out() {
        let click = a_click();
        let data = serde_json::to_value(clicked(&click).expect("a person's click")).unwrap();
        assert_eq!(
            data,
            serde_json::json!({ "linkId": "0123456789abcdef01234567", "clickedAt": "2026-11-27T12:00:00Z",
                                "ruleId": "r1", "country": "DE", "device": "mobile", "os": "Android",
                                "browser": "Chrome", "referrerHost": "news.example", "trigger": "qr" })
        );
        let text = data.to_string();
        assert!(!text.contains(&click.visitor) && !text.contains("Berlin"));
    }

    #[test]
    fn a_robots_visit_is_no_event() {
        let mut click = a_click();
        click.bot = true;
        assert_eq!(clicked(&click), None);
    }
}
