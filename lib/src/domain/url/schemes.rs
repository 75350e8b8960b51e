//! Which URL schemes a link may hand a visitor to: the web's, everyday apps' (mail, calls,
//! maps), and an app's own; never a scheme that runs code in the browser or an operating
//! system's or browser's own handler.

pub(super) const FORBIDDEN_SCHEMES: [&str; 4] = ["javascript", "data", "vbscript", "file"];

/// Schemes of the operating system's and browsers' own handlers: a link must not hand a
/// visitor to them (`ms-msdt:` ran code through the Windows troubleshooter, `search-ms:` shows a
/// remote share as a local folder, `intent:` opens any Android activity, `itms-services:`
/// installs an iOS app). Each also matches every scheme it prefixes with a `-`
/// (`ms-officecmd`, `x-apple-helpbasic`).
const OS_HANDLER_SCHEMES: [&str; 39] = [
    "ms",
    "microsoft",
    "search",
    "search-ms",
    "shell",
    "intent",
    "android-app",
    "itms-services",
    "x-apple",
    "x-apple.systempreferences",
    "help",
    "hcp",
    "its",
    "mk",
    "res",
    "jar",
    "jnlp",
    "smb",
    "cifs",
    "nfs",
    "ldap",
    "ldaps",
    "telnet",
    "rlogin",
    "ssh",
    "vnc",
    "rdp",
    "ftp",
    "ftps",
    "sftp",
    "about",
    "blob",
    "filesystem",
    "view-source",
    "chrome",
    "chrome-extension",
    "moz-extension",
    "vscode",
    "steam",
];

/// Everyday schemes a visitor's own apps answer (write, call, text, navigate).
const EVERYDAY_SCHEMES: [&str; 6] = ["mailto", "tel", "sms", "facetime", "facetime-audio", "geo"];

/// Whether a visitor may be handed to a scheme, as new targets are checked and stored ones
/// served: the one place that decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SchemeKind {
    /// Web, everyday or an app's own shape.
    Handed,
    /// An OS or browser handler's.
    OsHandler,
    /// Neither a known kind nor an app's shape.
    Unshaped,
}

impl SchemeKind {
    pub(super) fn of(scheme: &str) -> Self {
        if matches!(scheme, "http" | "https") || EVERYDAY_SCHEMES.contains(&scheme) {
            Self::Handed
        } else if is_os_handler(scheme) {
            Self::OsHandler
        } else if is_app_scheme(scheme) {
            Self::Handed
        } else {
            Self::Unshaped
        }
    }
}

/// Whether `scheme` is an OS or browser handler's ([`OS_HANDLER_SCHEMES`]).
fn is_os_handler(scheme: &str) -> bool {
    OS_HANDLER_SCHEMES
        .iter()
        .any(|h| scheme == *h || scheme.strip_prefix(h).is_some_and(|rest| rest.starts_with('-')))
}

/// The shape of an app's own scheme: reverse-DNS (`com.example.app`) or a name of
/// letters, digits and `-`, starting with a letter (`myapp`, `fb`, `spotify`); 2 to 32 of them.
fn is_app_scheme(scheme: &str) -> bool {
    let name = |n: &str| {
        n.starts_with(|c: char| c.is_ascii_lowercase())
            && n.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    };
    let reverse_dns = scheme.contains('.') && scheme.split('.').all(|part| !part.is_empty() && name(part));
    reverse_dns || ((2..=32).contains(&scheme.len()) && name(scheme))
}
