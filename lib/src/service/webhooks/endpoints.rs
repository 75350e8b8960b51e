//! A workspace's webhook endpoints: the owner and managers list, create, change and delete them
//! (a member is refused, secrets or not). A new endpoint's URL must resolve to public addresses
//! only, checked through the same fetcher that delivers; its secret is shown once, at creation
//! or rotation.

use crate::domain::ids::ObjectId;
use crate::domain::{
    Invalid, NewWebhook, SecretRing, SetUpBy, SetUpKind, Webhook, WebhookChange, WebhookSecret, WebhookUrl,
    key_display_name,
};
use crate::service::{Service, ServiceError, accounts::Access, accounts::Actor};
use crate::store::{Collection, TagWrite, WebhookWrite};
use crate::wire::{CreatedWebhook, DeletedWebhook, UpdatedWebhook, WebhookRecord};

/// An endpoint with the secret to show its owner now (created, or rotated).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookWithSecret {
    pub webhook: Webhook,
    pub secret: Option<WebhookSecret>,
}

impl WebhookWithSecret {
    pub fn created_message(&self) -> &'static str {
        "Webhook created. Keep its secret now: it is not shown again."
    }

    pub fn updated_message(&self) -> &'static str {
        if self.secret.is_some() {
            "Webhook updated with a new secret. The old one keeps signing beside it for 24 hours."
        } else {
            "Webhook updated."
        }
    }

    /// The answer to a creation: the id and the secret, shown this once.
    pub fn created(&self) -> CreatedWebhook {
        CreatedWebhook {
            message: self.created_message().into(),
            id: self.webhook.id.to_string(),
            secret: self.secret.as_ref().map(|s| s.expose().to_string()).unwrap_or_default(),
        }
    }

    /// The answer to a change: the endpoint as now listed, and a rotated secret.
    pub fn updated(&self) -> UpdatedWebhook {
        UpdatedWebhook {
            message: self.updated_message().into(),
            webhook: WebhookRecord::from(&self.webhook),
            secret: self.secret.as_ref().map(|s| s.expose().to_string()),
        }
    }
}

fn may_manage(access: &Access) -> Result<(), ServiceError> {
    access.manages().then_some(()).ok_or(ServiceError::WebhooksClosed)
}

impl Service {
    /// The workspace's endpoints, oldest first (never their secrets).
    pub async fn list_webhooks(&self, access: &Access) -> Result<Vec<Webhook>, ServiceError> {
        may_manage(access)?;
        Ok(self.store.webhooks(&access.workspace.id).await?)
    }

    /// One endpoint of the workspace (a consistent `GetItem`).
    pub async fn webhook(&self, access: &Access, id: &ObjectId) -> Result<Webhook, ServiceError> {
        may_manage(access)?;
        self.store
            .webhook(&access.workspace.id, id)
            .await?
            .ok_or(ServiceError::WebhookNotFound)
    }

    /// Adds an endpoint; its secret is in the answer and nowhere else after.
    pub async fn create_webhook(&self, access: &Access, new: NewWebhook) -> Result<WebhookWithSecret, ServiceError> {
        may_manage(access)?;
        self.check_public(&new.url).await?;
        let secret = WebhookSecret::generate(self.entropy.as_ref());
        let webhook = Webhook {
            id: self.new_id(),
            workspace_id: access.workspace.id.clone(),
            url: new.url,
            events: new.events,
            link_ids: new.link_ids,
            enabled: true,
            batch: new.batch,
            secrets: SecretRing::new(secret.clone()),
            created_at: self.now(),
            failing_since: None,
            disabled_for_failing_at: None,
            unanswered: 0,
            resting_until: None,
            version: 1,
            set_up_by: Some(self.set_up_by(access).await?),
            disabled_reason: None,
        };
        match self.store.create_webhook(&webhook).await? {
            TagWrite::Done => Ok(WebhookWithSecret {
                webhook,
                secret: Some(secret),
            }),
            // The count and the endpoint are written together: parallel creates cannot pass it.
            TagWrite::Full => Err(crate::service::guards::limits::collection_full(Collection::Webhooks)),
            TagWrite::NameTaken | TagWrite::Gone => Err(ServiceError::WorkspaceNotFound),
        }
    }

    /// Changes an endpoint as `change` says. Switching it on again ends a failing streak; a new
    /// URL, or switching it on, ends its rest (its next delivery is tried at once).
    pub async fn update_webhook(
        &self,
        access: &Access,
        id: &ObjectId,
        change: WebhookChange,
    ) -> Result<WebhookWithSecret, ServiceError> {
        let mut webhook = self.webhook(access, id).await?;
        if change.re_points() {
            webhook.set_up_by = Some(self.set_up_by(access).await?);
        }
        if let Some(url) = change.url {
            self.check_public(&url).await?;
            webhook.url = url;
            (webhook.unanswered, webhook.resting_until) = (0, None);
        }
        if let Some(events) = change.events {
            webhook.events = events;
        }
        if let Some(link_ids) = change.link_ids {
            webhook.link_ids = link_ids;
        }
        if let Some(batch) = change.batch {
            webhook.batch = batch;
        }
        if let Some(enabled) = change.enabled {
            if enabled && !webhook.enabled {
                webhook.failing_since = None;
                webhook.disabled_for_failing_at = None;
                webhook.disabled_reason = None;
                (webhook.unanswered, webhook.resting_until) = (0, None);
            }
            webhook.enabled = enabled;
        }
        let secret = change.rotate_secret.then(|| {
            let secret = WebhookSecret::generate(self.entropy.as_ref());
            webhook.secrets = webhook.secrets.rotated(secret.clone(), self.now());
            secret
        });
        webhook.version += 1;
        match self.store.save_webhook(&webhook).await? {
            WebhookWrite::Done => Ok(WebhookWithSecret { webhook, secret }),
            WebhookWrite::Moved => Err(ServiceError::Contention),
        }
    }

    /// Deletes an endpoint; what was queued for it is dropped at delivery.
    pub async fn delete_webhook(&self, access: &Access, id: &ObjectId) -> Result<DeletedWebhook, ServiceError> {
        may_manage(access)?;
        if self.store.delete_webhook(&access.workspace.id, id).await? {
            Ok(DeletedWebhook {
                message: "Webhook deleted.".into(),
            })
        } else {
            Err(ServiceError::WebhookNotFound)
        }
    }

    /// What an endpoint `access` makes or points somewhere records as its credential.
    async fn set_up_by(&self, access: &Access) -> Result<SetUpBy, ServiceError> {
        let (kind, id, name) = match &access.by {
            Actor::Person => {
                let user = self
                    .store
                    .get_user(&access.user_id)
                    .await?
                    .ok_or(ServiceError::UserNotFound)?;
                (SetUpKind::Member, user.id.to_string(), user.email.as_str().to_string())
            }
            Actor::Key { short_id, prefix } => {
                (SetUpKind::ApiKey, short_id.clone(), key_display_name(prefix.as_deref()))
            }
            Actor::App { grant, name } => (SetUpKind::App, grant.to_string(), name.clone()),
        };
        Ok(SetUpBy {
            kind,
            id,
            name,
            user_id: access.user_id.clone(),
        })
    }

    /// Refuses a URL whose host resolves to any address that is not public (or not at all).
    async fn check_public(&self, url: &WebhookUrl) -> Result<(), ServiceError> {
        let parsed: url::Url = url
            .as_str()
            .parse()
            .map_err(|_| Invalid::new("url", "url is not a URL."))?;
        self.hooks
            .check_address(&parsed, crate::domain::webhook_delivery::ATTEMPT_TIMEOUT)
            .await
            .map_err(|refused| {
                tracing::info!(?refused, "webhook URL refused");
                ServiceError::from(Invalid::new("url", format!("url cannot be called: {refused}.")))
            })
    }
}
