//! Listing a workspace's links (access pattern 7), newest first, within a read budget.
//!
//! The list reads [`keys::GSI1_LEAN`], which holds only each link's keys, its search text and
//! its tags (a few hundred bytes where the whole link, QR logo and all, can be 200 KB), and
//! asks for the keys alone. `search` and `tagIds` are a `FilterExpression` there. Every
//! query's `Limit` keeps the entries examined within the request's budget; the page's links are
//! then one `BatchGetItem`. When the budget ends before the page is whole, the slice says where
//! to go on from, and how many matches are still to be passed, so a deep page or a search that
//! matches little costs several bounded requests instead of one that reads everything.

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;

use crate::domain::ids::ObjectId;
use crate::store::links::stored::decode_link;
use crate::store::{Item, Store, StoreError, StoredLink, keys, s};

/// What `list_links` keeps: links whose lower-cased name + slug contains `search`, and
/// that carry at least one of `tag_ids` (when given).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinkFilter {
    pub search: Option<String>,
    pub tag_ids: Vec<ObjectId>,
}

/// A place in a workspace's link index: just after the link whose index entry has these keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListPosition {
    /// The entry's `GSI1SK`: `<created>#<link id>`.
    created: String,
    /// The link item's `PK`: `SLUG#<domain>#<slug>`.
    pk: String,
}

impl ListPosition {
    /// A position given back by a caller: `None` unless both keys have the shape of a link's.
    pub fn parse(created: &str, pk: &str) -> Option<Self> {
        let (time, id) = created.rsplit_once('#')?;
        let well_formed = chrono::DateTime::parse_from_rfc3339(time).is_ok()
            && ObjectId::parse(id).is_ok()
            && pk.starts_with(keys::LINK_PARTITION_PREFIX);
        well_formed.then(|| Self {
            created: created.to_string(),
            pk: pk.to_string(),
        })
    }

    pub fn created(&self) -> &str {
        &self.created
    }

    pub fn pk(&self) -> &str {
        &self.pk
    }

    fn of(item: &Item) -> Option<Self> {
        let text = |name: &str| match item.get(name) {
            Some(AttributeValue::S(value)) => Some(value.clone()),
            _ => None,
        };
        Some(Self {
            created: text(keys::GSI1SK)?,
            pk: text(keys::PK)?,
        })
    }

    fn start_key(&self, workspace: &ObjectId) -> Item {
        HashMap::from([
            (keys::GSI1PK.to_string(), s(keys::workspace_links_partition(workspace))),
            (keys::GSI1SK.to_string(), s(&self.created)),
            (keys::PK.to_string(), s(&self.pk)),
            (keys::SK.to_string(), s(keys::LINK_SORT_KEY)),
        ])
    }

    fn link_key(&self) -> keys::Key {
        keys::Key {
            pk: self.pk.clone(),
            sk: keys::LINK_SORT_KEY.to_string(),
        }
    }
}

/// What one list request reads: past `skip` matches from `after` (the start when `None`), at
/// most `take` links, examining at most `budget` index entries.
#[derive(Debug, Clone, Copy)]
pub struct ListRead<'a> {
    pub filter: &'a LinkFilter,
    pub after: Option<&'a ListPosition>,
    pub skip: usize,
    pub take: usize,
    pub budget: usize,
}

/// Where a list goes on: after `after`, with `skip` matches still to pass.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Continuation {
    pub after: ListPosition,
    pub skip: usize,
}

/// One page of a workspace's links, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkSlice {
    pub links: Vec<StoredLink>,
    /// Where the next read goes on when more entries follow (past the last link of a whole
    /// page, or past the last entry examined when the budget ended first); `None` at the end.
    pub next: Option<Continuation>,
}

/// A `FilterExpression` and its names and values, from a filter.
struct Filter {
    expression: Option<String>,
    names: Vec<(String, String)>,
    values: Vec<(String, AttributeValue)>,
}

impl Filter {
    fn of(filter: &LinkFilter) -> Self {
        let mut conditions = Vec::new();
        let mut names = Vec::new();
        let mut values = Vec::new();
        if let Some(search) = &filter.search {
            conditions.push("contains(#search, :search)".to_string());
            names.push(("#search".into(), keys::SEARCH_TEXT.into()));
            values.push((":search".into(), s(search.clone())));
        }
        if !filter.tag_ids.is_empty() {
            names.push(("#tags".into(), "tagIds".into()));
            let any: Vec<String> = filter
                .tag_ids
                .iter()
                .enumerate()
                .map(|(i, tag)| {
                    values.push((format!(":tag{i}"), s(tag.as_str())));
                    format!("contains(#tags, :tag{i})")
                })
                .collect();
            conditions.push(format!("({})", any.join(" OR ")));
        }
        Self {
            expression: (!conditions.is_empty()).then(|| conditions.join(" AND ")),
            names,
            values,
        }
    }
}

impl Store {
    /// One page of a workspace's links (see the module's description).
    pub async fn list_links(&self, workspace: &ObjectId, read: ListRead<'_>) -> Result<LinkSlice, StoreError> {
        let filter = Filter::of(read.filter);
        let wanted = read.take + 1;
        let mut start = read.after.map(|p| p.start_key(workspace));
        let (mut examined, mut passed) = (0usize, 0usize);
        let mut kept: Vec<ListPosition> = Vec::with_capacity(wanted);
        let mut last = read.after.cloned();
        let exhausted = loop {
            let room = read.budget.saturating_sub(examined);
            if room == 0 {
                break false;
            }
            // Without a filter every entry matches: read exactly what is still needed.
            let needed = read.skip - passed + wanted - kept.len();
            let limit = if filter.expression.is_some() {
                room
            } else {
                room.min(needed)
            };
            let mut request = self
                .link_index_query(workspace)
                .expression_attribute_names("#gsk", keys::GSI1SK)
                .expression_attribute_names("#tpk", keys::PK)
                .projection_expression("#tpk, #gsk")
                .scan_index_forward(false)
                .limit(i32::try_from(limit).unwrap_or(i32::MAX))
                .set_exclusive_start_key(start);
            if let Some(expression) = &filter.expression {
                request = request.filter_expression(expression);
            }
            for (name, value) in &filter.names {
                request = request.expression_attribute_names(name, value);
            }
            for (name, value) in &filter.values {
                request = request.expression_attribute_values(name, value.clone());
            }
            let out = request.send().await.map_err(|e| StoreError::request("Query", e))?;
            examined += usize::try_from(out.scanned_count).unwrap_or(limit);
            for position in out.items.unwrap_or_default().iter().filter_map(ListPosition::of) {
                last = Some(position.clone());
                if passed < read.skip {
                    passed += 1;
                } else {
                    kept.push(position);
                    if kept.len() == wanted {
                        break;
                    }
                }
            }
            if kept.len() == wanted {
                break false;
            }
            start = out.last_evaluated_key;
            match &start {
                None => break true,
                Some(key) => last = ListPosition::of(key).or(last),
            }
        };
        let next = if kept.len() == wanted {
            Some(Continuation {
                after: kept[read.take - 1].clone(),
                skip: 0,
            })
        } else if exhausted {
            None
        } else {
            last.map(|after| Continuation {
                after,
                skip: read.skip - passed,
            })
        };
        kept.truncate(read.take);
        Ok(LinkSlice {
            links: self.links_at(&kept).await?,
            next,
        })
    }

    /// The links at these positions, in their order (one deleted meanwhile is left out).
    async fn links_at(&self, positions: &[ListPosition]) -> Result<Vec<StoredLink>, StoreError> {
        let wanted: Vec<keys::Key> = positions.iter().map(ListPosition::link_key).collect();
        let mut found: HashMap<String, Item> = HashMap::with_capacity(wanted.len());
        for item in self.batch_get(&wanted, false).await? {
            if let Some(AttributeValue::S(pk)) = item.get(keys::PK) {
                found.insert(pk.clone(), item);
            }
        }
        positions
            .iter()
            .filter_map(|p| found.remove(p.pk()))
            .map(decode_link)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_must_have_the_shape_of_a_links_keys() {
        let created = "2026-11-25T10:00:00.000Z#65a1b2c3d4e5f60718293a4b";
        assert!(ListPosition::parse(created, "SLUG#sl.test#abc").is_some());
        assert!(ListPosition::parse(created, "USER#65a1b2c3d4e5f60718293a4b").is_none());
        assert!(ListPosition::parse("yesterday#65a1b2c3d4e5f60718293a4b", "SLUG#sl.test#abc").is_none());
        assert!(ListPosition::parse("2026-11-25T10:00:00.000Z#nope", "SLUG#sl.test#abc").is_none());
    }
}
