//! Outgoing e-mail (invitations, password resets, address verification): an outbound adapter
//! like the store. Over SMTP when `SMTP_URL` is set (Amazon SES's SMTP interface in AWS, the
//! catcher `scripts/serve` and `scripts/test` start locally); otherwise every message goes to
//! the log at warn, where an operator finds the link it carries.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::{Mailbox, MultiPart};
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::clock::{Entropy, OsEntropy};
use crate::config::ConfigError;
use crate::domain::Email;

/// The sender's display name: the product's.
pub const SENDER_NAME: &str = "Smart links";

/// The sender address when neither `SMTP_URL` nor `SMTP_FROM` is set (the log shows it).
pub const DEFAULT_FROM: &str = "no-reply@localhost";

/// How long one SMTP exchange (connecting, each command) may take before the send fails.
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

/// The variable holding the SMTP server's URL (lettre's form: `smtp://host:port`,
/// `smtps://user:password@host:465`, `smtp://user:password@host:587?tls=required`).
pub const SMTP_URL_VARIABLE: &str = "SMTP_URL";

/// The variable holding the sender address (required with `SMTP_URL`).
pub const SMTP_FROM_VARIABLE: &str = "SMTP_FROM";

/// One message to one person: a subject, a plain-text part and an HTML part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub to: Email,
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// How mail leaves: over SMTP when `SMTP_URL` is set, else written to the log at warn.
///
/// Built once per process; clones share the transport.
#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    /// The SMTP transport, built (TLS roots loaded) once; `None` when mail goes to the log.
    smtp: Option<Arc<AsyncSmtpTransport<Tokio1Executor>>>,
}

/// What became of a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// The SMTP server accepted it.
    Sent,
    /// No SMTP is configured: the message went to the log at warn.
    Logged,
}

/// Why a message was not delivered.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("{to} is not an address a message can be sent to")]
    Address {
        to: String,
        #[source]
        source: lettre::address::AddressError,
    },
    #[error("the message to {to} could not be built")]
    Build {
        to: String,
        #[source]
        source: lettre::error::Error,
    },
    #[error("the SMTP server did not take the message to {to}")]
    Smtp {
        to: String,
        #[source]
        source: lettre::transport::smtp::Error,
    },
}

impl std::fmt::Debug for Mailer {
    /// The sender and whether SMTP is configured; never the URL (it holds the password).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer")
            .field("from", &self.from.to_string())
            .field("smtp", &self.smtp.is_some())
            .finish()
    }
}

impl Mailer {
    /// Reads `SMTP_URL` and `SMTP_FROM` from any variable source (the environment, or a test map).
    /// Without `SMTP_URL` mail goes to the log, from `SMTP_FROM` or [`DEFAULT_FROM`]; with it,
    /// `SMTP_FROM` is required. The transport (and its TLS roots) is built here, once.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let set = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let url = set(SMTP_URL_VARIABLE);
        let from = match (set(SMTP_FROM_VARIABLE), &url) {
            (Some(from), _) => from,
            (None, None) => DEFAULT_FROM.to_string(),
            (None, Some(_)) => return Err(ConfigError::Missing(SMTP_FROM_VARIABLE)),
        };
        let address: Address = from.parse().map_err(|err| ConfigError::Invalid {
            name: SMTP_FROM_VARIABLE,
            reason: format!("{from:?} is not an e-mail address ({err})"),
        })?;
        let smtp = match url {
            None => None,
            Some(url) => Some(Arc::new(
                // The error never quotes the URL: it may hold the SMTP password.
                AsyncSmtpTransport::<Tokio1Executor>::from_url(&url)
                    .map_err(|err| ConfigError::Invalid {
                        name: SMTP_URL_VARIABLE,
                        reason: format!(
                            "not an SMTP URL such as smtp://host:port, smtps://user:password@host:465 or \
                             smtp://user:password@host:587?tls=required ({err})"
                        ),
                    })?
                    .timeout(Some(SMTP_TIMEOUT))
                    .build(),
            )),
        };
        Ok(Self {
            from: Mailbox::new(Some(SENDER_NAME.to_string()), address),
            smtp,
        })
    }

    /// [`Mailer::from_lookup`] over the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// A mailer that writes every message to the log (no SMTP), from [`DEFAULT_FROM`].
    pub fn log_only() -> Self {
        Self {
            from: Mailbox::new(
                Some(SENDER_NAME.to_string()),
                DEFAULT_FROM.parse().expect("the default sender is an address"),
            ),
            smtp: None,
        }
    }

    /// Whether messages leave over SMTP (`SMTP_URL` was set).
    pub fn is_configured(&self) -> bool {
        self.smtp.is_some()
    }

    /// Sends `mail` over SMTP, or writes it to the log at warn when no SMTP is configured. The
    /// message is built either way, so an address SMTP would refuse fails locally too.
    pub async fn send(&self, mail: &Mail) -> Result<Delivery, MailError> {
        let message = self.message(mail)?;
        let Some(smtp) = &self.smtp else {
            tracing::warn!(
                to = mail.to.as_str(),
                subject = %mail.subject,
                text = %mail.text,
                "SMTP_URL is not set: this message was written here instead of sent"
            );
            return Ok(Delivery::Logged);
        };
        smtp.send(message).await.map_err(|source| MailError::Smtp {
            to: mail.to.as_str().to_string(),
            source,
        })?;
        tracing::debug!(subject = %mail.subject, "mail sent");
        Ok(Delivery::Sent)
    }

    /// The MIME message: from the product's name, multipart/alternative with the text part
    /// first (the one clients fall back to) and the HTML part.
    fn message(&self, mail: &Mail) -> Result<Message, MailError> {
        let to = mail.to.as_str();
        let recipient: Address = to.parse().map_err(|source| MailError::Address {
            to: to.to_string(),
            source,
        })?;
        let entropy = OsEntropy;
        // A Message-ID in the sender's own domain (lettre's default names `localhost`).
        let message_id = format!(
            "<{:016x}{:016x}@{}>",
            entropy.next_u64(),
            entropy.next_u64(),
            self.from.email.domain()
        );
        Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(None, recipient))
            .subject(mail.subject.clone())
            .message_id(Some(message_id))
            .multipart(MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone()))
            .map_err(|source| MailError::Build {
                to: to.to_string(),
                source,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::mail::{TEST_SENDER, catcher_mailer, unique_recipient, wait_for_mail};

    fn lookup<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    fn welcome(to: Email) -> Mail {
        Mail {
            to,
            subject: "You are invited to Smart links".into(),
            text: "Accept the invitation: https://sl.example.test/invite/abc".into(),
            html: "<p><a href=\"https://sl.example.test/invite/abc\">Accept the invitation</a></p>".into(),
        }
    }

    #[tokio::test]
    async fn the_smtp_mailer_delivers_a_text_and_html_message_from_smart_links_to_the_recipient() {
        let to = unique_recipient("delivers");
        let mailer = catcher_mailer();
        assert!(mailer.is_configured());

        let delivery = mailer
            .send(&welcome(to.clone()))
            .await
            .expect("the catcher takes the message");

        assert_eq!(delivery, Delivery::Sent);
        let caught = wait_for_mail(to.as_str(), 1).await;
        let [mail] = caught.as_slice() else {
            panic!("expected one message to {}, caught {}", to.as_str(), caught.len());
        };
        assert_eq!(mail.from.name.as_deref(), Some("Smart links"));
        assert_eq!(mail.from.address, TEST_SENDER);
        assert_eq!(mail.to, [to.as_str()]);
        assert_eq!(mail.subject, "You are invited to Smart links");
        assert_eq!(mail.content_type, "multipart/alternative");
        assert_eq!(
            mail.text.trim_end(),
            "Accept the invitation: https://sl.example.test/invite/abc"
        );
        assert_eq!(
            mail.html.trim_end(),
            "<p><a href=\"https://sl.example.test/invite/abc\">Accept the invitation</a></p>"
        );
    }

    #[tokio::test]
    async fn a_log_only_mailer_answers_logged() {
        let mailer = Mailer::log_only();

        let delivery = mailer.send(&welcome(unique_recipient("logged"))).await.unwrap();

        assert_eq!(delivery, Delivery::Logged);
        assert!(!mailer.is_configured());
    }

    #[test]
    fn without_smtp_url_mail_goes_to_the_log_from_the_default_sender() {
        let mailer = Mailer::from_lookup(lookup(&[])).unwrap();

        assert!(!mailer.is_configured());
        assert_eq!(mailer.from.email.to_string(), DEFAULT_FROM);
    }

    #[test]
    fn smtp_url_without_smtp_from_is_a_configuration_error() {
        let err = Mailer::from_lookup(lookup(&[("SMTP_URL", "smtp://127.0.0.1:2525")])).unwrap_err();

        assert_eq!(err, ConfigError::Missing("SMTP_FROM"));
    }

    #[test]
    fn an_unparsable_smtp_url_is_a_configuration_error_naming_smtp_url() {
        let err = Mailer::from_lookup(lookup(&[
            ("SMTP_URL", "mail server on port 25"),
            ("SMTP_FROM", "smartlinks@example.test"),
        ]))
        .unwrap_err();

        assert!(matches!(err, ConfigError::Invalid { name: "SMTP_URL", .. }), "{err:?}");
        assert!(err.to_string().contains("SMTP_URL"), "{err}");
    }

    #[test]
    fn the_configuration_error_of_a_bad_smtp_url_never_quotes_its_password() {
        let err = Mailer::from_lookup(lookup(&[
            ("SMTP_URL", "smtpx://user:s3cret@email-smtp.eu-west-1.amazonaws.com:465"),
            ("SMTP_FROM", "smartlinks@example.test"),
        ]))
        .unwrap_err();

        assert!(!err.to_string().contains("s3cret"), "{err}");
    }

    #[test]
    fn a_sender_that_is_not_an_address_is_a_configuration_error_naming_smtp_from() {
        let err = Mailer::from_lookup(lookup(&[("SMTP_FROM", "Smart links")])).unwrap_err();

        assert!(matches!(err, ConfigError::Invalid { name: "SMTP_FROM", .. }), "{err:?}");
    }

    #[test]
    fn an_ses_url_with_starttls_builds_a_configured_mailer() {
        let mailer = Mailer::from_lookup(lookup(&[
            (
                "SMTP_URL",
                "smtp://AKIAEXAMPLE:secret@email-smtp.eu-west-1.amazonaws.com:587?tls=required",
            ),
            ("SMTP_FROM", "no-reply@example.com"),
        ]))
        .unwrap();

        assert!(mailer.is_configured());
        assert!(!format!("{mailer:?}").contains("secret"));
    }
}
