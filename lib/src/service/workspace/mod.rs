//! What a workspace keeps beside its links: tags, custom domains, UTM templates, settings, app associations, and the pickers' catalogue of them.

pub(crate) mod app_associations;
pub(crate) mod catalogue;
pub(crate) mod domains;
pub(crate) mod settings;
pub(crate) mod tags;
pub(crate) mod utm_templates;

pub use app_associations::DomainApps;
pub use domains::{DomainSetup, RECHECK_PAGE, Recheck, Verification};
