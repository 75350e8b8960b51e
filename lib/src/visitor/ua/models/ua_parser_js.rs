//! Model families ported by hand from the device rules of ua-parser-js 1.0.41 (the npm
//! package `ua-parser-js`, `src/ua-parser.js`, `regexes.device`; MIT licence, copyright
//! 2012-2025 Faisal Salman). Each regular expression there names a maker's model codes
//! and their type; here they are the literal prefixes those expressions start with (or
//! the whole words they bound), lower case, `_` written as a space. Left out on purpose:
//! rules that name a whole brand as one type (`vodafone …` as tablets, `lenovo …` as
//! phones: both makers sell both), Galaxy Note phones (`GT-N7…`, which its `gt-[pn]`
//! tablet rule also catches), the Surface Duo and the PadFone (phones), Samsung's `SM-L`
//! and Amazon's `AEO` codes (their rules bound the characters that follow, which a
//! prefix cannot), and patterns whose only literal is one or two characters
//! (`[yr]\d{2}`, `dt\w{5}`).
//!
//! Permission is hereby granted, free of charge, to any person obtaining a copy of this
//! software and associated documentation files (the "Software"), to deal in the Software
//! without restriction, including without limitation the rights to use, copy, modify,
//! merge, publish, distribute, sublicense, and/or sell copies of the Software, and to
//! permit persons to whom the Software is furnished to do so, subject to the following
//! conditions: The above copyright notice and this permission notice shall be included in
//! all copies or substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS",
//! WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
//! WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN
//! NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR
//! OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT
//! OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

/// Tablets, by ua-parser-js's vendor sections.
#[rustfmt::skip]
pub(super) const TABLETS: &[&str] = &[
    // Samsung
    "sch-i80", "sch-i90", "shw-m380s", "sm-p", "sm-t", "sm-x", "gt-p", "gt-n5", "gt-n8",
    "sgh-t849", "sgh-t859", "sgh-t869", "nexus 10",
    // Honor
    "brt-", "eln-", "hey-", "hey2-", "gdi-", "jdn-", "jdn2-", "agr3-", "agm3-", "kob2-",
    // Huawei
    "ags", "agr", "bah", "bg2-", "bgo-", "btk-", "btv-", "cmr-", "cpn-", "dbr-", "dby-", "dbr2-",
    "dby2-", "got-", "kob-", "mon-", "pce-", "scm-", "sht-", "tgr-", "wgr-", "vrd-", "605hw",
    "gem-70", "gem-a0", "fdr-70", "fdr-a0", "m2-70", "m2-a0", "ple-70", "ple-a0", "t1-70",
    "t1-a0", "t1-a2", "mediapad",
    // Xiaomi (its numeric pad codes: `Model::is_tablet`)
    "mi pad", "mipad", "mi-pad", "redmi pad", "redmipad", "redmi-pad", "m2105k81",
    // OPPO and OnePlus
    "opd2",
    // Motorola
    "mz60", "xoom",
    // LG (its `[vl]k\d{3}` also names VKworld's phones: only the G Pad codes)
    "vk810", "vk815",
    // Lenovo
    "ideatab", "602lv", "d-42a", "a101lv", "a2109a", "a3500-hv", "s5000", "s6000", "pb-6505",
    "tb-", "tbx", "tb1", "tb2", "tb3", "tb4", "tb5", "tb6", "tb7", "tb8", "tb9", "yt-", "yt1-",
    "yt2-", "yt3-", "yt5-", "yt9-", "lenovo b6", "lenovo b8", "lenovo tab", "lenovo tb",
    // Nokia, Google, Sony
    "nokia t1", "nokia t2", "pixel c", "pixel tablet", "sony tablet", "sgp",
    // Amazon: Fire tablets (`KF` and letters only) are `Model::is_tablet`
    // BlackBerry, Asus, HTC
    "playbook", "transfo", "eeepc", "slider ", "nexus 7", "p00c", "p00j", "nexus 9",
    // TCL
    "8191", "8196", "8491", "8496", "9048", "9060", "9080", "9081", "9132", "9137", "9166",
    "9266", "9269", "9295", "9296", "9466",
    // itel, Acer
    "itel p10001l", "itel w7001", "a1-", "a2-", "a3-", "a4-", "a5-", "a6-", "a7-", "b1-", "b2-",
    "b3-", "b4-", "b5-", "b6-", "b7-",
    // Archos
    "x67 5g", "tikeasy", "ac1", "ac7", "ac8", "ac9", "archos gamepad", "archos hello",
    // mixed vendors
    "imo tab", "infinix x1101", "kobo", "touchpad", "kindle", "nook", "dell streak", "le pan",
    "trinity t", "gigaset q", "rct", "venue", "qmv", "qta", "barnes", "bnrv", "bntv", "zur",
    "zeki", "dragon touch", "ns-", "nxa", "v100md", "v700na", "v7011", "v917g", "trio",
    "tu 1491", "tegranote", "shield tablet", "cc600", "cc6666", "et51", "et56", "vc80",
];

/// Whole-word tablet models.
pub(super) const TABLET_WORDS: &[&str] = &["k88", "archos 5"];

/// TVs and set-top boxes named by model (the tokens `smart-tv`, `hbbtv`, `netcast`,
/// `crkey`, `roku`, `android tv`… are in `device::TOKENS`).
#[rustfmt::skip]
pub(super) const TVS: &[&str] = &[
    "aft", "bravia", "mitv", "mibox", "mi box", "aquos-tv", "shield android tv",
];

/// Watches and other wearables named by model.
#[rustfmt::skip]
pub(super) const WATCHES: &[&str] = &[
    "sm-r", "gear live", "ow19w", "ow20w", "owwe", "opwwe", "moto 360", "smartwatch 3",
    "g watch r", "wt600", "wt630", "glass 1", "glass 2",
];

/// Phones, by ua-parser-js's vendor sections.
#[rustfmt::skip]
pub(super) const PHONES: &[&str] = &[
    // Samsung (its tablets and watches are matched first)
    "sch-", "sgh-", "sph-", "gt-", "sm-", "scg", "sc-", "galaxy nexus", "samsung-", "sec-sgh",
    // Apple, Sharp
    "iphone", "ipod", "sh-0", "sh-m", "shv",
    // Honor, Huawei
    "honor", "huawei", "nexus 6p",
    // Xiaomi
    "poco", "hm note", "hm 1", "hm 2", "redmi", "mi ",
    // OPPO, vivo, realme
    "cph1", "cph2", "pafm", "paft", "pcam", "pcal", "pclm", "peam", "pear", "x9007", "a101op",
    "oppo", "vivo", "rmx1", "rmx2", "rmx3",
    // Motorola, LG
    "milestone", "droid", "mot-", "motorola", "moto", "xt", "nexus 6", "lm-", "lg-", "lge",
    "nexus 4", "nexus 5",
    // Nokia, Google, Sony
    "nokia", "lumia", "rm-", "pixel", "so-", "sog", "sol", "xq-",
    // OnePlus, Amazon Fire Phone, BlackBerry
    "kb2005", "in2015", "in2025", "be2015", "be2019", "be2025", "be2029", "oneplus", "sd4930",
    "bba100", "bbb100", "bbc100", "bbd100", "bbe100", "bbf100", "sth100", "stv100",
    // Asus, HTC, ZTE, Alcatel and others
    "zenfone", "padfone", "asus ", "htc", "zte", "alcatel", "geeksphone", "nexian", "panasonic", "itel",
    // Meizu, Ulefone, Energizer, Cat, Smartfren, Fairphone, Essential
    "mz-", "meizu", "m1 note", "m2 note", "m3 note", "m5 note", "armor", "power armor", "energy",
    "energizer", "cat b", "s22 flip", "s48c", "s62 pro", "andromax", "new andromax", "fp2", "fp3",
    "fp4", "fp5", "ph-1",
    // brands that make phones only
    "benq", "palm-", "sonyericsson", "jolla", "polytron", "infinix", "tecno", "micromax", "hmd",
    "sprint", "sie-", "u304aa",
];
