//! Keys of a workspace's partition and what hangs off it: memberships, invitations, its
//! capped collections' counts, its tags and UTM templates, stored `Idempotency-Key` answers.

use super::{Key, user_index_partition};
use crate::domain::ids::ObjectId;

pub fn workspace(id: &ObjectId) -> Key {
    Key::new(format!("WS#{id}"), "WS")
}

/// The partition holding a workspace, its memberships and its tags.
pub fn workspace_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}")
}

pub fn membership(workspace: &ObjectId, user: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("MEMBER#{user}"))
}

/// The sort-key prefix of a workspace's memberships (see [`membership`]).
pub const MEMBER_SORT_PREFIX: &str = "MEMBER#";

/// GSI1 keys of a membership: a user's workspaces.
pub fn membership_by_user(workspace: &ObjectId, user: &ObjectId) -> Key {
    Key::new(
        user_index_partition(user),
        &format!("{USER_WORKSPACES_SORT_PREFIX}{workspace}"),
    )
}

/// The GSI1 sort-key prefix of a user's memberships (see [`membership_by_user`]).
pub const USER_WORKSPACES_SORT_PREFIX: &str = "WS#";

/// An invitation to a workspace, under its id (the first part of its link's token).
pub fn invitation(id: &ObjectId) -> Key {
    Key::new(format!("INVITE#{id}"), "INVITE")
}

/// GSI1 keys of a pending invitation: a workspace's pending invitations, oldest first. An
/// invitation leaves the index when it is accepted or revoked.
pub fn invitation_by_workspace(workspace: &ObjectId, id: &ObjectId) -> Key {
    Key::new(workspace_invitations_partition(workspace), &format!("INVITE#{id}"))
}

/// The GSI1 partition of a workspace's pending invitations.
pub fn workspace_invitations_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}#INVITES")
}

/// The count of one capped collection of a workspace (`store::collections`).
pub fn collection_count(workspace: &ObjectId, collection: &str) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("COUNT#{collection}"))
}

pub fn tag(workspace: &ObjectId, tag: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("TAG#{tag}"))
}

/// The sort-key prefix of a workspace's tags (see [`tag`]).
pub const TAG_SORT_PREFIX: &str = "TAG#";

/// What holds a tag's name in its workspace (lower-cased), so no two tags share it.
pub fn tag_name(workspace: &ObjectId, name_key: &str) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("TAGNAME#{name_key}"))
}

pub fn utm_template(workspace: &ObjectId, template: &ObjectId) -> Key {
    Key::new(
        format!("WS#{workspace}"),
        &format!("{UTM_TEMPLATE_SORT_PREFIX}{template}"),
    )
}

pub fn utm_template_name(workspace: &ObjectId, name_key: &str) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("UTMNAME#{name_key}"))
}

/// The sort-key prefix of a workspace's UTM templates (see [`utm_template`]).
pub const UTM_TEMPLATE_SORT_PREFIX: &str = "UTMTPL#";

/// The stored answer of an `Idempotency-Key`, per workspace (the key is stored as its SHA-256).
pub fn idempotency(workspace: &ObjectId, key_hash: &str) -> Key {
    Key::new(format!("IDEM#{workspace}#{key_hash}"), "IDEM")
}
