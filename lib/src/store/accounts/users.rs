//! Users, their e-mail claims and passwords, and API keys.

use crate::domain::ids::ObjectId;
use crate::domain::{ApiKeyRecord, Email, User};
use crate::store::{Store, StoreError, encode, keys, s, tx, update_applied};

#[derive(Debug, thiserror::Error)]
pub enum CreateUserError {
    #[error("a user with this e-mail already exists")]
    EmailTaken,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The outcome of swapping a user's API key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyRotation {
    Rotated,
    /// The user does not exist, or its key changed meanwhile.
    Conflict,
}

/// The id read in place of a user for an e-mail without an account (ids are made with the
/// time they are made at, so none is all zeros).
const NO_USER: &str = "000000000000000000000000";

/// What an e-mail's claim item holds: the user with that e-mail.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct EmailClaim {
    user_id: ObjectId,
}

impl Store {
    /// A new user's two puts, for a transaction: the user (first), then its e-mail's claim
    /// (second; its condition fails when the e-mail has an account).
    pub(in crate::store) fn new_user(
        &self,
        user: &User,
    ) -> Result<[aws_sdk_dynamodb::types::TransactWriteItem; 2], StoreError> {
        let claim = encode(
            &serde_json::json!({ "userId": user.id.as_str() }),
            &keys::email(user.email.as_str()),
            None,
        )?;
        Ok([
            tx::put(
                &self.table,
                encode(user, &keys::user(&user.id), None)?,
                Some("attribute_not_exists(PK)"),
            )?,
            tx::put(&self.table, claim, Some("attribute_not_exists(PK)"))?,
        ])
    }

    pub async fn create_user(&self, user: &User) -> Result<(), CreateUserError> {
        let items = self.new_user(user)?.to_vec();
        match self.transact(items).await? {
            Ok(()) => Ok(()),
            Err(c) if c.failed(1) => Err(CreateUserError::EmailTaken),
            Err(_) => Err(StoreError::Contention("create user").into()),
        }
    }

    pub async fn get_user(&self, id: &ObjectId) -> Result<Option<User>, StoreError> {
        self.get_as(&keys::user(id), true).await
    }

    pub async fn find_user_by_email(&self, email: &Email) -> Result<Option<User>, StoreError> {
        match self.email_claim(email.as_str()).await? {
            Some(claim) => self.get_user(&claim.user_id).await,
            None => Ok(None),
        }
    }

    /// The user an e-mail signs in as, read alike whether or not it has an account: the
    /// e-mail's claim, then the user it names, or for an unknown (or malformed) e-mail the id
    /// no user has. Either way two consistent reads, so the answer's cost tells nothing.
    pub async fn user_for_sign_in(&self, email: Option<&Email>) -> Result<Option<User>, StoreError> {
        let claim = self.email_claim(email.map_or("", Email::as_str)).await?;
        let id = claim.map_or_else(|| ObjectId::parse(NO_USER).expect("a valid id"), |c| c.user_id);
        self.get_user(&id).await
    }

    async fn email_claim(&self, email: &str) -> Result<Option<EmailClaim>, StoreError> {
        self.get_as::<EmailClaim>(&keys::email(email), true).await
    }

    /// Sets a user's password hash; `false` when the user does not exist.
    pub async fn set_password_hash(
        &self,
        user: &ObjectId,
        hash: &crate::domain::PasswordHash,
    ) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::user(user))))
            .update_expression("SET passwordHash = :hash")
            .condition_expression("attribute_exists(PK)")
            .expression_attribute_values(":hash", s(String::from(hash.clone())));
        update_applied(request.send().await)
    }

    /// The record behind an API key hash (consistent read: rotation takes effect at once).
    pub async fn get_api_key(&self, hash: &str) -> Result<Option<ApiKeyRecord>, StoreError> {
        self.get_as(&keys::api_key(hash), true).await
    }

    /// Installs `new_hash` as the user's only key; the previous key stops working in the
    /// same transaction.
    pub async fn rotate_api_key(
        &self,
        user: &User,
        new_hash: &str,
        record: &ApiKeyRecord,
    ) -> Result<KeyRotation, StoreError> {
        let mut items = vec![tx::put(
            &self.table,
            encode(record, &keys::api_key(new_hash), None)?,
            Some("attribute_not_exists(PK)"),
        )?];
        let (condition, mut values) = match &user.api_key_hash {
            Some(old) => {
                items.push(tx::delete(&self.table, &keys::api_key(old), None, &[])?);
                ("apiKeyHash = :old", vec![(":old", s(old.clone()))])
            }
            None => ("attribute_exists(PK) AND attribute_not_exists(apiKeyHash)", vec![]),
        };
        values.push((":new", s(new_hash)));
        items.push(tx::update(
            &self.table,
            &keys::user(&user.id),
            "SET apiKeyHash = :new",
            Some(condition),
            &[],
            &values,
        )?);
        Ok(match self.transact(items).await? {
            Ok(()) => KeyRotation::Rotated,
            Err(_) => KeyRotation::Conflict,
        })
    }
}
