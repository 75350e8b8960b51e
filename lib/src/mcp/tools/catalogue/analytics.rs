//! The tools that read clicks and conversions.

use rmcp::model::MetaObject;
use serde_json::json;

use super::{Spec, Tool, annotations, input, output};
use crate::analytics::report::{LinkAnalytics, WorkspaceAnalytics};
use crate::domain::{RateClass, Scope};
use crate::mcp::app::ANALYTICS_APP_URI;
use crate::mcp::args::{LinkAnalyticsArgs, RangeArgs};
use crate::mcp::tools::dispatch::{GetLinkAnalytics, GetWorkspaceAnalytics, prepare};

/// The tools whose results the analytics app draws.
const DRAWN: [&str; 2] = ["get_link_analytics", "get_workspace_analytics"];

/// `tool` naming the analytics app in its definition's `_meta` when the app draws its result:
/// `ui.resourceUri` as MCP Apps says, and the older flat `ui/resourceUri` that hosts built
/// before it still read (the official `registerAppTool` sets both). Hosts without the
/// extension ignore `_meta`; the result itself is the same for every client.
pub(super) fn with_app(mut tool: Tool) -> Tool {
    if DRAWN.contains(&tool.name) {
        let mut meta = MetaObject::new();
        meta.0.insert("ui".into(), json!({ "resourceUri": ANALYTICS_APP_URI }));
        meta.0.insert("ui/resourceUri".into(), json!(ANALYTICS_APP_URI));
        tool.definition.meta = Some(meta);
    }
    tool
}

/// The analytics tools, in the order `tools/list` shows them.
pub(super) fn tools() -> Vec<Spec> {
    vec![
        Spec {
            name: "get_link_analytics",
            scope: Scope::AnalyticsRead,
            rate: RateClass::Analytics,
            parse: prepare::<GetLinkAnalytics>,
            title: "Get link analytics",
            description:
                "Clicks of one link between from and to (YYYY-MM-DD, UTC days, both inclusive; default: since the \
                 link was created, until today): totals (all-time total, periodTotal, unique visitors), daily \
                 traffic with every day present, and breakdowns by country, city, device, browser, OS, referrer, \
                 routing rule (rulesStats, keyed by rule id) and A/B variant (abVariantsStats, keyed by variant id). \
                 Conversions too: totals.conversions, conversions by event with sales per currency, dailyConversions, \
                 conversions, conversionRate and amounts per rule and variant, and for an A/B test abTestResult (the \
                 leader and each variant's probability of converting best). Where visitors were: locations, keyed \
                 by ~5 km cell (geohash of 5 characters) with title, value, lat, lon of the cell's centre and \
                 precise (clicks placed there by a position the visitor chose to share), totals.located and \
                 totals.gpsShared; never a precise position. What was filtered out: totals.bots (automated \
                 visits by bots and link-preview crawlers, never in total, periodTotal or any other count) and \
                 bots, keyed by family (search, seo, monitor, preview, library, other) with title and value."
                    .into(),
            input: input::<LinkAnalyticsArgs>(&[]),
            output: output::<LinkAnalytics>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "get_workspace_analytics",
            scope: Scope::AnalyticsRead,
            rate: RateClass::Analytics,
            parse: prepare::<GetWorkspaceAnalytics>,
            title: "Get workspace analytics",
            description:
                "Clicks across all links of the workspace between from and to (YYYY-MM-DD, UTC days, inclusive; \
                 default: since the workspace was created, until today): totals, daily traffic, clicks and \
                 conversions per link, conversions by event, dailyConversions, breakdowns by country, city, \
                 device, browser and OS, locations by ~5 km cell with totals.located and totals.gpsShared, and \
                 the automated visits left out, totals.bots and bots by family (as in get_link_analytics). Only \
                 the workspace owner or a manager may call it."
                    .into(),
            input: input::<RangeArgs>(&[]),
            output: output::<WorkspaceAnalytics>(),
            annotations: annotations(true, false, true),
        },
    ]
}
