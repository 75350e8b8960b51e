//! Workspaces and memberships.

use chrono::{DateTime, Utc};

use aws_sdk_dynamodb::types::AttributeValue;

use crate::domain::ids::ObjectId;
use crate::domain::{Membership, PlanChange, Setting, Workspace};
use crate::store::{
    Item, Store, StoreError, decode, encode, item_key, key_map, keys, query_all, s, tx, update_applied,
};

/// A workspace as seen by one user: the workspace record and that user's membership.
#[derive(Debug, Clone)]
pub struct WorkspaceView {
    pub workspace: Option<Workspace>,
    pub membership: Option<Membership>,
}

impl Store {
    /// Creates a workspace and its owner's membership together.
    pub async fn create_workspace(&self, workspace: &Workspace) -> Result<(), StoreError> {
        let mut items = vec![tx::check_exists(&self.table, &keys::user(&workspace.owner_id))?];
        items.extend(self.workspace_with_owner(workspace)?);
        match self.transact(items).await? {
            Ok(()) => Ok(()),
            Err(_) => Err(StoreError::Contention("create workspace")),
        }
    }

    /// A new workspace and its owner's membership, for a transaction.
    pub(in crate::store) fn workspace_with_owner(
        &self,
        workspace: &Workspace,
    ) -> Result<[aws_sdk_dynamodb::types::TransactWriteItem; 2], StoreError> {
        let owner = Membership {
            workspace_id: workspace.id.clone(),
            user_id: workspace.owner_id.clone(),
            role: crate::domain::Role::Owner,
            joined_at: Some(workspace.created_at),
        };
        Ok([
            tx::put(
                &self.table,
                encode(workspace, &keys::workspace(&workspace.id), None)?,
                Some("attribute_not_exists(PK)"),
            )?,
            tx::put(&self.table, membership_item(&owner)?, None)?,
        ])
    }

    pub async fn get_workspace(&self, id: &ObjectId) -> Result<Option<Workspace>, StoreError> {
        self.get_as(&keys::workspace(id), true).await
    }

    /// Turns a workspace's location requests off (or back on): `false` when there is no such
    /// workspace.
    pub async fn set_gps_capture_off(&self, id: &ObjectId, off: bool) -> Result<bool, StoreError> {
        let result = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(key_map(&keys::workspace(id))))
            .update_expression("SET gpsCaptureOff = :off")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_values(":off", AttributeValue::Bool(off))
            .send()
            .await;
        update_applied(result)
    }

    /// The workspace and the user's membership in it, in one `BatchGetItem`.
    pub async fn workspace_for_user(&self, workspace: &ObjectId, user: &ObjectId) -> Result<WorkspaceView, StoreError> {
        let ws_key = keys::workspace(workspace);
        let member_key = keys::membership(workspace, user);
        let items = self.batch_get(&[ws_key.clone(), member_key], true).await?;
        let mut view = WorkspaceView {
            workspace: None,
            membership: None,
        };
        for item in items {
            if item_key(&item).as_ref() == Some(&ws_key) {
                view.workspace = Some(decode(item)?);
            } else {
                view.membership = Some(decode(item)?);
            }
        }
        Ok(view)
    }

    /// Sets (or clears) the licence expiry; `false` when the workspace does not exist.
    pub async fn set_license(&self, workspace: &ObjectId, expires: Option<DateTime<Utc>>) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::workspace(workspace))))
            .condition_expression("attribute_exists(PK)");
        let request = match expires {
            Some(at) => request
                .update_expression("SET licenseExpiresAt = :at")
                .expression_attribute_values(":at", s(at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))),
            None => request.update_expression("REMOVE licenseExpiresAt"),
        };
        update_applied(request.send().await)
    }

    /// Changes a workspace's plan (quotas and rate-limit overrides): one conditional
    /// `UpdateItem`. `None` when the workspace does not exist.
    pub async fn set_plan(&self, workspace: &ObjectId, change: &PlanChange) -> Result<Option<Workspace>, StoreError> {
        let limits = [
            ("rateLimitPerKey", change.rate_limit_per_key),
            ("rateLimitBulkPerKey", change.rate_limit_bulk_per_key),
            ("rateLimitAnalyticsPerKey", change.rate_limit_analytics_per_key),
            ("rateLimitPerWorkspace", change.rate_limit_per_workspace),
        ];
        let mut settings: Vec<(&str, u64)> = Vec::new();
        let mut removals: Vec<&str> = Vec::new();
        settings.extend(change.max_links.map(|n| ("maxLinks", n)));
        settings.extend(change.max_rules_per_link.map(|n| ("maxRulesPerLink", n)));
        for (attribute, setting) in limits {
            match setting {
                Some(Setting::To(n)) => settings.push((attribute, n)),
                Some(Setting::Default) => removals.push(attribute),
                None => {}
            }
        }
        let mut expression = Vec::new();
        let mut request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::workspace(workspace))))
            .condition_expression("attribute_exists(PK)")
            .return_values(aws_sdk_dynamodb::types::ReturnValue::AllNew);
        if !settings.is_empty() {
            let parts: Vec<String> = (0..settings.len()).map(|i| format!("#s{i} = :s{i}")).collect();
            expression.push(format!("SET {}", parts.join(", ")));
        }
        for (i, (attribute, value)) in settings.iter().enumerate() {
            request = request
                .expression_attribute_names(format!("#s{i}"), *attribute)
                .expression_attribute_values(format!(":s{i}"), crate::store::n(value));
        }
        if !removals.is_empty() {
            let parts: Vec<String> = (0..removals.len()).map(|i| format!("#r{i}")).collect();
            expression.push(format!("REMOVE {}", parts.join(", ")));
        }
        for (i, attribute) in removals.iter().enumerate() {
            request = request.expression_attribute_names(format!("#r{i}"), *attribute);
        }
        match request.update_expression(expression.join(" ")).send().await {
            Ok(out) => out.attributes.map(decode).transpose(),
            Err(e)
                if matches!(
                    e.as_service_error(),
                    Some(aws_sdk_dynamodb::operation::update_item::UpdateItemError::ConditionalCheckFailedException(_))
                ) =>
            {
                Ok(None)
            }
            Err(e) => Err(StoreError::request("UpdateItem", e)),
        }
    }

    /// Adds or changes a membership; `false` when the workspace or user does not exist.
    pub async fn put_membership(&self, membership: &Membership) -> Result<bool, StoreError> {
        let items = vec![
            tx::check_exists(&self.table, &keys::workspace(&membership.workspace_id))?,
            tx::check_exists(&self.table, &keys::user(&membership.user_id))?,
            tx::put(&self.table, membership_item(membership)?, None)?,
        ];
        Ok(self.transact(items).await?.is_ok())
    }

    /// Deletes a membership; `false` when there was none.
    pub async fn delete_membership(&self, workspace: &ObjectId, user: &ObjectId) -> Result<bool, StoreError> {
        let result = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::membership(workspace, user))))
            .condition_expression("attribute_exists(PK)")
            .send()
            .await;
        crate::store::delete_applied(result)
    }
}

pub(in crate::store) fn membership_item(membership: &Membership) -> Result<Item, StoreError> {
    encode(
        membership,
        &keys::membership(&membership.workspace_id, &membership.user_id),
        Some(&keys::membership_by_user(&membership.workspace_id, &membership.user_id)),
    )
}

impl Store {
    /// The workspaces a user belongs to, with the user's role in each (access pattern 3):
    /// a paginated `Query` of the user's memberships on GSI1, then one `BatchGetItem` of the
    /// workspaces. Sorted by workspace name.
    pub async fn user_workspaces(&self, user: &ObjectId) -> Result<Vec<(Workspace, crate::domain::Role)>, StoreError> {
        let query = self.user_index_query(user, keys::USER_WORKSPACES_SORT_PREFIX);
        let memberships: Vec<Membership> = query_all(query)
            .await?
            .into_iter()
            .map(decode)
            .collect::<Result<_, _>>()?;
        let wanted: Vec<keys::Key> = memberships.iter().map(|m| keys::workspace(&m.workspace_id)).collect();
        let mut found = Vec::with_capacity(memberships.len());
        for item in self.batch_get(&wanted, false).await? {
            let workspace: Workspace = decode(item)?;
            if let Some(m) = memberships.iter().find(|m| m.workspace_id == workspace.id) {
                found.push((workspace, m.role));
            }
        }
        found.sort_by(|a, b| {
            a.0.name
                .cmp(&b.0.name)
                .then_with(|| a.0.id.as_str().cmp(b.0.id.as_str()))
        });
        Ok(found)
    }
}
