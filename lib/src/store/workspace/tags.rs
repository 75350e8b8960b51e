//! Tags and the items that keep their names unique in a workspace (`TAGNAME#<lower-cased
//! name>`, written in the same transaction as the tag).

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;

use crate::domain::Tag;
use crate::domain::ids::ObjectId;
use crate::store::guards::collections::{Collection, give_back_place, take_place};
use crate::store::links::index::IndexRead;
use crate::store::{Item, Store, StoreError, decode, encode, keys, n, query_all, s, tx};

/// How a tag write ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagWrite {
    Done,
    /// Another tag of the workspace has the name (case aside).
    NameTaken,
    /// The tag (or its workspace) is gone, or was renamed meanwhile.
    Gone,
    /// The workspace keeps as many as its collection's cap ([`crate::store::Collection::cap`]).
    Full,
}

/// How many times untagging one link re-reads it after a concurrent edit moved its tags.
const UNTAG_ATTEMPTS: usize = 5;

fn name_item(tag: &Tag) -> Result<Item, StoreError> {
    let mut item = crate::store::key_map(&keys::tag_name(&tag.workspace_id, &Tag::name_key(&tag.name)));
    item.insert("tagId".into(), s(tag.id.as_str()));
    Ok(item)
}

fn tag_item(tag: &Tag) -> Result<Item, StoreError> {
    encode(tag, &keys::tag(&tag.workspace_id, &tag.id), None)
}

impl Store {
    /// Creates a tag and claims its name in the workspace, together.
    pub async fn create_tag(&self, tag: &Tag) -> Result<TagWrite, StoreError> {
        self.ensure_counted(&tag.workspace_id, Collection::Tags).await?;
        let items = vec![
            tx::check_exists(&self.table, &keys::workspace(&tag.workspace_id))?,
            tx::put(&self.table, tag_item(tag)?, Some("attribute_not_exists(PK)"))?,
            tx::put(&self.table, name_item(tag)?, Some("attribute_not_exists(PK)"))?,
            take_place(&self.table, &tag.workspace_id, Collection::Tags)?,
        ];
        Ok(match self.transact(items).await? {
            Ok(()) => TagWrite::Done,
            Err(c) if c.failed(2) => TagWrite::NameTaken,
            Err(c) if c.failed(0) => TagWrite::Gone,
            Err(c) if c.failed(3) => TagWrite::Full,
            Err(_) => return Err(StoreError::Contention("create tag")),
        })
    }

    /// Writes `new` over `old` if the tag still has `old`'s name; a new name is claimed and the
    /// old one released in the same transaction.
    pub async fn update_tag(&self, old: &Tag, new: &Tag) -> Result<TagWrite, StoreError> {
        let still = "attribute_exists(PK) AND #name = :old";
        let names = [("#name", "name")];
        let values = [(":old", s(old.name.as_str()))];
        let mut put = tx::put(&self.table, tag_item(new)?, Some(still))?;
        if let Some(p) = put.put.as_mut() {
            p.expression_attribute_names = Some(names.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
            p.expression_attribute_values = Some(values.iter().map(|(k, v)| (k.to_string(), v.clone())).collect());
        }
        let mut items = vec![put];
        let renamed = Tag::name_key(&old.name) != Tag::name_key(&new.name);
        if renamed {
            items.push(tx::delete(
                &self.table,
                &keys::tag_name(&old.workspace_id, &Tag::name_key(&old.name)),
                Some("attribute_not_exists(PK) OR tagId = :id"),
                &[(":id", s(old.id.as_str()))],
            )?);
            items.push(tx::put(&self.table, name_item(new)?, Some("attribute_not_exists(PK)"))?);
        }
        Ok(match self.transact(items).await? {
            Ok(()) => TagWrite::Done,
            Err(c) if renamed && c.failed(2) => TagWrite::NameTaken,
            Err(c) if c.failed(0) => TagWrite::Gone,
            Err(_) => return Err(StoreError::Contention("update tag")),
        })
    }

    /// Deletes a tag and releases its name; `false` when it was already gone. Its links keep
    /// the id until [`Store::untag_links`] takes it off them.
    pub async fn delete_tag(&self, tag: &Tag) -> Result<bool, StoreError> {
        self.ensure_counted(&tag.workspace_id, Collection::Tags).await?;
        let items = vec![
            tx::delete(
                &self.table,
                &keys::tag(&tag.workspace_id, &tag.id),
                Some("attribute_exists(PK)"),
                &[],
            )?,
            tx::delete(
                &self.table,
                &keys::tag_name(&tag.workspace_id, &Tag::name_key(&tag.name)),
                Some("attribute_not_exists(PK) OR tagId = :id"),
                &[(":id", s(tag.id.as_str()))],
            )?,
            give_back_place(&self.table, &tag.workspace_id, Collection::Tags)?,
        ];
        Ok(self.transact(items).await?.is_ok())
    }

    /// One tag of a workspace (read consistently: it is about to be changed).
    pub async fn tag(&self, workspace: &ObjectId, id: &ObjectId) -> Result<Option<Tag>, StoreError> {
        self.get_as(&keys::tag(workspace, id), true).await
    }

    /// The tags of a workspace among `ids` (one `BatchGetItem`); unknown ids are skipped.
    pub async fn tags(&self, workspace: &ObjectId, ids: &[ObjectId]) -> Result<Vec<Tag>, StoreError> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let wanted: Vec<keys::Key> = ids.iter().map(|t| keys::tag(workspace, t)).collect();
        self.batch_get(&wanted, false).await?.into_iter().map(decode).collect()
    }

    /// Every tag of a workspace, by name (a paginated `Query` of the workspace's partition).
    pub async fn workspace_tags(&self, workspace: &ObjectId) -> Result<Vec<Tag>, StoreError> {
        let query = self.workspace_partition_query(workspace, keys::TAG_SORT_PREFIX);
        let mut tags: Vec<Tag> = query_all(query)
            .await?
            .into_iter()
            .map(decode)
            .collect::<Result<_, _>>()?;
        tags.sort_by(|a, b| {
            Tag::name_key(&a.name)
                .cmp(&Tag::name_key(&b.name))
                .then_with(|| a.id.as_str().cmp(b.id.as_str()))
        });
        Ok(tags)
    }

    /// How many of the workspace's links carry each tag id.
    pub async fn tag_link_counts(&self, workspace: &ObjectId) -> Result<HashMap<ObjectId, u64>, StoreError> {
        let read = IndexRead {
            filter: Some("attribute_exists(#tags)"),
            values: Vec::new(),
            projection: Some("#tags"),
        };
        let mut counts = HashMap::new();
        for entry in self.read_link_index(workspace, read).await?.0 {
            for id in tag_ids(&entry) {
                *counts.entry(id).or_insert(0) += 1;
            }
        }
        Ok(counts)
    }

    /// Takes `tag` off every link of its workspace that carries it; the number of links
    /// changed. Each link loses just that element, and only while it is still there (a link
    /// edited meanwhile is read again), and its version moves on, so an edit read before this
    /// one is refused as concurrent instead of writing the tag back.
    pub async fn untag_links(&self, tag: &Tag) -> Result<u64, StoreError> {
        let read = IndexRead {
            filter: Some("contains(#tags, :tag)"),
            values: vec![(":tag", s(tag.id.as_str()))],
            projection: Some("#tpk, #tsk, #tags"),
        };
        let mut changed = 0;
        for entry in self.read_link_index(&tag.workspace_id, read).await?.0 {
            let key = keys::Key {
                pk: text(&entry, keys::PK),
                sk: text(&entry, keys::SK),
            };
            if self.untag_link(&key, &tag.id, tag_ids(&entry)).await? {
                changed += 1;
            }
        }
        Ok(changed)
    }

    async fn untag_link(&self, key: &keys::Key, tag: &ObjectId, mut ids: Vec<ObjectId>) -> Result<bool, StoreError> {
        for _ in 0..UNTAG_ATTEMPTS {
            let Some(position) = ids.iter().position(|id| id == tag) else {
                return Ok(false);
            };
            let result = self
                .client
                .update_item()
                .table_name(&self.table)
                .set_key(Some(crate::store::key_map(key)))
                .update_expression(format!("REMOVE #tags[{position}] SET #version = #version + :one"))
                .condition_expression(format!("#tags[{position}] = :tag"))
                .expression_attribute_names("#tags", "tagIds")
                .expression_attribute_names("#version", "version")
                .expression_attribute_values(":tag", s(tag.as_str()))
                .expression_attribute_values(":one", n(1))
                .send()
                .await;
            if crate::store::update_applied(result)? {
                return Ok(true);
            }
            let Some(current) = self
                .client
                .get_item()
                .table_name(&self.table)
                .set_key(Some(crate::store::key_map(key)))
                .consistent_read(true)
                .projection_expression("#tags")
                .expression_attribute_names("#tags", "tagIds")
                .send()
                .await
                .map_err(|e| StoreError::request("GetItem", e))?
                .item
            else {
                return Ok(false);
            };
            ids = tag_ids(&current);
        }
        Err(StoreError::Contention("untag a link that keeps changing"))
    }
}

fn text(item: &Item, name: &str) -> String {
    match item.get(name) {
        Some(AttributeValue::S(value)) => value.clone(),
        _ => String::new(),
    }
}

fn tag_ids(item: &Item) -> Vec<ObjectId> {
    match item.get("tagIds") {
        Some(AttributeValue::L(list)) => list
            .iter()
            .filter_map(|v| v.as_s().ok())
            .filter_map(|id| ObjectId::parse(id).ok())
            .collect(),
        _ => Vec::new(),
    }
}
