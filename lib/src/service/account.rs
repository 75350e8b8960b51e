//! A person's own account: signing up (when the operator opens it), confirming the address,
//! forgetting and resetting the password, and the profile (name, password, other sessions).
//!
//! Strangers reach three of these (sign-up, "forgot your password?", a link): each answers the
//! same whether or not an address has an account, and each is rate-limited per address and per
//! client address, so none can be used to learn who has an account or to send mail in bulk.

use super::joining::hash_password;
use super::mails::{ACCOUNT_REQUESTS_PER_HOUR, Letter};
use super::sign_in::verify;
use super::{Service, ServiceError, SessionUser};
use crate::domain::{
    AccountLink, AccountLinkKind, ClientAddress, Email, NewPassword, OneTimeToken, PersonName, Plan, RESET_LIFETIME,
    User, VERIFICATION_LIFETIME, Workspace,
};
use crate::ids::ObjectId;
use crate::mail::Delivery;
use crate::store::keys::Throttle;

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

/// The least time a stranger's request that may send mail takes (sign-up, "forgot your
/// password?"), so that whether an address has an account (a store write and an SMTP exchange
/// more, or less) does not show in the answer's timing.
pub const STRANGER_ANSWER_FLOOR: std::time::Duration = std::time::Duration::from_millis(800);

/// Runs `work` and answers no sooner than [`STRANGER_ANSWER_FLOOR`] after it started.
async fn at_least_the_floor<T>(work: impl std::future::Future<Output = T>) -> T {
    let started = tokio::time::Instant::now();
    let answer = work.await;
    tokio::time::sleep_until(started + STRANGER_ANSWER_FLOOR).await;
    answer
}

impl Service {
    /// Makes an account and its first workspace (on the default plan), and mails the link that
    /// confirms the address; the account cannot sign in before. An address that has an account
    /// gets a mail saying so instead, and the answer is the same.
    pub async fn sign_up(&self, form: SignUp, address: &ClientAddress, site: &str) -> Result<Delivery, ServiceError> {
        if !self.config.open_signup {
            return Err(ServiceError::SignUpClosed);
        }
        at_least_the_floor(self.sign_up_now(form, address, site)).await
    }

    async fn sign_up_now(&self, form: SignUp, address: &ClientAddress, site: &str) -> Result<Delivery, ServiceError> {
        self.count_account_request(address).await?;
        self.count_mail_to(&form.email, address).await?;
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
        };
        if self.store.create_user_with_workspace(&user, &workspace).await? {
            return self.send_verification(&user, site).await;
        }
        match self.store.find_user_by_email(&form.email).await? {
            Some(existing) if existing.email_unverified => self.send_verification(&existing, site).await,
            _ => {
                let letter = Letter::already_signed_up(format!("{site}/account/sign-in"));
                self.send_letter(letter, form.email).await
            }
        }
    }

    async fn send_verification(&self, user: &User, site: &str) -> Result<Delivery, ServiceError> {
        let token = self
            .new_account_link(user, AccountLinkKind::Verify, VERIFICATION_LIFETIME)
            .await?;
        let letter = Letter::verification(format!("{site}{}", verification_path(&token)));
        self.send_letter(letter, user.email.clone()).await
    }

    /// Confirms an address from its link (the account can sign in from then on).
    pub async fn verify_email(&self, token: &OneTimeToken) -> Result<(), ServiceError> {
        let link = self.open_account_link(token, AccountLinkKind::Verify).await?;
        if !self.store.verify_email(&link, self.clock.now()).await? {
            return Err(ServiceError::AccountLinkDead);
        }
        Ok(())
    }

    /// "Forgot your password?": mails a reset link when the address has an account that can
    /// sign in. The answer is the same either way (and so is the work the caller can see).
    pub async fn request_password_reset(
        &self,
        email: &Email,
        address: &ClientAddress,
        site: &str,
    ) -> Result<(), ServiceError> {
        at_least_the_floor(self.request_password_reset_now(email, address, site)).await
    }

    async fn request_password_reset_now(
        &self,
        email: &Email,
        address: &ClientAddress,
        site: &str,
    ) -> Result<(), ServiceError> {
        self.count_account_request(address).await?;
        self.count_mail_to(email, address).await?;
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

    /// Sets a new password from a reset link, and ends every session of the user (OAuth
    /// grants stay: the connected-apps page lists them to revoke).
    pub async fn reset_password(&self, token: &OneTimeToken, password: NewPassword) -> Result<(), ServiceError> {
        let link = self.open_account_link(token, AccountLinkKind::Reset).await?;
        let hash = hash_password(password, self.entropy.clone()).await;
        if !self.store.reset_password(&link, &hash, self.clock.now()).await? {
            return Err(ServiceError::AccountLinkDead);
        }
        self.end_sessions(&link.user_id, None).await
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
