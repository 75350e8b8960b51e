//! The signals a user agent's tokens raise, found in one pass.
//!
//! Every token table (`browser::TOKENS`, `os::TOKENS`, `device::TOKENS`) maps lower-case
//! substrings to a [`Signal`]; a token may appear in more than one table. One
//! case-insensitive Aho-Corasick DFA over all of them is built on first use (about 2.5 ms
//! and 1.1 MB; `cargo bench -p lib --features testing --bench classification` prints the
//! whole init cost) and reports every occurrence, overlapping ones included, at one table
//! lookup per byte: an NFA builds in half the time and scans a fifth slower.

use std::collections::HashMap;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

/// What a token says. Each module reads only the signals its table raises, plus a few
/// of the others' (a TV's Opera is not the Opera of the vocabulary).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub(super) enum Signal {
    // browser
    Brave,
    Edge,
    Opera,
    OperaSdk,
    Uc,
    OtherBrowser,
    WebView,
    Chrome,
    Firefox,
    SafariToken,
    Version,
    // OS
    OsOutside,
    WindowsPhone,
    BlackBerry,
    Windows,
    Ios,
    CfNetwork,
    Macintosh,
    Mac,
    MacHardware,
    Android,
    Linux,
    X11,
    Presto,
    // device
    Console,
    NotConsole,
    Tv,
    SetTopCpu,
    Wearable,
    Embedded,
    Tablet,
    TabletPc,
    MobileSlash,
    Handheld,
    MobileWord,
    // where the structural rules of `android` and `models` have something to read
    BuildId,
    AppMetrics,
    LinuxList,
    FbDevice,
    HarmonyOs,
    Ubuntu,
}

/// The set of signals a user agent raised.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Signals(u64);

impl Signals {
    pub(super) fn has(self, signal: Signal) -> bool {
        self.0 & (1 << signal as u8) != 0
    }
}

/// Tokens that say where a structural rule has something to read, so that it runs only
/// on the user agents that have it.
const STRUCTURE: &[(&str, Signal)] = &[
    ("build/", Signal::BuildId),
    ("fbdm/{", Signal::AppMetrics),
    (" android (", Signal::AppMetrics),
    ("(linux; ", Signal::LinuxList),
    // Facebook's in-app agents name the model after `FBDV/`, on iOS too
    ("fbdv/", Signal::FbDevice),
    ("harmonyos", Signal::HarmonyOs),
    ("ubuntu", Signal::Ubuntu),
];

struct Scanner {
    automaton: AhoCorasick,
    /// Per pattern, the signals it raises.
    raises: Vec<u64>,
    #[cfg(any(test, feature = "testing"))]
    patterns: Vec<&'static str>,
}

static SCANNER: LazyLock<Scanner> = LazyLock::new(|| {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut patterns: Vec<&'static str> = Vec::new();
    let mut raises: Vec<u64> = Vec::new();
    for (token, signal) in super::browser::TOKENS
        .iter()
        .chain(super::os::TOKENS)
        .chain(super::device::TOKENS)
        .chain(STRUCTURE)
    {
        let i = *index.entry(token).or_insert_with(|| {
            patterns.push(token);
            raises.push(0);
            patterns.len() - 1
        });
        raises[i] |= 1u64 << *signal as u8;
    }
    let automaton = AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::DFA))
        .build(&patterns)
        .expect("the token tables build an automaton");
    Scanner {
        automaton,
        raises,
        #[cfg(any(test, feature = "testing"))]
        patterns,
    }
});

/// The tokens of our tables found in `user_agent`: for diagnosing the tables on a corpus
/// in aggregate (which of our tokens fire on rows we get wrong).
#[cfg(any(test, feature = "testing"))]
pub fn matched_tokens(user_agent: &str) -> Vec<&'static str> {
    let scanner = &*SCANNER;
    let mut tokens: Vec<&'static str> = scanner
        .automaton
        .find_overlapping_iter(user_agent)
        .map(|found| scanner.patterns[found.pattern().as_usize()])
        .collect();
    tokens.sort_unstable();
    tokens.dedup();
    tokens
}

/// Every signal the tokens of `user_agent` raise.
pub(super) fn scan(user_agent: &str) -> Signals {
    let scanner = &*SCANNER;
    let mut bits = 0;
    for found in scanner.automaton.find_overlapping_iter(user_agent) {
        bits |= scanner.raises[found.pattern().as_usize()];
    }
    Signals(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_token_is_lower_case_so_the_automaton_matches_any_case() {
        for (token, _) in super::super::browser::TOKENS
            .iter()
            .chain(super::super::os::TOKENS)
            .chain(super::super::device::TOKENS)
            .chain(STRUCTURE)
        {
            assert_eq!(*token, token.to_ascii_lowercase(), "{token}");
        }
    }

    #[test]
    fn overlapping_tokens_all_raise_their_signals() {
        let s = scan("Mozilla/5.0 (Linux; Android 9; AFTKA) Chrome/120.0 Mobile Safari/537.36");
        assert!(s.has(Signal::Android) && s.has(Signal::Linux) && s.has(Signal::Tv));
        assert!(s.has(Signal::Chrome) && s.has(Signal::MobileWord) && s.has(Signal::SafariToken));
    }
}
