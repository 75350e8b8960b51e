//! A CSV file read through a format's [`Mapping`]: the header names the columns, each row's
//! cells become the fields of a create (blank cells are absent), and a row that cannot be
//! read fails alone with the line it is on.

use std::collections::HashMap;

use serde_json::Value;

use super::columns::{Field, Mapping};
use super::{ImportRow, ImportedLink, tag_names, values};
use crate::domain::{Invalid, RuleFields};
use crate::wire::{AbTestFields, LinkInput, QrFields, from_json_at};

pub(super) fn read(mapping: &Mapping, content: &str) -> Result<Vec<ImportRow>, Invalid> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::Headers)
        .from_reader(content.as_bytes());
    let header = reader
        .headers()
        .map_err(|e| Invalid::new("content", format!("The file's header cannot be read: {e}.")))?
        .clone();
    let columns = mapping.columns_of(&header)?;
    let mut rows = Vec::new();
    for record in reader.records() {
        let (line, row) = match record {
            Ok(record) => {
                let line = record.position().map_or(0, |p| p.line());
                if record.iter().all(|cell| cell.trim().is_empty()) {
                    continue;
                }
                let cells: HashMap<Field, &str> = columns
                    .iter()
                    .zip(record.iter())
                    .filter(|(_, cell)| !cell.trim().is_empty())
                    .filter_map(|(field, cell)| field.map(|f| (f, cell)))
                    .collect();
                (line, link_of(mapping, &cells))
            }
            Err(e) => {
                let line = e.position().map_or(0, |p| p.line());
                (
                    line,
                    Err(Invalid::general(format!("This row cannot be read as CSV: {e}."))),
                )
            }
        };
        rows.push(ImportRow { line, input: row });
        if rows.len() > super::MAX_IMPORT_ROWS {
            break;
        }
    }
    Ok(rows)
}

/// One row's cells as the link they ask for.
fn link_of(mapping: &Mapping, cells: &HashMap<Field, &str>) -> Result<ImportedLink, Invalid> {
    let text = |field: Field| cells.get(&field).map(|cell| unguarded(cell.trim()).to_string());
    let mut link = LinkInput {
        name: text(Field::Name),
        description: text(Field::Description),
        slug: text(Field::Slug).map(|s| s.to_ascii_lowercase()),
        domain: text(Field::Domain).map(|d| d.to_ascii_lowercase()),
        fallback_url: text(Field::FallbackUrl),
        og_title: text(Field::OgTitle),
        og_description: text(Field::OgDescription),
        appearance_color: text(Field::AppearanceColor),
        password: text(Field::Password),
        ..Default::default()
    };
    let short = [Field::CustomShortLink, Field::ShortLink]
        .into_iter()
        .find_map(|field| cells.get(&field).map(|cell| (field, cell)));
    if let Some((field, short)) = short {
        let (domain, slug) = values::short_link(mapping.header_of(field), short)?;
        link.domain.get_or_insert(domain);
        link.slug.get_or_insert(slug);
    }
    if link
        .domain
        .as_deref()
        .is_some_and(|d| mapping.shared_domains.contains(&d))
    {
        link.domain = None;
    }
    match (cells.get(&Field::Rules), text(Field::Url)) {
        (Some(rules), _) => link.rules = Some(json_cell::<Vec<RuleFields>>(mapping, Field::Rules, rules)?),
        (None, url) => link.url = url,
    }
    if let Some(test) = cells.get(&Field::AbTest) {
        link.ab_test = Some(json_cell::<AbTestFields>(mapping, Field::AbTest, test)?);
    }
    if let Some(qr) = cells.get(&Field::QrSettings) {
        link.qr_settings = Some(json_cell::<QrFields>(mapping, Field::QrSettings, qr)?);
    }
    if let Some(utm) = cells.get(&Field::Utm) {
        link.utm = Some(json_cell(mapping, Field::Utm, utm)?);
    }
    if let Some(raw) = cells.get(&Field::Expiration) {
        link.expiration_date = Some(values::date_time(mapping.header_of(Field::Expiration), raw)?);
    }
    if let Some(raw) = cells.get(&Field::ClicksLimit) {
        link.clicks_limit = Some(values::count(mapping.header_of(Field::ClicksLimit), raw)?);
    }
    let flag = |field: Field| {
        cells
            .get(&field)
            .map(|raw| values::flag(mapping.header_of(field), raw))
            .transpose()
    };
    link.active = flag(Field::Active)?;
    if flag(Field::Archived)? == Some(true) {
        link.active = Some(false);
    }
    link.conversion_tracking = flag(Field::ConversionTracking)?;
    link.gps_tracking = flag(Field::GpsTracking)?;
    if flag(Field::PasswordProtected)? == Some(true) && link.password.is_none() {
        return Err(password_lost(mapping.header_of(Field::PasswordProtected)));
    }
    let tags = match cells.get(&Field::Tags).map(|raw| unguarded(raw)) {
        Some(raw) => {
            let names = raw.split(mapping.tag_separators).map(str::to_string);
            tag_names(mapping.header_of(Field::Tags), names)?
        }
        None => Vec::new(),
    };
    if link.name.is_none() {
        link.name = Some(fallback_name(&link));
    }
    Ok(ImportedLink { link, tags })
}

/// A cell as it was before an export guarded it against spreadsheet formulas (`'=1+1` is
/// `=1+1`): a leading `'` before a formula character is taken off.
fn unguarded(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(crate::wire::export::FORMULA_STARTS) => rest,
        _ => cell,
    }
}

/// A password-protected link cannot come with its password (only its hash was ever kept);
/// importing it open would hand its destination to anyone.
pub(super) fn password_lost(field: &str) -> Invalid {
    Invalid::new(
        field,
        "The link was protected by a password, which an export never contains; add a password column (or field) for it.",
    )
}

/// A row without a name is named after its slug, else its destination's host, as the app's
/// list shows links by name.
fn fallback_name(link: &LinkInput) -> String {
    let from_url = || {
        let url = link.url.as_deref()?;
        let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
        rest.split(['/', '?', '#']).next().map(str::to_string)
    };
    link.slug
        .clone()
        .or_else(from_url)
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "Imported link".to_string())
}

/// A cell holding JSON (rules, an A/B test, QR settings, UTM), read as the create reads it.
fn json_cell<T: serde::de::DeserializeOwned>(mapping: &Mapping, field: Field, raw: &str) -> Result<T, Invalid> {
    let header = mapping.header_of(field);
    let value: Value =
        serde_json::from_str(raw).map_err(|e| Invalid::new(header, format!("{header} is not JSON: {e}.")))?;
    from_json_at(header, value)
}
