//! Browser family: the client hint's brand first, then specific products before the
//! engine tokens they share.

use super::signals::Signal::{self, *};
use super::{ClientHints, Ua, hints};
use crate::domain::Browser;

/// Browser tokens. `OtherBrowser` marks products built on Chromium, WebKit or Gecko that
/// carry `Chrome/`, `Safari/` or `Firefox/` but are not one of the six (in-app browsers,
/// webviews and app runtimes included): their product token is enough.
pub(super) const TOKENS: &[(&str, Signal)] = &[
    ("brave/", Brave),
    (" brave ", Brave),
    ("edg/", Edge),
    ("edge/", Edge),
    ("edga/", Edge),
    ("edgios/", Edge),
    ("opr/", Opera),
    ("oprgx/", Opera),
    ("opx/", Opera),
    ("opt/", Opera),
    ("opios/", Opera),
    ("opera mini", Opera),
    ("opera mobi", Opera),
    ("opera tablet", Opera),
    (" coast/", Opera),
    ("opera/", Opera),
    ("opera ", Opera),
    ("opera tv", OperaSdk),
    (" omi/", OperaSdk),
    ("chrome/", Chrome),
    ("crios/", Chrome),
    ("crmo/", Chrome),
    ("firefox/", Firefox),
    ("fxios/", Firefox),
    ("safari/", SafariToken),
    ("version/", Version),
    // Android WebView and in-app runtimes
    ("; wv)", WebView),
    ("; wv ", WebView),
    ("wv)", WebView),
    ("webview", WebView),
    ("crosswalk", WebView),
    ("dalvik/", WebView),
    // Chromium-based products
    ("yabrowser", OtherBrowser),
    ("yasearchbrowser", OtherBrowser),
    ("yaapp", OtherBrowser),
    ("ya-browser", OtherBrowser),
    ("yandex", OtherBrowser),
    ("samsungbrowser", OtherBrowser),
    ("ucbrowser", Uc),
    ("ucweb", Uc),
    ("ucturbo", Uc),
    ("ubrowser", OtherBrowser),
    ("vivaldi", OtherBrowser),
    ("qqbrowser", OtherBrowser),
    ("mqqbrowser", OtherBrowser),
    ("qq/", OtherBrowser),
    ("maxthon", OtherBrowser),
    ("mxbrowser", OtherBrowser),
    ("mxios", OtherBrowser),
    ("baidu", OtherBrowser),
    ("bidubrowser", OtherBrowser),
    ("bdbrowser", OtherBrowser),
    ("bdspark", OtherBrowser),
    ("2345explorer", OtherBrowser),
    ("mb2345browser", OtherBrowser),
    ("2345chrome", OtherBrowser),
    ("360se", OtherBrowser),
    ("360ee", OtherBrowser),
    ("qihoobrowser", OtherBrowser),
    ("qhbrowser", OtherBrowser),
    ("115browser", OtherBrowser),
    ("iron/", OtherBrowser),
    ("iron safari", OtherBrowser),
    ("silk/", OtherBrowser),
    ("whale/", OtherBrowser),
    ("huaweibrowser", OtherBrowser),
    ("heytapbrowser", OtherBrowser),
    ("oppobrowser", OtherBrowser),
    ("realmebrowser", OtherBrowser),
    ("miuibrowser", OtherBrowser),
    ("mzbrowser", OtherBrowser),
    ("vivobrowser", OtherBrowser),
    ("phx/", OtherBrowser),
    ("quark/", OtherBrowser),
    ("quarkpc/", OtherBrowser),
    ("helio/", OtherBrowser),
    ("duckduckgo", OtherBrowser),
    ("ddg/", OtherBrowser),
    ("coc_coc", OtherBrowser),
    ("coccoc", OtherBrowser),
    ("slbrowser", OtherBrowser),
    ("lenovo browser", OtherBrowser),
    ("smart lenovo", OtherBrowser),
    ("oculusbrowser", OtherBrowser),
    ("picobrowser", OtherBrowser),
    ("mobile vr", OtherBrowser),
    ("tesla/", OtherBrowser),
    ("qtwebengine", OtherBrowser),
    ("qtcarbrowser", OtherBrowser),
    ("electron/", OtherBrowser),
    ("headlesschrome", OtherBrowser),
    ("chromium/", OtherBrowser),
    ("phantomjs", OtherBrowser),
    ("avast", OtherBrowser),
    ("avg/", OtherBrowser),
    ("ccleaner", OtherBrowser),
    ("puffin", OtherBrowser),
    ("sleipnir", OtherBrowser),
    ("atom/", OtherBrowser),
    ("aloha", OtherBrowser),
    ("ecosia", OtherBrowser),
    ("metasr", OtherBrowser),
    ("se 2.x", OtherBrowser),
    ("sogou", OtherBrowser),
    ("lbbrowser", OtherBrowser),
    ("dragon/", OtherBrowser),
    ("comodo_dragon", OtherBrowser),
    ("slimjet", OtherBrowser),
    ("slimboat", OtherBrowser),
    ("rockmelt", OtherBrowser),
    ("iridium", OtherBrowser),
    ("cobalt", OtherBrowser),
    ("bolt/", OtherBrowser),
    ("gobrowser", OtherBrowser),
    ("flow/", OtherBrowser),
    ("flowbrowser", OtherBrowser),
    ("tv bro", OtherBrowser),
    ("webappmanager", OtherBrowser),
    ("tizenbrowser", OtherBrowser),
    ("smarttv", OtherBrowser),
    ("hbbtv", OtherBrowser),
    ("netcast", OtherBrowser),
    ("webos", OtherBrowser),
    ("web0s", OtherBrowser),
    ("vidaa", OtherBrowser),
    ("lg browser", OtherBrowser),
    ("kaios", OtherBrowser),
    ("nintendobrowser", OtherBrowser),
    ("playstation", OtherBrowser),
    // in-app browsers
    ("fban/", OtherBrowser),
    ("fbav/", OtherBrowser),
    ("fb_iab", OtherBrowser),
    ("instagram", OtherBrowser),
    ("line/", OtherBrowser),
    ("kakaotalk", OtherBrowser),
    ("kakaostory", OtherBrowser),
    ("naver(", OtherBrowser),
    ("naver/", OtherBrowser),
    ("daumapps", OtherBrowser),
    ("micromessenger", OtherBrowser),
    ("alipayclient", OtherBrowser),
    ("aliapp", OtherBrowser),
    ("tiktok", OtherBrowser),
    ("musical_ly", OtherBrowser),
    ("bytedancewebview", OtherBrowser),
    ("twitter", OtherBrowser),
    ("snapchat", OtherBrowser),
    ("pinterest", OtherBrowser),
    ("linkedinapp", OtherBrowser),
    ("weibo", OtherBrowser),
    ("klarna", OtherBrowser),
    (" gsa/", OtherBrowser),
    ("bingweb", OtherBrowser),
    ("bingsapphire", OtherBrowser),
    ("yjapp", OtherBrowser),
    ("edgiosmini", OtherBrowser),
    ("whatsapp", OtherBrowser),
    ("telegram", OtherBrowser),
    ("discord", OtherBrowser),
    // Gecko- and WebKit-based products
    ("firefox focus", OtherBrowser),
    ("focus/", OtherBrowser),
    ("klar/", OtherBrowser),
    ("firefoxreality", OtherBrowser),
    ("wolvic", OtherBrowser),
    ("librewolf", OtherBrowser),
    ("waterfox", OtherBrowser),
    ("palemoon", OtherBrowser),
    ("basilisk", OtherBrowser),
    ("seamonkey", OtherBrowser),
    ("iceweasel", OtherBrowser),
    ("icecat", OtherBrowser),
    ("iceape", OtherBrowser),
    ("swiftfox", OtherBrowser),
    ("fennec", OtherBrowser),
    ("minimo", OtherBrowser),
    ("camino", OtherBrowser),
    ("k-meleon", OtherBrowser),
    ("conkeror", OtherBrowser),
    ("flock", OtherBrowser),
    ("netscape", OtherBrowser),
    ("navigator/", OtherBrowser),
    ("epiphany", OtherBrowser),
    ("gnome-web", OtherBrowser),
    ("midori", OtherBrowser),
    ("falkon", OtherBrowser),
    ("qupzilla", OtherBrowser),
    ("arora", OtherBrowser),
    ("konqueror", OtherBrowser),
    ("rekonq", OtherBrowser),
    ("dillo", OtherBrowser),
    ("netsurf", OtherBrowser),
    ("ladybird", OtherBrowser),
    ("lunascape", OtherBrowser),
    ("avant browser", OtherBrowser),
    ("icab", OtherBrowser),
    ("omniweb", OtherBrowser),
    ("kindle/", OtherBrowser),
    ("jasmine", OtherBrowser),
    ("dolphin", OtherBrowser),
    ("obigo", OtherBrowser),
    ("netfront", OtherBrowser),
    ("blazer", OtherBrowser),
    ("polaris", OtherBrowser),
    ("doris", OtherBrowser),
    ("skyfire", OtherBrowser),
    ("up.browser", OtherBrowser),
    ("novarra", OtherBrowser),
    ("maemo", OtherBrowser),
    ("sailfishbrowser", OtherBrowser),
    ("ovibrowser", OtherBrowser),
    ("nokiabrowser", OtherBrowser),
    ("teashark", OtherBrowser),
    ("bowser", OtherBrowser),
    ("mosaic", OtherBrowser),
    ("iemobile", OtherBrowser),
    ("windows phone", OtherBrowser),
    ("trident/", OtherBrowser),
    ("msie ", OtherBrowser),
    // automated clients the redirect also classifies
    ("googlebot", OtherBrowser),
    ("bingbot", OtherBrowser),
    ("bot/", OtherBrowser),
    ("spider", OtherBrowser),
    ("crawler", OtherBrowser),
];

/// Opera's TV SDK (Opera TV Store, `OMI/`) and consoles' Opera are not the browser.
const OPERA_ELSEWHERE: &[Signal] = &[OperaSdk, Console];

pub(super) fn browser(ua: &Ua<'_>, client_hints: &ClientHints<'_>) -> Option<Browser> {
    match hints::brand(client_hints) {
        Some(hints::Brand::Ours(browser)) => return Some(browser),
        Some(hints::Brand::Other) => return None,
        Some(hints::Brand::Chromium) | None => {}
    }
    if ua.has(Brave) {
        return Some(Browser::Brave);
    }
    if ua.has(Edge) && !ua.has(WindowsPhone) {
        return Some(Browser::Edge);
    }
    // UC Browser borrows Opera Mini's name.
    if ua.has(Uc) {
        return None;
    }
    if ua.has(Opera) {
        return (!ua.any(OPERA_ELSEWHERE)).then_some(Browser::Opera);
    }
    if ua.any(&[OtherBrowser, WebView]) {
        return None;
    }
    if ua.has(Chrome) {
        // Android's stock browser and old WebViews say `Version/x ... Chrome/y`.
        return (!(ua.has(Android) && ua.has(Version))).then_some(Browser::Chrome);
    }
    if ua.has(Firefox) {
        return Some(Browser::Firefox);
    }
    // Safari's own background requests: `Safari/x CFNetwork/y`, `MobileSafari/x …`.
    if ua.raw.starts_with("Safari/") || ua.raw.starts_with("MobileSafari/") {
        return ua.any(&[Mac, Ios, CfNetwork]).then_some(Browser::Safari);
    }
    // Safari names itself with `Version/x Safari/y` (desktop) or `Version/x Mobile/y
    // Safari/z` (iOS); Android's stock browser says `Version/4.0 ... Safari` on Android.
    let webkit_safari = ua.has(SafariToken) && (ua.has(Version) || ua.has(Macintosh));
    let apple_or_windows = ua.any(&[Mac, Ios, Windows]);
    (webkit_safari && apple_or_windows && !ua.any(&[Android, Linux])).then_some(Browser::Safari)
}
