//! Link health: the checker's pass over every link (a `Scan` of the lean index, keys only, a
//! page at a time from a saved cursor: never on a request path), each link's health item, the
//! workspace's broken links, the day's breaks for the daily mail, and the workspace's switch.

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;

use super::items::{key_map, s, update_applied};
use super::links::stored::{StoredLink, decode_link};
use super::{Item, Store, StoreError, keys};
use chrono::{DateTime, Utc};

use crate::domain::health::{HealthPass, HealthState, LinkHealth};
use crate::domain::ids::ObjectId;

/// One page of the pass: the links found (with their health so far and whether their
/// workspace turned checking off) and where the next page starts (`None`: the pass is over).
#[derive(Debug, Clone)]
pub struct HealthPage {
    pub links: Vec<HealthSubject>,
    pub next: Option<String>,
}

/// Where the checker's pass stands: the pass under way and where its last run stopped in the
/// `Scan` (`None`: at the start of the pass).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HealthCursor {
    pub after: Option<String>,
    pub pass: Option<HealthPass>,
}

/// A link the checker looks at.
#[derive(Debug, Clone)]
pub struct HealthSubject {
    pub stored: StoredLink,
    pub health: LinkHealth,
    pub checks_off: bool,
}

impl Store {
    /// Up to `limit` index entries of the pass from `after` (a cursor this returned), the link
    /// items among them read in one `BatchGetItem` with their health items and workspaces.
    pub async fn health_page(&self, after: Option<&str>, limit: i32) -> Result<HealthPage, StoreError> {
        let start = after.map(decode_cursor).transpose()?;
        let out = self
            .client
            .scan()
            .table_name(&self.table)
            .index_name(keys::GSI1_LEAN)
            .filter_expression("begins_with(#pk, :link)")
            .projection_expression("#pk, #sk, #gpk, #gsk")
            .expression_attribute_names("#pk", keys::PK)
            .expression_attribute_names("#sk", keys::SK)
            .expression_attribute_names("#gpk", keys::GSI1PK)
            .expression_attribute_names("#gsk", keys::GSI1SK)
            .expression_attribute_values(":link", s(keys::LINK_PARTITION_PREFIX))
            .limit(limit)
            .set_exclusive_start_key(start)
            .send()
            .await
            .map_err(|e| StoreError::request("Scan", e))?;
        let next = out.last_evaluated_key.as_ref().map(encode_cursor);
        let link_keys: Vec<keys::Key> = out
            .items
            .unwrap_or_default()
            .iter()
            .filter_map(|item| {
                let pk = item.get(keys::PK)?.as_s().ok()?;
                Some(keys::Key {
                    pk: pk.clone(),
                    sk: keys::LINK_SORT_KEY.to_string(),
                })
            })
            .collect();
        let links: Vec<StoredLink> = self
            .batch_get(&link_keys, false)
            .await?
            .into_iter()
            .map(decode_link)
            .collect::<Result<_, _>>()?;
        let mut wanted: Vec<keys::Key> = links.iter().map(|l| keys::link_health(&l.link.id)).collect();
        wanted.extend(links.iter().map(|l| keys::workspace(&l.link.workspace_id)));
        let mut healths: HashMap<String, LinkHealth> = HashMap::new();
        let mut off: HashMap<String, bool> = HashMap::new();
        for item in self.batch_get(&wanted, false).await? {
            let sk = item
                .get(keys::SK)
                .and_then(|v| v.as_s().ok())
                .cloned()
                .unwrap_or_default();
            if sk == "HEALTH" {
                let id = item
                    .get("linkId")
                    .and_then(|v| v.as_s().ok())
                    .cloned()
                    .unwrap_or_default();
                healths.insert(id, decode_health(&item)?);
            } else if let Some(id) = item.get("id").and_then(|v| v.as_s().ok()) {
                let flag = item
                    .get(HEALTH_OFF)
                    .and_then(|v| v.as_bool().ok())
                    .copied()
                    .unwrap_or(false);
                off.insert(id.clone(), flag);
            }
        }
        let links = links
            .into_iter()
            .map(|stored| HealthSubject {
                health: healths.remove(&stored.link.id.to_string()).unwrap_or_default(),
                checks_off: off.get(&stored.link.workspace_id.to_string()).copied().unwrap_or(false),
                stored,
            })
            .collect();
        Ok(HealthPage { links, next })
    }

    /// A link's health (`unknown` when never checked).
    pub async fn link_health(&self, id: &ObjectId) -> Result<LinkHealth, StoreError> {
        match self.get(&keys::link_health(id), false).await? {
            Some(item) => decode_health(&item),
            None => Ok(LinkHealth::default()),
        }
    }

    /// The health of each of `ids` (one `BatchGetItem`; `unknown` when never checked).
    pub async fn link_healths(&self, ids: &[ObjectId]) -> Result<HashMap<ObjectId, LinkHealth>, StoreError> {
        let wanted: Vec<keys::Key> = ids.iter().map(keys::link_health).collect();
        let mut found = HashMap::new();
        for item in self.batch_get(&wanted, false).await? {
            let id = item
                .get("linkId")
                .and_then(|v| v.as_s().ok())
                .cloned()
                .unwrap_or_default();
            if let Some(id) = ids.iter().find(|i| i.to_string() == id) {
                found.insert(id.clone(), decode_health(&item)?);
            }
        }
        Ok(found)
    }

    /// Writes a link's health; while broken it sits in the workspace's broken links (GSI1).
    pub async fn save_link_health(
        &self,
        workspace: &ObjectId,
        link: &ObjectId,
        health: &LinkHealth,
    ) -> Result<(), StoreError> {
        let mut item = key_map(&keys::link_health(link));
        item.insert("linkId".into(), s(link.to_string()));
        item.insert("workspaceId".into(), s(workspace.to_string()));
        item.insert("state".into(), s(health.state.as_str()));
        item.insert(
            "health".into(),
            s(serde_json::to_string(health).map_err(StoreError::Json)?),
        );
        if health.state == HealthState::Broken {
            let since = health.since.map(|at| at.to_rfc3339()).unwrap_or_default();
            let gsi = keys::broken_link(workspace, &since, link);
            item.insert(keys::GSI1PK.into(), s(gsi.pk));
            item.insert(keys::GSI1SK.into(), s(gsi.sk));
        }
        self.put(item).await
    }

    /// Notes that `link` broke on `day`, for the daily mail.
    pub async fn note_broken_on(&self, day: &str, workspace: &ObjectId, link: &ObjectId) -> Result<(), StoreError> {
        let mut item = key_map(&keys::broke_on(day, workspace, link));
        item.insert("workspaceId".into(), s(workspace.to_string()));
        item.insert("linkId".into(), s(link.to_string()));
        self.put(item).await
    }

    /// The workspace's broken links' ids, those that broke first first (at most `max`).
    pub async fn broken_link_ids(&self, workspace: &ObjectId, max: usize) -> Result<Vec<ObjectId>, StoreError> {
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .index_name(keys::GSI1)
            .key_condition_expression("#p = :p")
            .expression_attribute_names("#p", keys::GSI1PK)
            .expression_attribute_values(":p", s(keys::broken_links_partition(workspace)));
        let items = super::items::query_up_to(query, max).await?;
        Ok(items
            .iter()
            .filter_map(|item| ObjectId::parse(item.get("linkId")?.as_s().ok()?).ok())
            .collect())
    }

    /// Where the checker's pass stands: the pass under way (`None`: none yet) and where in it
    /// the last run stopped.
    pub async fn health_cursor(&self) -> Result<HealthCursor, StoreError> {
        let Some(item) = self.get(&keys::health_cursor(), true).await? else {
            return Ok(HealthCursor::default());
        };
        let text = |name: &str| item.get(name).and_then(|v| v.as_s().ok()).cloned();
        let number = item
            .get(PASS)
            .and_then(|v| v.as_n().ok())
            .and_then(|n| n.parse::<u64>().ok());
        let started = text(PASS_STARTED_AT).and_then(|at| DateTime::parse_from_rfc3339(&at).ok());
        Ok(HealthCursor {
            after: text("after"),
            pass: number.zip(started).map(|(number, at)| HealthPass {
                number,
                started_at: at.with_timezone(&Utc),
            }),
        })
    }

    /// Records where the pass stands (`after` absent: at the start of the pass).
    pub async fn save_health_cursor(&self, cursor: &HealthCursor) -> Result<(), StoreError> {
        let mut item = key_map(&keys::health_cursor());
        if let Some(after) = &cursor.after {
            item.insert("after".into(), s(after));
        }
        if let Some(pass) = cursor.pass {
            item.insert(PASS.into(), AttributeValue::N(pass.number.to_string()));
            item.insert(PASS_STARTED_AT.into(), s(pass.started_at.to_rfc3339()));
        }
        self.put(item).await
    }

    /// Turns the checker off (or on again) for a workspace's links.
    pub async fn set_health_checks_off(&self, id: &ObjectId, off: bool) -> Result<bool, StoreError> {
        let result = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::workspace(id))))
            .update_expression("SET #off = :off")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_names("#off", HEALTH_OFF)
            .expression_attribute_values(":off", AttributeValue::Bool(off))
            .send()
            .await;
        update_applied(result)
    }

    /// Whether the workspace turned the checker off.
    pub async fn health_checks_off(&self, id: &ObjectId) -> Result<bool, StoreError> {
        let item = self.get(&keys::workspace(id), false).await?;
        Ok(item
            .and_then(|i| i.get(HEALTH_OFF).and_then(|v| v.as_bool().ok()).copied())
            .unwrap_or(false))
    }
}

/// The workspace's attribute saying its links are not checked.
const HEALTH_OFF: &str = "healthChecksOff";
/// The cursor's attributes: the pass under way and when it started.
const PASS: &str = "pass";
const PASS_STARTED_AT: &str = "passStartedAt";

fn decode_health(item: &Item) -> Result<LinkHealth, StoreError> {
    let raw = item
        .get("health")
        .and_then(|v| v.as_s().ok())
        .ok_or_else(|| StoreError::Corrupt {
            pk: "LINK#…/HEALTH".into(),
            reason: "no health",
        })?;
    serde_json::from_str(raw).map_err(StoreError::Json)
}

/// The scan's `LastEvaluatedKey` as text (its four string keys, JSON).
fn encode_cursor(key: &Item) -> String {
    let plain: HashMap<&str, &str> = key
        .iter()
        .filter_map(|(name, value)| Some((name.as_str(), value.as_s().ok()?.as_str())))
        .collect();
    serde_json::to_string(&plain).unwrap_or_default()
}

fn decode_cursor(raw: &str) -> Result<Item, StoreError> {
    let plain: HashMap<String, String> = decode_json(raw)?;
    Ok(plain.into_iter().map(|(k, v)| (k, AttributeValue::S(v))).collect())
}

fn decode_json<T: serde::de::DeserializeOwned>(raw: &str) -> Result<T, StoreError> {
    serde_json::from_str(raw).map_err(StoreError::Json)
}

impl Store {
    /// The links noted broken on `day` (`YYYY-MM-DD`), as (workspace, link), at most `max`.
    pub async fn broken_on(&self, day: &str, max: usize) -> Result<Vec<(ObjectId, ObjectId)>, StoreError> {
        let query = self
            .client
            .query()
            .table_name(&self.table)
            .key_condition_expression("#p = :p")
            .expression_attribute_names("#p", keys::PK)
            .expression_attribute_values(":p", s(keys::broke_on_partition(day)));
        let items = super::items::query_up_to(query, max).await?;
        Ok(items
            .iter()
            .filter_map(|item| {
                let ws = ObjectId::parse(item.get("workspaceId")?.as_s().ok()?).ok()?;
                let link = ObjectId::parse(item.get("linkId")?.as_s().ok()?).ok()?;
                Some((ws, link))
            })
            .collect())
    }

    /// Takes the day's mail for this run: `false` when another run already sent it.
    pub async fn take_health_mail(&self, day: &str) -> Result<bool, StoreError> {
        self.put_if_absent(key_map(&keys::health_mail_sent(day))).await
    }
}

/// A link's health as the table's stream reports its change: the workspace, the link, and its
/// health before and after.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HealthChange {
    pub workspace_id: ObjectId,
    pub link_id: ObjectId,
    pub before: LinkHealth,
    pub after: LinkHealth,
}

/// The change of a health item (`LINK#<id>` / `HEALTH`), if `new` is one; `None` for any other
/// item.
pub fn health_change(old: Option<&Item>, new: Option<&Item>) -> Result<Option<HealthChange>, StoreError> {
    let Some(new) = new else { return Ok(None) };
    let is_health = new
        .get(keys::SK)
        .and_then(|v| v.as_s().ok())
        .is_some_and(|sk| sk == "HEALTH")
        && new
            .get(keys::PK)
            .and_then(|v| v.as_s().ok())
            .is_some_and(|pk| pk.starts_with("LINK#"));
    if !is_health {
        return Ok(None);
    }
    let id = |item: &Item, name: &str| {
        item.get(name)
            .and_then(|v| v.as_s().ok())
            .and_then(|v| ObjectId::parse(v).ok())
    };
    let (Some(workspace_id), Some(link_id)) = (id(new, "workspaceId"), id(new, "linkId")) else {
        return Err(StoreError::Corrupt {
            pk: "LINK#…/HEALTH".into(),
            reason: "no workspace or link id",
        });
    };
    Ok(Some(HealthChange {
        workspace_id,
        link_id,
        before: old.map(decode_health).transpose()?.unwrap_or_default(),
        after: decode_health(new)?,
    }))
}
