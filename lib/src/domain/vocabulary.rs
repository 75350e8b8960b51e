//! The closed vocabularies of visitor attributes a rule can name: device, OS, browser.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A closed vocabulary of visitor attributes (device, OS, browser).
pub trait Vocabulary: Sized + Copy + 'static {
    const ALL: &'static [Self];
    const KIND: &'static str;
    fn name(self) -> &'static str;

    fn parse(raw: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.name() == raw)
    }

    fn allowed() -> String {
        Self::ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
    }
}

macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident, $kind:literal, { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl Vocabulary for $name {
            const ALL: &'static [Self] = &[$(Self::$variant),+];
            const KIND: &'static str = $kind;
            fn name(self) -> &'static str {
                match self { $(Self::$variant => $text),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

vocabulary!(
    /// Device type of a visitor.
    Device, "device", {
        Desktop => "desktop", Mobile => "mobile", Tablet => "tablet", Console => "console",
        SmartTv => "smarttv", Wearable => "wearable", Embedded => "embedded",
    }
);
vocabulary!(
    /// Operating system family of a visitor.
    Os, "os", {
        Windows => "Windows", MacOs => "macOS", Linux => "Linux", Ios => "iOS", Android => "Android",
    }
);
vocabulary!(
    /// Browser family of a visitor.
    Browser, "browser", {
        Chrome => "Chrome", Firefox => "Firefox", Safari => "Safari", Edge => "Edge",
        Opera => "Opera", Brave => "Brave",
    }
);
vocabulary!(
    /// What kind of automated visitor a bot is (best effort, from the bot list's own tags):
    /// search engines' crawlers, SEO tools, uptime monitors, link-preview crawlers, HTTP
    /// libraries and command-line clients, and every other robot.
    BotFamily, "bot family", {
        Search => "search", Seo => "seo", Monitor => "monitor", Preview => "preview",
        Library => "library", Other => "other",
    }
);

impl BotFamily {
    /// How reports title a family.
    pub fn title(self) -> &'static str {
        match self {
            Self::Search => "Search engines",
            Self::Seo => "SEO tools",
            Self::Monitor => "Monitors",
            Self::Preview => "Link previews",
            Self::Library => "HTTP libraries",
            Self::Other => "Other robots",
        }
    }
}

pub(crate) use vocabulary;
