//! A workspace and what it keeps beside its links: tags, UTM templates, custom domains, app associations, and its team.

pub(crate) mod app_associations;
pub(crate) mod domains;
pub(crate) mod tags;
pub(crate) mod team;
pub(crate) mod utm_templates;
pub(crate) mod workspaces;
