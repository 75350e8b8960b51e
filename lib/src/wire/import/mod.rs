//! Reading an import file: our own CSV, the CSV exports of Bitly, Dub, Short.io and Shlink,
//! and our JSON lines export. Each row becomes the create input it asks for (with its tags by
//! name, since tag ids belong to the workspace that made them) or the reason it cannot be one.
//! A file that cannot be read at all (no header, a required column missing, too many rows) is
//! refused whole. Every mapping is written down column by column in `docs/import.md`.

pub use crate::domain::ImportFormat;
use crate::domain::{Invalid, TagName};
use crate::wire::LinkInput;

mod columns;
mod jsonl;
mod table;
mod values;

pub use columns::OUR_COLUMNS;

/// The most rows one file may have.
pub const MAX_IMPORT_ROWS: usize = 10_000;
/// The largest file, in bytes (a request body stays under Lambda's 6 MB).
pub const MAX_IMPORT_BYTES: usize = 5_000_000;

/// A row's link as the file gives it: the create input, and its tags by name.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportedLink {
    pub link: LinkInput,
    pub tags: Vec<TagName>,
}

/// One row of a file: where it is (its first line in the file, the header being line 1 of a
/// CSV) and what it asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportRow {
    pub line: u64,
    pub input: Result<ImportedLink, Invalid>,
}

/// Reads a whole file of the given format into its rows, in order; refuses a file that is
/// empty, too large, has no usable header, or has more than [`MAX_IMPORT_ROWS`] rows.
pub fn read_import(format: ImportFormat, content: &str) -> Result<Vec<ImportRow>, Invalid> {
    if content.len() > MAX_IMPORT_BYTES {
        return Err(Invalid::new(
            "content",
            format!("The file is larger than {MAX_IMPORT_BYTES} bytes; split it into smaller files."),
        ));
    }
    let content = content.strip_prefix('\u{feff}').unwrap_or(content);
    let rows = match format {
        ImportFormat::Jsonl => jsonl::read(content)?,
        csv_format => table::read(columns::mapping(csv_format), content)?,
    };
    if rows.is_empty() {
        return Err(Invalid::new("content", "The file has no rows to import."));
    }
    if rows.len() > MAX_IMPORT_ROWS {
        return Err(Invalid::new(
            "content",
            format!(
                "The file has {} rows; at most {MAX_IMPORT_ROWS} can be imported at once.",
                rows.len()
            ),
        ));
    }
    Ok(rows)
}

/// Tag names as a file gives them, each checked; blank ones are dropped and repeats (case
/// aside) kept once.
fn tag_names(field: &str, names: impl IntoIterator<Item = String>) -> Result<Vec<TagName>, Invalid> {
    let mut tags: Vec<TagName> = Vec::new();
    for name in names {
        if name.trim().is_empty() {
            continue;
        }
        let tag = TagName::parse(field, &name)?;
        if !tags
            .iter()
            .any(|t| crate::domain::Tag::name_key(t) == crate::domain::Tag::name_key(&tag))
        {
            tags.push(tag);
        }
    }
    Ok(tags)
}

#[cfg(test)]
mod tests;
