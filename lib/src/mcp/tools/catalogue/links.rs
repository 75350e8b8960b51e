//! The tools that read and change links.

use super::{AB_RULES, Spec, annotations, input, output, qr_annotations, with_link_id};
use crate::domain::{RateClass, Scope};
use crate::mcp::args::{BulkArgs, ListArgs, QrArgs};
use crate::mcp::tools::dispatch::{
    BulkCreateLinks, CreateLink, DeleteLink, GetLink, GetLinkQr, ListLinks, UpdateLink, prepare,
};
use crate::mcp::tools::output::QrSummary;
use crate::wire::{
    BulkOutcome, CreatedLink, DeletedLink, LinkIdInput, LinkPage, LinkRecord, McpLinkInput, McpLinkPatchInput,
    UpdatedLink,
};

/// The link tools, in the order `tools/list` shows them.
pub(super) fn tools() -> Vec<Spec> {
    vec![
        Spec {
            name: "list_links",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<ListLinks>,
            title: "List links",
            description:
                "List the workspace's links, newest first, with each link's full record (rules with their ids, \
                 A/B test, tags, whether it is active now, all-time clicks). Filter with search (name or slug, \
                 case-insensitive) and tagIds (links with any of the tags); page through with page and limit \
                 (1-100, default 20), or with cursor set to the answer's nextCursor, while hasMore is true (a page \
                 may hold fewer than limit links while hasMore is true)."
                    .into(),
            input: input::<ListArgs>(&[]),
            output: output::<LinkPage>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "get_link",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<GetLink>,
            title: "Get a link",
            description:
                "Get one link's full record: name, short URL (fullLink), rules in evaluation order with their ids \
                 (the keys of rulesStats in get_link_analytics), A/B test, QR settings, tags, whether visitors are \
                 redirected now (active is false once switched off, expired or over its click limit), all-time \
                 clicks and dates."
                    .into(),
            input: input::<LinkIdInput>(&[]),
            output: output::<LinkRecord>(),
            annotations: annotations(true, false, true),
        },
        Spec {
            name: "get_link_qr",
            scope: Scope::LinksRead,
            rate: RateClass::Standard,
            parse: prepare::<GetLinkQr>,
            title: "Get a link's QR code",
            description: "Draw the link's QR code from its qrSettings (color on bgColor, the logo in the centre when \
             useLogo is true): it encodes the short URL with ?qr=1, so scans are counted apart from clicks \
             (triggers.qr in the analytics). format svg (default) gives the SVG document as a text item; png \
             gives a PNG image item; size is 128-2048 pixels (default 512). A summary (what the code encodes, \
             format, size, mimeType) follows as JSON. A link saved before colours were checked for \
             scanning, or whose logo cannot be fetched, is refused with a sentence saying what to change."
                .into(),
            input: input::<QrArgs>(&[]),
            output: output::<QrSummary>(),
            annotations: qr_annotations(),
        },
        Spec {
            name: "create_link",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<CreateLink>,
            title: "Create a link",
            description: format!(
                "Create a short link. rules needs exactly one default rule (isDefault true, no conditions): the \
                 destination when no other rule matches. Other rules are checked in order and the first whose \
                 conditions all match the visitor (country, city, device, os, browser, locale, time window, \
                 days) wins. {AB_RULES} The slug is generated when omitted. qrSettings must draw a scannable code: \
                 color darker than bgColor at a contrast of at least 3:1. Returns id, slug and fullLink."
            ),
            input: input::<McpLinkInput>(&["name", "rules"]),
            output: output::<CreatedLink>(),
            annotations: annotations(false, false, false),
        },
        Spec {
            name: "update_link",
            scope: Scope::LinksWrite,
            rate: RateClass::Standard,
            parse: prepare::<UpdateLink>,
            title: "Update a link",
            description: format!(
                "Change a link: only the fields given change. A given rules array REPLACES ALL rules, so send \
                 every rule to keep (read them with get_link first). null clears description, clicksLimit, \
                 expirationDate, ogTitle, ogDescription and appearanceColor; clicksLimit 0 also means no limit; \
                 abTest {{\"enabled\": false, \"variants\": []}} switches the split off. Moving slug or domain \
                 releases the old short URL. {AB_RULES}"
            ),
            input: with_link_id(input::<McpLinkPatchInput>(&[])),
            output: output::<UpdatedLink>(),
            annotations: annotations(false, true, true),
        },
        Spec {
            name: "delete_link",
            scope: Scope::LinksDelete,
            rate: RateClass::Standard,
            parse: prepare::<DeleteLink>,
            title: "Delete a link",
            description:
                "Permanently delete a link: its short URL stops working at once (visitors get 404) and its slug is \
                 free again. Cannot be undone."
                    .into(),
            input: input::<LinkIdInput>(&[]),
            output: output::<DeletedLink>(),
            annotations: annotations(false, true, false),
        },
        Spec {
            name: "bulk_create_links",
            scope: Scope::LinksBulk,
            rate: RateClass::Bulk,
            parse: prepare::<BulkCreateLinks>,
            title: "Create links in bulk",
            description: format!(
                "Create 1 to 100 links in one call, each with the create_link fields. Every item is created or \
                 fails on its own: the result lists created links (id, slug, fullLink, name) and failed items \
                 with the reason. The whole call is refused only when the workspace plan cannot take all valid \
                 items. {AB_RULES}"
            ),
            input: input::<BulkArgs>(&[]),
            output: output::<BulkOutcome>(),
            annotations: annotations(false, false, false),
        },
    ]
}
