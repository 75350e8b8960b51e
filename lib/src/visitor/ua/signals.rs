//! The signals a user agent's tokens raise, found in one pass.
//!
//! Every token table (`browser::TOKENS`, `os::TOKENS`, `device::TOKENS`, and the robots' of
//! `bots`) maps lower-case substrings to a [`Signal`]; a token may appear in more than one table.
//! One case-insensitive Aho-Corasick automaton over all of them reports every occurrence,
//! overlapping ones included: a contiguous NFA, built on first use (or during a function's init,
//! `super::prepare_in_background`).
//! `cargo bench -p lib --features testing --bench classification` prints the init cost.

use std::collections::HashMap;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use super::bots::{self, Anchor};

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
    // robots (`bots`): a robot's word or entry found where it must stand, outside an Android
    // model's name; a preview crawler's; an exception that makes the agent a person's; and what
    // the structural rule reads
    Robot,
    Preview,
    Person,
    Platform,
    KnownClient,
    Compatible,
}

/// The signals whose tokens may also be part of an Android model's name (`Cubot`, an `Android
/// Monitor`): a match inside the model says nothing.
const NAMING: u64 = (1 << Signal::Robot as u8) | (1 << Signal::Preview as u8);

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
    /// A contiguous NFA of every token. A DFA would scan 0.16 µs faster per user agent (0.34
    /// against 0.50 µs) but takes 5.7 ms to build against 2.0 ms: it pays back after some 36,000
    /// visits of one process, and until then its build only competes with a new function's
    /// first requests for the CPU.
    automaton: AhoCorasick,
    /// Per pattern, the signals it raises.
    raises: Vec<u64>,
    /// Per pattern, where it must stand.
    anchors: Vec<Anchor>,
    #[cfg(any(test, feature = "testing"))]
    patterns: Vec<&'static str>,
}

static SCANNER: LazyLock<Scanner> = LazyLock::new(|| {
    let mut index: HashMap<(&str, Anchor), usize> = HashMap::new();
    let mut patterns: Vec<&'static str> = Vec::new();
    let mut raises: Vec<u64> = Vec::new();
    let mut anchors: Vec<Anchor> = Vec::new();
    let tables = super::browser::TOKENS
        .iter()
        .chain(super::os::TOKENS)
        .chain(super::device::TOKENS)
        .chain(STRUCTURE)
        .map(|(token, signal)| (*token, Anchor::Anywhere, *signal));
    for (token, anchor, signal) in tables.chain(bots::scan_tokens()) {
        let i = *index.entry((token, anchor)).or_insert_with(|| {
            patterns.push(token);
            raises.push(0);
            anchors.push(anchor);
            patterns.len() - 1
        });
        raises[i] |= 1u64 << signal as u8;
    }
    Scanner {
        automaton: automaton(&patterns),
        raises,
        anchors,
        #[cfg(any(test, feature = "testing"))]
        patterns,
    }
});

/// Builds the scanner now, if no classification has yet.
pub(super) fn prepare() {
    LazyLock::force(&SCANNER);
}

/// A contiguous NFA of every token, matching any ASCII case.
fn automaton(patterns: &[&'static str]) -> AhoCorasick {
    AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::Standard)
        .kind(Some(AhoCorasickKind::ContiguousNFA))
        .build(patterns)
        .expect("the token tables build an automaton")
}

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

/// Every signal the tokens of `user_agent` raise where they must stand; a robot's or preview
/// crawler's token inside an Android model's name raises nothing.
pub(super) fn scan(user_agent: &str) -> Signals {
    let scanner = &*SCANNER;
    let mut bits = 0;
    // The spans of robot and preview tokens: a few at most on a person's agent.
    let mut naming: [(usize, usize, u64); 8] = [(0, 0, 0); 8];
    let mut named = 0;
    for found in scanner.automaton.find_overlapping_iter(user_agent) {
        let i = found.pattern().as_usize();
        if !scanner.anchors[i].holds(found.start(), found.end(), user_agent.len()) {
            continue;
        }
        let raises = scanner.raises[i];
        if raises & NAMING != 0 && named < naming.len() {
            naming[named] = (found.start(), found.end(), raises & NAMING);
            named += 1;
        }
        bits |= raises & !NAMING;
    }
    if named > 0 {
        bits |= outside_the_model(user_agent, &naming[..named]);
    }
    Signals(bits)
}

/// The robot and preview signals of the spans that do not lie in the user agent's Android model.
fn outside_the_model(user_agent: &str, spans: &[(usize, usize, u64)]) -> u64 {
    let model = super::models::android_model(user_agent).map(|model| {
        let start = model.as_ptr() as usize - user_agent.as_ptr() as usize;
        (start, start + model.len())
    });
    spans
        .iter()
        .filter(|(start, end, _)| model.is_none_or(|(from, to)| !(from <= *start && *end <= to)))
        .fold(0, |bits, (_, _, raised)| bits | raised)
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
