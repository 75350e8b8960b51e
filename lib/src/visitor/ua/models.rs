//! Android device models: where a user agent names its model, and which model families
//! are tablets, TVs and set-top boxes, consoles, watches or phones. Tables are lower-case
//! prefixes of model codes (matched at the start of the model, or of the word after its
//! brand) or whole words of model names, from the makers' published model numbering.

/// Tablet families: Samsung Galaxy Tab (`SM-T`, `SM-P`, `SM-X`, `GT-P`, Note 8/10.1),
/// Amazon Fire (`KF…`), Google, Asus, Acer Iconia, Sony, LG, Huawei MediaPad/MatePad and
/// Honor Pad codes, Lenovo (`TB-`, `YT-`), Nokia, Xiaomi, realme, OPPO/OnePlus, Barnes &
/// Noble Nook, Kobo, Archos, Teclast, Chuwi, Alldocube, Verizon.
#[rustfmt::skip]
const TABLETS: &[&str] = &[
    "sm-t", "sm-p", "sm-x", "gt-p", "gt-n5", "gt-n8", "sch-i800", "shw-m180", "sgh-t849", "kf",
    "nexus 7", "nexus 9", "nexus 10", "pixel c", "pixel tablet",
    "asus_p0", "p00", "p01", "p02", "k00", "k01", "me17", "me30", "me37", "me57", "transformer",
    "xoom", "a500", "a510", "a700", "b1-", "b3-", "a1-", "a3-a", "iconia", "sgp", "xperia tablet",
    "so-05f", "lg-v", "vk810", "lm-t",
    "mediapad", "matepad", "bah", "agr-", "agrk", "ags", "kob", "cmr-", "scm-", "mrx-", "jdn",
    "bzk-", "dbr-", "sht-", "gdi-", "agm", "brt-", "eln-", "m2-", "cpn-", "vrd-", "t1-", "bgo-",
    "bg2-", "dby", "btv", "hey-", "got-", "btk-", "krj-", "wgr-", "hdn-", "rod-",
    "lenovo tb", "lenovo yt", "lenovo b6", "lenovo b8", "lenovo tab", "tb-", "tb2-",
    "tb3", "tb1", "tb2", "tb7", "tb8", "tb128", "tb328", "tb350", "yt-", "yt3", "ideatab",
    "a2109", "s6000", "nokia t", "itel w7", "itel p100", "mon-", "gem-", "d-0", "d-4",
    "mi pad", "xiaomi pad", "redmi pad", "oppo pad", "realme pad", "rmp", "opd", "honor pad",
    "galaxy tab", "moto tab", "bntv", "bnrv", "nook", "kobo", "playbook", "kindle", "slate",
    "touchpad", "archos5", "archos 7", "archos 8", "archos 9", "archos 10", "sonysgp", "m2105k81", "21051182", "teclast", "chuwi", "hipad",
    "alldocube", "iplay", "qtaqz", "qtasun", "qmv7", "vfd 1",
];

/// TVs, set-top boxes and sticks that name no TV in words: Xiaomi, Sony, Amazon, Nvidia,
/// Google's ADT kits, Yandex modules, Android TV boxes and their Amlogic/Rockchip boards.
#[rustfmt::skip]
const TVS: &[&str] = &[
    "mitv", "mibox", "mi box", "bravia", "aft", "shield android tv", "adt-", "yndx-", "x96",
    "h96", "mxq", "t95", "tx3", "tx6", "a95x", "hk1", "tanix", "magicbox", "mbox", "mecool",
    "beelink", "ugoos", "zidoo", "formuler", "s905", "s912", "s922", "amlogic",
    "skyworth", "philips tv", "smart tv", "changhong", "konka", "vestel", "telefunken",
    "thomson", "grundig", "loewe", "metz", "blaupunkt", "kivi",
];
const TV_WORDS: &[&str] = &["tv", "atv", "box", "tvbox", "stb", "stick", "dongle", "smarttv"];

/// Watches: Samsung Galaxy Watch (`SM-R`, `SM-L3`, `SM-L7`), OPPO Watch (`OW…`).
const WATCHES: &[&str] = &["sm-r", "sm-l3", "sm-l7", "ow19", "ow20", "opwwe", "owwe"];

/// Android gaming handhelds.
#[rustfmt::skip]
const CONSOLES: &[&str] = &[
    "retroid", "anbernic", "rg35", "rg40", "rg50", "rg55", "odin2", "ayn odin", "ayaneo",
    "g cloud", "razer edge", "gpd xp", "steam deck",
];

/// Phone families of the big Android makers (Samsung Galaxy S/A/M/J/Note/Z, Pixel,
/// Motorola, Xiaomi/Redmi/POCO, realme, vivo, OPPO, OnePlus, LG, HTC, Huawei and Honor,
/// Nokia, Transsion, Asus, Sony, ZTE, Alcatel, Wiko).
#[rustfmt::skip]
const PHONES: &[&str] = &[
    "sm-g", "sm-a", "sm-n", "sm-s", "sm-m", "sm-j", "sm-f", "sm-e", "sm-c", "sm-w", "gt-i",
    "gt-s", "pixel", "nexus 4", "nexus 5", "nexus 6", "nexus s", "galaxy nexus", "moto", "xt",
    "redmi", "mi ", "poco", "rmx", "vivo", "v1", "v2", "cph", "oneplus", "le2", "in20", "hd19",
    "ac20", "kb20", "gm19", "ne2", "lg-", "lm-", "htc", "huawei", "honor", "ele-", "vog-", "mar-",
    "ane-", "stk-", "jny-", "lya-", "nokia", "ta-", "infinix", "tecno", "itel", "asus_",
    "zenfone", "sony", "so-", "sov", "sog", "xq-", "g8", "f5", "e5", "d6", "c6", "blade", "zte",
    "alcatel", "5033", "wiko", "m200", "m210", "iphone",
];

/// Parts of the parenthesised platform list that are not the model.
#[rustfmt::skip]
const NOT_MODEL: &[&str] = &[
    "android", "linux", "wv", "arm", "aarch64", "mobile", "tablet", "build/", "rv:", "hmscore",
    "gmscore", "harmonyos", "x11", "release/",
];

/// The model an Android user agent names: `(Linux; Android 10; SM-T510 Build/…)`, UC's
/// `(… Adr 4.4; en-US; SM-T231)`, Facebook's `FBDV/SM-T580;`, Instagram's
/// `Android (29/10; 320dpi; 800x1280; samsung; SM-T515; …)`.
pub(super) fn android_model(raw: &str) -> Option<&str> {
    if let Some((_, rest)) = raw.split_once("FBDV/") {
        return rest.split(';').next().map(str::trim).filter(|m| !m.is_empty());
    }
    if let Some((_, rest)) = raw.split_once(" Android (") {
        return rest.split(';').nth(4).map(str::trim).filter(|m| !m.is_empty());
    }
    let start = raw
        .find("Android")
        .or_else(|| raw.find("android"))
        .or_else(|| raw.find("Adr "))?;
    let rest = &raw[start..];
    let inside = &rest[..rest.find(')').unwrap_or(rest.len())];
    let model = inside.split([';', '；']).map(str::trim).rfind(|part| {
        let starts = |p: &&str| part.get(..p.len()).is_some_and(|head| head.eq_ignore_ascii_case(p));
        let locale = part.len() == 5 && matches!(part.as_bytes()[2], b'-' | b'_');
        !(part.len() <= 2 || locale || part.starts_with("Adr ") || NOT_MODEL.iter().any(starts))
    })?;
    let model = model.split(" Build").next().unwrap_or(model);
    Some(model.split('/').next().unwrap_or(model).trim())
}

/// `model` (lower-case) starts with one of `prefixes`, or the word after its brand does.
fn has_prefix(model: &str, prefixes: &[&str]) -> bool {
    let after_brand = model.split_once(' ').map(|(_, rest)| rest);
    prefixes
        .iter()
        .any(|p| model.starts_with(p) || after_brand.is_some_and(|m| m.starts_with(p)))
}

fn has_word(model: &str, words: &[&str]) -> bool {
    model
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| words.contains(&word))
}

/// Tablet model codes, or `tab`/`pad` in the name (Huawei and Honor Wi-Fi tablets end in
/// `-W09`/`-W00`; Alcatel and TCL number tablets 8xxx/9xxx and phones 4xxx–6xxx; Xiaomi's
/// numeric codes carry `RP` for Redmi Pad).
pub(super) fn is_tablet(model: &str) -> bool {
    let b = model.as_bytes();
    let alcatel_tablet = b.len() >= 5
        && matches!(b[0], b'8' | b'9')
        && b[1..4].iter().all(u8::is_ascii_digit)
        && b[4].is_ascii_alphabetic();
    let xiaomi_pad = b.first().is_some_and(u8::is_ascii_digit) && model.contains("rp");
    alcatel_tablet
        || xiaomi_pad
        || has_prefix(model, TABLETS)
        || model.contains("tab")
        || model.contains("pad")
        || model.contains("-w09")
        || model.contains("-w00")
}

pub(super) fn is_tv(model: &str) -> bool {
    has_word(model, TV_WORDS) || has_prefix(model, TVS) || model.contains("smarttv")
}

pub(super) fn is_console(model: &str) -> bool {
    has_prefix(model, CONSOLES)
}

pub(super) fn is_watch(model: &str) -> bool {
    model.contains("watch") || has_prefix(model, WATCHES)
}

pub(super) fn is_phone(model: &str) -> bool {
    has_prefix(model, PHONES) || model.contains("phone")
}
