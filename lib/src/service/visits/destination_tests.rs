use super::*;
use crate::domain::{Utm, UtmFields};
use crate::visitor::Trigger;

fn utm(source: &str, medium: &str) -> Utm {
    Utm::parse(
        "utm",
        &UtmFields {
            source: Some(source.into()),
            medium: Some(medium.into()),
            ..UtmFields::default()
        },
    )
    .unwrap()
    .unwrap()
}

/// destination, link UTM, visitor's raw query, click id => Location
type Row<'a> = (&'a str, Option<&'a Utm>, Option<&'a str>, Option<&'a str>, &'a str);

/// Every combination of a destination's own parameters, the link's UTM, the visitor's raw
/// query (`qr=1` included, as the door receives it) and a click id, and the `Location` each
/// composes to.
#[test]
fn the_final_location_composes_destination_utm_visitor_query_and_click_id() {
    let link_utm = utm("newsletter", "email");
    let link_utm = Some(&link_utm);
    #[rustfmt::skip]
    let table: &[Row<'_>] = &[
        // destination, link UTM, visitor's raw query, click id => Location
        ("https://e.com/p", None, None, None, "https://e.com/p"),
        ("https://e.com/p?a=1", None, None, None, "https://e.com/p?a=1"),
        ("https://e.com/p", link_utm, None, None, "https://e.com/p?utm_source=newsletter&utm_medium=email"),
        ("https://e.com/p?a=1", link_utm, None, None, "https://e.com/p?a=1&utm_source=newsletter&utm_medium=email"),
        // The destination's own UTM parameter wins over the link's.
        ("https://e.com/p?utm_source=site", link_utm, None, None, "https://e.com/p?utm_source=site&utm_medium=email"),
        // The visitor's other parameters are added; the destination's own win on conflict.
        ("https://e.com/p?a=1", None, Some("a=2&b=3"), None, "https://e.com/p?a=1&b=3"),
        ("https://e.com/p?a=1", link_utm, Some("a=2&b=3"), None, "https://e.com/p?a=1&b=3&utm_source=newsletter&utm_medium=email"),
        // The visitor's UTM parameter wins over both the destination's and the link's.
        ("https://e.com/p?utm_source=site&a=1", link_utm, Some("utm_source=friend"), None, "https://e.com/p?a=1&utm_source=friend&utm_medium=email"),
        ("https://e.com/p", link_utm, Some("utm_medium=sms&utm_campaign=x"), None, "https://e.com/p?utm_medium=sms&utm_campaign=x&utm_source=newsletter"),
        // A QR scan's qr=1 never reaches the destination.
        ("https://e.com/p", None, Some("qr=1"), None, "https://e.com/p"),
        ("https://e.com/p", link_utm, Some("qr=1&b=3"), None, "https://e.com/p?b=3&utm_source=newsletter&utm_medium=email"),
        // The click id comes last, after the link's UTM, and replaces any other sl_cid.
        ("https://e.com/p", link_utm, None, Some("TOKEN"), "https://e.com/p?utm_source=newsletter&utm_medium=email&sl_cid=TOKEN"),
        ("https://e.com/p?sl_cid=old", None, Some("sl_cid=forged&qr=1"), Some("TOKEN"), "https://e.com/p?sl_cid=TOKEN"),
        ("https://e.com/p?a=1", link_utm, Some("utm_source=friend&b=%20c&qr=1"), Some("TOKEN"), "https://e.com/p?a=1&utm_source=friend&b=+c&utm_medium=email&sl_cid=TOKEN"),
        // Untracked, a visitor's sl_cid passes like any other parameter.
        ("https://e.com/p", None, Some("sl_cid=theirs"), None, "https://e.com/p?sl_cid=theirs"),
        // A fragment stays last; app links compose alike.
        ("https://e.com/p#top", link_utm, None, Some("TOKEN"), "https://e.com/p?utm_source=newsletter&utm_medium=email&sl_cid=TOKEN#top"),
        ("myapp://open?id=4", link_utm, Some("ref=sl"), None, "myapp://open?id=4&ref=sl&utm_source=newsletter&utm_medium=email"),
        // Parameters are compared by their decoded names.
        ("https://e.com/p?utm%5Fsource=site", link_utm, None, None, "https://e.com/p?utm%5Fsource=site&utm_medium=email"),
    ];
    for (destination, utm, raw_query, click, expected) in table {
        let (_, query) = Trigger::split(*raw_query);
        assert_eq!(
            compose(destination, *utm, query.as_deref(), *click),
            *expected,
            "{destination} + {utm:?} + {raw_query:?} + {click:?}"
        );
    }
}

#[test]
fn the_click_id_replaces_one_written_in_any_encoding() {
    assert_eq!(
        with_click_id("https://e.com/p?a=1&sl%5Fcid=forged#top", "TOKEN"),
        "https://e.com/p?a=1&sl_cid=TOKEN#top"
    );
    assert_eq!(with_click_id("myapp://open", "TOKEN"), "myapp://open?sl_cid=TOKEN");
}
