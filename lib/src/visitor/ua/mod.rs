//! User-agent classification into the contract's vocabulary: device type, OS, browser.
//!
//! One pass of a case-insensitive Aho-Corasick automaton over the `User-Agent` collects
//! every [`Signal`] the token tables of [`browser`], [`os`] and [`device`] name; each
//! module's small decision function then reads those signals in its order of precedence
//! (specific products before the engine tokens they share: every Chromium browser says
//! `Chrome/`, every WebKit one `Safari/`). Android model codes are looked up in the model
//! tables of [`device`]. Client hints, when the browser sends them, come first
//! ([`hints`]). Anything outside the vocabulary is reported as `None` ("other"), never as
//! the nearest in-vocabulary name. The same pass says whether the agent is a robot's
//! ([`bots`]).

mod android;
mod bots;
mod browser;
mod device;
mod hints;
mod models;
mod os;
mod signals;

use crate::domain::{Browser, Device, Os};
use crate::visitor::Agent;
use signals::{Signal, Signals};

/// What a user agent says about the visitor's software and hardware, and who it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserAgentClass {
    pub device: Device,
    pub os: Option<Os>,
    pub browser: Option<Browser>,
    /// A person, a link-preview crawler or another robot ([`bots`]).
    pub agent: Agent,
}

/// The User-Agent client hints a Chromium browser sends (`Sec-CH-UA`, `Sec-CH-UA-Mobile`,
/// `Sec-CH-UA-Platform`, `Sec-CH-UA-Model`), as raw header values.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClientHints<'a> {
    pub sec_ch_ua: Option<&'a str>,
    pub mobile: Option<&'a str>,
    pub platform: Option<&'a str>,
    pub model: Option<&'a str>,
}

/// Builds what a person's first classification would otherwise build (the token automaton, about
/// 2 ms) on a thread of its own, and returns at once: a function's `main` calls it first, so that
/// the build overlaps init's waits on the network instead of delaying the first visit. Its end
/// is the init event `classifier`.
pub fn prepare_in_background() {
    let started = std::thread::Builder::new().name("ua-prepare".into()).spawn(|| {
        signals::prepare();
        crate::telemetry::init_phase("classifier");
    });
    if started.is_err() {
        tracing::warn!("no thread to prepare the classifier: the first visit builds it");
    }
}

/// Classifies a `User-Agent`, with the `Sec-CH-UA` client hint when sent (it is the only
/// way to tell Brave from Chrome).
pub fn classify(user_agent: &str, sec_ch_ua: Option<&str>) -> UserAgentClass {
    classify_with_hints(
        user_agent,
        &ClientHints {
            sec_ch_ua,
            ..ClientHints::default()
        },
    )
}

/// Classifies a `User-Agent` together with every client hint the browser sent.
pub fn classify_with_hints(user_agent: &str, hints: &ClientHints<'_>) -> UserAgentClass {
    let ua = Ua::new(user_agent);
    let os = hints::os(hints).unwrap_or_else(|| os::os(&ua));
    UserAgentClass {
        device: device::device(&ua, os, hints),
        os,
        browser: browser::browser(&ua, hints),
        agent: bots::agent(&ua),
    }
}

/// The tokens of our tables found in `user_agent`, the model-table entries its model
/// matched (`model:…`) and the structural rules that fired (`rule:…`): for diagnosing the
/// tables on a corpus in aggregate (which of our entries fire on rows we get wrong).
#[cfg(any(test, feature = "testing"))]
pub fn matched_tokens(user_agent: &str) -> Vec<String> {
    let mut tokens: Vec<String> = signals::matched_tokens(user_agent)
        .into_iter()
        .map(String::from)
        .collect();
    if let Some(model) = models::android_model(user_agent) {
        tokens.extend(models::matched_entries(model).into_iter().map(|e| format!("model:{e}")));
        let model = models::Model::new(model);
        if let Some(kind) = model.google_play_says() {
            tokens.push(format!("google:{kind}"));
        } else if model.is_tv() && !model.is_tv_by_name() {
            tokens.push("rule:numbered like a TV".into());
        }
    }
    if let Some(vertical) = android::build_vertical(user_agent) {
        tokens.push(format!("rule:build vertical {vertical:?}"));
    }
    if let Some(width) = android::smallest_width_dp(user_agent) {
        let side = if width >= android::TABLET_MIN_WIDTH_DP {
            "tablet"
        } else {
            "phone"
        };
        tokens.push(format!("rule:screen width of a {side}"));
    }
    tokens
}

/// A user agent and the signals its tokens raised.
struct Ua<'a> {
    raw: &'a str,
    signals: Signals,
}

impl<'a> Ua<'a> {
    fn new(raw: &'a str) -> Self {
        Self {
            raw,
            signals: signals::scan(raw),
        }
    }

    fn has(&self, signal: Signal) -> bool {
        self.signals.has(signal)
    }

    fn any(&self, signals: &[Signal]) -> bool {
        signals.iter().any(|s| self.has(*s))
    }
}

#[cfg(test)]
mod tests;
