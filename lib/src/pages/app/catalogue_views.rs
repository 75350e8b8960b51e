//! The templates of the tags and domains tabs: what each shows, already worded.

use askama::Template;

use super::super::templates::Chrome;

/// One tag's row: its swatch, name and count, and (for the owner and managers) its forms.
#[derive(Debug, Clone)]
pub struct TagRow {
    pub id: String,
    pub name: String,
    /// `#rrggbb` for the swatch and the colour input (grey when the tag has none).
    pub color: String,
    pub has_color: bool,
    pub links: u64,
    pub links_href: String,
    pub update_action: String,
    pub delete_href: String,
}

/// `/app/w/<ws>/tags`.
#[derive(Template)]
#[template(path = "app/tags.html")]
pub struct TagsPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub workspace: String,
    pub may_manage: bool,
    pub csrf: String,
    pub create_action: String,
    pub tags: Vec<TagRow>,
    /// A refused form's sentence and the name it was about (shown again).
    pub error: Option<String>,
    pub new_name: String,
    pub new_color: String,
}

/// One domain's card: its status, the records to publish and its buttons.
#[derive(Debug, Clone)]
pub struct DomainRow {
    pub host: String,
    pub anchor: String,
    pub status: &'static str,
    /// The badge's class (`ok`, `warn`, `off`).
    pub badge: &'static str,
    pub explanation: String,
    pub verified_at: Option<(String, String)>,
    pub checked_at: Option<(String, String)>,
    pub txt_name: String,
    pub txt_value: String,
    pub cname_target: String,
    pub verify_action: String,
    pub remove_href: String,
    /// The page of the apps the domain opens.
    pub apps_href: String,
}

/// `/app/w/<ws>/domains`.
#[derive(Template)]
#[template(path = "app/domains.html")]
pub struct DomainsPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub workspace: String,
    pub default_domain: String,
    pub may_manage: bool,
    pub csrf: String,
    pub add_action: String,
    pub domains: Vec<DomainRow>,
    pub error: Option<String>,
    pub new_host: String,
}

/// `/app/w/<ws>/domains/<host>/apps`: the apps a domain opens directly.
#[derive(Template)]
#[template(path = "app/domain_apps.html")]
pub struct DomainAppsPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub host: String,
    pub may_manage: bool,
    pub csrf: String,
    pub action: String,
    pub back_href: String,
    /// One app ID per line.
    pub app_ids: String,
    pub package_name: String,
    /// One fingerprint per line.
    pub fingerprints: String,
    /// A refusal, and the field it names.
    pub error: Option<String>,
    pub error_field: String,
    pub apple_href: String,
    pub android_href: String,
}
