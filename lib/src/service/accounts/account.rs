//! A person's own account: signing up (when the operator opens it), confirming the address,
//! forgetting and resetting the password, and the profile (name, password, other sessions).
//!
//! Strangers reach three of these (sign-up, "forgot your password?", a link): each answers the
//! same whether or not an address has an account, and each is rate-limited per address and per
//! client address, so none can be used to learn who has an account or to send mail in bulk.
//!
//! A stranger's request that may send mail is taken in two steps: its admission (the throttles,
//! the same work for every address, answered at once when refused), then, after the answer has
//! gone, the work that depends on whether the address has an account (the door defers it). The
//! answer never waits for that work, so its timing tells nothing, and no request holds a
//! function's execution by sleeping.

use crate::domain::ids::ObjectId;
use crate::domain::{
    AccountLink, AccountLinkKind, ClientAddress, CredentialRef, Email, NewPassword, OneTimeToken, PersonName, Plan,
    RESET_LIFETIME, User, VERIFICATION_LIFETIME, Workspace,
};
use crate::mail::Delivery;
use crate::service::accounts::mails::{ACCOUNT_REQUESTS_PER_HOUR, Letter};
use crate::service::accounts::sign_in::verify;
use crate::service::{Service, ServiceError, accounts::SessionUser};
use crate::store::keys::Throttle;
use crate::store::{LinkOutcome, LinkUse, Replacement};

/// What a person fills in to sign up.
#[derive(Debug, Clone)]
pub struct SignUp {
    pub name: PersonName,
    pub email: Email,
    pub password: NewPassword,
    pub workspace: crate::domain::BoundedText<100>,
}

/// The paths of the account links (the site's origin goes before them).
pub fn reset_path(token: &OneTimeToken) -> String {
    format!("/account/reset-password/{}", token.expose())
}

pub fn verification_path(token: &OneTimeToken) -> String {
    format!("/account/verify-email/{}", token.expose())
}

impl Service {
    /// Admits a sign-up for `email` from `address`: closed sign-up and the throttles refuse it
    /// here, before anything that depends on the address.
    pub async fn admit_sign_up(&self, email: &Email, address: &ClientAddress) -> Result<(), ServiceError> {
        if !self.config.open_signup {
            return Err(ServiceError::SignUpClosed);
        }
        self.count_account_request(address).await?;
        self.count_mail_to(email, address).await
    }

    /// After [`Self::admit_sign_up`]: makes an account and its first workspace (on the default
    /// plan), and mails the link that confirms the address; the account cannot sign in before.
    /// An account still waiting for its address to be confirmed is replaced by this one (so
    /// whoever signed up first with someone else's address keeps nothing); an address whose
    /// account is confirmed gets a mail saying so instead.
    pub async fn sign_up(&self, form: SignUp, site: &str) -> Result<Delivery, ServiceError> {
        let now = self.clock.now();
        let hash = hash_password(form.password, self.entropy.clone()).await;
        let user = User {
            id: self.new_id(),
            email: form.email.clone(),
            api_key_hash: None,
            password_hash: Some(hash),
            created_at: now,
            name: Some(form.name),
            email_unverified: true,
            credentials_since: None,
        };
        let workspace = Workspace {
            id: self.new_id(),
            name: form.workspace.as_str().to_string(),
            owner_id: user.id.clone(),
            plan: Plan::default(),
            license_expires_at: None,
            link_count: 0,
            created_at: now,
            gps_capture_off: false,
            health_checks_off: false,
            suspended_reason: None,
        };
        for _ in 0..3 {
            if self.store.create_user_with_workspace(&user, &workspace).await? {
                return self.send_verification(&user, site).await;
            }
            match self.store.find_user_by_email(&form.email).await? {
                Some(pending) if pending.email_unverified => {
                    match self.store.replace_pending_account(&pending, &user, &workspace).await? {
                        Replacement::Replaced => return self.send_verification(&user, site).await,
                        Replacement::Changed => {} // confirmed or replaced meanwhile: read again
                    }
                }
                Some(_) => {
                    let letter = Letter::already_signed_up(format!("{site}/account/sign-in"));
                    return self.send_letter(letter, form.email).await;
                }
                None => {}
            }
        }
        Err(ServiceError::Contention)
    }

    async fn send_verification(&self, user: &User, site: &str) -> Result<Delivery, ServiceError> {
        let token = self
            .new_account_link(user, AccountLinkKind::Verify, VERIFICATION_LIFETIME)
            .await?;
        let letter = Letter::verification(format!("{site}{}", verification_path(&token)));
        self.send_letter(letter, user.email.clone()).await
    }

    /// Whether a confirm link still works: its account is still waiting for it (not confirmed,
    /// nor replaced by a later sign-up). Its page shows the button only then; opening it changes
    /// nothing, so a mail scanner that opens it confirms nothing.
    pub async fn check_verification_link(&self, token: &OneTimeToken) -> Result<(), ServiceError> {
        let link = self.open_account_link(token, AccountLinkKind::Verify).await?;
        self.store
            .get_user(&link.user_id)
            .await?
            .filter(|user| user.email_unverified)
            .map(|_| ())
            .ok_or(ServiceError::AccountLinkDead)
    }

    /// Confirms an address from its link (the account can sign in from then on); the API key
    /// and OAuth grants it had before stop working.
    pub async fn verify_email(&self, token: &OneTimeToken) -> Result<(), ServiceError> {
        let link = self.open_account_link(token, AccountLinkKind::Verify).await?;
        self.use_account_link(&link, LinkUse::Confirm).await
    }

    /// Admits "forgot your password?" for `email` from `address`: the throttles, the same work
    /// whether or not the address has an account.
    pub async fn admit_password_reset(&self, email: &Email, address: &ClientAddress) -> Result<(), ServiceError> {
        self.count_account_request(address).await?;
        self.count_mail_to(email, address).await
    }

    /// After [`Self::admit_password_reset`]: mails a reset link when the address has an account
    /// that can sign in; nothing otherwise.
    pub async fn send_password_reset(&self, email: &Email, site: &str) -> Result<(), ServiceError> {
        let Some(user) = self.store.find_user_by_email(email).await? else {
            return Ok(());
        };
        let link = self.reset_link(&user, site).await?;
        self.send_letter(Letter::reset(link), user.email).await?;
        Ok(())
    }

    /// A reset link for a user, for the operator to pass on (`linkctl user reset-link`).
    pub async fn reset_link(&self, user: &User, site: &str) -> Result<String, ServiceError> {
        let token = self
            .new_account_link(user, AccountLinkKind::Reset, RESET_LIFETIME)
            .await?;
        Ok(format!("{site}{}", reset_path(&token)))
    }

    /// Whether a reset link still works (the page shows its form only then).
    pub async fn check_reset_link(&self, token: &OneTimeToken) -> Result<(), ServiceError> {
        self.open_account_link(token, AccountLinkKind::Reset).await.map(|_| ())
    }

    /// Sets a new password from a reset link, and ends every session, the API key and the OAuth
    /// grants of the user: whoever held the account before the reset keeps nothing.
    pub async fn reset_password(&self, token: &OneTimeToken, password: NewPassword) -> Result<(), ServiceError> {
        let link = self.open_account_link(token, AccountLinkKind::Reset).await?;
        let hash = hash_password(password, self.entropy.clone()).await;
        self.use_account_link(&link, LinkUse::Reset(&hash)).await?;
        self.end_sessions(&link.user_id, None).await
    }

    /// After a reset or a confirmation ended the user's key and every grant they approved: the
    /// webhook endpoints those set up are switched off.
    async fn disable_webhooks_of_account(&self, user: &User) -> Result<(), ServiceError> {
        if let Some(hash) = &user.api_key_hash {
            let key = CredentialRef::api_key(crate::service::accounts::short_id(hash));
            self.disable_webhooks_of(&key).await?;
        }
        for grant in self.store.user_grants(&user.id).await? {
            self.disable_webhooks_of(&CredentialRef::app(&grant.id)).await?;
        }
        Ok(())
    }

    /// Spends an account link for its change, reading its user again when the user's API key
    /// changed meanwhile.
    async fn use_account_link(&self, link: &AccountLink, change: LinkUse<'_>) -> Result<(), ServiceError> {
        for _ in 0..3 {
            let user = self
                .store
                .get_user(&link.user_id)
                .await?
                .filter(|user| user.email_unverified || !matches!(change, LinkUse::Confirm))
                .ok_or(ServiceError::AccountLinkDead)?;
            match self
                .store
                .use_account_link(link, &user, change, self.clock.now())
                .await?
            {
                LinkOutcome::Used => return self.disable_webhooks_of_account(&user).await,
                LinkOutcome::Dead => return Err(ServiceError::AccountLinkDead),
                LinkOutcome::UserChanged => {}
            }
        }
        Err(ServiceError::Contention)
    }

    /// Changes the signed-in person's password, given the current one; their other sessions
    /// end, this one stays.
    pub async fn change_password(
        &self,
        signed_in: &SessionUser,
        current: &str,
        password: NewPassword,
    ) -> Result<(), ServiceError> {
        let user = self.signed_in_user(signed_in).await?;
        if !verify(user.password_hash.clone(), current).await {
            return Err(ServiceError::WrongCurrentPassword);
        }
        let hash = hash_password(password, self.entropy.clone()).await;
        if !self.store.set_password_hash(&user.id, &hash).await? {
            return Err(ServiceError::UserNotFound);
        }
        self.end_sessions(&user.id, Some(&signed_in.token.hash())).await
    }

    /// Sets what the signed-in person calls themselves.
    pub async fn set_name(&self, signed_in: &SessionUser, name: &PersonName) -> Result<(), ServiceError> {
        if !self.store.set_user_name(&signed_in.session.user_id, name).await? {
            return Err(ServiceError::UserNotFound);
        }
        Ok(())
    }

    /// Ends every session of the signed-in person but this one.
    pub async fn sign_out_elsewhere(&self, signed_in: &SessionUser) -> Result<(), ServiceError> {
        self.end_sessions(&signed_in.session.user_id, Some(&signed_in.token.hash()))
            .await
    }

    /// The signed-in person's account.
    pub async fn signed_in_user(&self, signed_in: &SessionUser) -> Result<User, ServiceError> {
        self.store
            .get_user(&signed_in.session.user_id)
            .await?
            .ok_or(ServiceError::UserNotFound)
    }

    /// Ends the sessions of a user, but `keep`.
    async fn end_sessions(&self, user: &ObjectId, keep: Option<&str>) -> Result<(), ServiceError> {
        let hashes: Vec<String> = self
            .store
            .user_session_hashes(user)
            .await?
            .into_iter()
            .filter(|h| Some(h.as_str()) != keep)
            .collect();
        self.store.delete_sessions(&hashes).await?;
        Ok(())
    }

    async fn new_account_link(
        &self,
        user: &User,
        kind: AccountLinkKind,
        lifetime: chrono::Duration,
    ) -> Result<OneTimeToken, ServiceError> {
        let token = OneTimeToken::generate(self.new_id(), self.entropy.as_ref());
        let link = AccountLink {
            id: token.id().clone(),
            kind,
            user_id: user.id.clone(),
            secret_hash: token.secret_hash(),
            expires_at: self.clock.now() + lifetime,
        };
        self.store.put_account_link(&link).await?;
        Ok(token)
    }

    async fn open_account_link(
        &self,
        token: &OneTimeToken,
        kind: AccountLinkKind,
    ) -> Result<AccountLink, ServiceError> {
        let now = self.clock.now();
        self.store
            .account_link(token.id())
            .await?
            .filter(|link| link.opened_by(token, kind, now))
            .ok_or(ServiceError::AccountLinkDead)
    }

    /// Counts a stranger's request (reset, sign-up) against its client address's hourly limit.
    async fn count_account_request(&self, address: &ClientAddress) -> Result<(), ServiceError> {
        self.count_mail(
            Throttle::AccountRequestsFromAddress,
            address.as_str(),
            ACCOUNT_REQUESTS_PER_HOUR,
        )
        .await
    }
}

/// Hashes a new password on a blocking thread (argon2 holds a core for about 20 ms).
pub(in crate::service) async fn hash_password(
    password: NewPassword,
    entropy: std::sync::Arc<dyn crate::clock::Entropy>,
) -> crate::domain::PasswordHash {
    tokio::task::spawn_blocking(move || crate::domain::PasswordHash::new(&password, entropy.as_ref()))
        .await
        .expect("hashing a password does not panic")
}
