//! Signing in and out of the pages, and the sessions in between.
//!
//! Backoff: failed sign-ins are counted per account (the SHA-256 of the e-mail, whether or not
//! such a user exists) and per client address, in one-minute counters. Ten failures of an
//! account within 15 minutes, or thirty from one address, lock that subject: sign-in is then
//! refused, even with the right password, for a minute, and every further failure while the
//! window still holds that many doubles the wait (up to an hour). A successful sign-in resets
//! the account's count. An unknown e-mail and a wrong password get the same answer after the
//! same argon2 work.

use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};

use super::{Service, ServiceError};
use crate::domain::{ABSOLUTE_LIFETIME, Email, PasswordHash, Session, SessionToken};
use crate::store::SignInGuard;

/// Failures of one account within [`FAILURE_WINDOW`] that lock it.
pub const ACCOUNT_FAILURE_LIMIT: u64 = 10;
/// Failures from one client address within [`FAILURE_WINDOW`] that lock it.
pub const ADDRESS_FAILURE_LIMIT: u64 = 30;
pub const FAILURE_WINDOW: Duration = Duration::minutes(15);
/// The first lock; each further one doubles, up to [`LONGEST_LOCK`].
pub const FIRST_LOCK: Duration = Duration::minutes(1);
pub const LONGEST_LOCK: Duration = Duration::hours(1);
/// How long a guard remembers its lockouts after its last lock ends.
const GUARD_MEMORY: Duration = Duration::hours(24);

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
    pub address: Option<&'a str>,
    /// The session the browser still carried, replaced by the new one (no fixation).
    pub replacing: Option<&'a SessionToken>,
}

/// One subject the backoff counts failures of.
struct Subject {
    key: String,
    limit: u64,
}

fn subjects(attempt: &SignInAttempt<'_>) -> Vec<Subject> {
    let email = attempt.email.trim().to_lowercase();
    let mut subjects = vec![Subject {
        key: format!("EMAIL#{}", hex::encode(Sha256::digest(email.as_bytes()))),
        limit: ACCOUNT_FAILURE_LIMIT,
    }];
    if let Some(address) = attempt.address.map(str::trim).filter(|a| !a.is_empty()) {
        subjects.push(Subject {
            key: format!("IP#{address}"),
            limit: ADDRESS_FAILURE_LIMIT,
        });
    }
    subjects
}

/// How long the `lockouts`-th lock lasts (1-based).
fn lock_length(lockouts: u32) -> Duration {
    let minutes = FIRST_LOCK.num_minutes() << (lockouts.saturating_sub(1)).min(16);
    Duration::minutes(minutes).min(LONGEST_LOCK)
}

/// Whole seconds from `now` to `until`, at least one.
fn seconds_until(now: DateTime<Utc>, until: DateTime<Utc>) -> u64 {
    u64::try_from((until - now).num_seconds()).unwrap_or(0).max(1)
}

impl Service {
    /// Checks an e-mail and password and opens a session. Refused alike for an unknown e-mail
    /// and a wrong password; refused with the wait while the account or address is locked.
    pub async fn sign_in(&self, attempt: SignInAttempt<'_>) -> Result<SignedIn, ServiceError> {
        let now = self.clock.now();
        let subjects = subjects(&attempt);
        let keys: Vec<&str> = subjects.iter().map(|s| s.key.as_str()).collect();
        let guards = self.store.sign_in_guards(&keys).await?;
        if let Some(until) = guards.iter().filter_map(|g| g.locked_until).filter(|u| *u > now).max() {
            return Err(ServiceError::SignInLocked {
                retry_after: seconds_until(now, until),
            });
        }
        let user = match Email::parse(attempt.email) {
            Ok(email) => self.store.find_user_by_email(&email).await?,
            Err(_) => None,
        };
        let verified = match user.as_ref().and_then(|u| u.password_hash.as_ref()) {
            Some(hash) => hash.verify(attempt.password),
            None => {
                PasswordHash::decoy().verify(attempt.password);
                false
            }
        };
        let Some(user) = user.filter(|_| verified) else {
            return Err(self.count_failure(&subjects, &guards, now).await?);
        };
        // Failures before a success no longer count against the account.
        let reset = SignInGuard {
            lockouts: 0,
            locked_until: None,
            generation: guards[0].generation + 1,
        };
        self.store
            .put_sign_in_guard(&subjects[0].key, &reset, guards[0].lockouts, now + GUARD_MEMORY)
            .await?;
        if let Some(old) = attempt.replacing {
            self.store.delete_session(&old.hash()).await?;
        }
        let token = SessionToken::generate(self.entropy.as_ref());
        let session = Session::new(user.id, user.email, now, self.entropy.as_ref());
        self.store.put_session(&token.hash(), &session).await?;
        Ok(SignedIn { token, session })
    }

    /// Counts a failed sign-in against every subject; the failure to answer: the lock when
    /// this one reached a limit, else "incorrect".
    async fn count_failure(
        &self,
        subjects: &[Subject],
        guards: &[SignInGuard],
        now: DateTime<Utc>,
    ) -> Result<ServiceError, ServiceError> {
        let mut locked_until: Option<DateTime<Utc>> = None;
        for (subject, guard) in subjects.iter().zip(guards) {
            self.store
                .record_sign_in_failure(&subject.key, guard.generation, now)
                .await?;
            let since = now - FAILURE_WINDOW + Duration::minutes(1);
            let failures = self
                .store
                .sign_in_failures_between(&subject.key, guard.generation, since, now)
                .await?;
            if failures < subject.limit {
                continue;
            }
            let lockouts = guard.lockouts + 1;
            let until = now + lock_length(lockouts);
            let lock = SignInGuard {
                lockouts,
                locked_until: Some(until),
                generation: guard.generation,
            };
            self.store
                .put_sign_in_guard(&subject.key, &lock, guard.lockouts, until + GUARD_MEMORY)
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
    fn the_account_subject_is_the_hash_of_the_lower_case_email() {
        let attempt = SignInAttempt {
            email: " Demo@Example.com ",
            password: "x",
            address: Some("203.0.113.9"),
            replacing: None,
        };
        let keys: Vec<String> = subjects(&attempt).into_iter().map(|s| s.key).collect();
        assert_eq!(
            keys,
            [
                format!("EMAIL#{}", hex::encode(Sha256::digest(b"demo@example.com"))),
                "IP#203.0.113.9".to_string()
            ]
        );
    }
}
