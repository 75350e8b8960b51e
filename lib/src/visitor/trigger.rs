//! How a visit reached a link: by the link itself, or by a scan of its QR code, whose URL
//! carries `qr=1` (see `crate::qr::scan_url`).

use serde::{Deserialize, Serialize};

/// What brought a visitor; recorded on every click (clicks stored before triggers existed read
/// back as `link`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Trigger {
    #[default]
    Link,
    Qr,
}

impl Trigger {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Link => "link",
            Self::Qr => "qr",
        }
    }

    /// A visit's trigger, and its query string without the `qr=1` marker (so the destination
    /// never receives it). Other parameters are kept exactly as sent, `qr` with another value
    /// included.
    pub fn split(query: Option<&str>) -> (Self, Option<String>) {
        let Some(query) = query else {
            return (Self::Link, None);
        };
        let mut trigger = Self::Link;
        let kept: Vec<&str> = query
            .split('&')
            .filter(|pair| {
                let marker = url::form_urlencoded::parse(pair.as_bytes())
                    .next()
                    .is_some_and(|(k, v)| k == "qr" && v == "1");
                if marker {
                    trigger = Self::Qr;
                }
                !marker
            })
            .collect();
        let kept = kept.join("&");
        (trigger, (!kept.is_empty()).then_some(kept))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qr_1_marks_a_scan_and_is_taken_out_of_the_query() {
        assert_eq!(Trigger::split(Some("qr=1")), (Trigger::Qr, None));
        assert_eq!(
            Trigger::split(Some("utm_source=print&qr=1&x=%20y")),
            (Trigger::Qr, Some("utm_source=print&x=%20y".to_string()))
        );
        assert_eq!(Trigger::split(Some("q%72=1")), (Trigger::Qr, None));
    }

    #[test]
    fn a_visit_without_qr_1_is_a_link_visit_with_its_query_untouched() {
        assert_eq!(Trigger::split(None), (Trigger::Link, None));
        assert_eq!(
            Trigger::split(Some("qr=0&qrx=1&a=qr=1")),
            (Trigger::Link, Some("qr=0&qrx=1&a=qr=1".to_string()))
        );
    }

    #[test]
    fn clicks_stored_before_triggers_read_back_as_link_visits() {
        #[derive(Deserialize)]
        struct Stored {
            #[serde(default)]
            trigger: Trigger,
        }
        let stored: Stored = serde_json::from_str("{}").unwrap();
        assert_eq!(stored.trigger, Trigger::Link);
    }
}
