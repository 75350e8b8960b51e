//! What a webhook event says, built from what the table holds: for `link.clicked`, the person's
//! click without anything that could single them out (no address, no visitor hash, no city, no
//! position), and nothing at all for a robot's visit.

use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::domain::{Browser, Device, Os};
use crate::store::Click;
use crate::visitor::Trigger;

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
    use crate::ids::ObjectId;
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
