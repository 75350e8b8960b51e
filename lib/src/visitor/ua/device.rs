//! Device type: consoles, wearables, TVs and embedded systems before tablets and phones.

use super::Ua;
use crate::domain::{Device, Os};

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

pub(super) fn device(ua: &Ua<'_>, os: Option<Os>) -> Device {
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
