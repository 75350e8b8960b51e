//! The tuning set: the ua-parser-js 1.0.x fixtures (`lib/src/testing/fixtures/ua-parser-js-1.0.x`,
//! MIT, with their licence; in the repository so that a clone tests alone),
//! which the classifier's tables were tuned on. Each file labels one dimension.
//!
//! Fixture labels are mapped to the contract's vocabulary before comparing, and the
//! mapping is deliberately narrow: a product's own mobile edition counts as that product
//! (`Mobile Safari` → Safari, Opera's Mini/Mobi/GX/Touch/Tablet/Coast → Opera), desktop
//! GNU/Linux distributions count as Linux, `Mac OS` is macOS. Everything else — Chrome
//! WebView, headless Chrome, Chromium, Samsung Internet, Chromium OS, watchOS… — is
//! outside the vocabulary, and reporting it as an in-vocabulary value counts as an error.
//! ua-parser-js names Windows CE and Windows RT `Windows` (version `CE`, `RT`): like the
//! `Windows Mobile`, `Windows Phone` and `Windows IoT` it names apart, they are outside.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::{Accuracy, Label, Row, ours, score};
use crate::domain::{Browser, Device, Os, Vocabulary};

#[derive(Debug, Deserialize)]
struct Fixture {
    ua: String,
    expect: Expect,
}

#[derive(Debug, Deserialize)]
struct Expect {
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    version: Option<String>,
}

/// Where the fixtures are: `UA_FIXTURES_DIR`, else the copy in the repository.
pub fn fixtures_dir() -> PathBuf {
    std::env::var_os("UA_FIXTURES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("src/testing/fixtures/ua-parser-js-1.0.x"))
}

fn load_file(dir: &Path, file: &str) -> Result<Vec<Fixture>, String> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", path.display()))
}

/// The three fixture files in `dir` as labelled rows (each row labels one dimension).
pub fn load(dir: &Path) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for f in load_file(dir, "device-test.json")? {
        // `undefined` and absent types are desktop agents ua-parser-js does not name.
        if let Some(device) = f.expect.kind.as_deref().and_then(Device::parse) {
            rows.push(Row {
                ua: f.ua,
                device: Some(Label::In(device)),
                ..Row::default()
            });
        }
    }
    for f in load_file(dir, "os-test.json")? {
        let embedded_windows = matches!(f.expect.version.as_deref(), Some("CE" | "RT"));
        let os = f
            .expect
            .name
            .as_deref()
            .and_then(expected_os)
            .filter(|_| !embedded_windows);
        rows.push(Row {
            ua: f.ua,
            os: Some(os.map_or(Label::Outside, Label::In)),
            ..Row::default()
        });
    }
    for f in load_file(dir, "browser-test.json")? {
        let browser = f.expect.name.as_deref().and_then(expected_browser);
        rows.push(Row {
            ua: f.ua,
            browser: Some(browser.map_or(Label::Outside, Label::In)),
            ..Row::default()
        });
    }
    Ok(rows)
}

/// Measures the classifier against the three fixture files in `dir`.
pub fn measure(dir: &Path) -> Result<Accuracy, String> {
    Ok(score(&load(dir)?, ours))
}

pub fn expected_os(label: &str) -> Option<Os> {
    const LINUX: &[&str] = &[
        "Linux",
        "Debian",
        "debian",
        "Ubuntu",
        "Kubuntu",
        "Xubuntu",
        "Mint",
        "Fedora",
        "Gentoo",
        "gentoo",
        "Red Hat",
        "SUSE",
        "openSUSE",
        "Raspbian",
        "Arch",
        "Arch Linux",
        "CentOS",
        "Slackware",
        "Mandriva",
        "Zenwalk",
        "PCLinuxOS",
        "Linpus",
        "Manjaro",
        "Knoppix",
        "VectorLinux",
        "elementary OS",
        "redhat",
        "Sabayon",
        "Linspire",
    ];
    match label {
        "Windows" => Some(Os::Windows),
        "Mac OS" | "macOS" => Some(Os::MacOs),
        "iOS" => Some(Os::Ios),
        "Android" => Some(Os::Android),
        l if LINUX.contains(&l) => Some(Os::Linux),
        _ => None,
    }
}

pub fn expected_browser(label: &str) -> Option<Browser> {
    match label {
        "Chrome" | "Mobile Chrome" => Some(Browser::Chrome),
        "Safari" | "Mobile Safari" => Some(Browser::Safari),
        "Firefox" | "Mobile Firefox" => Some(Browser::Firefox),
        "Edge" => Some(Browser::Edge),
        "Opera" | "Opera Mini" | "Opera Mobi" | "Opera GX" | "Opera Touch" | "Opera Tablet" | "Opera Coast" => {
            Some(Browser::Opera)
        }
        "Brave" => Some(Browser::Brave),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification_meets_its_accuracy_floors_on_the_ua_parser_fixtures() {
        let accuracy = measure(&fixtures_dir()).expect("the ua-parser-js fixtures must be readable");
        let Accuracy { device, os, browser } = accuracy;
        assert!(
            device.in_vocabulary > 700 && os.in_vocabulary > 30 && browser.in_vocabulary > 40,
            "{accuracy:?}"
        );
        assert!(device.accuracy() >= 0.97, "device {:.3} {device:?}", device.accuracy());
        assert!(os.accuracy() >= 0.985, "os {:.3} {os:?}", os.accuracy());
        assert!(
            browser.accuracy() >= 0.975,
            "browser {:.3} {browser:?}",
            browser.accuracy()
        );
        assert!(
            os.misreport_rate() <= 0.02,
            "os misreported {:.3} {os:?}",
            os.misreport_rate()
        );
        assert!(
            browser.misreport_rate() <= 0.01,
            "browser misreported {:.3} {browser:?}",
            browser.misreport_rate()
        );
    }

    #[test]
    #[ignore = "prints the rows the classifier gets wrong; run with --ignored --nocapture when tuning"]
    fn print_classification_mistakes() {
        for row in load(&fixtures_dir()).unwrap() {
            let got = ours(&row);
            let wrong = |label: Option<Label<String>>, got: Option<String>| match label {
                Some(Label::In(e)) => got.as_ref() != Some(&e),
                Some(Label::Outside) => got.is_some(),
                _ => false,
            };
            let name = |l: Option<Label<String>>| format!("{l:?}");
            let device = row.device.map(|l| map(l, |d| d.to_string()));
            let os = row.os.map(|l| map(l, |d| d.to_string()));
            let browser = row.browser.map(|l| map(l, |d| d.to_string()));
            for (dimension, label, got) in [
                ("device", device, got.device.map(|d| d.to_string())),
                ("os", os, got.os.map(|d| d.to_string())),
                ("browser", browser, got.browser.map(|d| d.to_string())),
            ] {
                if wrong(label.clone(), got.clone()) {
                    println!("{dimension:8} expected {:24} got {got:?} {}", name(label), row.ua);
                }
            }
        }
    }

    fn map<T, U>(label: Label<T>, f: impl Fn(T) -> U) -> Label<U> {
        match label {
            Label::In(v) => Label::In(f(v)),
            Label::Outside => Label::Outside,
            Label::Unlabelled => Label::Unlabelled,
        }
    }
}
