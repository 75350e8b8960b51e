//! The tools that move links in and out: the dry run, the import and its progress, the exports.

use super::{Spec, annotations, input, output};
use crate::domain::{RateClass, Scope};
use crate::mcp::tools::dispatch::{
    ExportClicks, ExportClicksArgs, ExportLinks, ExportLinksArgs, ExportPage, GetImport, ImportIdArgs, ImportLinks,
    PlanImport, prepare,
};
use crate::wire::{DryRun, ImportInput, ImportOutcome, ImportStatus};

const FILE: &str = "format is csv (our template: name, url, slug, domain, tags, ...), bitly, dub, shortio, \
    shlink (their CSV exports) or jsonl (our JSON lines export); content is the file's text (at most 10,000 rows \
    and, on this endpoint, a request of 1 MB).";

/// The transfer tools, in the order `tools/list` shows them.
pub(super) fn tools() -> Vec<Spec> {
    vec![
        Spec {
            name: "plan_import",
            scope: Scope::LinksBulk,
            rate: RateClass::Bulk,
            parse: prepare::<PlanImport>,
            title: "Check an import",
            description: format!(
                "Say what importing a file would do, row by row (created, skipped as a conflict, failed), without \
                 writing anything, and whether the file was imported before. {FILE}"
            ),
            input: input::<ImportInput>(&[]),
            output: output::<DryRun>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "import_links",
            scope: Scope::LinksBulk,
            rate: RateClass::Bulk,
            parse: prepare::<ImportLinks>,
            title: "Import links",
            description: format!(
                "Import a file of links. {FILE} onConflict skip (default) skips conflicting rows, each with why; \
                 stop imports nothing when a row would not be created. A file is imported once per workspace. \
                 With the tasks extension the call answers a task at once (poll tasks/get; its result is this \
                 tool's answer once the import ended); without it, the import runs for 10 s and goes on in the \
                 background: follow it with get_import."
            ),
            input: input::<ImportInput>(&[]),
            output: output::<ImportOutcome>(),
            annotations: annotations(false, false, true),
        },
        Spec {
            name: "get_import",
            scope: Scope::LinksBulk,
            rate: RateClass::Standard,
            parse: prepare::<GetImport>,
            title: "Get an import",
            description: "An import's progress (state running, finished or stopped; rows, done, created, skipped, \
                 failed) and each handled row's result (line, status, reason, linkId, shortLink)."
                .into(),
            input: input::<ImportIdArgs>(&[]),
            output: output::<ImportStatus>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "export_links",
            scope: Scope::LinksRead,
            rate: RateClass::Bulk,
            parse: prepare::<ExportLinks>,
            title: "Export links",
            description: "Export a page of the workspace's links (limit 1-5000, default 1000) as the file GET \
                 /links/export gives: format csv (our import template; the header on the first page only) or \
                 jsonl, as text. While nextCursor is present, call again with cursor set to it."
                .into(),
            input: input::<ExportLinksArgs>(&[]),
            output: output::<ExportPage>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "export_clicks",
            scope: Scope::AnalyticsRead,
            rate: RateClass::Bulk,
            parse: prepare::<ExportClicks>,
            title: "Export clicks",
            description: "Export a page of the workspace's people's clicks from from to to (YYYY-MM-DD, UTC; default \
                 the last 30 days) as the CSV GET /clicks/export gives (at, linkId, ruleId, variantId, country, \
                 city, device, os, browser, referrer, trigger; never a visitor hash). While nextCursor is present, \
                 call again with cursor set to it."
                .into(),
            input: input::<ExportClicksArgs>(&[]),
            output: output::<ExportPage>(),
            annotations: annotations(true, false, true),
        },
    ]
}
