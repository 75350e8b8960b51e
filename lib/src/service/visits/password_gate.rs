//! The gate in front of a password-protected link: a person gives the password once (on the page
//! the door shows) and their browser keeps a pass for a day; bots, preview crawlers and `HEAD`
//! never get past it and are not counted. Tries are limited per link and client address before
//! any hashing, so the page cannot be used to make us hash without end; and wrong guesses per
//! link from every address together ([`LINK_WRONG_GUESSES_PER_HOUR`]), locking the link's page
//! for everyone a minute, then twice as long after each further lock, up to an hour (the
//! sign-in's back-off), so guesses spread over a /48's 65,536 /64s get no further.

use sha2::{Digest, Sha256};

use crate::domain::{HexColor, Link, PasswordHash, PasswordPass, counted};
use crate::service::accounts::sign_in::{LOCK_MEMORY, lock_length, minutes_until};
use crate::service::{Service, ServiceError, visits::VisitOutcome};
use crate::store::keys::Throttle;
use crate::store::{AttemptRules, SlotTake};
use crate::visitor::{Agent, Visitor, VisitorHeaders};

/// Passwords one client address may try on one link per clock hour.
pub const PASSWORD_TRIES_PER_HOUR: u32 = 10;

/// Wrong passwords one link takes per hour from every address together before its page is
/// locked for everyone.
pub const LINK_WRONG_GUESSES_PER_HOUR: u32 = 100;

/// The longest password worth hashing: a longer one cannot be a link's (128 characters of at
/// most 4 bytes each), so it is wrong without the cost of checking.
const LONGEST_PASSWORD_BYTES: usize = 512;

/// What a visit brings for a protected link.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Unlock {
    /// Nothing.
    #[default]
    Nothing,
    /// A pass whose signature the door checked (the cookie a right password left).
    Pass(PasswordPass),
    /// A password typed on the page.
    Password(String),
    /// A post from the page without its form token (stale, or sent from another site).
    StaleForm,
}

/// Why the page is shown, and what it says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LockReason {
    /// Nothing (or nothing valid) was given: the page asks.
    Ask,
    /// `HEAD`: the page's status without the page, never a destination.
    Head,
    /// The password given is not the link's.
    Wrong,
    /// Too many tries from this address; the next window starts in `minutes`.
    TooManyTries { minutes: u64 },
    /// Too many wrong passwords on this link from everywhere: locked for `minutes`.
    LinkLocked { minutes: u64 },
    /// The page's form came back without its token (stale, or sent from another site).
    StaleForm,
}

impl LockReason {
    /// The sentence the page says.
    pub fn message(self) -> String {
        match self {
            Self::Ask | Self::Head => "This link is protected. Enter its password to continue.".into(),
            Self::Wrong => "That password is not right. Check it and try again.".into(),
            Self::TooManyTries { minutes } => format!(
                "Too many passwords were tried on this link from your network. Try again in {}.",
                counted(minutes, "minute", "minutes")
            ),
            Self::LinkLocked { minutes } => format!(
                "Too many wrong passwords were tried on this link. Try again in {}.",
                counted(minutes, "minute", "minutes")
            ),
            Self::StaleForm => "This page had expired. Enter the password again.".into(),
        }
    }

    /// Minutes until another try may be made, for a reason that is a wait.
    pub fn wait_minutes(self) -> Option<u64> {
        match self {
            Self::TooManyTries { minutes } | Self::LinkLocked { minutes } => Some(minutes),
            _ => None,
        }
    }
}

/// The password page: why it is shown, and the link's colour. It names nothing else: not the
/// link, not its destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockedPage {
    pub reason: LockReason,
    pub colour: Option<HexColor>,
}

impl LockedPage {
    /// The outcome showing the page of `link` for `reason`.
    pub fn outcome(reason: LockReason, link: Option<&Link>) -> VisitOutcome {
        VisitOutcome::Locked(Self {
            reason,
            colour: link.and_then(|l| l.settings.appearance_color.clone()),
        })
    }
}

/// Whether a visit goes on to the destination.
pub(in crate::service) enum Gate {
    /// On, with the pass to hand the browser when a password was just given.
    Open(Option<PasswordPass>),
    /// The page, and nothing counted.
    Closed(VisitOutcome),
}

impl Service {
    /// The gate of `link`, protected by `hash`, for this visit.
    pub(in crate::service) async fn through_password(
        &self,
        link: &Link,
        hash: &PasswordHash,
        visitor: &Visitor,
        headers: &VisitorHeaders<'_>,
        head: bool,
        unlock: &Unlock,
    ) -> Result<Gate, ServiceError> {
        let closed = |reason| Ok(Gate::Closed(LockedPage::outcome(reason, Some(link))));
        if head {
            return closed(LockReason::Head);
        }
        if visitor.agent != Agent::Human {
            return closed(LockReason::Ask);
        }
        let now = self.clock.now();
        match unlock {
            Unlock::Pass(pass) if pass.admits(&link.id, hash, now) => Ok(Gate::Open(None)),
            Unlock::Nothing | Unlock::Pass(_) => closed(LockReason::Ask),
            Unlock::StaleForm => closed(LockReason::StaleForm),
            Unlock::Password(given) => {
                let throttle = Throttle::LinkPasswordAttempts;
                let source = attempt_source(link, headers);
                if !self
                    .store
                    .count_in_window(throttle, &source, now, PASSWORD_TRIES_PER_HOUR)
                    .await?
                {
                    let minutes = throttle.seconds_left(now).div_ceil(60);
                    return closed(LockReason::TooManyTries { minutes });
                }
                let subject = link_subject(link);
                let rules = AttemptRules {
                    limit: LINK_WRONG_GUESSES_PER_HOUR,
                    window: chrono::Duration::hours(1),
                };
                let slot = match self
                    .store
                    .take_sign_in_attempt(&subject, rules, now, now + LOCK_MEMORY)
                    .await?
                {
                    SlotTake::Taken(slot) => slot,
                    SlotTake::Refused { until } => {
                        return closed(LockReason::LinkLocked {
                            minutes: minutes_until(now, until),
                        });
                    }
                };
                if given.len() <= LONGEST_PASSWORD_BYTES && hash.verify(given) {
                    self.store.give_back_sign_in_attempt(&subject).await?;
                    return Ok(Gate::Open(Some(PasswordPass::issue(&link.id, hash, now))));
                }
                if slot.attempts >= LINK_WRONG_GUESSES_PER_HOUR {
                    let until = now + lock_length(slot.lockouts + 1);
                    self.store
                        .lock_sign_in_subject(&subject, until, until + LOCK_MEMORY)
                        .await?;
                    return closed(LockReason::LinkLocked {
                        minutes: minutes_until(now, until),
                    });
                }
                closed(LockReason::Wrong)
            }
        }
    }
}

/// The subject counting a link's wrong passwords from every address (beside the sign-in
/// subjects, in the same items: `SIGNIN#LINKPASSWORD#<link>`).
fn link_subject(link: &Link) -> String {
    format!("LINKPASSWORD#{}", link.id)
}

/// Whose tries a throttle counts: the link and the client address, hashed together (no address
/// is written).
fn attempt_source(link: &Link, headers: &VisitorHeaders<'_>) -> String {
    let address = headers.client_address();
    let digest = Sha256::digest(format!("{}|{}", link.id, address.as_str()).as_bytes());
    hex::encode(digest)[..32].to_string()
}
