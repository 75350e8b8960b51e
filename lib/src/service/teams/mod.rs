//! A workspace's members and invitations, and joining by an invitation's link.

pub(crate) mod joining;
pub(crate) mod team;

/// How many members a workspace has at most.
pub use crate::store::MAX_MEMBERS;
pub use team::{Invited, Member, OpenInvitation, Team, invitation_path};
