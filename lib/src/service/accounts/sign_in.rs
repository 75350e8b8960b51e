//! Signing in and out of the pages, and the sessions in between.
//!
//! Backoff: every attempt takes a slot of each subject it belongs to *before* the password is
//! checked (`crate::store` refuses the slot atomically at the limit), so a burst of parallel
//! guesses gets no more checks than the same guesses one after another. The subjects:
//! - the account *from this address* (the SHA-256 of the e-mail and the client's address, an
//!   IPv6 address by its /64): ten failures within 15 minutes lock that pair, so a stranger's
//!   guesses lock the stranger, not the owner signing in from elsewhere;
//! - the address: thirty failures lock it for every account (guessing across accounts);
//! - the account from anywhere: a hundred failures lock it for every address that has not
//!   signed in to it successfully in the last 30 days (guessing from many addresses), so even
//!   then its owner gets in from where they usually do.
//!
//! A lock lasts a minute; every failure while its window still holds that many (the one
//! attempt allowed after each lock) doubles it, up to an hour. A success resets its pair and
//! gives back the other slots. An unknown e-mail and a wrong password get the same answer after
//! the same reads and the same argon2 work.

use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

use crate::domain::{ABSOLUTE_LIFETIME, ClientAddress, Email, PasswordHash, Session, SessionToken};
use crate::service::{Service, ServiceError};
use crate::store::{AttemptRules, AttemptSlot, SlotTake};

/// Failures of one account from one address within [`FAILURE_WINDOW`] that lock the pair.
pub const ACCOUNT_FAILURE_LIMIT: u32 = 10;
/// Failures from one client address within [`FAILURE_WINDOW`] that lock it.
pub const ADDRESS_FAILURE_LIMIT: u32 = 30;
/// Failures of one account from every address without its trust that lock it for them.
pub const ACCOUNT_WIDE_FAILURE_LIMIT: u32 = 100;
pub const FAILURE_WINDOW: Duration = Duration::minutes(15);
/// The first lock; each further one doubles, up to [`LONGEST_LOCK`].
pub const FIRST_LOCK: Duration = Duration::minutes(1);
pub const LONGEST_LOCK: Duration = Duration::hours(1);
/// How long a subject remembers its locks after its last attempt.
pub(in crate::service) const LOCK_MEMORY: Duration = Duration::hours(24);
/// How long a successful sign-in from an address vouches for it against the account-wide lock.
const TRUST_AFTER_SUCCESS: Duration = Duration::days(30);

/// A session that was just created: its token goes into the cookie.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: SessionToken,
    pub session: Session,
}

/// A live session found from its cookie.
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub token: SessionToken,
    pub session: Session,
}

/// Who is signing in and from where.
#[derive(Debug, Clone, Copy)]
pub struct SignInAttempt<'a> {
    pub email: &'a str,
    pub password: &'a str,
    /// The client's address as API Gateway saw it.
    pub address: &'a ClientAddress,
    /// The session the browser still carried, replaced by the new one (no fixation).
    pub replacing: Option<&'a SessionToken>,
}

/// One subject an attempt counts against.
#[derive(Debug, Clone)]
struct Subject {
    key: String,
    limit: u32,
}

impl Subject {
    fn rules(&self) -> AttemptRules {
        AttemptRules {
            limit: self.limit,
            window: FAILURE_WINDOW,
        }
    }
}

/// The subjects of an attempt: (the account from this address, the address, the account).
fn subjects(attempt: &SignInAttempt<'_>) -> [Subject; 3] {
    let email = attempt.email.trim().to_lowercase();
    let account = hex::encode(Sha256::digest(email.as_bytes()));
    let address = attempt.address.as_str();
    [
        Subject {
            key: format!("PAIR#{account}#{address}"),
            limit: ACCOUNT_FAILURE_LIMIT,
        },
        Subject {
            key: format!("IP#{address}"),
            limit: ADDRESS_FAILURE_LIMIT,
        },
        Subject {
            key: format!("EMAIL#{account}"),
            limit: ACCOUNT_WIDE_FAILURE_LIMIT,
        },
    ]
}

/// How long the `lockouts`-th lock lasts (1-based).
pub(in crate::service) fn lock_length(lockouts: u32) -> Duration {
    let minutes = FIRST_LOCK.num_minutes() << (lockouts.saturating_sub(1)).min(16);
    Duration::minutes(minutes).min(LONGEST_LOCK)
}

/// Checks a password against a hash, or (for an account without one) against a decoy so that
/// the answer takes as long; on a blocking thread, since argon2 holds a core for about 20 ms
/// and the runtime's threads serve every other request meanwhile.
pub(in crate::service) async fn verify(hash: Option<PasswordHash>, password: &str) -> bool {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || match hash {
        Some(hash) => hash.verify(&password),
        None => {
            PasswordHash::decoy().verify(&password);
            false
        }
    })
    .await
    .unwrap_or(false)
}

/// Minutes from `now` to `until`, rounded up, at least one.
pub(in crate::service) fn minutes_until(now: DateTime<Utc>, until: DateTime<Utc>) -> u64 {
    seconds_until(now, until).div_ceil(60)
}

/// Seconds from `now` to `until`, rounded up, at least one.
fn seconds_until(now: DateTime<Utc>, until: DateTime<Utc>) -> u64 {
    let millis = u64::try_from((until - now).num_milliseconds()).unwrap_or(0);
    millis.div_ceil(1000).max(1)
}

impl Service {
    /// Checks an e-mail and password and opens a session. Refused alike for an unknown e-mail
    /// and a wrong password; refused with the wait while a subject of the attempt is locked.
    pub async fn sign_in(&self, attempt: SignInAttempt<'_>) -> Result<SignedIn, ServiceError> {
        let now = self.clock.now();
        let [pair, address, account] = subjects(&attempt);
        let mut taken: Vec<(Subject, AttemptSlot)> = Vec::with_capacity(3);
        for subject in [pair, address] {
            self.take_slot(subject, now, &mut taken).await?;
        }
        let trusted = taken[0].1.trusted_until.is_some_and(|t| t > now);
        if !trusted {
            self.take_slot(account, now, &mut taken).await?;
        }
        let user = self
            .store
            .user_for_sign_in(Email::parse(attempt.email).ok().as_ref())
            .await?;
        let hash = user.as_ref().and_then(|u| u.password_hash.clone());
        let verified = verify(hash, attempt.password).await;
        let Some(user) = user.filter(|_| verified) else {
            return Err(self.count_failure(&taken, now).await?);
        };
        let (pair, others) = taken.split_first().expect("the pair's slot");
        self.store
            .reset_sign_in_subject(&pair.0.key, now + TRUST_AFTER_SUCCESS)
            .await?;
        self.give_back(others).await?;
        if user.email_unverified {
            return Err(ServiceError::EmailNotVerified);
        }
        if let Some(old) = attempt.replacing {
            self.store.delete_session(&old.hash()).await?;
        }
        self.open_session(user.id, user.email).await
    }

    /// Takes a slot of `subject`; refused, the slots taken so far are given back (the attempt
    /// never happened) and the wait is the answer.
    async fn take_slot(
        &self,
        subject: Subject,
        now: DateTime<Utc>,
        taken: &mut Vec<(Subject, AttemptSlot)>,
    ) -> Result<(), ServiceError> {
        match self
            .store
            .take_sign_in_attempt(&subject.key, subject.rules(), now, now + LOCK_MEMORY)
            .await?
        {
            SlotTake::Taken(slot) => {
                taken.push((subject, slot));
                Ok(())
            }
            SlotTake::Refused { until } => {
                self.give_back(taken).await?;
                Err(ServiceError::SignInLocked {
                    retry_after: seconds_until(now, until),
                })
            }
        }
    }

    async fn give_back(&self, taken: &[(Subject, AttemptSlot)]) -> Result<(), ServiceError> {
        for (subject, _) in taken {
            self.store.give_back_sign_in_attempt(&subject.key).await?;
        }
        Ok(())
    }

    /// A failed attempt keeps its slots; a subject whose window this filled is locked. The
    /// failure to answer: the lock when one was set, else "incorrect".
    async fn count_failure(
        &self,
        taken: &[(Subject, AttemptSlot)],
        now: DateTime<Utc>,
    ) -> Result<ServiceError, ServiceError> {
        let mut locked_until: Option<DateTime<Utc>> = None;
        for (subject, slot) in taken.iter().filter(|(s, slot)| slot.attempts >= s.limit) {
            let until = now + lock_length(slot.lockouts + 1);
            self.store
                .lock_sign_in_subject(&subject.key, until, until + LOCK_MEMORY)
                .await?;
            locked_until = locked_until.max(Some(until));
        }
        Ok(match locked_until {
            Some(until) => ServiceError::SignInLocked {
                retry_after: seconds_until(now, until),
            },
            None => ServiceError::IncorrectSignIn,
        })
    }

    /// The live session a cookie names, if any; records the visit when the last one is older
    /// than [`crate::domain::TOUCH_AFTER`].
    pub async fn session(&self, token: &SessionToken) -> Result<Option<SessionUser>, ServiceError> {
        let hash = token.hash();
        let Some(mut session) = self.store.get_session(&hash).await? else {
            return Ok(None);
        };
        let now = self.clock.now();
        if !session.is_live(now) {
            return Ok(None);
        }
        if session.needs_touch(now) {
            session.last_seen_at = now;
            if !self.store.touch_session(&hash, &session).await? {
                return Ok(None);
            }
        }
        Ok(Some(SessionUser {
            token: token.clone(),
            session,
        }))
    }

    /// Ends a session on the server: its cookie no longer works anywhere.
    pub async fn sign_out(&self, token: &SessionToken) -> Result<(), ServiceError> {
        self.store.delete_session(&token.hash()).await?;
        Ok(())
    }
}

/// The longest a session cookie needs to live (the browser forgets it then).
pub const COOKIE_LIFETIME: Duration = ABSOLUTE_LIFETIME;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_double_from_a_minute_up_to_an_hour() {
        let minutes: Vec<i64> = (1..=8).map(|n| lock_length(n).num_minutes()).collect();
        assert_eq!(minutes, [1, 2, 4, 8, 16, 32, 60, 60]);
    }

    #[test]
    fn an_attempt_counts_against_its_pair_its_address_and_its_account() {
        let address = ClientAddress::from_source(Some("2001:db8:1:2::9"));
        let attempt = SignInAttempt {
            email: " Demo@Example.com ",
            password: "x",
            address: &address,
            replacing: None,
        };
        let account = hex::encode(Sha256::digest(b"demo@example.com"));
        let keys: Vec<(String, u32)> = subjects(&attempt).into_iter().map(|s| (s.key, s.limit)).collect();
        assert_eq!(
            keys,
            [
                (format!("PAIR#{account}#2001:db8:1:2::/64"), 10),
                ("IP#2001:db8:1:2::/64".to_string(), 30),
                (format!("EMAIL#{account}"), 100),
            ]
        );
    }
}
