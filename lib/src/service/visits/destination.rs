//! The one function that decides a redirect's `Location`: a destination (a rule's or variant's
//! target, or the link's fallback), the link's UTM parameters, the visitor's own query (already
//! without the `qr=1` of a QR scan, see `crate::visitor::Trigger::split`) and, on a tracked
//! person's click, its id. Composition, in this order:
//!
//! 1. the destination's own parameters, as written;
//! 2. the visitor's parameters: a UTM parameter replaces the destination's of the same name
//!    (the visitor's campaign is the truer one), any other is added only when the destination
//!    lacks it (the destination's own parameters win, as they always have);
//! 3. the link's UTM parameters the destination and the visitor both left unset;
//! 4. `sl_cid=<click id>` last, instead of any `sl_cid` already there (tracked clicks only).

use crate::domain::{Utm, is_utm_parameter};

/// The query parameter a tracked redirect names its click by.
pub const CLICK_ID_PARAMETER: &str = "sl_cid";

/// The final `Location` for `destination` (see the module's order). An unparsable destination
/// (never a stored `TargetUrl`) is returned as it is.
pub fn compose(destination: &str, utm: Option<&Utm>, query: Option<&str>, click: Option<&str>) -> String {
    let composed = with_parameters(destination, utm, query);
    match click {
        Some(token) => with_click_id(&composed, token),
        None => composed,
    }
}

/// Steps 1–3: the destination with the visitor's query and the link's UTM parameters. The
/// destination's query is rewritten only when the visitor overrides one of its UTM parameters;
/// otherwise what is added is appended to it as written (the redirect's common path).
fn with_parameters(destination: &str, utm: Option<&Utm>, query: Option<&str>) -> String {
    let query = query.map(|q| q.trim_start_matches('?')).unwrap_or_default();
    if query.is_empty() && utm.is_none() {
        return destination.to_string();
    }
    let Ok(mut url) = url::Url::parse(destination) else {
        return destination.to_string();
    };
    let visitor: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
        .filter(|(name, _)| !name.is_empty())
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let visitor_has = |name: &str| visitor.iter().any(|(k, _)| k == name);
    let mut names: Vec<String> = url.query_pairs().map(|(k, _)| k.into_owned()).collect();
    // The destination's UTM parameters the visitor brings again: theirs replace them.
    if names.iter().any(|n| is_utm_parameter(n) && visitor_has(n)) {
        let kept: Vec<String> = raw_pairs(url.query())
            .filter(|pair| {
                let name = pair_name(pair);
                !(is_utm_parameter(&name) && visitor_has(&name))
            })
            .map(str::to_string)
            .collect();
        url.set_query((!kept.is_empty()).then(|| kept.join("&")).as_deref());
        names.retain(|n| !(is_utm_parameter(n) && visitor_has(n)));
    }
    let has = |name: &str| names.iter().any(|n| n == name);
    let mut added: Vec<(&str, &str)> = visitor
        .iter()
        .filter(|(name, _)| is_utm_parameter(name) || !has(name))
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    for (name, value) in utm.into_iter().flat_map(Utm::pairs) {
        if !has(name) && !visitor_has(name) {
            added.push((name, value));
        }
    }
    if !added.is_empty() {
        url.query_pairs_mut().extend_pairs(added);
    }
    url.to_string()
}

/// `location` with `sl_cid=<token>` as its last query parameter: after the visitor's own, and
/// instead of any `sl_cid` the target or the visitor brought. The other parameters stay as they
/// were written.
pub(in crate::service) fn with_click_id(location: &str, token: &str) -> String {
    let Ok(mut url) = url::Url::parse(location) else {
        return location.to_string();
    };
    let mut pairs: Vec<String> = raw_pairs(url.query())
        .filter(|pair| pair_name(pair) != CLICK_ID_PARAMETER)
        .map(str::to_string)
        .collect();
    pairs.push(format!("{CLICK_ID_PARAMETER}={token}"));
    url.set_query(Some(&pairs.join("&")));
    url.to_string()
}

/// A query's `name=value` pairs as written (empty ones dropped).
fn raw_pairs(query: Option<&str>) -> impl Iterator<Item = &str> {
    query.unwrap_or_default().split('&').filter(|pair| !pair.is_empty())
}

/// A pair's decoded name (`sl%5Fcid=x` names `sl_cid`).
fn pair_name(pair: &str) -> String {
    url::form_urlencoded::parse(pair.as_bytes())
        .next()
        .map(|(name, _)| name.into_owned())
        .unwrap_or_default()
}

#[cfg(test)]
#[path = "destination_tests.rs"]
mod tests;
