//! User-Agent client hints: when a Chromium browser sends them, they outrank the
//! `User-Agent` (which Chromium freezes: `Android 10; K`, `Windows NT 10.0`).
//!
//! - `Sec-CH-UA`: a named brand decides the browser (`Brave`, `Microsoft Edge`, `Opera…`;
//!   any other named brand, such as `YaBrowser` or `Samsung Internet`, is another
//!   product); only `Google Chrome`/`Chromium` and the GREASE brand leave it to the UA.
//! - `Sec-CH-UA-Platform`: decides the OS (`Chrome OS`, `Fuchsia`, `HarmonyOS`… are
//!   outside the vocabulary; an empty or `Unknown` value leaves it to the UA).
//! - `Sec-CH-UA-Mobile` and `Sec-CH-UA-Model`: see [`super::device`].

use super::ClientHints;
use crate::domain::{Browser, Os};

/// What the `Sec-CH-UA` brand list says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Brand {
    Ours(Browser),
    /// A Chromium-based product outside the vocabulary.
    Other,
    /// Only Chrome, Chromium and GREASE: the user agent decides.
    Chromium,
}

/// Brands (exact, as sent) that are one of ours.
const OURS: &[(&str, Browser)] = &[
    ("Brave", Browser::Brave),
    ("Microsoft Edge", Browser::Edge),
    ("Opera", Browser::Opera),
    ("Opera GX", Browser::Opera),
    ("OperaMobile", Browser::Opera),
];

/// Brands that say nothing beyond "Chromium".
const GENERIC: &[&str] = &["Google Chrome", "Chromium"];

pub(super) fn brand(hints: &ClientHints<'_>) -> Option<Brand> {
    let header = hints.sec_ch_ua?;
    let mut result = None;
    for entry in header.split(',') {
        let name = entry
            .split(';')
            .next()
            .unwrap_or_default()
            .trim()
            .trim_matches('"')
            .trim();
        // GREASE brands ("Not A(Brand", "Not_A Brand"…) are noise by design.
        if name.is_empty() || name.contains("Brand") {
            continue;
        }
        if let Some((_, browser)) = OURS.iter().find(|(brand, _)| *brand == name) {
            return Some(Brand::Ours(*browser));
        }
        if GENERIC.contains(&name) {
            result = result.or(Some(Brand::Chromium));
        } else {
            result = Some(Brand::Other);
        }
    }
    result
}

/// `Some(os)` when `Sec-CH-UA-Platform` decides the OS (`Some(None)`: outside the
/// vocabulary), `None` when it is absent or says nothing.
pub(super) fn os(hints: &ClientHints<'_>) -> Option<Option<Os>> {
    let platform = hints.platform?.trim().trim_matches('"').trim();
    match platform {
        "" | "Unknown" => None,
        "Windows" => Some(Some(Os::Windows)),
        "macOS" => Some(Some(Os::MacOs)),
        "Linux" => Some(Some(Os::Linux)),
        "Android" => Some(Some(Os::Android)),
        "iOS" => Some(Some(Os::Ios)),
        _ => Some(None),
    }
}

/// `Sec-CH-UA-Platform` names a desktop system (Windows, macOS, Linux, Chrome OS): the
/// browser runs on a computer, whatever its user agent borrows (Android apps on a
/// Chromebook say `Android`).
pub(super) fn desktop_platform(hints: &ClientHints<'_>) -> bool {
    let Some(platform) = hints.platform else { return false };
    matches!(
        platform.trim().trim_matches('"').trim(),
        "Windows" | "macOS" | "Linux" | "Chrome OS" | "Chromium OS"
    )
}

/// `Sec-CH-UA-Mobile`: `Some(true)` for `?1`, `Some(false)` for `?0`.
pub(super) fn mobile(hints: &ClientHints<'_>) -> Option<bool> {
    match hints.mobile?.trim() {
        "?1" => Some(true),
        "?0" => Some(false),
        _ => None,
    }
}

/// `Sec-CH-UA-Model` without its quotes, when it names a model.
pub(super) fn model<'h>(hints: &ClientHints<'h>) -> Option<&'h str> {
    Some(hints.model?.trim().trim_matches('"').trim()).filter(|m| !m.is_empty())
}
