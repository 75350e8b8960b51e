//! User-agent classification into the contract's vocabulary: device type, OS, browser.
//!
//! Order matters everywhere: specific products are recognised before the generic engine
//! tokens they also carry (every Chromium browser says `Chrome/`, every WebKit one
//! `Safari/`). Anything outside the vocabulary is reported as `None` ("other"), never as
//! the nearest in-vocabulary name.

mod browser;
mod device;
mod os;

use crate::domain::{Browser, Device, Os};

/// What a user agent says about the visitor's software and hardware.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserAgentClass {
    pub device: Device,
    pub os: Option<Os>,
    pub browser: Option<Browser>,
}

/// The User-Agent client hints a Chromium browser sends (`Sec-CH-UA`, `Sec-CH-UA-Mobile`,
/// `Sec-CH-UA-Platform`, `Sec-CH-UA-Model`), as raw header values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClientHints<'a> {
    pub sec_ch_ua: Option<&'a str>,
    pub mobile: Option<&'a str>,
    pub platform: Option<&'a str>,
    pub model: Option<&'a str>,
}

/// Classifies a `User-Agent`, with the `Sec-CH-UA` client hint when sent (it is the only
/// way to tell Brave from Chrome).
pub fn classify(user_agent: &str, sec_ch_ua: Option<&str>) -> UserAgentClass {
    classify_with_hints(
        user_agent,
        &ClientHints {
            sec_ch_ua,
            ..ClientHints::default()
        },
    )
}

/// Classifies a `User-Agent` together with every client hint the browser sent.
pub fn classify_with_hints(user_agent: &str, hints: &ClientHints<'_>) -> UserAgentClass {
    let ua = Ua::new(user_agent);
    let os = os::os(&ua);
    UserAgentClass {
        device: device::device(&ua, os),
        os,
        browser: browser::browser(&ua, hints.sec_ch_ua),
    }
}

/// A user agent with a lower-cased copy for case-insensitive token checks.
struct Ua<'a> {
    raw: &'a str,
    lower: String,
}

impl<'a> Ua<'a> {
    fn new(raw: &'a str) -> Self {
        Self {
            raw,
            lower: raw.to_ascii_lowercase(),
        }
    }

    /// Case-sensitive.
    fn has(&self, token: &str) -> bool {
        self.raw.contains(token)
    }

    /// Case-insensitive; `token` must be lower-case.
    fn has_i(&self, token: &str) -> bool {
        self.lower.contains(token)
    }

    fn any(&self, tokens: &[&str]) -> bool {
        tokens.iter().any(|t| self.has(t))
    }

    fn any_i(&self, tokens: &[&str]) -> bool {
        tokens.iter().any(|t| self.has_i(t))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(ua: &str) -> UserAgentClass {
        classify(ua, None)
    }

    #[test]
    fn desktop_chrome_on_windows() {
        let class = c(
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
        );
        assert_eq!(
            class,
            UserAgentClass {
                device: Device::Desktop,
                os: Some(Os::Windows),
                browser: Some(Browser::Chrome)
            }
        );
    }

    #[test]
    fn safari_on_iphone() {
        let class = c(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
        );
        assert_eq!(
            class,
            UserAgentClass {
                device: Device::Mobile,
                os: Some(Os::Ios),
                browser: Some(Browser::Safari)
            }
        );
    }

    #[test]
    fn brave_is_told_apart_by_its_client_hint() {
        let ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
        assert_eq!(c(ua).browser, Some(Browser::Chrome));
        let hint = r#""Not_A Brand";v="8", "Chromium";v="120", "Brave";v="120""#;
        assert_eq!(classify(ua, Some(hint)).browser, Some(Browser::Brave));
    }

    #[test]
    fn edge_and_opera_are_not_chrome() {
        assert_eq!(c("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91").browser, Some(Browser::Edge));
        assert_eq!(c("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0").browser, Some(Browser::Opera));
    }

    #[test]
    fn other_chromium_browsers_are_other() {
        let samsung = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";
        assert_eq!(c(samsung).browser, None);
        assert_eq!(c(samsung).device, Device::Mobile);
        assert_eq!(c(samsung).os, Some(Os::Android));
    }

    #[test]
    fn android_tablet_without_mobile_is_a_tablet() {
        let ua = "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
        assert_eq!(c(ua).device, Device::Tablet);
    }

    #[test]
    fn firefox_on_linux_desktop() {
        let class = c("Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0");
        assert_eq!(
            class,
            UserAgentClass {
                device: Device::Desktop,
                os: Some(Os::Linux),
                browser: Some(Browser::Firefox)
            }
        );
    }

    #[test]
    fn unknown_agents_are_desktop_with_no_os_or_browser() {
        assert_eq!(
            c(""),
            UserAgentClass {
                device: Device::Desktop,
                os: None,
                browser: None
            }
        );
    }
}
