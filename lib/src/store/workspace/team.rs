//! A workspace's team: its members, its pending invitations, and the writes that change them.
//! Every write that must not clobber is conditional: a role changes only from the role the
//! service checked, an invitation is used once, ownership moves in one transaction.

use chrono::{DateTime, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{Invitation, Membership, Role, User};
use crate::store::workspace::workspaces::membership_item;
use crate::store::{Item, Store, StoreError, decode, encode, keys, query_up_to, s, tx, with_ttl};

/// The most members a workspace lists (and so may have by invitation).
pub const MAX_MEMBERS: usize = 500;
/// The most invitations a workspace may have waiting at once.
pub const MAX_PENDING_INVITATIONS: usize = 100;
/// How long a dead invitation is kept, so its link can say why it no longer works.
const INVITATION_MEMORY: chrono::Duration = chrono::Duration::days(30);

/// How accepting an invitation went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AcceptOutcome {
    Joined,
    /// The invitation was no longer pending (used, revoked or expired meanwhile).
    InvitationGone,
    /// The person is a member already (the invitation is left as it was).
    AlreadyMember,
    /// A new person's e-mail has an account meanwhile.
    EmailTaken,
    /// The workspace is gone.
    WorkspaceGone,
}

fn invitation_item(invitation: &Invitation) -> Result<Item, StoreError> {
    let item = encode(
        invitation,
        &keys::invitation(&invitation.id),
        Some(&keys::invitation_by_workspace(&invitation.workspace_id, &invitation.id)),
    )?;
    Ok(with_ttl(item, invitation.expires_at + INVITATION_MEMORY))
}

impl Store {
    /// The members of a workspace (at most [`MAX_MEMBERS`]), as stored.
    pub async fn workspace_members(&self, workspace: &ObjectId) -> Result<Vec<Membership>, StoreError> {
        let query = self
            .workspace_partition_query(workspace, keys::MEMBER_SORT_PREFIX)
            .consistent_read(true);
        query_up_to(query, MAX_MEMBERS).await?.into_iter().map(decode).collect()
    }

    /// One membership (consistent read).
    pub async fn membership(&self, workspace: &ObjectId, user: &ObjectId) -> Result<Option<Membership>, StoreError> {
        self.get_as(&keys::membership(workspace, user), true).await
    }

    /// The users among `ids` (one `BatchGetItem` per hundred); unknown ids are skipped.
    pub async fn users(&self, ids: &[ObjectId]) -> Result<Vec<User>, StoreError> {
        let wanted: Vec<keys::Key> = ids.iter().map(keys::user).collect();
        self.batch_get(&wanted, false).await?.into_iter().map(decode).collect()
    }

    /// Stores a new invitation.
    pub async fn put_invitation(&self, invitation: &Invitation) -> Result<(), StoreError> {
        self.put_new(invitation_item(invitation)?).await
    }

    /// An invitation by its id (consistent read: a link used a moment ago says so).
    pub async fn invitation(&self, id: &ObjectId) -> Result<Option<Invitation>, StoreError> {
        self.get_as(&keys::invitation(id), true).await
    }

    /// The invitations of a workspace still on its index (accepted and revoked ones leave it),
    /// oldest first; at most [`MAX_PENDING_INVITATIONS`] and those expired since.
    pub async fn workspace_invitations(&self, workspace: &ObjectId) -> Result<Vec<Invitation>, StoreError> {
        let query = self.index_partition_query(keys::workspace_invitations_partition(workspace));
        query_up_to(query, MAX_PENDING_INVITATIONS * 2)
            .await?
            .into_iter()
            .map(decode)
            .collect()
    }

    /// Revokes a pending invitation of `workspace`; `false` when it is not one.
    pub async fn revoke_invitation(&self, workspace: &ObjectId, id: &ObjectId) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::invitation(id))))
            .update_expression("SET #state = :revoked REMOVE GSI1PK, GSI1SK")
            .condition_expression("#state = :pending AND workspaceId = :ws")
            .expression_attribute_names("#state", "state")
            .expression_attribute_values(":revoked", s("revoked"))
            .expression_attribute_values(":pending", s("pending"))
            .expression_attribute_values(":ws", s(workspace.as_str()));
        crate::store::update_applied(request.send().await)
    }

    /// Gives a pending invitation of `workspace` a new secret and a new expiry (sent again: the
    /// old link stops working); `false` when it is not a pending one.
    pub async fn renew_invitation(&self, renewed: &Invitation) -> Result<bool, StoreError> {
        let item = invitation_item(renewed)?;
        let request = self
            .client
            .put_item()
            .table_name(&self.table)
            .set_item(Some(item))
            .condition_expression("#state = :pending AND workspaceId = :ws")
            .expression_attribute_names("#state", "state")
            .expression_attribute_values(":pending", s("pending"))
            .expression_attribute_values(":ws", s(renewed.workspace_id.as_str()));
        crate::store::put_applied(request.send().await)
    }

    /// The invitation's use, as one transaction's first action: pending, this secret, not expired.
    fn use_invitation(
        &self,
        invitation: &Invitation,
        now: DateTime<Utc>,
    ) -> Result<aws_sdk_dynamodb::types::TransactWriteItem, StoreError> {
        tx::update(
            &self.table,
            &keys::invitation(&invitation.id),
            "SET #state = :accepted REMOVE GSI1PK, GSI1SK",
            Some("#state = :pending AND secretHash = :hash AND expiresAt > :now"),
            &[("#state", "state")],
            &[
                (":accepted", s("accepted")),
                (":pending", s("pending")),
                (":hash", s(invitation.secret_hash.clone())),
                (":now", s(now.to_rfc3339_opts(chrono::SecondsFormat::Micros, true))),
            ],
        )
    }

    /// What every joining does, as a transaction's first three actions: the invitation's use
    /// (0), the membership, made only if there is none (1), and the workspace still there (2).
    fn joining(
        &self,
        invitation: &Invitation,
        membership: &Membership,
        now: DateTime<Utc>,
    ) -> Result<Vec<aws_sdk_dynamodb::types::TransactWriteItem>, StoreError> {
        Ok(vec![
            self.use_invitation(invitation, now)?,
            tx::put(
                &self.table,
                membership_item(membership)?,
                Some("attribute_not_exists(PK)"),
            )?,
            tx::check_exists(&self.table, &keys::workspace(&membership.workspace_id))?,
        ])
    }

    /// An existing user joins by an invitation: the invitation is used and the membership made
    /// together, or neither.
    pub async fn accept_invitation(
        &self,
        invitation: &Invitation,
        membership: &Membership,
        now: DateTime<Utc>,
    ) -> Result<AcceptOutcome, StoreError> {
        let items = self.joining(invitation, membership, now)?;
        Ok(match self.transact(items).await? {
            Ok(()) => AcceptOutcome::Joined,
            Err(c) if c.failed(0) => AcceptOutcome::InvitationGone,
            Err(c) if c.failed(1) => AcceptOutcome::AlreadyMember,
            Err(c) if c.failed(2) => AcceptOutcome::WorkspaceGone,
            Err(_) => return Err(StoreError::Contention("accept invitation")),
        })
    }

    /// A new person joins by an invitation: the user, its e-mail claim, the membership and the
    /// invitation's use in one transaction.
    pub async fn accept_invitation_as_new_user(
        &self,
        invitation: &Invitation,
        user: &User,
        membership: &Membership,
        now: DateTime<Utc>,
    ) -> Result<AcceptOutcome, StoreError> {
        let mut items = self.joining(invitation, membership, now)?;
        items.extend(self.new_user(user)?);
        Ok(match self.transact(items).await? {
            Ok(()) => AcceptOutcome::Joined,
            Err(c) if c.failed(0) => AcceptOutcome::InvitationGone,
            Err(c) if c.failed(2) => AcceptOutcome::WorkspaceGone,
            Err(c) if c.failed(4) => AcceptOutcome::EmailTaken,
            Err(_) => return Err(StoreError::Contention("accept invitation")),
        })
    }

    /// Changes a member's role, only from `from` (what the service checked); `false` when the
    /// membership is gone or its role changed meanwhile.
    pub async fn change_role(
        &self,
        workspace: &ObjectId,
        user: &ObjectId,
        from: Role,
        to: Role,
    ) -> Result<bool, StoreError> {
        let request = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::membership(workspace, user))))
            .update_expression("SET #role = :to")
            .condition_expression("#role = :from")
            .expression_attribute_names("#role", "role")
            .expression_attribute_values(":from", s(from.as_str()))
            .expression_attribute_values(":to", s(to.as_str()));
        crate::store::update_applied(request.send().await)
    }

    /// Removes a membership, only while it has `role` (what the service checked); `false`
    /// otherwise.
    pub async fn remove_membership(
        &self,
        workspace: &ObjectId,
        user: &ObjectId,
        role: Role,
    ) -> Result<bool, StoreError> {
        let request = self
            .client
            .delete_item()
            .table_name(&self.table)
            .set_key(Some(crate::store::key_map(&keys::membership(workspace, user))))
            .condition_expression("#role = :role")
            .expression_attribute_names("#role", "role")
            .expression_attribute_values(":role", s(role.as_str()));
        crate::store::delete_applied(request.send().await)
    }

    /// Hands a workspace from its owner to a member who has `their_role`: the workspace's
    /// owner, the new owner's membership and the old owner's (now a manager's) in one
    /// transaction; `false` when any of them changed meanwhile.
    pub async fn hand_over(
        &self,
        workspace: &ObjectId,
        owner: &ObjectId,
        to: &ObjectId,
        their_role: Role,
    ) -> Result<bool, StoreError> {
        let role_names: &[(&str, &str)] = &[("#role", "role")];
        let items = vec![
            tx::update(
                &self.table,
                &keys::workspace(workspace),
                "SET ownerId = :to",
                Some("ownerId = :owner"),
                &[],
                &[(":to", s(to.as_str())), (":owner", s(owner.as_str()))],
            )?,
            tx::update(
                &self.table,
                &keys::membership(workspace, to),
                "SET #role = :owner",
                Some("#role = :was"),
                role_names,
                &[(":owner", s("owner")), (":was", s(their_role.as_str()))],
            )?,
            tx::update(
                &self.table,
                &keys::membership(workspace, owner),
                "SET #role = :manager",
                Some("#role = :owner"),
                role_names,
                &[(":manager", s("manager")), (":owner", s("owner"))],
            )?,
        ];
        Ok(self.transact(items).await?.is_ok())
    }
}
