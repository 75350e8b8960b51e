//! Webhooks: the endpoints a workspace registers and their delivery log.

pub(crate) mod deliveries;
pub(crate) mod endpoints;
