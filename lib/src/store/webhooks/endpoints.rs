//! A workspace's webhook endpoints (`WS#<ws>` / `WEBHOOK#<id>`). A person's change is written
//! only over the version it read; the delivery worker's streak is its own `UpdateItem`, so
//! neither clobbers the other.

use chrono::{DateTime, Utc};

use crate::store::guards::collections::{Collection, give_back_place, take_place};
use crate::store::items::applied;
use crate::store::{Store, StoreError, TagWrite, decode, encode, keys, n, query_all, s, tx};
use aws_sdk_dynamodb::types::ReturnValue;

use crate::domain::ids::ObjectId;
use crate::domain::webhook_rest::resting_until;
use crate::domain::{CredentialRef, Webhook};

/// How a person's write of an endpoint ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WebhookWrite {
    Done,
    /// It changed (or went) since it was read.
    Moved,
}

/// An endpoint's GSI1 keys under the key or app that set it up (none for a person's session).
fn credential_index(webhook: &Webhook) -> Option<keys::Key> {
    let credential = webhook.set_up_by.as_ref()?.credential();
    credential
        .revocable()
        .then(|| keys::webhook_by_credential(&credential, &webhook.workspace_id, &webhook.id))
}

impl Store {
    /// Adds an endpoint to a live workspace ([`TagWrite::Gone`] when the workspace is gone).
    pub async fn create_webhook(&self, webhook: &Webhook) -> Result<TagWrite, StoreError> {
        self.ensure_counted(&webhook.workspace_id, Collection::Webhooks).await?;
        let key = keys::webhook(&webhook.workspace_id, &webhook.id);
        let items = vec![
            tx::check_exists(&self.table, &keys::workspace(&webhook.workspace_id))?,
            tx::put(
                &self.table,
                encode(webhook, &key, credential_index(webhook).as_ref())?,
                Some("attribute_not_exists(PK)"),
            )?,
            take_place(&self.table, &webhook.workspace_id, Collection::Webhooks)?,
        ];
        Ok(match self.transact(items).await? {
            Ok(()) => TagWrite::Done,
            Err(c) if c.failed(0) => TagWrite::Gone,
            Err(c) if c.failed(2) => TagWrite::Full,
            Err(_) => return Err(StoreError::Contention("create a webhook")),
        })
    }

    /// Writes a person's change over the version it was read at (`webhook.version` is the new
    /// one, one more).
    pub async fn save_webhook(&self, webhook: &Webhook) -> Result<WebhookWrite, StoreError> {
        let key = keys::webhook(&webhook.workspace_id, &webhook.id);
        let read_at = webhook.version.saturating_sub(1);
        let mut put = tx::put(
            &self.table,
            encode(webhook, &key, credential_index(webhook).as_ref())?,
            Some("attribute_exists(PK) AND version = :read"),
        )?;
        if let Some(p) = put.put.as_mut() {
            p.expression_attribute_values = Some(
                [(
                    ":read".to_string(),
                    aws_sdk_dynamodb::types::AttributeValue::N(read_at.to_string()),
                )]
                .into(),
            );
        }
        Ok(match self.transact(vec![put]).await? {
            Ok(()) => WebhookWrite::Done,
            Err(_) => WebhookWrite::Moved,
        })
    }

    /// Deletes an endpoint; `false` when it was already gone.
    pub async fn delete_webhook(&self, workspace: &ObjectId, id: &ObjectId) -> Result<bool, StoreError> {
        self.ensure_counted(workspace, Collection::Webhooks).await?;
        let items = vec![
            tx::delete(
                &self.table,
                &keys::webhook(workspace, id),
                Some("attribute_exists(PK)"),
                &[],
            )?,
            give_back_place(&self.table, workspace, Collection::Webhooks)?,
        ];
        Ok(self.transact(items).await?.is_ok())
    }

    /// One endpoint (read consistently: it is about to be changed, or delivered to).
    pub async fn webhook(&self, workspace: &ObjectId, id: &ObjectId) -> Result<Option<Webhook>, StoreError> {
        self.get_as(&keys::webhook(workspace, id), true).await
    }

    /// Every endpoint of a workspace, oldest first (a paginated `Query` of its partition; at most
    /// [`crate::domain::MAX_WEBHOOKS`] are ever made).
    pub async fn webhooks(&self, workspace: &ObjectId) -> Result<Vec<Webhook>, StoreError> {
        let query = self.workspace_partition_query(workspace, keys::WEBHOOK_SORT_PREFIX);
        let mut webhooks: Vec<Webhook> = query_all(query)
            .await?
            .into_iter()
            .map(decode)
            .collect::<Result<_, _>>()?;
        webhooks.sort_by(|a, b| {
            a.created_at
                .cmp(&b.created_at)
                .then_with(|| a.id.as_str().cmp(b.id.as_str()))
        });
        Ok(webhooks)
    }

    /// The endpoints `credential` set up, in every workspace (a paginated `Query` of its GSI1
    /// partition; read from the index, so an endpoint set up a moment ago may be missing).
    pub async fn webhooks_set_up_by(&self, credential: &CredentialRef) -> Result<Vec<Webhook>, StoreError> {
        let query = self.index_partition_query(keys::credential_webhooks_partition(credential));
        query_all(query).await?.into_iter().map(decode).collect()
    }

    /// Switches an endpoint off for its credential, with `reason`, unless it was set up by
    /// another credential since (or deleted); raises its version, so a person's change read
    /// before is not written over it. `false` when nothing changed.
    pub async fn disable_webhook_for(
        &self,
        workspace: &ObjectId,
        id: &ObjectId,
        credential: &CredentialRef,
        reason: &str,
    ) -> Result<bool, StoreError> {
        let update = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::webhook(workspace, id))))
            .update_expression("SET enabled = :off, disabledReason = :reason, version = version + :one")
            .condition_expression("#by.#kind = :kind AND #by.#id = :id")
            .expression_attribute_names("#by", "setUpBy")
            .expression_attribute_names("#kind", "kind")
            .expression_attribute_names("#id", "id")
            .expression_attribute_values(":off", aws_sdk_dynamodb::types::AttributeValue::Bool(false))
            .expression_attribute_values(":reason", s(reason))
            .expression_attribute_values(":one", n(1))
            .expression_attribute_values(":kind", s(credential.kind.as_str()))
            .expression_attribute_values(":id", s(credential.id.clone()));
        applied("UpdateItem", update.send().await)
    }

    /// The delivery worker's note of an endpoint's failing streak after an attempt, and its
    /// switching off when the streak has lasted too long; nothing when the endpoint is gone.
    pub async fn record_webhook_streak(
        &self,
        workspace: &ObjectId,
        id: &ObjectId,
        failing_since: Option<DateTime<Utc>>,
        disable_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        let key = keys::webhook(workspace, id);
        let mut update = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&key)))
            .condition_expression("attribute_exists(PK)");
        let mut set = Vec::new();
        let mut remove = Vec::new();
        match failing_since {
            Some(since) => {
                set.push("failingSince = :since");
                update = update.expression_attribute_values(":since", s(since.to_rfc3339()));
            }
            None => remove.push("failingSince"),
        }
        if let Some(at) = disable_at {
            set.push("enabled = :off, disabledForFailingAt = :at");
            update = update
                .expression_attribute_values(":off", aws_sdk_dynamodb::types::AttributeValue::Bool(false))
                .expression_attribute_values(":at", s(at.to_rfc3339()));
        }
        let mut expression = String::new();
        if !set.is_empty() {
            expression.push_str(&format!("SET {}", set.join(", ")));
        }
        if !remove.is_empty() {
            expression.push_str(&format!(" REMOVE {}", remove.join(", ")));
        }
        // An endpoint deleted meanwhile keeps no streak.
        applied("UpdateItem", update.update_expression(expression.trim()).send().await).map(|_| ())
    }

    /// Counts an attempt to the endpoint without an answer at `now` (`ADD`: attempts side by
    /// side all count) and rests it from the third in a row ([`resting_until`]); an answer
    /// (`answered`) ends the silence.
    pub async fn record_webhook_silence(
        &self,
        workspace: &ObjectId,
        id: &ObjectId,
        answered: bool,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let key = crate::store::key_map(&keys::webhook(workspace, id));
        let update = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key.clone()))
            .condition_expression("attribute_exists(PK)");
        if answered {
            let update = update.update_expression("REMOVE unanswered, restingUntil");
            return applied("UpdateItem", update.send().await).map(|_| ());
        }
        let counted = update
            .update_expression("ADD unanswered :one")
            .expression_attribute_values(":one", n(1))
            .return_values(ReturnValue::UpdatedNew)
            .send()
            .await;
        let unanswered = match counted {
            Ok(out) => out
                .attributes
                .as_ref()
                .and_then(|a| a.get("unanswered"))
                .and_then(|v| v.as_n().ok())
                .and_then(|v| v.parse::<u32>().ok())
                .unwrap_or(0),
            // An endpoint deleted meanwhile keeps no silence.
            Err(err) => return applied::<(), _, _>("UpdateItem", Err(err)).map(|_| ()),
        };
        // Rested from the third in a row; before, the attempt's hold on it ends.
        let rest = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key))
            .condition_expression("attribute_exists(PK)");
        let rest = match resting_until(unanswered, now) {
            Some(until) => rest
                .update_expression("SET restingUntil = :until")
                .expression_attribute_values(":until", s(until.to_rfc3339())),
            None => rest.update_expression("REMOVE restingUntil"),
        };
        applied("UpdateItem", rest.send().await).map(|_| ())
    }

    /// Takes a silent endpoint for one attempt: moves its rest's end from `seen` (what this
    /// worker read; none) to `until`; `false` when another worker took it first.
    pub async fn claim_webhook_probe(
        &self,
        workspace: &ObjectId,
        id: &ObjectId,
        seen: Option<DateTime<Utc>>,
        until: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let update = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::webhook(workspace, id))))
            .update_expression("SET restingUntil = :until")
            .expression_attribute_values(":until", s(until.to_rfc3339()));
        let update = match seen {
            Some(seen) => update
                .condition_expression("restingUntil = :seen")
                .expression_attribute_values(":seen", s(seen.to_rfc3339())),
            None => update.condition_expression("attribute_exists(PK) AND attribute_not_exists(restingUntil)"),
        };
        applied("UpdateItem", update.send().await)
    }
}
