//! Accuracy of [`super::ua::classify`] against the ua-parser-js 1.0.x fixtures
//! (`shared/data/ua-parser-js-1.0.x`), as the test with floors and the bench report it.
//!
//! Fixture labels are mapped to the contract's vocabulary before comparing, and the
//! mapping is deliberately narrow: a product's own mobile edition counts as that product
//! (`Mobile Safari` → Safari, Opera's Mini/Mobi/GX/Touch/Tablet/Coast → Opera), desktop
//! GNU/Linux distributions count as Linux, `Mac OS` is macOS. Everything else — Chrome
//! WebView, headless Chrome, Chromium, Samsung Internet, Chromium OS, watchOS… — is
//! outside the vocabulary, and reporting it as an in-vocabulary value counts as an error.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::ua::classify;
use crate::domain::{Browser, Device, Os, Vocabulary};

#[derive(Debug, Deserialize)]
struct Row {
    ua: String,
    expect: Expect,
}

#[derive(Debug, Deserialize)]
struct Expect {
    #[serde(default, rename = "type")]
    kind: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

/// One dimension's figures.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Score {
    /// Rows whose expected value is in the vocabulary.
    pub in_vocabulary: usize,
    pub correct: usize,
    /// Rows whose expected value is outside the vocabulary.
    pub outside: usize,
    /// Of those, how many were reported as an in-vocabulary value.
    pub misreported: usize,
}

impl Score {
    pub fn accuracy(&self) -> f64 {
        self.correct as f64 / self.in_vocabulary.max(1) as f64
    }
    pub fn misreport_rate(&self) -> f64 {
        self.misreported as f64 / self.outside.max(1) as f64
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Accuracy {
    pub device: Score,
    pub os: Score,
    pub browser: Score,
}

/// Where the fixtures are: `UA_FIXTURES_DIR`, else `shared/` beside the repository.
pub fn fixtures_dir() -> PathBuf {
    std::env::var_os("UA_FIXTURES_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/ua-parser-js-1.0.x"))
}

fn load(dir: &Path, file: &str) -> Result<Vec<Row>, String> {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", path.display()))
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

fn score<T: PartialEq + Copy>(rows: impl Iterator<Item = (Option<T>, Option<T>)>) -> Score {
    let mut score = Score::default();
    for (expected, got) in rows {
        match expected {
            Some(e) => {
                score.in_vocabulary += 1;
                score.correct += usize::from(got == Some(e));
            }
            None => {
                score.outside += 1;
                score.misreported += usize::from(got.is_some());
            }
        }
    }
    score
}

/// Measures the classifier against the three fixture files in `dir`.
pub fn measure(dir: &Path) -> Result<Accuracy, String> {
    let devices = load(dir, "device-test.json")?;
    let oses = load(dir, "os-test.json")?;
    let browsers = load(dir, "browser-test.json")?;
    let device = score(
        devices
            .iter()
            .filter_map(|r| Some((Device::parse(r.expect.kind.as_deref()?)?, r)))
            .map(|(e, r)| (Some(e), Some(classify(&r.ua, None).device))),
    );
    let os = score(
        oses.iter()
            .map(|r| (r.expect.name.as_deref().and_then(expected_os), classify(&r.ua, None).os)),
    );
    let browser = score(browsers.iter().map(|r| {
        (
            r.expect.name.as_deref().and_then(expected_browser),
            classify(&r.ua, None).browser,
        )
    }));
    Ok(Accuracy { device, os, browser })
}

/// Rows the classifier gets wrong, for tuning: (dimension, expected label, got, ua).
pub fn mistakes(dir: &Path) -> Result<Vec<(String, String, String, String)>, String> {
    let mut out = Vec::new();
    for r in load(dir, "device-test.json")? {
        if let Some(e) = r.expect.kind.as_deref().and_then(Device::parse) {
            let got = classify(&r.ua, None).device;
            if got != e {
                out.push(("device".into(), e.to_string(), got.to_string(), r.ua));
            }
        }
    }
    for r in load(dir, "os-test.json")? {
        let label = r.expect.name.clone().unwrap_or_default();
        let got = classify(&r.ua, None).os;
        if expected_os(&label) != got {
            out.push(("os".into(), label, format!("{got:?}"), r.ua));
        }
    }
    for r in load(dir, "browser-test.json")? {
        let label = r.expect.name.clone().unwrap_or_default();
        let got = classify(&r.ua, None).browser;
        if expected_browser(&label) != got {
            out.push(("browser".into(), label, format!("{got:?}"), r.ua));
        }
    }
    Ok(out)
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
        assert!(device.accuracy() >= 0.90, "device {:.3} {device:?}", device.accuracy());
        assert!(os.accuracy() >= 0.97, "os {:.3} {os:?}", os.accuracy());
        assert!(
            browser.accuracy() >= 0.95,
            "browser {:.3} {browser:?}",
            browser.accuracy()
        );
        assert!(
            os.misreport_rate() <= 0.03,
            "os misreported {:.3} {os:?}",
            os.misreport_rate()
        );
        assert!(
            browser.misreport_rate() <= 0.03,
            "browser misreported {:.3} {browser:?}",
            browser.misreport_rate()
        );
    }

    #[test]
    #[ignore = "prints the rows the classifier gets wrong; run with --ignored --nocapture when tuning"]
    fn print_classification_mistakes() {
        for (dimension, expected, got, ua) in mistakes(&fixtures_dir()).unwrap() {
            println!("{dimension:8} expected {expected:20} got {got:12} {ua}");
        }
    }
}
