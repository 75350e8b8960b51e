//! User-agent classification into the contract's vocabulary: device type, OS, browser.
//!
//! Order matters everywhere: specific products are recognised before the generic engine
//! tokens they also carry (every Chromium browser says `Chrome/`, every WebKit one
//! `Safari/`). Anything outside the vocabulary is reported as `None` ("other"), never as
//! the nearest in-vocabulary name.

use crate::domain::{Browser, Device, Os};

/// What a user agent says about the visitor's software and hardware.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserAgentClass {
    pub device: Device,
    pub os: Option<Os>,
    pub browser: Option<Browser>,
}

/// Classifies a `User-Agent`, with the `Sec-CH-UA` client hint when sent (it is the only
/// way to tell Brave from Chrome).
pub fn classify(user_agent: &str, sec_ch_ua: Option<&str>) -> UserAgentClass {
    let ua = Ua::new(user_agent);
    let os = os(&ua);
    UserAgentClass {
        device: device(&ua, os),
        os,
        browser: browser(&ua, sec_ch_ua),
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

/// Browsers built on Chromium, WebKit or Gecko that carry `Chrome/`, `Safari/` or
/// `Firefox/` but are other products (in-app browsers included).
const OTHER_BROWSERS: &[&str] = &[
    "yabrowser",
    "yasearchbrowser",
    "samsungbrowser",
    "ucbrowser",
    "ucweb",
    "ucturbo",
    "vivaldi",
    "qqbrowser",
    "mqqbrowser",
    "maxthon",
    "mxbrowser",
    "mxios",
    "baidu",
    "bidubrowser",
    "bdbrowser",
    "2345explorer",
    "mb2345browser",
    "2345chrome",
    "360se",
    "360ee",
    "qihoobrowser",
    "qhbrowser",
    "iron",
    "silk/",
    "whale/",
    "huaweibrowser",
    "heytapbrowser",
    "miuibrowser",
    "xiaomi/miuibrowser",
    "quark/",
    "duckduckgo",
    "ddg/",
    "fban/",
    "fbav/",
    "fb_iab",
    "instagram",
    "line/",
    "kakaotalk",
    "kakaostory",
    "naver(",
    "naver/",
    "daumapps",
    "micromessenger",
    "alipayclient",
    "aliapp",
    "tiktok",
    "musical_ly",
    "bytedancewebview",
    "twitter",
    "klarna",
    " gsa/",
    "avast",
    "avg/",
    "ccleaner",
    "sleipnir",
    "puffin",
    "coc_coc",
    "coccoc",
    "slbrowser",
    "lenovo browser",
    "oculusbrowser",
    "picobrowser",
    "tesla",
    "qtwebengine",
    "qtcarbrowser",
    "electron/",
    "headlesschrome",
    "chromium/",
    "phantomjs",
    "crosswalk",
    "snapchat",
    "linkedinapp",
    "weibo",
    "sogou",
    "metasr",
    "se 2.x",
    "lbbrowser",
    "vivobrowser",
    "dragon/",
    "comodo_dragon",
    "flow/",
    "flowbrowser",
    "slimjet",
    "slimboat",
    "rockmelt",
    "iridium",
    "helio",
    "cobalt",
    "bolt/",
    "gobrowser",
    "teslabrowser",
    "wolvic",
    "firefox focus",
    "focus/",
    "klar/",
    "firefoxreality",
    "librewolf",
    "waterfox",
    "palemoon",
    "basilisk",
    "seamonkey",
    "iceweasel",
    "icecat",
    "iceape",
    "swiftfox",
    "fennec",
    "minimo",
    "camino",
    "k-meleon",
    "conkeror",
    "flock",
    "netscape",
    "navigator/",
    "epiphany",
    "midori",
    "falkon",
    "qupzilla",
    "arora",
    "konqueror",
    "rekonq",
    "dillo",
    "netsurf",
    "ladybird",
    "lunascape",
    "avant browser",
    "icab",
    "omniweb",
    "qq/",
    "smart lenovo",
    "nintendobrowser",
    "kindle",
    "tizenbrowser",
    "jasmine",
    "dolphin",
    "obigo",
    "netfront",
    "blazer",
    "polaris",
    "doris",
    "skyfire",
    "up.browser",
    "novarra",
    "maemo",
    "sailfishbrowser",
    "ovibrowser",
    "nokiabrowser",
    "teashark",
    "bowser",
    "mosaic",
    "wv)",
    "; wv",
    "gnome-web",
    "pinterest",
    "snapchat",
    "yaapp",
    "ya-browser",
    "bingweb",
    "edgiosmini",
    "whatsapp",
    "telegram",
    "discord",
    "crkey",
    "smarttv",
    "hbbtv",
    "netcast",
    "webos",
    "web0s",
    "vidaa",
    "aftb",
    "afts",
    "aftt",
    "aftm",
    "aftka",
    "roku",
    "playstation",
    "nintendo",
    "xbox",
    "windows phone",
    "iemobile",
    "kaios",
    "tizen",
    "115browser",
    "bdspark",
    "mobile vr",
    "ubrowser",
    "googlebot",
    "bingbot",
    "bot/",
    "spider",
    "crawler",
    "dalvik/",
];

fn browser(ua: &Ua<'_>, sec_ch_ua: Option<&str>) -> Option<Browser> {
    // Brave sends Chrome's user agent; the client hint carries its own brand.
    if sec_ch_ua.is_some_and(|hint| hint.contains("\"Brave\"")) || ua.has("Brave/") || ua.has(" Brave ") {
        return Some(Browser::Brave);
    }
    if ua.any(&["Edg/", "Edge/", "EdgA/", "EdgiOS/"]) && !ua.has_i("windows phone") {
        return Some(Browser::Edge);
    }
    if ua.any(&[
        "OPR/",
        "OPRGX/",
        "OPX/",
        "OPT/",
        "OPiOS/",
        "Opera Mini",
        "Opera Mobi",
        "Opera Tablet",
        " Coast/",
    ]) || ua.raw.starts_with("Opera/")
        || ua.has("Opera ")
    {
        return if ua.any_i(&["hbbtv", "smarttv", "netcast", "omi/", "nettv", "nintendo", "opera tv"]) {
            None
        } else {
            Some(Browser::Opera)
        };
    }
    if ua.any_i(OTHER_BROWSERS) {
        return None;
    }
    if ua.any(&["Chrome/", "CriOS/", "CrMo/"]) {
        // Android's stock browser and old WebViews say `Version/x ... Chrome/y`.
        if ua.has("Android") && ua.has("Version/") {
            return None;
        }
        return Some(Browser::Chrome);
    }
    if ua.any(&["Firefox/", "FxiOS/"]) {
        return Some(Browser::Firefox);
    }
    // Safari names itself with `Version/x Safari/y` (desktop) or `Version/x Mobile/y
    // Safari/z` (iOS); Android's stock browser says `Version/4.0 ... Safari` on Android.
    let webkit_safari = ua.has("Safari/") && (ua.has("Version/") || ua.has("Macintosh"));
    if webkit_safari && !ua.has("Android") && !ua.has("Linux") && (ua.has_i("mac os x") || ua.has("Windows")) {
        return Some(Browser::Safari);
    }
    None
}

fn os(ua: &Ua<'_>) -> Option<Os> {
    if ua.any_i(&[
        "windows phone",
        "windows mobile",
        "windows iot",
        "xbox",
        "playstation",
        "nintendo",
        "tizen",
        "webos",
        "web0s",
        "kaios",
        "firefox os",
        "symbian",
        "symbos",
        "series40",
        "series60",
        "blackberry",
        "bb10",
        "rim tablet",
        "meego",
        "maemo",
        "sailfish",
        "bada",
        "harmonyos",
        "openharmony",
        "cros ",
        "watchos",
        "watch os",
        "fuchsia",
        "qnx",
        "aix",
        "sunos",
        "solaris",
        "freebsd",
        "openbsd",
        "netbsd",
        "dragonfly",
        "haiku",
        "beos",
        "os/2",
        "amigaos",
        "morphos",
        "risc os",
        "palm",
        "webtv",
        "hp-ux",
        "irix",
        "plan 9",
        "contiki",
        "deepin",
        "chromecast",
        "crkey",
        "ubuntu touch",
        "kfosx",
        "hpwos",
        "minix",
        "unix",
        "jolicloud",
        "joli os",
        "hurd",
        "bsd",
        "hbbtv",
        "nettv",
        "netrange",
        "ce-html",
        "android-x86",
    ]) || (ua.has_i("ubuntu") && ua.any_i(&["mobile", "tablet"]))
    {
        return None;
    }
    if ua.has_i("windows") || ua.any(&["Win64", "Win32", "Win98", "Win95", "WinNT", "Win 9x"]) {
        return Some(Os::Windows);
    }
    if ua.any(&["iPhone", "iPad", "iPod", "iOS", "CPU OS ", "CFNetwork"]) && !ua.has("Macintosh") {
        return Some(Os::Ios);
    }
    if ua.has_i("android") || ua.has("Andr0id") || ua.has("Adr ") {
        return Some(Os::Android);
    }
    if ua.any(&["Mac OS X", "Macintosh", "Mac_PowerPC", "Mac OS", "Darwin"]) {
        return Some(Os::MacOs);
    }
    if ua.any_i(&[
        "linux",
        "x11",
        "ubuntu",
        "debian",
        "fedora",
        "gentoo",
        "mint",
        "red hat",
        "suse",
        "centos",
        "arch linux",
        "raspbian",
        "slackware",
        "mandriva",
        "kubuntu",
        "xubuntu",
        "zenwalk",
    ]) {
        return Some(Os::Linux);
    }
    None
}

/// Model-code prefixes of Android phones and tablets that say too little in words.
const TABLET_MODELS: &[&str] = &[
    // Samsung, Amazon, Google, Asus, Acer, Sony, LG
    "sm-t",
    "sm-p",
    "sm-x",
    "gt-p",
    "gt-n5",
    "gt-n8",
    "sch-i800",
    "shw-m180",
    "sgh-t849",
    "kfapwi",
    "kfthwi",
    "kfsowi",
    "kfjwi",
    "kftt",
    "kfot",
    "kfmuwi",
    "kfgiwi",
    "kfaswi",
    "kfmawi",
    "kfsuwi",
    "kftrwi",
    "kfkawi",
    "kfdowi",
    "kfauwi",
    "kfarwi",
    "kfsawa",
    "kfsawi",
    "kftbwi",
    "kfmewi",
    "kffowi",
    "kfrawi",
    "kfonwi",
    "kfquwi",
    "nexus 7",
    "nexus 9",
    "nexus 10",
    "pixel c",
    "pixel tablet",
    "asus_p0",
    "p00",
    "p01",
    "k00",
    "k01",
    "me17",
    "me30",
    "me37",
    "me57",
    "transformer",
    "xoom",
    "a500",
    "a510",
    "a700",
    "b1-",
    "b3-",
    "iconia",
    "sgp",
    "xperia tablet",
    "so-05f",
    "lg-v",
    "vk810",
    // Huawei and Honor (MediaPad, MatePad: wifi models end in -W09/-W00)
    "mediapad",
    "matepad",
    "bah",
    "agr-",
    "agrk",
    "ags",
    "kob",
    "cmr-",
    "scm-",
    "mrx-",
    "jdn",
    "bzk-",
    "dbr-",
    "sht-",
    "gdi-",
    "agm",
    "brt-",
    "eln-",
    "m2-",
    "cpn-",
    "vrd-",
    "t1-",
    "bgo-",
    "bg2-",
    "dby",
    "btv",
    // Lenovo, Nokia, itel, Alcatel, Archos, Barnes & Noble, Kobo
    "lenovo tb",
    "lenovo pb",
    "lenovo yt",
    "lenovo b6",
    "lenovo b8",
    "tb-",
    "tb2-",
    "tb3-",
    "tb3",
    "tb1",
    "tb2",
    "tb7",
    "tb8",
    "yt-",
    "ideatab",
    "a2109",
    "s6000",
    "nokia t",
    "itel w7",
    "itel p100",
    "ac101",
    "a101",
    "nook",
    "kobo",
    "playbook",
    "kindle",
    "silk",
    "slate",
    "touchpad",
    // generic
    "tablet",
    "mi pad",
    "redmi pad",
    "oppo pad",
    "realme pad",
    "honor pad",
    "galaxy tab",
];

fn device(ua: &Ua<'_>, os: Option<Os>) -> Device {
    if ua.any_i(&["playstation", "nintendo", "xbox", "ouya", "shield)", "; shield"])
        && !ua.any_i(&["android tv", "shield tablet"])
    {
        return Device::Console;
    }
    if ua.any_i(&[
        "watch",
        "sm-r",
        "sm-l",
        "glass 1",
        "moto 360",
        "smartwatch",
        "quest",
        "oculus",
        "pico 4",
        "pico neo",
        "; ow",
        "opwwe",
        "owwe",
        " vr ",
        "wearable",
    ]) {
        return Device::Wearable;
    }
    if ua.any_i(&[
        "smart-tv",
        "smarttv",
        "smart tv",
        "hbbtv",
        "netcast",
        "android tv",
        "googletv",
        "google tv",
        "appletv",
        "apple tv",
        "crkey",
        "roku",
        "bravia",
        "aquos-tv",
        "mitv",
        "mibox",
        "aftb",
        "aftt",
        "aftka",
        "afts",
        "aftm",
        "aftn",
        "aftr",
        "aft",
        "viera",
        "tizen 2.3",
        "web0s",
        "webos.tv",
        "nettv",
        "ce-html",
        "dtv",
        "tv safari",
        "(tv;",
        "maple",
        " omi/",
        "vstvb",
        "philipstv",
        "tv box",
        "x96mini",
        "vidaa",
        "large screen",
        "smart-box",
    ]) {
        return Device::SmartTv;
    }
    if ua.any_i(&[
        "tesla",
        "qtcarbrowser",
        "homepod",
        "aeobc",
        "windows iot",
        "automotive",
        "carplay",
    ]) {
        return Device::Embedded;
    }
    if ua.any_i(&[
        "ipad",
        "tablet",
        "kindle",
        "silk/",
        "playbook",
        "rim tablet",
        "tab)",
        "; tab ",
        "kobo",
        "nook",
    ]) && !ua.has_i("tablet pc")
    {
        return Device::Tablet;
    }
    if ua.any_i(&[
        "iphone",
        "ipod",
        "windows phone",
        "iemobile",
        "blackberry",
        "bb10",
        "opera mini",
        "opera mobi",
        "symbian",
        "symbos",
        "series40",
        "series60",
        "j2me",
        "midp",
        "kaios",
        "mobile safari",
        "mobi",
        "phone",
        "nokia",
        "samsung-sgh",
        "sonyericsson",
        "ucweb",
        "up.browser",
        "netfront",
        "palm",
        "webos",
        "maemo",
        "meego",
        "sailfish",
        "bada",
        "firefox os",
        "fennec",
        "minimo",
    ]) {
        // Android tablets that still say `Mobile` are told apart by their model code.
        if os == Some(Os::Android) && android_model(ua).is_some_and(is_tablet_model) {
            return Device::Tablet;
        }
        return Device::Mobile;
    }
    if os == Some(Os::Android) || ua.has_i("android") || ua.has_i("harmonyos") || ua.has_i("dalvik") {
        return match android_model(ua) {
            Some(model) if !is_tablet_model(model) && looks_like_phone(model) => Device::Mobile,
            _ if ua.has_i("mobile") => Device::Mobile,
            _ => Device::Tablet,
        };
    }
    if ua.has_i("cros ") || os.is_some() {
        return Device::Desktop;
    }
    Device::Desktop
}

/// The model part of an Android user agent: `(Linux; Android 10; SM-T510 Build/...)`.
fn android_model<'u>(ua: &'u Ua<'_>) -> Option<&'u str> {
    let start = ua.lower.find("android")?;
    let rest = &ua.lower[start..];
    let close = rest.find(')').unwrap_or(rest.len());
    let inside = &rest[..close];
    let model = inside.split(';').map(str::trim).rfind(|part| {
        let noise = part.is_empty()
            || part.starts_with("android")
            || part.starts_with("linux")
            || part.starts_with('u')
            || part.starts_with("wv")
            || (part.len() == 5 && part.as_bytes()[2] == b'-')
            || part.len() == 2;
        !noise
    })?;
    Some(model.split(" build").next().unwrap_or(model).trim())
}

fn is_tablet_model(model: &str) -> bool {
    TABLET_MODELS
        .iter()
        .any(|prefix| model.starts_with(prefix) || model.contains(&format!(" {prefix}")))
        || model.contains("tab")
        || model.contains("pad")
        || model.contains("-w09")
        || model.contains("-w00")
}

/// Phone model codes of the big Android makers.
fn looks_like_phone(model: &str) -> bool {
    const PHONES: &[&str] = &[
        "sm-g",
        "sm-a",
        "sm-n",
        "sm-s",
        "sm-m",
        "sm-j",
        "sm-f",
        "sm-e",
        "gt-i",
        "gt-s",
        "pixel",
        "nexus 4",
        "nexus 5",
        "nexus 6",
        "nexus s",
        "galaxy nexus",
        "moto",
        "xt",
        "redmi",
        "mi ",
        "poco",
        "rmx",
        "vivo",
        "v2",
        "oneplus",
        "le2",
        "in20",
        "hd19",
        "ac20",
        "kb20",
        "lg-",
        "lm-",
        "htc",
        "huawei",
        "honor",
        "ele-",
        "vog-",
        "mar-",
        "ane-",
        "stk-",
        "jny-",
        "lya-",
        "nokia",
        "ta-",
        "infinix",
        "tecno",
        "itel",
        "asus_",
        "zenfone",
        "sony",
        "so-",
        "sov",
        "sog",
        "xq-",
        "g8",
        "f5",
        "e5",
        "d6",
        "c6",
        "blade",
        "alcatel",
        "5033",
        "wiko",
        "m200",
        "m210",
        "k",
        "a",
        "x",
    ];
    PHONES.iter().any(|p| model.starts_with(p))
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
