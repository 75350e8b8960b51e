//! Operating system family: systems outside the vocabulary are ruled out first.

use super::Ua;
use crate::domain::Os;

pub(super) fn os(ua: &Ua<'_>) -> Option<Os> {
    if ua.any_i(&[
        "windows phone",
        "windows mobile",
        "windows iot",
        "xbox",
        "playstation",
        "nintendo",
        "tizen",
        "webos",
        "web0s",
        "kaios",
        "firefox os",
        "symbian",
        "symbos",
        "series40",
        "series60",
        "blackberry",
        "bb10",
        "rim tablet",
        "meego",
        "maemo",
        "sailfish",
        "bada",
        "harmonyos",
        "openharmony",
        "cros ",
        "watchos",
        "watch os",
        "fuchsia",
        "qnx",
        "aix",
        "sunos",
        "solaris",
        "freebsd",
        "openbsd",
        "netbsd",
        "dragonfly",
        "haiku",
        "beos",
        "os/2",
        "amigaos",
        "morphos",
        "risc os",
        "palm",
        "webtv",
        "hp-ux",
        "irix",
        "plan 9",
        "contiki",
        "deepin",
        "chromecast",
        "crkey",
        "ubuntu touch",
        "kfosx",
        "hpwos",
        "minix",
        "unix",
        "jolicloud",
        "joli os",
        "hurd",
        "bsd",
        "hbbtv",
        "nettv",
        "netrange",
        "ce-html",
        "android-x86",
    ]) || (ua.has_i("ubuntu") && ua.any_i(&["mobile", "tablet"]))
    {
        return None;
    }
    if ua.has_i("windows") || ua.any(&["Win64", "Win32", "Win98", "Win95", "WinNT", "Win 9x"]) {
        return Some(Os::Windows);
    }
    if ua.any(&["iPhone", "iPad", "iPod", "iOS", "CPU OS ", "CFNetwork"]) && !ua.has("Macintosh") {
        return Some(Os::Ios);
    }
    if ua.has_i("android") || ua.has("Andr0id") || ua.has("Adr ") {
        return Some(Os::Android);
    }
    if ua.any(&["Mac OS X", "Macintosh", "Mac_PowerPC", "Mac OS", "Darwin"]) {
        return Some(Os::MacOs);
    }
    if ua.any_i(&[
        "linux",
        "x11",
        "ubuntu",
        "debian",
        "fedora",
        "gentoo",
        "mint",
        "red hat",
        "suse",
        "centos",
        "arch linux",
        "raspbian",
        "slackware",
        "mandriva",
        "kubuntu",
        "xubuntu",
        "zenwalk",
    ]) {
        return Some(Os::Linux);
    }
    None
}
