//! Operating system family: systems outside the vocabulary are ruled out first (many
//! carry `Linux`, `Android` or `like Mac OS X` too), then Windows, iOS, Android, macOS,
//! Linux in that order.

use super::Ua;
use super::signals::Signal::{self, *};
use crate::domain::Os;

pub(super) const TOKENS: &[(&str, Signal)] = &[
    // outside the vocabulary
    ("windows phone", WindowsPhone),
    ("windows phone", OsOutside),
    ("zunewp7", OsOutside),
    ("xblwp7", OsOutside),
    ("windows mobile", OsOutside),
    ("windows iot", OsOutside),
    ("windows ce", OsOutside),
    ("wince", OsOutside),
    ("windows nt 6.2; arm", OsOutside),
    ("windows nt 6.3; arm", OsOutside),
    ("vizio", OsOutside),
    ("xbox", OsOutside),
    ("playstation", OsOutside),
    ("nintendo", OsOutside),
    ("tizen", OsOutside),
    ("webos", OsOutside),
    ("web0s", OsOutside),
    ("kaios", OsOutside),
    ("firefox os", OsOutside),
    ("symbian", OsOutside),
    ("symbos", OsOutside),
    ("series40", OsOutside),
    ("series60", OsOutside),
    ("series 40", OsOutside),
    ("series 60", OsOutside),
    ("blackberry", BlackBerry),
    ("(bb10", OsOutside),
    ("rim tablet", OsOutside),
    ("meego", OsOutside),
    ("maemo", OsOutside),
    ("sailfish", OsOutside),
    ("bada", OsOutside),
    ("harmonyos", OsOutside),
    ("openharmony", OsOutside),
    ("cros ", OsOutside),
    ("watchos", OsOutside),
    ("watch os", OsOutside),
    ("tvos", OsOutside),
    ("appletv", OsOutside),
    ("apple tv", OsOutside),
    ("fuchsia", OsOutside),
    ("qnx", OsOutside),
    ("; aix", OsOutside),
    ("sunos", OsOutside),
    ("solaris", OsOutside),
    ("freebsd", OsOutside),
    ("openbsd", OsOutside),
    ("netbsd", OsOutside),
    ("dragonfly", OsOutside),
    ("ghostbsd", OsOutside),
    ("haiku", OsOutside),
    ("beos", OsOutside),
    ("amigaos", OsOutside),
    ("morphos", OsOutside),
    ("risc os", OsOutside),
    ("palm", OsOutside),
    ("webtv", OsOutside),
    ("hp-ux", OsOutside),
    ("irix", OsOutside),
    ("plan 9", OsOutside),
    ("contiki", OsOutside),
    ("deepin", OsOutside),
    ("chromecast", OsOutside),
    ("crkey", OsOutside),
    ("ubuntu touch", OsOutside),
    ("kfosx", OsOutside),
    ("hpwos", OsOutside),
    ("minix", OsOutside),
    ("unix", OsOutside),
    ("jolicloud", OsOutside),
    ("joli os", OsOutside),
    ("hurd", OsOutside),
    ("nettv", OsOutside),
    ("netrange", OsOutside),
    ("viera", OsOutside),
    ("android-x86", OsOutside),
    ("opera tv", OsOutside),
    ("googletv", OsOutside),
    ("(os/2", OsOutside),
    ("; os/2", OsOutside),
    // UC Browser names Windows Phone `wds`
    ("; wds ", OsOutside),
    ("vidaa", OsOutside),
    ("roku", OsOutside),
    (" tivo", OsOutside),
    ("(tivo", OsOutside),
    ("brightsign", OsOutside),
    ("kreatv", OsOutside),
    ("maple2", OsOutside),
    ("maple 5", OsOutside),
    // in the vocabulary
    ("windows", Windows),
    ("win64", Windows),
    ("win32", Windows),
    ("win98", Windows),
    ("win95", Windows),
    ("winnt", Windows),
    ("win 9x", Windows),
    ("iphone", Ios),
    ("ipad", Ios),
    ("ipod", Ios),
    (" ios ", Ios),
    ("(ios", Ios),
    (" ios/", Ios),
    ("; ios", Ios),
    ("ios;", Ios),
    ("cpu os ", Ios),
    ("iph os", Ios),
    ("cfnetwork", CfNetwork),
    ("android", Android),
    // Meta Horizon OS and PICO OS are Android builds whose browsers claim X11 Linux
    ("oculusbrowser", Android),
    ("picobrowser", Android),
    // Fire OS on Fire TV, whose apps' agents may name only the model
    ("; aft", Android),
    ("aftb", Android),
    ("aftt", Android),
    ("aftm", Android),
    ("afts", Android),
    ("aftn", Android),
    ("aftr", Android),
    ("aftka", Android),
    ("andr0id", Android),
    // Facebook for Android's own user agent, `[FBAN/FB4A;…]`, may name no system
    ("fb4a", Android),
    ("adr ", Android),
    ("macintosh", Macintosh),
    ("macintosh", Mac),
    ("mac os x", Mac),
    ("mac_powerpc", Mac),
    ("mac os", Mac),
    ("darwin", Mac),
    // macOS apps' CFNetwork agents end with the CPU or Mac model; iOS ones do not
    ("(x86_64)", MacHardware),
    ("(arm64)", MacHardware),
    ("(i386)", MacHardware),
    ("macbook", MacHardware),
    ("imac", MacHardware),
    ("macmini", MacHardware),
    ("macpro", MacHardware),
    ("linux", Linux),
    ("x11", Linux),
    ("x11", X11),
    ("presto/", Presto),
    ("ubuntu", Linux),
    ("debian", Linux),
    ("fedora", Linux),
    ("gentoo", Linux),
    ("mint", Linux),
    ("red hat", Linux),
    ("suse", Linux),
    ("centos", Linux),
    ("arch linux", Linux),
    ("raspbian", Linux),
    ("slackware", Linux),
    ("mandriva", Linux),
    ("kubuntu", Linux),
    ("xubuntu", Linux),
    ("zenwalk", Linux),
];

pub(super) fn os(ua: &Ua<'_>) -> Option<Os> {
    // `Ubuntu` phones and tablets are Ubuntu Touch, outside the vocabulary.
    let ubuntu_touch =
        ua.has(Ubuntu) && ua.raw.contains("Ubuntu") && (ua.raw.contains("Mobile") || ua.raw.contains("Tablet"));
    // BlackBerry's last phones (Priv, KEYone) run Android.
    let blackberry_os = ua.has(BlackBerry) && !ua.has(Android);
    if ua.has(OsOutside) || ubuntu_touch || blackberry_os {
        return None;
    }
    if ua.has(Windows) {
        return Some(Os::Windows);
    }
    // iOS agents never say `Android`; some Android ones borrow `iPad` or `like Mac OS X`.
    if ua.has(Android) {
        return Some(Os::Android);
    }
    // iPadOS in desktop mode says `Macintosh` but keeps the `Mobile/` of iOS builds.
    let ipad_as_mac = ua.has(Macintosh) && ua.has(MobileSlash);
    let ios_cfnetwork = ua.has(CfNetwork) && !ua.has(MacHardware);
    if ((ua.has(Ios) || ios_cfnetwork) && !ua.has(Macintosh)) || ipad_as_mac {
        return Some(Os::Ios);
    }
    if ua.has(Mac) {
        return Some(Os::MacOs);
    }
    // Presto-era Opera on a Linux that is not X11 is Opera's TV and set-top SDK.
    let opera_devices = ua.has(Presto) && !ua.has(X11);
    (ua.has(Linux) && !opera_devices).then_some(Os::Linux)
}
