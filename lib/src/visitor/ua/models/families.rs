//! Our own model-family tables, from the makers' published model numbering. Entries are
//! lower-case prefixes of model names (`_` written as a space, as models are normalised),
//! except the `…_WORDS` tables, whose entries are whole words of a model name.

/// Tablet families: Samsung Galaxy Tab (`SM-T`, `SM-P`, `SM-X`, `GT-P`, Note 8/10.1),
/// Amazon Fire (`KF…`), Google, Asus, Acer Iconia, Sony, LG, Huawei MediaPad/MatePad and
/// Honor Pad codes, Lenovo (`TB-`, `YT-`), Nokia, Xiaomi, realme, OPPO/OnePlus, Barnes &
/// Noble Nook, Kobo, Archos, Teclast, Chuwi, Alldocube, Verizon.
#[rustfmt::skip]
pub(super) const TABLETS: &[&str] = &[
    "sm-t", "sm-p", "sm-x", "gt-p", "gt-n5", "gt-n8", "sch-i800", "shw-m180", "sgh-t849",
    "nexus 7", "nexus 9", "nexus 10", "pixel c", "pixel tablet",
    "asus p0", "p00", "p01", "p02", "k00", "k01", "me17", "me30", "me37", "me57", "transformer",
    "xoom", "b1-", "b3-", "a1-", "a3-a", "iconia", "sgp", "xperia tablet",
    "so-05f", "lg-v", "vk810", "lm-t",
    "mediapad", "matepad", "bah", "agr-", "agrk", "ags", "kob", "cmr-", "scm-", "mrx-", "jdn",
    "bzk-", "dbr-", "sht-", "gdi-", "agm-", "agm3-", "brt-", "eln-", "m2-", "cpn-", "vrd-", "t1-", "bgo-",
    "bg2-", "dby", "btv", "hey-", "got-", "btk-", "krj-", "wgr-", "hdn-", "rod-",
    "lenovo tb", "lenovo yt", "lenovo b6", "lenovo b8", "lenovo tab", "tb-", "tb2-",
    "tb3", "tb1", "tb2", "tb7", "tb8", "tb128", "tb328", "tb350", "yt-", "yt3", "ideatab",
    "a2109", "s6000", "nokia t", "itel w7", "itel p100", "mon-", "gem-", "d-0", "d-4",
    "mi pad", "xiaomi pad", "redmi pad", "oppo pad", "realme pad", "vivo pad", "rmp2", "opd", "honor pad",
    "galaxy tab", "moto tab", "bntv", "bnrv", "nook", "kobo", "playbook", "kindle", "slate",
    "touchpad", "archos5", "archos 7", "archos 8", "archos 9", "archos 10", "sonysgp", "m2105k81", "21051182", "teclast", "chuwi", "hipad",
    "alldocube", "iplay", "qtaqz", "qtasun", "qmv7", "vfd 1", "scmr", "a7-", "a8-", "a10-",
    "pmt", "rct6", "plt", "pmid", "digma plane", "digma optima", "digma citi", "irbis t",
    "oysters t", "dexp ursus", "nextbook", "allview viva", "goclever", "headwolf",
    // Samsung's operator tablets (docomo SC-01C…, au SCT21, AT&T SGH-I957/I987, Verizon
    // SCH-I905/I915, Sprint SPH-P100); Huawei MediaPad S7/S8, T2 Pro (FDR-, PLE-)
    // and Honor Tab (BZA/BZC/BZD/BZI/BZT)
    "sc-01c", "sc-01d", "sc-01e", "sc-02d", "sct21", "sgh-i957", "sgh-i987", "sch-i905",
    "sch-i915", "sph-p100", "s7-", "s8-", "fdr-", "ple-", "bza-", "bzc-", "bzd-",
    "bzi-", "bzt-",
    // Lenovo IdeaTab and Tab A (A3000, A3300 = A7-30, A3500 = A7-50, A5500 = A8-50,
    // A7600 = A10-70, S5000, S8-50); Asus ZenPad (Z170, Z300/Z301, Z370, Z380, Z500,
    // Z581), Transformer (TF…) and MeMO Pad (ME102, ME180); Sony Xperia Z tablets on au
    // and docomo; Motorola Xoom (MZ5…, MZ6…)
    "a3000-", "a3300-", "a3500-", "a5500-", "a7600-", "s5000", "s8-50", "z170", "z300c", "z300m", "z301",
    "z370", "z380", "z500m", "z500kl", "z581", "tf101", "tf103", "tf201", "tf300", "tf301",
    "tf303", "tf502", "tf600", "tf700", "tf701", "tf810", "me102", "me18", "sot2", "sot3",
    "so-03e", "so-05g", "mz50", "mz60", "mz61",
    // Dell Venue and Streak, Toshiba AT…, Nvidia Tegra Note (`TegraNote-P1640`), HTC Flyer, Tesco Hudl, Nabi,
    // Datawind UbiSlate, Micromax Funbook, Verizon Ellipsis (QTAIR)
    "venue 7", "venue 8", "venue 10", "dell streak", "streak 7", "streak 10", "at100",
    "at200", "at270", "at300", "at10-", "at7-", "tegranote", "htc flyer", "hudl", "nabi",
    "ubislate", "funbook", "qtair",
    // makers of tablets: Ainol Novo, Ployer MOMO, Onda, Zenithink,
    // Prestigio MultiPad (PMP), Ritmix (RMD-), teXet by size (TM-7…, TM-8…, TM-9…),
    // Coby Kyros and other MIDs numbered by size (MID7…)
    "novo7", "novo 7", "novo8", "novo9", "novo10", "momo7", "momo8", "momo9", "momo11",
    "onda ", "zt-180", "pmp", "rmd-", "tm-7", "tm-8", "tm-9", "mid7", "mid8",
    "mid9", "mid10",
    // the reference tablet builds of Rockchip's tablet chips
    "rk30sdk", "rk31sdk", "rk29sdk", "rk312x", "rk3126", "rk3188", "rk3066", "rk2928",
];
/// Whole tablet model names: Acer Iconia Tab (`A500`, not Lenovo's `A5000` phone).
pub(super) const TABLET_NAMES: &[&str] = &["a500", "a510", "a700"];
/// Words of tablet names: `MID` (mobile internet device), tablets' own names, and screen
/// sizes no phone has (`10.1`, `… inch`).
pub(super) const TABLET_WORDS: &[&str] = &["mid", "tablet", "tab", "pad", "smartpad", "multipad", "inch"];

/// TVs, set-top boxes and sticks that name no TV in words: Xiaomi, Sony, Amazon, Nvidia,
/// Google's ADT kits, Yandex modules, Android TV boxes and their Amlogic boards, Philips
/// (TP Vision `TPM…`), operators' IPTV boxes (Huawei `EC61…`, ZTE `B860`/`ZXV10`,
/// Fiberhome `HG680`), the TV-box chips that generic boxes name as their model (Amlogic
/// S9xx, Rockchip RK3228/RK3229/RK3318/RK3328, Allwinner H313/H616/H618), makers that sell
/// TVs but no phones or tablets (Changhong, Konka,
/// Vestel, Thomson, Blaupunkt and Telefunken sell both, so their names alone say nothing).
#[rustfmt::skip]
pub(super) const TVS: &[&str] = &[
    "mitv", "mibox", "mi box", "bravia", "aft", "shield android tv", "adt-", "yndx-", "x96",
    "h96", "mxq", "t95", "tx3", "tx6", "a95x", "hk1", "tanix", "magicbox", "mbox", "mecool",
    "beelink", "ugoos", "zidoo", "formuler", "s905", "s912", "s922", "amlogic",
    "skyworth", "philips tv", "smart tv", "grundig", "loewe", "metz", "kivi", "tpm1", "ec6108", "ec6109",
    "ec6110", "b860", "b866", "zxv10", "hg680", "m302a", "rk3228", "rk3229", "rk322x", "rk3318",
    "rk3328", "x88 pro", "vontar", "transpeed",
    // Nexus Player, Beelink GT1 and GT-King, MINIX, Technicolor's operator boxes (UIW4…),
    // Airtel Xstream (short box codes such as Tanix `TX9` or Mecool `KM1` are other
    // makers' tablets and phones too)
    "nexus player", "gt1 mini", "gt-king", "minix", "uiw4", "xstream",
];
/// Whole TV-box model names: the reference boards of Amlogic's TV chips, which generic
/// boxes keep as their model (`p212`, `q201`).
#[rustfmt::skip]
pub(super) const TV_NAMES: &[&str] = &[
    "p200", "p201", "p212", "p230", "p231", "p241", "p281", "p291", "q200", "q201", "q212",
    "u200", "u211", "u212", "h313", "h616", "h618",
];
pub(super) const TV_WORDS: &[&str] = &["atv", "stb", "stick", "dongle", "uhd", "qled", "iptv", "dvb"];

/// Watches: Samsung Galaxy Watch (`SM-R`, `SM-L3`, `SM-L7`), OPPO Watch (`OW…`).
pub(super) const WATCHES: &[&str] = &["sm-r", "sm-l3", "sm-l5", "sm-l7", "ow19", "ow20", "opwwe", "owwe"];

/// Android gaming handhelds.
#[rustfmt::skip]
pub(super) const CONSOLES: &[&str] = &[
    "retroid", "anbernic", "rg35", "rg40", "rg50", "rg55", "odin2", "ayn odin", "ayaneo",
    "g cloud", "razer edge", "gpd xp", "steam deck",
];

/// Phone families of the big Android makers (Samsung Galaxy S/A/M/J/Note/Z, Pixel,
/// Motorola, Xiaomi/Redmi/POCO, realme, vivo, OPPO, OnePlus, LG, HTC, Huawei and Honor,
/// Nokia, Transsion, Asus, Sony, ZTE, Alcatel, Wiko).
#[rustfmt::skip]
pub(super) const PHONES: &[&str] = &[
    "sm-g", "sm-a", "sm-n", "sm-s", "sm-m", "sm-j", "sm-f", "sm-e", "sm-c", "sm-w", "gt-i",
    "gt-s", "pixel", "nexus 4", "nexus 5", "nexus 6", "nexus s", "galaxy nexus", "moto", "xt",
    "redmi", "mi ", "poco", "rmx", "vivo", "v1", "v2", "cph", "oneplus", "le2", "in20", "hd19",
    "ac20", "kb20", "gm19", "ne2", "lg-", "lm-", "htc", "huawei", "honor", "ele-", "vog-", "mar-",
    "ane-", "stk-", "jny-", "lya-", "nokia", "ta-", "infinix", "tecno", "itel", "asus ",
    "zenfone", "sony", "so-", "sov", "sog", "xq-", "g8", "f5", "e5", "d6", "c6", "blade", "zte",
    "alcatel", "5033", "wiko", "m200", "m210", "iphone",
];

/// Tablets by makers that number their models with the screen's size in inches, where
/// the number alone tells a tablet (7 inches or more) from a phone:
///
/// - Digma and SunWind (two brands of Merlion): a code of the series' two letters (Digma's
///   CITI `CS`/`CT`, Plane `PS`/`PT`, Optima `TS`/`TT`, SunWind's SKY `SS`/`ST`), the size,
///   two or three digits and two letters (`CS7208MG` is a 7-inch CITI, `PS1202MG` a 12-inch
///   Plane; the 6-inch CITI 609 phone is `CS6063ML`), anywhere in the model
///   (`CITI 7591 3G CS7208MG`);
/// - BQ (Russia): `BQ-` and four digits, the first one or two the size (`BQ-1045G`,
///   `BQ-7000G`, `BQ-8068L`; phones are `BQ-4…` to `BQ-6…`);
/// - Nomi: `C`, the size in tenths of an inch and three digits (`C070030`, `C101010`;
///   phones are `i5032`);
/// - Irbis: `TZ` and digits (tablets; its phones are `SP…`);
/// - Ginzzu and Genesis: `GT-` and four digits, the first one or two the size
///   (`GT-1045`, `GT-7115`; Samsung's `GT-` codes always go on with a letter).
///
/// Google Play's supported-devices list files every model of these shapes under that
/// maker. The last four are matched at the start of the model or after the maker's name.
pub(super) fn numbered_as_a_tablet(name: &str) -> bool {
    let mut words = name.split(' ');
    let first = words.next().unwrap_or_default();
    let second = words.next().unwrap_or_default();
    let after_brand = match first {
        "irbis" | "ginzzu" | "genesis" | "nomi" | "bq" | "bqru" => second,
        _ => first,
    };
    name.split(' ').any(merlion_tablet_code)
        || bq_tablet(first)
        || (first == "bq" && four_digit_size(second))
        || nomi_tablet(after_brand)
        || irbis_tablet(after_brand)
        || after_brand.strip_prefix("gt-").is_some_and(four_digit_size)
}

/// Four digits, then nothing or letters, whose first one or two are a tablet's size:
/// 7, 8 or 9, or 10 to 13 inches.
fn four_digit_size(code: &str) -> bool {
    let b = code.as_bytes();
    b.len() >= 4
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4..].iter().all(u8::is_ascii_alphabetic)
        && (matches!(b[0], b'7'..=b'9') || (b[0] == b'1' && matches!(b[1], b'0'..=b'3')))
}

fn bq_tablet(word: &str) -> bool {
    word.strip_prefix("bqru-")
        .or_else(|| word.strip_prefix("bq-"))
        .is_some_and(four_digit_size)
}

fn merlion_tablet_code(word: &str) -> bool {
    let b = word.as_bytes();
    let series = b.len() >= 2 && matches!(&b[..2], b"cs" | b"ct" | b"ps" | b"pt" | b"ts" | b"tt" | b"ss" | b"st");
    let rest = b.get(2..).unwrap_or_default();
    let size = match rest {
        [b'7'..=b'9', ..] => 1,
        [b'1', b'0'..=b'3', ..] => 2,
        _ => return false,
    };
    // the size's own digits, then two or three more, then two letters
    let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
    series
        && (2..=3).contains(&(digits - size))
        && rest.len() == digits + 2
        && rest[digits..].iter().all(u8::is_ascii_alphabetic)
}

fn nomi_tablet(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() >= 7
        && b[0] == b'c'
        && matches!(&b[1..3], b"07" | b"08" | b"09" | b"10")
        && b[1..7].iter().all(u8::is_ascii_digit)
        && b[7..].iter().all(u8::is_ascii_alphabetic)
}

fn irbis_tablet(word: &str) -> bool {
    word.strip_prefix("tz")
        .is_some_and(|rest| rest.as_bytes().first().is_some_and(u8::is_ascii_digit))
}
