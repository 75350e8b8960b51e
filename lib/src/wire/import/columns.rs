//! Each CSV format's columns: which header means which field of a link, which columns a file
//! must have, how tags are joined, and which domains are the peer's own (a link on one of them
//! cannot move with its domain, so it gets the workspace's default domain and keeps its slug).
//! `docs/import.md` is the same table in words; a header that is not listed is ignored for a
//! peer's export (clicks, QR images) and refused in our own CSV (a typo must not drop a field).

use super::ImportFormat;
use crate::domain::Invalid;

/// What a column gives a link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Field {
    Url,
    Slug,
    Domain,
    /// `domain/slug` or a full short URL.
    ShortLink,
    /// A short link that wins over [`Field::ShortLink`] when a row has both (Bitly's custom
    /// back-half on a branded domain beside its generated bit.ly link).
    CustomShortLink,
    Name,
    Description,
    Tags,
    Expiration,
    ClicksLimit,
    Active,
    /// The opposite of active (Dub's `archived`).
    Archived,
    Rules,
    AbTest,
    QrSettings,
    Utm,
    FallbackUrl,
    OgTitle,
    OgDescription,
    AppearanceColor,
    ConversionTracking,
    GpsTracking,
    Password,
    PasswordProtected,
}

pub(super) struct Mapping {
    pub format: ImportFormat,
    /// Header (compared without case) → field.
    pub columns: &'static [(&'static str, Field)],
    /// Each group: the file must have at least one of its columns.
    pub required: &'static [&'static [Field]],
    /// Whether a header not in `columns` refuses the file (ours) or is ignored (the peers').
    pub strict: bool,
    pub tag_separators: &'static [char],
    pub shared_domains: &'static [&'static str],
}

impl Mapping {
    /// The field of each column of a header, in order (`None`: ignored), or why the file
    /// cannot be read.
    pub fn columns_of(&self, header: &csv::StringRecord) -> Result<Vec<Option<Field>>, Invalid> {
        let mut fields = Vec::with_capacity(header.len());
        for name in header.iter() {
            let field = self
                .columns
                .iter()
                .find(|(known, _)| same_header(known, name))
                .map(|(_, field)| *field);
            if field.is_none() && self.strict && !name.is_empty() {
                return Err(Invalid::new(
                    "content",
                    format!(
                        "The column {name:?} is not one of ours ({}); check its spelling.",
                        OUR_COLUMNS.join(", ")
                    ),
                ));
            }
            if field.is_some() && fields.contains(&field) && self.strict {
                return Err(Invalid::new("content", format!("The column {name:?} appears twice.")));
            }
            fields.push(field);
        }
        for group in self.required {
            if !group.iter().any(|f| fields.contains(&Some(*f))) {
                let names: Vec<&str> = group.iter().map(|f| self.header_of(*f)).collect();
                return Err(Invalid::new(
                    "content",
                    format!(
                        "A {} file has a {} column; this one has none (is it the right format?).",
                        self.format.label(),
                        names.join(" or ")
                    ),
                ));
            }
        }
        Ok(fields)
    }

    /// The header this format gives a field (the first listed), for messages.
    pub fn header_of(&self, field: Field) -> &'static str {
        self.columns
            .iter()
            .find(|(_, f)| *f == field)
            .map_or("column", |(name, _)| name)
    }
}

/// Headers compare without case, spaces, `_` or `-` (`Destination URL`, `destination_url`).
fn same_header(known: &str, name: &str) -> bool {
    let squash = |h: &str| -> String {
        h.chars()
            .filter(|c| !matches!(c, ' ' | '_' | '-' | '\u{feff}'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    squash(known) == squash(name)
}

/// The columns of our CSV, in the template's order (the links export writes them all).
pub const OUR_COLUMNS: [&str; 20] = [
    "slug",
    "url",
    "name",
    "domain",
    "tags",
    "expiration",
    "clicksLimit",
    "description",
    "active",
    "fallbackUrl",
    "ogTitle",
    "ogDescription",
    "appearanceColor",
    "conversionTracking",
    "gpsTracking",
    "utm",
    "qrSettings",
    "rules",
    "abTest",
    "passwordProtected",
];

const OURS: Mapping = Mapping {
    format: ImportFormat::Csv,
    columns: &[
        ("slug", Field::Slug),
        ("url", Field::Url),
        ("name", Field::Name),
        ("domain", Field::Domain),
        ("tags", Field::Tags),
        ("expiration", Field::Expiration),
        ("clicksLimit", Field::ClicksLimit),
        ("description", Field::Description),
        ("active", Field::Active),
        ("fallbackUrl", Field::FallbackUrl),
        ("ogTitle", Field::OgTitle),
        ("ogDescription", Field::OgDescription),
        ("appearanceColor", Field::AppearanceColor),
        ("conversionTracking", Field::ConversionTracking),
        ("gpsTracking", Field::GpsTracking),
        ("utm", Field::Utm),
        ("qrSettings", Field::QrSettings),
        ("rules", Field::Rules),
        ("abTest", Field::AbTest),
        ("passwordProtected", Field::PasswordProtected),
        ("password", Field::Password),
    ],
    required: &[&[Field::Url, Field::Rules]],
    strict: true,
    tag_separators: &[','],
    shared_domains: &[],
};

const BITLY: Mapping = Mapping {
    format: ImportFormat::Bitly,
    columns: &[
        ("Destination URL", Field::Url),
        ("long_url", Field::Url),
        ("Original URL", Field::Url),
        ("Link", Field::ShortLink),
        ("Bitlink", Field::ShortLink),
        ("id", Field::ShortLink),
        ("Custom Link", Field::CustomShortLink),
        ("custom_bitlink", Field::CustomShortLink),
        ("custom_bitlinks", Field::CustomShortLink),
        ("Title", Field::Name),
        ("Tags", Field::Tags),
        ("Archived", Field::Archived),
    ],
    required: &[&[Field::Url], &[Field::ShortLink, Field::CustomShortLink]],
    strict: false,
    tag_separators: &[',', ';', '|'],
    shared_domains: &["bit.ly", "bitly.com", "j.mp"],
};

const DUB: Mapping = Mapping {
    format: ImportFormat::Dub,
    columns: &[
        ("Short link", Field::ShortLink),
        // Exports before Dub labelled its columns were headed by their ids.
        ("link", Field::ShortLink),
        ("Destination URL", Field::Url),
        ("url", Field::Url),
        ("domain", Field::Domain),
        ("key", Field::Slug),
        ("title", Field::Name),
        ("description", Field::Description),
        ("Tags", Field::Tags),
        ("expiresAt", Field::Expiration),
        ("Archived", Field::Archived),
    ],
    required: &[&[Field::Url], &[Field::ShortLink, Field::Slug]],
    strict: false,
    tag_separators: &[','],
    shared_domains: &[
        "dub.sh", "dub.link", "chatg.pt", "amzn.id", "ggl.link", "git.new", "cal.link", "spti.fi",
    ],
};

const SHORTIO: Mapping = Mapping {
    format: ImportFormat::Shortio,
    columns: &[
        ("originalURL", Field::Url),
        ("Long URL", Field::Url),
        ("secureShortURL", Field::CustomShortLink),
        ("shortURL", Field::ShortLink),
        ("path", Field::Slug),
        ("Slug", Field::Slug),
        ("title", Field::Name),
        ("tags", Field::Tags),
        ("archived", Field::Archived),
        ("expiresAt", Field::Expiration),
        ("clicksLimit", Field::ClicksLimit),
        ("password", Field::Password),
    ],
    required: &[&[Field::Url], &[Field::ShortLink, Field::CustomShortLink, Field::Slug]],
    strict: false,
    tag_separators: &[',', '|'],
    shared_domains: &["short.gy", "shorturl.gg"],
};

const SHLINK: Mapping = Mapping {
    format: ImportFormat::Shlink,
    columns: &[
        ("longUrl", Field::Url),
        ("shortUrl", Field::ShortLink),
        ("shortCode", Field::Slug),
        ("domain", Field::Domain),
        ("title", Field::Name),
        ("tags", Field::Tags),
    ],
    required: &[&[Field::Url], &[Field::ShortLink, Field::Slug]],
    strict: false,
    tag_separators: &['|'],
    shared_domains: &[],
};

pub(super) fn mapping(format: ImportFormat) -> &'static Mapping {
    match format {
        ImportFormat::Csv | ImportFormat::Jsonl => &OURS,
        ImportFormat::Bitly => &BITLY,
        ImportFormat::Dub => &DUB,
        ImportFormat::Shortio => &SHORTIO,
        ImportFormat::Shlink => &SHLINK,
    }
}
