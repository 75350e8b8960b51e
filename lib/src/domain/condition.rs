//! The visitor conditions a rule can carry: countries, cities, devices, operating systems,
//! browsers, languages, a UTC time window and days of the week.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Browser, Device, Os};

/// An ISO 3166-1 alpha-2 country code, upper-case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CountryCode {
    text: [u8; 2],
}

impl CountryCode {
    pub fn parse(raw: &str) -> Option<Self> {
        let upper = raw.to_ascii_uppercase();
        let text: [u8; 2] = upper.as_bytes().try_into().ok()?;
        keshvar::Alpha2::try_from(upper.as_str()).ok()?;
        Some(Self { text })
    }

    pub fn alpha2(&self) -> &str {
        std::str::from_utf8(&self.text).expect("ASCII letters")
    }

    /// Every assigned code, in code order.
    pub fn all() -> impl Iterator<Item = Self> {
        keshvar::SUPPORTED_ALPHA2_LIST
            .iter()
            .filter_map(|code| Self::parse(&code.to_string()))
    }

    /// The English name people use (`United States`, `United Kingdom`, `South Korea`).
    pub fn name(&self) -> &'static str {
        let code = keshvar::Alpha2::try_from(self.alpha2()).expect("validated when parsed");
        let country = code.to_country();
        country
            .unofficial_name_list()
            .first()
            .copied()
            .unwrap_or_else(|| country.iso_short_name())
    }
}

impl TryFrom<String> for CountryCode {
    type Error = String;
    fn try_from(value: String) -> Result<Self, Self::Error> {
        Self::parse(&value).ok_or_else(|| format!("{value:?} is not an ISO 3166-1 alpha-2 code"))
    }
}

impl From<CountryCode> for String {
    fn from(value: CountryCode) -> Self {
        value.alpha2().to_string()
    }
}

/// A time of day in UTC, minute precision, written `HH:MM`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TimeOfDay(u16);

impl TimeOfDay {
    pub fn parse(raw: &str) -> Option<Self> {
        let bytes = raw.as_bytes();
        if bytes.len() != 5 || bytes[2] != b':' {
            return None;
        }
        let digits = |a: u8, b: u8| -> Option<u16> {
            (a.is_ascii_digit() && b.is_ascii_digit()).then(|| u16::from(a - b'0') * 10 + u16::from(b - b'0'))
        };
        let hours = digits(bytes[0], bytes[1])?;
        let minutes = digits(bytes[3], bytes[4])?;
        (hours < 24 && minutes < 60).then_some(Self(hours * 60 + minutes))
    }

    pub fn from_minutes(minutes: u16) -> Option<Self> {
        (minutes < 24 * 60).then_some(Self(minutes))
    }

    pub fn minutes(self) -> u16 {
        self.0
    }
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

/// A UTC window, start inclusive and end exclusive; may cross midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeWindow {
    pub start: TimeOfDay,
    pub end: TimeOfDay,
}

impl TimeWindow {
    pub fn contains(self, at: TimeOfDay) -> bool {
        if self.start < self.end {
            self.start <= at && at < self.end
        } else {
            at >= self.start || at < self.end
        }
    }
}

/// Day of week, 0 = Sunday through 6 = Saturday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Weekday(u8);

impl Weekday {
    pub fn new(day: u8) -> Option<Self> {
        (day <= 6).then_some(Self(day))
    }
    pub fn number(self) -> u8 {
        self.0
    }
}

/// A browser language tag (`de`, `en-US`); rules match on its primary subtag.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Locale {
    tag: String,
    primary: String,
}

impl Locale {
    pub fn parse(raw: &str) -> Option<Self> {
        let mut parts = raw.split(['-', '_']);
        let primary = parts.next()?;
        let primary_ok = (2..=3).contains(&primary.len()) && primary.bytes().all(|b| b.is_ascii_alphabetic());
        let rest_ok = parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()));
        (primary_ok && rest_ok).then(|| Self {
            tag: raw.replace('_', "-"),
            primary: primary.to_ascii_lowercase(),
        })
    }
    pub fn tag(&self) -> &str {
        &self.tag
    }
    /// The lower-case primary language subtag (`de` for `de-AT`).
    pub fn primary(&self) -> &str {
        &self.primary
    }
}

/// The visitor conditions of a rule; an empty list means "any".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Conditions {
    pub country: Vec<CountryCode>,
    /// City names as given; matched case-insensitively.
    pub city: Vec<String>,
    pub device: Vec<Device>,
    pub os: Vec<Os>,
    pub browser: Vec<Browser>,
    pub locale: Vec<Locale>,
    pub time: Option<TimeWindow>,
    pub days_of_week: Vec<Weekday>,
}

impl Conditions {
    /// Names of the condition fields that are set, in contract order.
    pub fn set_fields(&self) -> Vec<&'static str> {
        let mut fields = Vec::new();
        let mut push = |set: bool, name| {
            if set {
                fields.push(name)
            }
        };
        push(!self.country.is_empty(), "country");
        push(!self.city.is_empty(), "city");
        push(!self.device.is_empty(), "device");
        push(!self.os.is_empty(), "os");
        push(!self.browser.is_empty(), "browser");
        push(!self.locale.is_empty(), "locale");
        push(self.time.is_some(), "timeStart");
        push(!self.days_of_week.is_empty(), "daysOfWeek");
        fields
    }
}
