//! What a door hands the service to make or change a link: every field already parsed into
//! domain values. The doors build these (from JSON through `wire`, from the app's form);
//! the service only checks what needs the store (domain, tags, quota, slug).

use chrono::{DateTime, Utc};

use super::{
    AbTest, BoundedText, ClicksLimit, HexColor, Hostname, LinkPassword, LinkSettings, QrSettings, Rules, Slug,
    TargetUrl, Utm,
};
use crate::domain::ids::ObjectId;

/// A validated create request: settings, plus the slug and domain if the caller chose them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkDraft {
    pub slug: Option<Slug>,
    pub domain: Option<Hostname>,
    pub settings: LinkSettings,
    /// A password to protect the link with (the service hashes it into the settings).
    pub password: Option<LinkPassword>,
}

/// A validated update: `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinkPatch {
    pub name: Option<BoundedText<255>>,
    pub description: Option<Option<BoundedText<1000>>>,
    pub rules: Option<Rules>,
    pub slug: Option<Slug>,
    pub domain: Option<Hostname>,
    pub active: Option<bool>,
    pub clicks_limit: Option<Option<ClicksLimit>>,
    pub expiration_date: Option<Option<DateTime<Utc>>>,
    pub tag_ids: Option<Vec<ObjectId>>,
    pub ab_test: Option<Option<AbTest>>,
    pub qr_settings: Option<QrSettings>,
    pub og_title: Option<Option<BoundedText<255>>>,
    pub og_description: Option<Option<BoundedText<500>>>,
    pub appearance_color: Option<Option<HexColor>>,
    pub conversion_tracking: Option<bool>,
    pub gps_tracking: Option<bool>,
    pub utm: Option<Option<Utm>>,
    pub fallback_url: Option<Option<TargetUrl>>,
    /// A new password (`Some(None)` removes it); hashed by the service, not by [`Self::apply`].
    pub password: Option<Option<LinkPassword>>,
}

impl LinkPatch {
    /// Applies the patch to settings (slug and domain are handled by the store).
    pub fn apply(&self, settings: &mut LinkSettings) {
        fn set<T: Clone>(target: &mut T, value: &Option<T>) {
            if let Some(v) = value {
                *target = v.clone();
            }
        }
        set(&mut settings.name, &self.name);
        set(&mut settings.description, &self.description);
        set(&mut settings.rules, &self.rules);
        set(&mut settings.active, &self.active);
        set(&mut settings.clicks_limit, &self.clicks_limit);
        set(&mut settings.expiration_date, &self.expiration_date);
        set(&mut settings.tag_ids, &self.tag_ids);
        set(&mut settings.ab_test, &self.ab_test);
        set(&mut settings.qr_settings, &self.qr_settings);
        set(&mut settings.og_title, &self.og_title);
        set(&mut settings.og_description, &self.og_description);
        set(&mut settings.appearance_color, &self.appearance_color);
        set(&mut settings.conversion_tracking, &self.conversion_tracking);
        set(&mut settings.gps_tracking, &self.gps_tracking);
        set(&mut settings.utm, &self.utm);
        set(&mut settings.fallback_url, &self.fallback_url);
    }
}
