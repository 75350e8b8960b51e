//! The tool that reports a conversion from the caller's own systems.

use super::{Spec, annotations, input, output};
use crate::domain::{RateClass, Scope};
use crate::mcp::tools::dispatch::{ReportConversion, prepare};
use crate::wire::{ConversionInput, RecordedConversion};

/// The conversion tools, in the order `tools/list` shows them.
pub(super) fn tools() -> Vec<Spec> {
    vec![Spec {
        name: "report_conversion",
        // A write to the workspace's data (counted in its analytics), like the link writes; see
        // docs/behaviour/mcp-tools.md.
        scope: Scope::LinksWrite,
        rate: RateClass::Standard,
        parse: prepare::<ReportConversion>,
        title: "Report a conversion",
        description: "Record a conversion (a sale with amount in minor units and currency, or a lead such as a \
             signup) of the click whose id (sl_cid, 42 characters) the destination was given; it is attributed to \
             the click's link, rule and A/B variant and shows in the analytics. It counts once per click and event, \
             or per click, event and eventId when given; a repeat answers the first conversion with duplicate true. \
             The click must be of a link of this workspace with conversion tracking on, at most 90 days old."
            .into(),
        input: input::<ConversionInput>(&[]),
        output: output::<RecordedConversion>(),
        annotations: annotations(false, false, true),
    }]
}
