//! The template of the webhooks tab: each endpoint and its latest attempts, already worded.

use askama::Template;

use super::super::templates::Chrome;
use super::views::Shown;

/// One attempt's row.
#[derive(Debug, Clone)]
pub struct AttemptRow {
    pub at: Shown,
    pub event: String,
    pub attempt: u32,
    pub result: String,
    /// `ok`, `warn` or `off`, for the badge.
    pub badge: &'static str,
    pub response: String,
}

/// One endpoint's card.
#[derive(Debug, Clone)]
pub struct EndpointCard {
    pub id: String,
    pub url: String,
    pub events: String,
    pub batch: bool,
    pub links: usize,
    pub enabled: bool,
    /// When it was switched off for failing three days.
    pub disabled_for_failing: Option<Shown>,
    pub failing_since: Option<Shown>,
    /// Why it was switched off when the key or app that set it up was revoked.
    pub disabled_reason: Option<String>,
    /// Who set it up: the person's e-mail, the key's first characters, the app's name.
    pub set_up_by: Option<String>,
    pub action: String,
    pub delete_href: String,
    pub attempts: Vec<AttemptRow>,
}

/// An event type's checkbox on the new-endpoint form.
#[derive(Debug, Clone)]
pub struct EventChoice {
    pub value: &'static str,
    pub checked: bool,
}

/// `/app/w/<ws>/webhooks`.
#[derive(Template)]
#[template(path = "app/webhooks.html")]
pub struct WebhooksPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub workspace: String,
    pub csrf: String,
    pub create_action: String,
    pub endpoints: Vec<EndpointCard>,
    /// A secret to copy now (after a creation or a rotation), and the endpoint's URL.
    pub secret: Option<(String, String)>,
    pub error: Option<String>,
    pub new_url: String,
    pub new_events: Vec<EventChoice>,
    pub new_batch: bool,
    pub new_links: String,
}
