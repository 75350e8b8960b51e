//! Browser family: specific products before the engine tokens they share.

use super::Ua;
use crate::domain::Browser;

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

pub(super) fn browser(ua: &Ua<'_>, sec_ch_ua: Option<&str>) -> Option<Browser> {
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
