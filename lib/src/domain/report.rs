//! A report of a link by anyone who met it (`/_sl/report/<slug>` on a short domain): why they
//! report it and, if they say more, a short note. Nothing about the reporter is kept.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::ids::ObjectId;
use super::{BoundedText, Hostname, Invalid, Slug};

/// The longest note a reporter may add, in characters.
pub const MAX_REPORT_NOTE_CHARS: usize = 1000;

/// A reporter's optional note.
pub type ReportNote = BoundedText<MAX_REPORT_NOTE_CHARS>;

/// Why a link is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportReason {
    Phishing,
    Malware,
    Spam,
    Other,
}

impl ReportReason {
    /// Every reason, in the order the page lists them.
    pub const ALL: [Self; 4] = [Self::Phishing, Self::Malware, Self::Spam, Self::Other];

    /// A posted reason (`phishing`, `malware`, `spam`, `other`).
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        Self::ALL
            .into_iter()
            .find(|r| r.as_str() == raw.trim())
            .ok_or_else(|| Invalid::new("reason", "Choose why you are reporting this link."))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Phishing => "phishing",
            Self::Malware => "malware",
            Self::Spam => "spam",
            Self::Other => "other",
        }
    }

    /// How the page words it.
    pub fn label(self) -> &'static str {
        match self {
            Self::Phishing => "Phishing: it pretends to be someone else to get passwords or payment details",
            Self::Malware => "Malware: it downloads or runs something harmful",
            Self::Spam => "Spam: it came unasked, in bulk",
            Self::Other => "Something else",
        }
    }
}

/// What a reporter sends: a reason and maybe a note (an empty note is none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportForm {
    pub reason: ReportReason,
    pub note: Option<ReportNote>,
}

impl ReportForm {
    /// The form's fields as posted.
    pub fn parse(reason: Option<&str>, note: Option<&str>) -> Result<Self, Invalid> {
        let reason = ReportReason::parse(reason.unwrap_or_default())?;
        let note = match note.map(str::trim).filter(|n| !n.is_empty()) {
            None => None,
            Some(text) => Some(ReportNote::parse("note", text).map_err(|_| {
                Invalid::new(
                    "note",
                    format!("Keep the note to {MAX_REPORT_NOTE_CHARS} characters or fewer."),
                )
            })?),
        };
        Ok(Self { reason, note })
    }
}

/// A stored report: which link (as it was when reported), why, and when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LinkReport {
    pub id: ObjectId,
    pub link_id: ObjectId,
    pub workspace_id: ObjectId,
    pub domain: Hostname,
    pub slug: Slug,
    pub reason: ReportReason,
    #[serde(default)]
    pub note: Option<ReportNote>,
    pub reported_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_needs_one_of_the_four_reasons() {
        assert_eq!(ReportReason::parse("malware"), Ok(ReportReason::Malware));
        let refused = ReportReason::parse("boring").unwrap_err();
        assert_eq!(refused.message, "Choose why you are reporting this link.");
        assert!(ReportForm::parse(None, None).is_err());
    }

    #[test]
    fn an_empty_note_is_no_note_and_a_long_one_is_refused() {
        let form = ReportForm::parse(Some("spam"), Some("   ")).unwrap();
        assert_eq!(form.note, None);
        let long = "x".repeat(MAX_REPORT_NOTE_CHARS + 1);
        let refused = ReportForm::parse(Some("spam"), Some(&long)).unwrap_err();
        assert_eq!(refused.message, "Keep the note to 1000 characters or fewer.");
        let fits = "é".repeat(MAX_REPORT_NOTE_CHARS);
        assert!(ReportForm::parse(Some("other"), Some(&fits)).unwrap().note.is_some());
    }
}
