//! A workspace's members and invitations, and joining by an invitation's link.

pub(crate) mod joining;
pub(crate) mod team;

pub use team::{Invited, Member, OpenInvitation, Team, invitation_path};
