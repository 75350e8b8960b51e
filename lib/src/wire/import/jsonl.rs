//! Our JSON lines: each non-blank line one link, with the fields of a create (`rules`,
//! `abTest`, `qrSettings`, ...), its `tags` by name instead of `tagIds`, and
//! `passwordProtected` (a protected link needs a `password` to be imported).

use serde_json::Value;

use super::{ImportRow, ImportedLink, table::password_lost, tag_names};
use crate::domain::Invalid;
use crate::wire::{LinkInput, from_json};

pub(super) fn read(content: &str) -> Result<Vec<ImportRow>, Invalid> {
    let mut rows = Vec::new();
    for (index, line) in content.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        rows.push(ImportRow {
            line: index as u64 + 1,
            input: link_of(line),
        });
        if rows.len() > super::MAX_IMPORT_ROWS {
            break;
        }
    }
    Ok(rows)
}

fn link_of(line: &str) -> Result<ImportedLink, Invalid> {
    let value: Value =
        serde_json::from_str(line).map_err(|e| Invalid::general(format!("This line is not JSON: {e}.")))?;
    let Value::Object(mut fields) = value else {
        return Err(Invalid::general("This line is not a JSON object."));
    };
    let tags = match fields.remove("tags") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(names)) => {
            let names: Option<Vec<String>> = names.into_iter().map(|n| n.as_str().map(str::to_string)).collect();
            tag_names(
                "tags",
                names.ok_or_else(|| Invalid::new("tags", "tags must be a list of names."))?,
            )?
        }
        Some(_) => return Err(Invalid::new("tags", "tags must be a list of names.")),
    };
    let protected = matches!(fields.remove("passwordProtected"), Some(Value::Bool(true)));
    let link: LinkInput = from_json(Value::Object(fields))?;
    if protected && link.password.is_none() {
        return Err(password_lost("passwordProtected"));
    }
    Ok(ImportedLink { link, tags })
}
