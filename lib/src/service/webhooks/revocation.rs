//! Endpoints last as long as the credential that set them up: revoking an API key or an app's
//! grant switches off the endpoints it set up (found through their index entry), each with the
//! sentence that says why; and the producer sends nothing to an endpoint whose key or grant no
//! longer works, however it ended (a password reset, an expired grant, a revocation whose
//! switching off failed half-way).

use std::collections::HashMap;

use crate::domain::{CredentialRef, SetUpBy, SetUpKind, Webhook};
use crate::service::accounts::short_id;
use crate::service::{Service, ServiceError};

/// Whether each credential an endpoint of a batch was set up by still works, asked once a batch.
#[derive(Debug, Default)]
pub(crate) struct CredentialCheck(HashMap<CredentialRef, bool>);

impl Service {
    /// Switches off every endpoint `credential` set up, each with its reason; answers how many.
    pub(crate) async fn disable_webhooks_of(&self, credential: &CredentialRef) -> Result<usize, ServiceError> {
        if !credential.revocable() {
            return Ok(0);
        }
        let mut disabled = 0;
        for webhook in self.store.webhooks_set_up_by(credential).await? {
            if self.disable_for_credential(&webhook).await? {
                disabled += 1;
            }
        }
        if disabled > 0 {
            tracing::info!(
                kind = credential.kind.as_str(),
                disabled,
                "webhook endpoints switched off with their credential"
            );
        }
        Ok(disabled)
    }

    /// Switches `webhook` off for the credential it records (unless it was set up again since).
    async fn disable_for_credential(&self, webhook: &Webhook) -> Result<bool, ServiceError> {
        let Some(by) = webhook.set_up_by.as_ref().filter(|by| by.credential().revocable()) else {
            return Ok(false);
        };
        Ok(self
            .store
            .disable_webhook_for(
                &webhook.workspace_id,
                &webhook.id,
                &by.credential(),
                &by.revoked_reason(),
            )
            .await?)
    }

    /// Whether the key or grant `by` names still works (a person's session always counts as
    /// working: a person's endpoints end with their membership, not a sign-out).
    async fn credential_works(&self, by: &SetUpBy) -> Result<bool, ServiceError> {
        Ok(match by.kind {
            SetUpKind::Member => true,
            SetUpKind::ApiKey => self
                .store
                .get_user(&by.user_id)
                .await?
                .and_then(|user| user.api_key_hash)
                .is_some_and(|hash| short_id(&hash) == by.id),
            SetUpKind::App => {
                let Ok(id) = crate::domain::ids::ObjectId::parse(&by.id) else {
                    return Ok(false);
                };
                let now = self.clock.now();
                let (grant, user) = tokio::try_join!(self.store.get_grant(&id), self.store.get_user(&by.user_id))?;
                match (grant, user) {
                    (Some(grant), Some(user)) => grant.is_live(now) && user.trusts_credential_from(grant.created_at),
                    _ => false,
                }
            }
        })
    }

    /// The producer's check before it addresses `webhook`: `false` (and the endpoint switched
    /// off) when the credential that set it up no longer works.
    pub(crate) async fn may_send_to(
        &self,
        webhook: &Webhook,
        check: &mut CredentialCheck,
    ) -> Result<bool, ServiceError> {
        let Some(by) = webhook.set_up_by.as_ref().filter(|_| webhook.enabled) else {
            return Ok(true);
        };
        let credential = by.credential();
        let works = match check.0.get(&credential) {
            Some(works) => *works,
            None => {
                let works = self.credential_works(by).await?;
                check.0.insert(credential, works);
                works
            }
        };
        if !works {
            self.disable_for_credential(webhook).await?;
        }
        Ok(works)
    }
}
