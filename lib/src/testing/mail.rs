//! The mail a real SMTP server caught: `scripts/test` starts the catcher (Python `aiosmtpd`,
//! writing each message it receives into a Maildir) and exports `SMTP_TEST_URL` (where it
//! listens) and `SMTP_TEST_MAILDIR` (where it writes). Tests send to a recipient of their own
//! ([`unique_recipient`]) and read back what reached it ([`caught_mail`], [`wait_for_mail`]).

use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use mail_parser::{MessageParser, MimeHeaders};

use crate::clock::{Entropy, OsEntropy};
use crate::domain::Email;
use crate::mail::Mailer;

/// The sender the tests' mailer sends from (`SMTP_FROM`).
pub const TEST_SENDER: &str = "smartlinks@example.test";

/// How long [`wait_for_mail`] waits for the messages it expects.
pub const WAIT_FOR_MAIL: Duration = Duration::from_secs(5);

/// An address (display name and address) of a caught message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaughtAddress {
    pub name: Option<String>,
    pub address: String,
}

/// One message the catcher received, as a mail client would show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaughtMail {
    pub from: CaughtAddress,
    /// The `To` addresses, lower-cased.
    pub to: Vec<String>,
    pub subject: String,
    /// The top-level content type (`multipart/alternative`).
    pub content_type: String,
    /// The text/plain part (empty when there is none).
    pub text: String,
    /// The text/html part (empty when there is none).
    pub html: String,
    /// The file the catcher wrote it to.
    pub path: PathBuf,
}

/// Where the catcher listens (`SMTP_TEST_URL`), or a panic saying how to get one.
pub fn smtp_test_url() -> String {
    std::env::var("SMTP_TEST_URL")
        .ok()
        .filter(|url| !url.trim().is_empty())
        .expect("SMTP_TEST_URL must point at the SMTP catcher; run the tests with scripts/test")
}

/// A mailer sending to the catcher, from [`TEST_SENDER`] (panics without `SMTP_TEST_URL`).
pub fn catcher_mailer() -> Mailer {
    let url = smtp_test_url();
    Mailer::from_lookup(|name| match name {
        "SMTP_URL" => Some(url.clone()),
        "SMTP_FROM" => Some(TEST_SENDER.to_string()),
        _ => None,
    })
    .expect("SMTP_TEST_URL is an SMTP URL (smtp://127.0.0.1:PORT)")
}

/// The mailer a test service gets: the catcher's when `SMTP_TEST_URL` is set, else log-only.
pub fn test_mailer() -> Mailer {
    match std::env::var("SMTP_TEST_URL") {
        Ok(url) if !url.trim().is_empty() => catcher_mailer(),
        _ => Mailer::log_only(),
    }
}

/// A recipient no other test (nor an earlier run) sends to: `TAG-<random>@example.test`.
pub fn unique_recipient(tag: &str) -> Email {
    let entropy = OsEntropy;
    Email::parse(&format!("{tag}-{:016x}@example.test", entropy.next_u64())).expect("a valid address")
}

fn maildir() -> PathBuf {
    let dir = std::env::var_os("SMTP_TEST_MAILDIR")
        .filter(|dir| !dir.is_empty())
        .expect("SMTP_TEST_MAILDIR must name the SMTP catcher's Maildir; run the tests with scripts/test");
    PathBuf::from(dir).join("new")
}

/// Every message in the catcher's Maildir (`$SMTP_TEST_MAILDIR/new`) addressed to `to`, oldest
/// first.
pub fn caught_mail(to: &str) -> Vec<CaughtMail> {
    let dir = maildir();
    let to = to.to_lowercase();
    let entries = match std::fs::read_dir(&dir) {
        Ok(entries) => entries,
        // The catcher makes the folder when the first message arrives.
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(err) => panic!("cannot read the SMTP catcher's folder {}: {err}", dir.display()),
    };
    let mut found: Vec<(SystemTime, CaughtMail)> = Vec::new();
    for entry in entries {
        let path = entry.expect("an entry of the Maildir").path();
        let Ok(raw) = std::fs::read(&path) else {
            continue; // moved away meanwhile
        };
        let mail = parse(&raw, path.clone());
        if mail.to.contains(&to) {
            let written = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            found.push((written, mail));
        }
    }
    // Written time, then the file name (Maildir names start with the time and count up).
    found.sort_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.path.cmp(&y.path)));
    found.into_iter().map(|(_, mail)| mail).collect()
}

/// [`caught_mail`] once at least `count` messages reached `to`, polling for up to
/// [`WAIT_FOR_MAIL`]; what was caught by then otherwise (the caller's assertion says the rest).
pub async fn wait_for_mail(to: &str, count: usize) -> Vec<CaughtMail> {
    let deadline = Instant::now() + WAIT_FOR_MAIL;
    loop {
        let caught = caught_mail(to);
        if caught.len() >= count || Instant::now() >= deadline {
            return caught;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn parse(raw: &[u8], path: PathBuf) -> CaughtMail {
    let message = MessageParser::default()
        .parse(raw)
        .unwrap_or_else(|| panic!("{} is not a MIME message", path.display()));
    let from = message
        .from()
        .and_then(|from| from.first())
        .map(|addr| CaughtAddress {
            name: addr.name.as_deref().map(str::to_string),
            address: addr.address.as_deref().unwrap_or_default().to_string(),
        })
        .unwrap_or(CaughtAddress {
            name: None,
            address: String::new(),
        });
    let to = message
        .to()
        .map(|to| {
            to.iter()
                .filter_map(|addr| addr.address.as_deref())
                .map(str::to_lowercase)
                .collect()
        })
        .unwrap_or_default();
    let content_type = message
        .content_type()
        .map(|ct| match ct.subtype() {
            Some(sub) => format!("{}/{}", ct.ctype(), sub),
            None => ct.ctype().to_string(),
        })
        .unwrap_or_default()
        .to_lowercase();
    // Only parts that are really text/plain and text/html: the parser would otherwise convert
    // one into the other when a part is missing.
    let text = message
        .text_part(0)
        .filter(|part| part.is_text() && !part.is_text_html())
        .and_then(|part| part.text_contents())
        .unwrap_or_default()
        .to_string();
    let html = message
        .html_part(0)
        .filter(|part| part.is_text_html())
        .and_then(|part| part.text_contents())
        .unwrap_or_default()
        .to_string();
    CaughtMail {
        from,
        to,
        subject: message.subject().unwrap_or_default().to_string(),
        content_type,
        text,
        html,
        path,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::Mail;

    #[tokio::test]
    async fn caught_mail_lists_a_recipients_messages_oldest_first() {
        let to = unique_recipient("ordered");
        let mailer = catcher_mailer();
        for subject in ["first", "second", "third"] {
            let mail = Mail {
                to: to.clone(),
                subject: subject.into(),
                text: subject.into(),
                html: format!("<p>{subject}</p>"),
            };
            mailer.send(&mail).await.expect("the catcher takes the message");
        }

        let caught = wait_for_mail(to.as_str(), 3).await;

        let subjects: Vec<&str> = caught.iter().map(|mail| mail.subject.as_str()).collect();
        assert_eq!(subjects, ["first", "second", "third"]);
    }
}
