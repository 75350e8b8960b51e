//! The functions on the short-link domains, which visitors reach: the redirect, the conversion
//! pixel, and the positions shared on location consent pages.

use super::{BATCH_GET, DEFAULT_ROUTE, Function, GET_ITEM, PLAIN, PUT_ITEM, QUERY, UPDATE_ITEM, short_links};

functions! {
    pub const REDIRECT: Function = Function {
        name: "redirect",
        logical_id: "RedirectFunction",
        routes: &[
            short_links("GET", "/{slug}"),
            short_links("HEAD", "/{slug}"),
            // The password a protected link's page posts.
            short_links("POST", "/{slug}"),
            // And everything else on a short domain: the app page's script (`/_sl/open.js`) and the
            // apps' files (`/.well-known/apple-app-site-association`, `/.well-known/assetlinks.json`).
            short_links("ANY", DEFAULT_ROUTE),
        ],
        // `Query`: the blocklist's operator entries and the stored list's chunks.
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM],
        ..PLAIN
    };

    /// The conversion pixel and its site script on every short domain (`lib::redirect::pixel`):
    /// reads the click a token names and its link, writes the conversion.
    pub const CONVERSION_PIXEL: Function = Function {
        name: "conversion-pixel",
        logical_id: "ConversionPixelFunction",
        routes: &[
            short_links("GET", "/_sl/c"),
            short_links("HEAD", "/_sl/c"),
            short_links("GET", "/_sl/c.js"),
            short_links("HEAD", "/_sl/c.js"),
        ],
        // UpdateItem: the per-click count of pixel events, raised in the recording transaction.
        table_actions: &[GET_ITEM, PUT_ITEM, UPDATE_ITEM],
        ..PLAIN
    };

    /// The position a person shares on a link's location consent page, and that page's script, on
    /// every short domain (`lib::redirect::location`): writes the position, reads nothing.
    pub const VISITOR_LOCATION: Function = Function {
        name: "visitor-location",
        logical_id: "VisitorLocationFunction",
        routes: &[
            short_links("POST", "/_sl/location"),
            short_links("GET", "/_sl/location.js"),
            short_links("HEAD", "/_sl/location.js"),
        ],
        table_actions: &[PUT_ITEM],
        ..PLAIN
    };
}
