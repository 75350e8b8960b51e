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
