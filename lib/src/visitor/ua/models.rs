//! Android device models: where a user agent names its model, and which model families
//! are tablets, TVs and set-top boxes, consoles, watches or phones. Tables are lower-case
//! prefixes of model codes (matched at the start of the model, or of the word after its
//! brand) or whole words of model names, from the makers' published model numbering.

use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

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
    "alldocube", "iplay", "qtaqz", "qtasun", "qmv7", "vfd 1", "scmr", "a7-", "a8-", "a10-",
    "pmt", "rct6", "plt", "pmid", "digma plane", "digma optima", "digma citi", "irbis t",
    "oysters t", "dexp ursus", "nextbook", "allview viva", "goclever", "headwolf",
];
/// Words of tablet names: `MID` (mobile internet device) and tablets' own names.
const TABLET_WORDS: &[&str] = &["mid", "tablet", "tab", "pad", "smartpad", "multipad"];

/// TVs, set-top boxes and sticks that name no TV in words: Xiaomi, Sony, Amazon, Nvidia,
/// Google's ADT kits, Yandex modules, Android TV boxes and their Amlogic boards, Philips
/// (TP Vision `TPM…`), operators' IPTV boxes (Huawei `EC61…`, ZTE `B860`/`ZXV10`,
/// Fiberhome `HG680`), TV makers.
#[rustfmt::skip]
const TVS: &[&str] = &[
    "mitv", "mibox", "mi box", "bravia", "aft", "shield android tv", "adt-", "yndx-", "x96",
    "h96", "mxq", "t95", "tx3", "tx6", "a95x", "hk1", "tanix", "magicbox", "mbox", "mecool",
    "beelink", "ugoos", "zidoo", "formuler", "s905", "s912", "s922", "amlogic",
    "skyworth", "philips tv", "smart tv", "changhong", "konka", "vestel", "telefunken",
    "thomson", "grundig", "loewe", "metz", "blaupunkt", "kivi", "tpm1", "ec6108", "ec6109",
    "ec6110", "b860", "b866", "zxv10", "hg680", "m302a",
];
const TV_WORDS: &[&str] = &["atv", "stb", "stick", "dongle", "uhd", "qled"];

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

const TABLET: u8 = 1;
const TV: u8 = 2;
const CONSOLE: u8 = 4;
const WATCH: u8 = 8;
const PHONE: u8 = 16;

/// One anchored automaton over every prefix table: a model is looked up once, not
/// against each table's entries in turn.
struct Prefixes {
    automaton: AhoCorasick,
    families: Vec<u8>,
}

static PREFIXES: LazyLock<Prefixes> = LazyLock::new(|| {
    let mut patterns: Vec<&str> = Vec::new();
    let mut families: Vec<u8> = Vec::new();
    let tables = [
        (TABLETS, TABLET),
        (TVS, TV),
        (CONSOLES, CONSOLE),
        (WATCHES, WATCH),
        (PHONES, PHONE),
    ];
    for (table, family) in tables {
        for prefix in table {
            match patterns.iter().position(|p| p == prefix) {
                Some(i) => families[i] |= family,
                None => {
                    patterns.push(prefix);
                    families.push(family);
                }
            }
        }
    }
    let automaton = AhoCorasick::builder()
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::ContiguousNFA))
        .build(&patterns)
        .expect("the model tables build an automaton");
    Prefixes { automaton, families }
});

/// The families whose prefixes start `text` (overlapping searches cannot be anchored, so
/// matches that start later are skipped; model names are short).
fn prefix_families(text: &str) -> u8 {
    let prefixes = &*PREFIXES;
    prefixes
        .automaton
        .find_overlapping_iter(text)
        .filter(|found| found.start() == 0)
        .fold(0, |bits, found| bits | prefixes.families[found.pattern().as_usize()])
}

fn has_word(model: &str, words: &[&str]) -> bool {
    model
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| words.contains(&word))
}

/// A device model, lower-case, with the families whose prefixes start it or the word
/// after its brand (`Lenovo TB-X306F`).
pub(super) struct Model {
    name: String,
    families: u8,
}

impl Model {
    pub(super) fn new(name: &str) -> Self {
        let name = name.to_ascii_lowercase();
        let after_brand = name.split_once(' ').map_or(0, |(_, rest)| prefix_families(rest));
        let families = prefix_families(&name) | after_brand;
        Self { name, families }
    }

    fn in_family(&self, family: u8) -> bool {
        self.families & family != 0
    }

    /// Tablet model codes, or `tab`/`pad` in the name (Huawei and Honor Wi-Fi tablets end
    /// in `-W09`/`-W00`; Alcatel and TCL number tablets 8xxx/9xxx and phones 4xxx–6xxx;
    /// Xiaomi's numeric codes carry `RP` for Redmi Pad).
    pub(super) fn is_tablet(&self) -> bool {
        let (model, b) = (self.name.as_str(), self.name.as_bytes());
        let alcatel_tablet = b.len() >= 5
            && matches!(b[0], b'8' | b'9')
            && b[1..4].iter().all(u8::is_ascii_digit)
            && b[4].is_ascii_alphabetic();
        let xiaomi_pad = b.first().is_some_and(u8::is_ascii_digit) && model.contains("rp");
        self.in_family(TABLET)
            || alcatel_tablet
            || xiaomi_pad
            || has_word(model, TABLET_WORDS)
            || model.contains("tab")
            || model.contains("pad")
            || model.contains("-w09")
            || model.contains("-w00")
    }

    /// TV and set-top box models, or a word of the name that is or ends in `TV` or `box`
    /// (`Smart TV`, `AndroidTV`, `SberBox`; not model codes such as `BTV-W09`).
    pub(super) fn is_tv(&self) -> bool {
        let tv_word = self.name.split(|c: char| !c.is_ascii_alphanumeric()).any(|word| {
            let named = |suffix: &str| {
                word.len() >= 5 && word.bytes().all(|b| b.is_ascii_alphabetic()) && word.ends_with(suffix)
            };
            word == "tv" || word == "box" || named("tv") || named("box")
        });
        self.in_family(TV) || tv_word || has_word(&self.name, TV_WORDS)
    }

    pub(super) fn is_console(&self) -> bool {
        self.in_family(CONSOLE)
    }

    pub(super) fn is_watch(&self) -> bool {
        self.in_family(WATCH) || self.name.contains("watch")
    }

    pub(super) fn is_phone(&self) -> bool {
        self.in_family(PHONE) || self.name.contains("phone")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_table_is_lower_case_as_the_models_it_is_matched_against() {
        for entry in [TABLETS, TVS, CONSOLES, WATCHES, PHONES, NOT_MODEL].concat() {
            assert_eq!(entry, entry.to_ascii_lowercase(), "{entry}");
        }
    }

    #[test]
    fn the_model_is_read_from_the_platform_list_ucs_adr_and_instagram() {
        let chrome = "Mozilla/5.0 (Linux; Android 10; SM-T510 Build/QP1A.190711.020) AppleWebKit/537.36";
        assert_eq!(android_model(chrome), Some("SM-T510"));
        let uc = "UCWEB/2.0 (Linux; U; Adr 4.0.4; en-US; SM-T231) U2/1.0.0 UCBrowser/9.7.0.520 U2/1.0.0 Mobile";
        assert_eq!(android_model(uc), Some("SM-T231"));
        let instagram = "Instagram 200.0.0.26.120 Android (29/10; 320dpi; 800x1280; samsung; SM-T515; gta2xlwifi; qcom; en_US; 311275440)";
        assert_eq!(android_model(instagram), Some("SM-T515"));
        assert_eq!(
            android_model("Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36"),
            None
        );
    }
}
