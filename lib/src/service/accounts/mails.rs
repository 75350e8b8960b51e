//! The mails the service sends, each written once: a subject, a few paragraphs and one link,
//! as a plain-text part and an HTML part. Sending is rate-limited per sender, per recipient
//! and per client address (`TooManyMails`). A recipient's account mails are limited per
//! requesting address under a higher ceiling from everyone, and invitations count apart, so a
//! stranger asking for resets of someone's address cannot block that person's own reset or
//! an invitation to them.

use sha2::{Digest, Sha256};

use crate::domain::{ClientAddress, Email, Role};
use crate::mail::{Delivery, Mail};
use crate::service::{Service, ServiceError};
use crate::store::keys::Throttle;

/// Invitations one person may send (or send again) per hour.
pub const INVITATIONS_PER_HOUR: u32 = 30;
/// Account mails (resets, sign-up links) one address may receive per hour asked for from one
/// client address.
pub const MAILS_TO_ADDRESS_FROM_ONE_REQUESTER_PER_HOUR: u32 = 5;
/// Account mails one address may receive per hour from every requester together.
pub const MAILS_TO_ADDRESS_PER_HOUR: u32 = 20;
/// Invitations one address may receive per hour (from every workspace together).
pub const INVITATIONS_TO_ADDRESS_PER_HOUR: u32 = 5;
/// Password-reset requests and sign-ups one client address may make per hour.
pub const ACCOUNT_REQUESTS_PER_HOUR: u32 = 20;

/// A mail before it is addressed: its subject, paragraphs and the one link it is about.
pub(in crate::service) struct Letter {
    pub subject: String,
    pub paragraphs: Vec<String>,
    pub action: &'static str,
    pub link: String,
    pub footer: &'static str,
}

impl Letter {
    pub fn invitation(workspace: &str, inviter: &str, role: Role, link: String) -> Self {
        Self {
            subject: format!("{inviter} invited you to {workspace} on Smart links"),
            paragraphs: vec![
                format!(
                    "{inviter} invited you to join the workspace {workspace} as a {}.",
                    role.as_str()
                ),
                "Open the link below to accept. It works once, for seven days.".to_string(),
            ],
            action: "Accept the invitation",
            link,
            footer: "If you did not expect this invitation, ignore this mail: nothing happens until the link is opened.",
        }
    }

    pub fn reset(link: String) -> Self {
        Self {
            subject: "Set a new password for Smart links".to_string(),
            paragraphs: vec![
                "Someone asked to set a new password for the Smart links account of this address.".to_string(),
                "Open the link below to choose one. It works once, for one hour, and signs you out everywhere."
                    .to_string(),
            ],
            action: "Set a new password",
            link,
            footer: "If you did not ask for this, ignore this mail: your password stays as it is.",
        }
    }

    pub fn verification(link: String) -> Self {
        Self {
            subject: "Confirm your e-mail address for Smart links".to_string(),
            paragraphs: vec![
                "Open the link below to confirm this address and finish signing up. It works for three days."
                    .to_string(),
            ],
            action: "Confirm my address",
            link,
            footer: "If you did not sign up, ignore this mail: the account cannot be used without this link.",
        }
    }

    pub fn already_signed_up(sign_in: String) -> Self {
        Self {
            subject: "You already have a Smart links account".to_string(),
            paragraphs: vec![
                "Someone tried to sign up with this address, which already has an account.".to_string(),
                "Sign in instead; if you forgot your password, the sign-in page can send you a new one.".to_string(),
            ],
            action: "Sign in",
            link: sign_in,
            footer: "If it was not you, ignore this mail: nothing changed.",
        }
    }

    /// The letter addressed to `to`, as text and HTML.
    pub fn to(self, to: Email) -> Mail {
        use html_escape::encode_text as esc;
        let mut text = String::new();
        for paragraph in &self.paragraphs {
            text.push_str(paragraph);
            text.push_str("\n\n");
        }
        text.push_str(&format!("{}:\n{}\n\n{}\n", self.action, self.link, self.footer));
        let mut html = String::from("<!doctype html><html lang=\"en\"><body style=\"font-family: sans-serif\">");
        for paragraph in &self.paragraphs {
            html.push_str(&format!("<p>{}</p>", esc(paragraph)));
        }
        html.push_str(&format!(
            "<p><a href=\"{}\">{}</a></p><p>Or copy this address into your browser: {}</p><p style=\"color: #555\">{}</p></body></html>",
            html_escape::encode_double_quoted_attribute(&self.link),
            esc(self.action),
            esc(&self.link),
            esc(self.footer)
        ));
        Mail {
            to,
            subject: self.subject,
            text,
            html,
        }
    }
}

/// The throttle source of `text` (an e-mail address, with its requester's): its SHA-256, so no
/// address is written as a key.
fn hashed_source(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))[..32].to_string()
}

fn address_source(email: &Email) -> String {
    hashed_source(email.as_str())
}

impl Service {
    /// Counts one event of `source` against `throttle`'s hourly `limit`; refused with the wait.
    pub(in crate::service) async fn count_mail(
        &self,
        throttle: Throttle,
        source: &str,
        limit: u32,
    ) -> Result<(), ServiceError> {
        let now = self.clock.now();
        if self.store.count_in_window(throttle, source, now, limit).await? {
            Ok(())
        } else {
            Err(ServiceError::TooManyMails {
                retry_after: throttle.seconds_left(now),
            })
        }
    }

    /// Counts an account mail to `email` asked for from `requester`: against the pair's hourly
    /// limit, then the recipient's ceiling from everyone.
    pub(in crate::service) async fn count_mail_to(
        &self,
        email: &Email,
        requester: &ClientAddress,
    ) -> Result<(), ServiceError> {
        let pair = hashed_source(&format!("{}|{}", email.as_str(), requester.as_str()));
        self.count_mail(
            Throttle::MailsToAddressFrom,
            &pair,
            MAILS_TO_ADDRESS_FROM_ONE_REQUESTER_PER_HOUR,
        )
        .await?;
        self.count_mail(
            Throttle::MailsToAddress,
            &address_source(email),
            MAILS_TO_ADDRESS_PER_HOUR,
        )
        .await
    }

    /// Counts an invitation mail to `email` against the recipient's hourly limit of invitations.
    pub(in crate::service) async fn count_invitation_to(&self, email: &Email) -> Result<(), ServiceError> {
        self.count_mail(
            Throttle::InvitationsToAddress,
            &address_source(email),
            INVITATIONS_TO_ADDRESS_PER_HOUR,
        )
        .await
    }

    /// Sends a letter. A mail server that fails is an internal failure (the link is not lost:
    /// it can be sent again).
    pub(in crate::service) async fn send_letter(&self, letter: Letter, to: Email) -> Result<Delivery, ServiceError> {
        self.mailer.send(&letter.to(to)).await.map_err(ServiceError::MailFailed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_has_its_link_in_both_parts_and_escapes_html() {
        let mail = Letter::invitation(
            "R&D",
            "Ann <ann@example.com>",
            Role::Manager,
            "https://s.test/x?a=1&b=2".into(),
        )
        .to(Email::parse("bob@example.com").unwrap());
        assert!(mail.text.contains("https://s.test/x?a=1&b=2"));
        assert!(mail.html.contains("href=\"https://s.test/x?a=1&amp;b=2\""));
        assert!(mail.html.contains("R&amp;D") && !mail.html.contains("<ann@"));
        assert_eq!(mail.subject, "Ann <ann@example.com> invited you to R&D on Smart links");
    }

    #[test]
    fn the_wait_is_the_rest_of_the_clock_hour() {
        let at: chrono::DateTime<chrono::Utc> = "2026-11-26T10:59:00Z".parse().unwrap();
        assert_eq!(Throttle::MailsToAddress.seconds_left(at), 60);
    }
}
