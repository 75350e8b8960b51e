//! The pages' templates (askama, compiled in; `lib/templates/`). Each struct is what one
//! page shows; the layout's part is [`Chrome`].

use askama::Template;

use crate::service::accounts::SessionUser;

/// What the layout around every page shows: the assets, who is signed in, and the workspace
/// the page is about.
#[derive(Debug, Clone)]
pub struct Chrome {
    pub css: &'static str,
    pub js: &'static str,
    pub user: Option<NavUser>,
    /// Which navigation entry is the current page (`links`, `analytics`, `integrations`, `help`).
    pub section: &'static str,
    pub workspace: Option<WorkspaceNav>,
}

/// The workspace a page is about, and the switcher to the user's other workspaces.
#[derive(Debug, Clone)]
pub struct WorkspaceNav {
    pub id: String,
    pub name: String,
    pub role: &'static str,
    /// Every workspace of the user, this one included (marked `current`).
    pub switch: Vec<SwitchEntry>,
}

#[derive(Debug, Clone)]
pub struct SwitchEntry {
    pub href: String,
    pub name: String,
    pub current: bool,
}

/// The signed-in user as the navigation shows them, with the sign-out form's CSRF token.
#[derive(Debug, Clone)]
pub struct NavUser {
    pub email: String,
    pub csrf: String,
}

impl Chrome {
    pub fn anonymous() -> Self {
        Self {
            css: super::assets::url("style.css"),
            js: super::assets::url("app.js"),
            user: None,
            section: "",
            workspace: None,
        }
    }

    /// The navigation's "Links" entry: the current workspace's links, else the app's start.
    pub fn links_href(&self) -> String {
        self.workspace
            .as_ref()
            .map_or_else(|| "/app".to_string(), |w| format!("/app/w/{}/links", w.id))
    }

    /// The navigation's "Analytics" entry.
    pub fn analytics_href(&self) -> String {
        self.workspace.as_ref().map_or_else(
            || "/app/analytics".to_string(),
            |w| format!("/app/w/{}/analytics", w.id),
        )
    }

    /// The navigation's "Tags" entry (every member sees the tags).
    pub fn tags_href(&self) -> Option<String> {
        self.workspace.as_ref().map(|w| format!("/app/w/{}/tags", w.id))
    }

    /// The navigation's "Domains" entry.
    pub fn domains_href(&self) -> Option<String> {
        self.workspace.as_ref().map(|w| format!("/app/w/{}/domains", w.id))
    }

    /// The navigation's "Webhooks" entry (the owner and managers only).
    pub fn webhooks_href(&self) -> Option<String> {
        self.workspace
            .as_ref()
            .filter(|w| w.role != "member")
            .map(|w| format!("/app/w/{}/webhooks", w.id))
    }

    /// The navigation's "Import and export" entry (every member: members export).
    pub fn transfer_href(&self) -> Option<String> {
        self.workspace.as_ref().map(|w| format!("/app/w/{}/transfer", w.id))
    }

    /// The navigation's "Settings" entry: the current workspace's settings, when a page is about
    /// one.
    /// Members (who cannot open it) get none.
    pub fn settings_href(&self) -> Option<String> {
        self.workspace
            .as_ref()
            .filter(|w| w.role != "member")
            .map(|w| format!("/app/w/{}/settings", w.id))
    }

    pub fn signed_in(user: &SessionUser, section: &'static str) -> Self {
        Self {
            user: Some(NavUser {
                email: user.session.email.as_str().to_string(),
                csrf: user.session.csrf_token.clone(),
            }),
            section,
            ..Self::anonymous()
        }
    }
}

#[derive(Template)]
#[template(path = "sign_in.html")]
pub struct SignInPage {
    pub chrome: Chrome,
    pub csrf: String,
    pub next: String,
    pub email: String,
    pub error: Option<String>,
    pub notice: Option<String>,
    /// Whether `/account/sign-up` is open (`OPEN_SIGNUP=true`): the page links to it.
    pub open_signup: bool,
}

/// A page that says one thing (an error, a refusal) and where to go next.
#[derive(Template)]
#[template(path = "message.html")]
pub struct MessagePage {
    pub chrome: Chrome,
    pub title: String,
    pub message: String,
    pub request_id: Option<String>,
    pub back_href: String,
    pub back_text: String,
}

#[derive(Debug, Clone)]
pub struct WorkspaceRow {
    pub id: String,
    pub name: String,
    pub role: &'static str,
    pub selected: bool,
}

#[derive(Debug, Clone)]
pub struct KeyRow {
    pub prefix: String,
    pub grants: String,
    pub created: String,
    pub created_iso: String,
}

#[derive(Debug, Clone)]
pub struct ScopeOption {
    pub value: &'static str,
    pub description: &'static str,
    pub checked: bool,
}

#[derive(Template)]
#[template(path = "integrations.html")]
pub struct IntegrationsPage {
    pub chrome: Chrome,
    pub workspaces: Vec<WorkspaceRow>,
    pub current_key: Option<KeyRow>,
    pub csrf: String,
    pub form_token: String,
    pub error: Option<String>,
    pub http_api: bool,
    pub scopes: Vec<ScopeOption>,
}

#[derive(Template)]
#[template(path = "key_created.html")]
pub struct KeyCreatedPage {
    pub chrome: Chrome,
    pub key: String,
    pub grants: String,
    pub mcp_config: Option<String>,
    pub curl: Option<String>,
}

/// A workspace on the consent page's picker.
#[derive(Debug, Clone)]
pub struct ConsentWorkspace {
    pub id: String,
    pub name: String,
    pub role: &'static str,
    pub selected: bool,
    /// Its licence has expired: shown, but it cannot be chosen.
    pub expired: bool,
}

/// The consent page of the authorization endpoint.
#[derive(Template)]
#[template(path = "consent.html")]
pub struct ConsentPage {
    pub chrome: Chrome,
    pub client_name: String,
    /// The host serving the client's metadata document (its identity), if it has one.
    pub document_host: Option<String>,
    pub redirect_place: String,
    /// A loopback or private-use redirect: the answer goes to a program on this device.
    pub warning: Option<String>,
    pub scopes: Vec<ScopeOption>,
    pub workspaces: Vec<ConsentWorkspace>,
    pub csrf: String,
    pub request: String,
    pub error: Option<String>,
}

/// What a browser sees when the answer to a consent goes somewhere a form's redirect cannot
/// be allowed to by CSP (an IPv6 loopback address): a refresh and a link.
#[derive(Template)]
#[template(path = "return_to_app.html")]
pub struct ReturnToAppPage {
    pub chrome: Chrome,
    pub location: String,
    pub place: String,
}

/// One connected app on its page.
#[derive(Debug, Clone)]
pub struct AppRow {
    pub id: String,
    pub name: String,
    pub document_host: Option<String>,
    pub redirect_place: String,
    pub workspace: String,
    pub scopes: Vec<ScopeOption>,
    pub created: String,
    pub created_iso: String,
    pub last_used: String,
    pub last_used_iso: String,
}

#[derive(Template)]
#[template(path = "connected_apps.html")]
pub struct ConnectedAppsPage {
    pub chrome: Chrome,
    pub apps: Vec<AppRow>,
    pub csrf: String,
    pub notice: Option<String>,
}

/// An invitation's page: join with a new account, or sign in to join.
#[derive(Template)]
#[template(path = "account/invitation.html")]
pub struct InvitationPage {
    pub chrome: Chrome,
    pub workspace: String,
    pub role: &'static str,
    pub email: String,
    pub has_account: bool,
    pub sign_in_href: String,
    pub action: String,
    pub csrf: String,
    pub name: String,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "account/forgot_password.html")]
pub struct ForgotPasswordPage {
    pub chrome: Chrome,
    pub csrf: String,
    pub email: String,
    pub notice: Option<String>,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "account/reset_password.html")]
pub struct ResetPasswordPage {
    pub chrome: Chrome,
    pub csrf: String,
    pub action: String,
    pub error: Option<String>,
}

/// A confirm link's page: its button confirms the address (opening the link does not).
#[derive(Template)]
#[template(path = "account/verify_email.html")]
pub struct VerifyEmailPage {
    pub chrome: Chrome,
    pub csrf: String,
    pub action: String,
}

#[derive(Template)]
#[template(path = "account/sign_up.html")]
pub struct SignUpPage {
    pub chrome: Chrome,
    pub csrf: String,
    pub name: String,
    pub email: String,
    pub workspace: String,
    pub error: Option<String>,
}

#[derive(Template)]
#[template(path = "account/profile.html")]
pub struct ProfilePage {
    pub chrome: Chrome,
    pub csrf: String,
    pub email: String,
    pub name: String,
    pub notice: Option<String>,
    pub error: Option<String>,
}
