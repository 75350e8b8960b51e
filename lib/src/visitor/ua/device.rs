//! Device type: consoles, TVs and set-top boxes, wearables and cars first (their user
//! agents also say `Android`, `Mobile` or `Linux`), then tablets and phones. Android ones
//! are told apart by their model family ([`super::models`], the `Sec-CH-UA-Model` hint
//! first), then `Sec-CH-UA-Mobile`, then the `Mobile` token browsers add on phones.

use super::android::{self, Vertical};
use super::models::{self, Model};
use super::signals::Signal::{self, *};
use super::{ClientHints, Ua, hints};
use crate::domain::{Device, Os};

pub(super) const TOKENS: &[(&str, Signal)] = &[
    // consoles (a Shield TV or tablet is not a console)
    ("playstation", Console),
    ("xbox", Console),
    ("nintendo", Console),
    ("ouya", Console),
    ("; shield", Console),
    ("shield)", Console),
    ("android tv", NotConsole),
    ("shield tablet", NotConsole),
    // smart TVs and set-top boxes
    ("smart-tv", Tv),
    ("smarttv", Tv),
    ("smart tv", Tv),
    ("hbbtv", Tv),
    ("netcast", Tv),
    ("android tv", Tv),
    ("androidtv", Tv),
    ("googletv", Tv),
    ("google tv", Tv),
    ("appletv", Tv),
    ("apple tv", Tv),
    ("tvos", Tv),
    ("crkey", Tv),
    ("chromecast", Tv),
    ("roku", Tv),
    ("bravia", Tv),
    ("aquos-tv", Tv),
    ("mitv", Tv),
    ("mibox", Tv),
    ("mi box", Tv),
    ("; aft", Tv),
    ("aftb", Tv),
    ("aftt", Tv),
    ("aftm", Tv),
    ("afts", Tv),
    ("aftn", Tv),
    ("aftr", Tv),
    ("aftka", Tv),
    ("viera", Tv),
    ("web0s", Tv),
    ("webos.tv", Tv),
    ("webos tv", Tv),
    ("nettv", Tv),
    ("netrange", Tv),
    ("ce-html", Tv),
    ("tv safari", Tv),
    ("(tv;", Tv),
    (" omi/", Tv),
    ("opera tv", Tv),
    ("vstvb", Tv),
    ("philipstv", Tv),
    ("tv box", Tv),
    ("tvbox", Tv),
    ("vidaa", Tv),
    (" tivo", Tv),
    ("(tivo", Tv),
    ("yndx-", Tv),
    ("brightsign", Tv),
    ("kreatv", Tv),
    ("espial", Tv),
    ("large screen", Tv),
    // VIZIO's SmartCast sets, the TV Bro browser of Android TV, DirectFB (the frame buffer
    // of TV and set-top box interfaces), Sharp's `(DTV)` sets
    ("vizio", Tv),
    ("tv bro", Tv),
    ("directfb", Tv),
    ("(dtv", Tv),
    // the CPUs of set-top boxes and TV chips, which no desktop or phone Linux runs on
    ("linux mips", SetTopCpu),
    ("linux sh4", SetTopCpu),
    ("smart-box", Tv),
    ("set-top", Tv),
    // `TV` as a word of the user agent
    (" tv ", Tv),
    ("; tv", Tv),
    ("(tv", Tv),
    (" tv;", Tv),
    (" tv)", Tv),
    (" tv/", Tv),
    ("streaming", Tv),
    // Infomir MAG boxes' portal (`MAG250 stbapp`), Free's Freebox
    ("stbapp", Tv),
    ("freebox", Tv),
    // Sony's Android TVs spell it `Andr0id`; Comcast's RDK app platform; browsers and
    // players made for TVs (Kylo, Seraphic's Sraf, Vewd, TiviMate)
    ("andr0id", Tv),
    ("firebolt", Tv),
    ("kylo/", Tv),
    ("sraf/", Tv),
    ("vewd", Tv),
    ("tivimate", Tv),
    ("webtv", Tv),
    // wearables and headsets
    ("; watch", Wearable),
    (" watch ", Wearable),
    ("watch/", Wearable),
    ("watchos", Wearable),
    ("watch os", Wearable),
    ("wear os", Wearable),
    ("smartwatch", Wearable),
    ("sm-r", Wearable),
    ("glass 1", Wearable),
    ("moto 360", Wearable),
    ("oculus", Wearable),
    ("quest 2", Wearable),
    ("quest 3", Wearable),
    ("quest pro", Wearable),
    ("pico 4", Wearable),
    ("pico neo", Wearable),
    ("mobile vr", Wearable),
    ("wearable", Wearable),
    // cars and other embedded systems
    ("tesla/", Embedded),
    ("qtcarbrowser", Embedded),
    ("automotive", Embedded),
    ("carplay", Embedded),
    ("homepod", Embedded),
    ("aeobc", Embedded),
    ("windows iot", Embedded),
    // tablets
    ("ipad", Tablet),
    ("tablet", Tablet),
    ("kindle", Tablet),
    ("silk/", Tablet),
    ("playbook", Tablet),
    ("rim tablet", Tablet),
    ("tab)", Tablet),
    ("; tab ", Tablet),
    ("kobo", Tablet),
    ("nook", Tablet),
    // the Echo Show's media player
    ("alexawebm", Tablet),
    ("tablet pc", TabletPc),
    ("mobile/", MobileSlash),
    // phones and other handhelds
    ("mobile", MobileWord),
    ("iphone", Handheld),
    ("ipod", Handheld),
    ("windows phone", Handheld),
    ("zunewp7", Handheld),
    ("iemobile", Handheld),
    ("windows ce", Handheld),
    ("polaris", Handheld),
    ("wpdesktop", Handheld),
    ("blackberry", Handheld),
    ("(bb10", Handheld),
    ("ucbrowser", Handheld),
    ("opera mini", Handheld),
    ("opera mobi", Handheld),
    ("symbian", Handheld),
    ("symbos", Handheld),
    ("series40", Handheld),
    ("series60", Handheld),
    ("series 40", Handheld),
    ("series 60", Handheld),
    ("j2me", Handheld),
    ("midp", Handheld),
    ("kaios", Handheld),
    ("mobi", Handheld),
    ("phone", Handheld),
    ("nokia", Handheld),
    ("samsung-sgh", Handheld),
    ("sonyericsson", Handheld),
    ("ucweb", Handheld),
    ("up.browser", Handheld),
    ("netfront", Handheld),
    ("obigo", Handheld),
    ("maui", Handheld),
    ("palm", Handheld),
    ("webos", Handheld),
    ("maemo", Handheld),
    ("meego", Handheld),
    ("sailfish", Handheld),
    ("bada", Handheld),
    ("firefox os", Handheld),
    ("fennec", Handheld),
    ("minimo", Handheld),
];

pub(super) fn device(ua: &Ua<'_>, os: Option<Os>, client_hints: &ClientHints<'_>) -> Device {
    // `models::android_model` reads a model after `FBDV/`, `Android`, `Adr ` or `(Linux; `:
    // agents with none of them are not searched.
    let names_model = ua.any(&[FbDevice, Android, LinuxList]);
    let model = hints::model(client_hints).or_else(|| names_model.then(|| models::android_model(ua.raw)).flatten());
    let model = model.map(Model::new);
    let model = model.as_ref();
    let android = os == Some(Os::Android)
        || ua.has(Android)
        || (ua.has(HarmonyOs) && ua.raw.contains("HarmonyOS"))
        || (ua.has(LinuxList) && models::unnamed_android(ua.raw).is_some());
    let vertical = if android && ua.has(BuildId) {
        android::build_vertical(ua.raw)
    } else {
        None
    };
    if (ua.has(Console) && !ua.has(NotConsole)) || model.is_some_and(Model::is_console) {
        return Device::Console;
    }
    // Opera's Presto-era TV and set-top SDK runs on a Linux without X11.
    let set_top = (ua.has(SetTopCpu) || (ua.has(Presto) && ua.has(Linux) && !ua.has(X11)))
        && !android
        && !ua.any(&[Handheld, MobileWord]);
    if ua.has(Tv)
        || set_top
        || says_tv_last(ua.raw)
        || vertical == Some(Vertical::Tv)
        || model.is_some_and(Model::is_tv)
    {
        return Device::SmartTv;
    }
    if ua.has(Wearable) || vertical == Some(Vertical::Wear) || model.is_some_and(Model::is_watch) {
        return Device::Wearable;
    }
    if ua.has(Embedded) {
        return Device::Embedded;
    }
    let mobile_hint = hints::mobile(client_hints);
    if hints::desktop_platform(client_hints) && mobile_hint != Some(true) {
        return Device::Desktop;
    }
    if android {
        return android_device(ua, model, mobile_hint);
    }
    if (ua.has(Tablet) && !ua.has(TabletPc)) || (ua.has(Macintosh) && ua.has(MobileSlash)) {
        return Device::Tablet;
    }
    match mobile_hint {
        Some(true) => Device::Mobile,
        _ if ua.any(&[Handheld, MobileWord]) => Device::Mobile,
        _ => Device::Desktop,
    }
}

/// Apps on TVs end their user agent with `TV` (Yandex's `… YaBrowser/23.9 (lite) TV`).
fn says_tv_last(raw: &str) -> bool {
    let raw = raw.trim_end().as_bytes();
    raw.len() >= 3 && raw[raw.len() - 3..].eq_ignore_ascii_case(b" tv")
}

/// An Android phone or tablet: its model family first, then the screen's smallest width
/// when an app reports it, then the hint, then `Mobile`, which browsers add on phones
/// only. Other agents (`Dalvik`, apps' own user agents) never say `Mobile`: without a
/// tablet model they are phones, as most Android devices are.
fn android_device(ua: &Ua<'_>, model: Option<&Model>, mobile_hint: Option<bool>) -> Device {
    if model.is_some_and(Model::is_tablet) || (ua.has(Tablet) && !ua.has(TabletPc)) {
        return Device::Tablet;
    }
    if model.is_some_and(Model::is_phone) {
        return Device::Mobile;
    }
    if let Some(width) = ua.has(AppMetrics).then(|| android::smallest_width_dp(ua.raw)).flatten() {
        return if width >= android::TABLET_MIN_WIDTH_DP {
            Device::Tablet
        } else {
            Device::Mobile
        };
    }
    let browser_like = ua.raw.starts_with("Mozilla/") && ua.any(&[Chrome, Firefox, SafariToken, Version]);
    match mobile_hint {
        Some(true) => Device::Mobile,
        Some(false) => Device::Tablet,
        None if ua.any(&[MobileWord, Handheld]) || !browser_like => Device::Mobile,
        None => Device::Tablet,
    }
}
