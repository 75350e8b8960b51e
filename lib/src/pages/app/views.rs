//! The app's templates (`lib/templates/app/`): each struct is what one page shows, already
//! worded; the templates only lay it out.

use askama::Template;

use super::super::templates::Chrome;
use super::link_form::{LinkForm, RuleForm, VariantForm, rule_field, variant_field};
use super::snippet::TrackingSnippet;

/// Where each door of the service answers, for a person setting things up (the home page, the
/// help page, a first-time user's links page).
#[derive(Debug, Clone)]
pub struct Places {
    pub api: String,
    pub mcp: String,
    pub sign_in: String,
    /// `https://<default domain>/<slug>`.
    pub short_links: String,
    pub short_domain: String,
    /// On the dev server: the port short links answer on with `Host: <default domain>`.
    pub local_short_links: Option<String>,
}

/// A workspace as the help and first-run content list it.
#[derive(Debug, Clone)]
pub struct WorkspaceLine {
    pub id: String,
    pub name: String,
    pub role: &'static str,
    pub href: String,
}

/// `/` for someone not signed in, and `/app/help`.
#[derive(Template)]
#[template(path = "app/help.html")]
pub struct HelpPage {
    pub chrome: Chrome,
    pub signed_in: bool,
    pub places: Places,
    pub workspaces: Vec<WorkspaceLine>,
}

/// One row of the links page.
#[derive(Debug, Clone)]
pub struct LinkRow {
    pub n: usize,
    pub name: String,
    pub full_link: String,
    pub destination: String,
    pub status: &'static str,
    pub status_class: &'static str,
    /// The link asks people for their location (and its workspace lets it).
    pub asks_location: bool,
    /// The hourly check found a destination failing twice in a row.
    pub broken: bool,
    pub clicks: u64,
    /// Each tag's name and colour (grey when it has none).
    pub tags: Vec<(String, String)>,
    pub edit_href: String,
    pub analytics_href: String,
}

/// A tag in a filter or a picker.
#[derive(Debug, Clone)]
pub struct TagOption {
    pub id: String,
    pub name: String,
    pub selected: bool,
}

#[derive(Template)]
#[template(path = "app/links.html")]
pub struct LinksPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub base: String,
    pub rows: Vec<LinkRow>,
    pub search: String,
    pub tags: Vec<TagOption>,
    pub filtered: bool,
    pub page: u64,
    pub newer_href: Option<String>,
    pub older_href: Option<String>,
    /// For a workspace without links: what to do first.
    pub first_run: Option<FirstRun>,
}

#[derive(Debug, Clone)]
pub struct FirstRun {
    pub workspace_id: String,
    pub places: Places,
}

/// A service error on the editor: its sentence, and the control it is shown beside (the
/// deepest control of the form its `field` path starts with).
#[derive(Debug, Clone)]
pub struct FormError {
    pub message: String,
    /// The control's path (`rules[1].country`), when the error names one on the form.
    pub at: Option<String>,
}

/// `rules[1].country` → `f-rules-1-country`: a path as an element id.
pub fn dom_id(path: &str) -> String {
    let mut id = String::from("f-");
    for c in path.chars() {
        match c {
            '[' | '.' => id.push('-'),
            ']' => {}
            c => id.push(c),
        }
    }
    id
}

/// One conditional rule of the builder, with its number and position.
#[derive(Debug, Clone)]
pub struct RuleView {
    pub i: usize,
    pub number: usize,
    pub last: bool,
    pub rule: RuleForm,
}

impl RuleView {
    /// The form field (and error path) of this rule's `field`.
    pub fn name(&self, field: &str) -> String {
        rule_field(self.i, field)
    }

    pub fn id(&self, field: &str) -> String {
        dom_id(&self.name(field))
    }

    pub fn whole(&self) -> String {
        format!("rules[{}]", self.i)
    }
}

#[derive(Debug, Clone)]
pub struct VariantView {
    pub i: usize,
    pub letter: String,
    pub variant: VariantForm,
}

impl VariantView {
    pub fn name(&self, field: &str) -> String {
        variant_field(self.i, field)
    }

    pub fn id(&self, field: &str) -> String {
        dom_id(&self.name(field))
    }

    pub fn whole(&self) -> String {
        format!("abTest.variants[{}]", self.i)
    }
}

/// A choice among fixed values (devices, countries, days), ticked or not.
#[derive(Debug, Clone)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

/// What the editor of an existing link shows about it.
#[derive(Debug, Clone)]
pub struct EditedLink {
    pub full_link: String,
    pub analytics_href: String,
    pub delete_href: String,
    /// Why the operator disabled the link (`disabledReason`), when they did.
    pub disabled_reason: Option<String>,
}

#[derive(Template)]
#[template(path = "app/link_form.html")]
pub struct LinkFormPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub heading: String,
    pub action: String,
    pub submit: &'static str,
    pub csrf: String,
    pub base: String,
    pub form: LinkForm,
    pub rules: Vec<RuleView>,
    pub variants: Vec<VariantView>,
    pub error: Option<FormError>,
    pub countries: Vec<Choice>,
    pub devices: Vec<Choice>,
    pub oses: Vec<Choice>,
    pub browsers: Vec<Choice>,
    pub days: Vec<Choice>,
    pub domains: Vec<String>,
    pub tags: Vec<TagOption>,
    pub link: Option<EditedLink>,
    /// What a site copies to report conversions, for the link's domain.
    pub tracking: TrackingSnippet,
    /// The workspace's UTM templates, for the dropdown that fills the UTM fields.
    pub utm_templates: Vec<crate::wire::UtmTemplateRecord>,
}

impl LinkFormPage {
    /// The error's sentence when it belongs at the control `path`.
    pub fn err(&self, path: impl AsRef<str>) -> Option<&str> {
        self.error
            .as_ref()
            .filter(|e| e.at.as_deref() == Some(path.as_ref()))
            .map(|e| e.message.as_str())
    }

    /// The attributes of the control `path` when the error is its own.
    pub fn aria(&self, path: impl AsRef<str>) -> String {
        let path = path.as_ref();
        match self.err(path) {
            Some(_) => format!(" aria-invalid=\"true\" aria-describedby=\"{}-error\"", dom_id(path)),
            None => String::new(),
        }
    }

    /// [`Self::aria`] for a control that also has a hint (`hint` is the hint's id).
    pub fn described(&self, path: impl AsRef<str>, hint: &str) -> String {
        let path = path.as_ref();
        match self.err(path) {
            Some(_) => format!(
                " aria-invalid=\"true\" aria-describedby=\"{hint} {}-error\"",
                dom_id(path)
            ),
            None => format!(" aria-describedby=\"{hint}\""),
        }
    }

    /// [`Self::aria`] for a group of controls (a fieldset): the description only.
    pub fn group(&self, path: impl AsRef<str>) -> String {
        let path = path.as_ref();
        match self.err(path) {
            Some(_) => format!(" aria-describedby=\"{}-error\"", dom_id(path)),
            None => String::new(),
        }
    }

    /// The error's sentence as a paragraph beside the control `path` (escaped), or nothing.
    pub fn error_html(&self, path: impl AsRef<str>) -> String {
        let path = path.as_ref();
        self.err(path).map_or_else(String::new, |message| {
            format!(
                "<p class=\"field-error\" id=\"{}-error\">{}</p>",
                dom_id(path),
                html_escape::encode_text(message)
            )
        })
    }

    /// The default rule's error path (`rules[N]…`, after the conditional rules).
    pub fn default_path(&self, field: &str) -> String {
        let i = self.form.default_index();
        if field.is_empty() {
            format!("rules[{i}]")
        } else {
            rule_field(i, field)
        }
    }

    pub fn id(&self, path: impl AsRef<str>) -> String {
        dom_id(path.as_ref())
    }

    pub fn weight_sum(&self) -> String {
        let sum = self.form.weight_sum();
        if sum.fract() == 0.0 {
            format!("{sum:.0}")
        } else {
            format!("{sum}")
        }
    }

    pub fn tick(&self, list: &[String], value: &str) -> bool {
        list.iter().any(|v| v == value)
    }
}

#[derive(Template)]
#[template(path = "app/delete.html")]
pub struct DeletePage {
    pub chrome: Chrome,
    pub name: String,
    pub full_link: String,
    pub clicks: u64,
    pub csrf: String,
    pub action: String,
    pub cancel_href: String,
}

/// A workspace's settings: its team, whether its links may ask visitors for their location, and
/// whether their destinations are checked.
#[derive(Template)]
#[template(path = "app/settings.html")]
pub struct SettingsPage {
    pub chrome: Chrome,
    pub notice: Option<String>,
    pub workspace: String,
    /// Whether links may ask visitors for their location.
    pub location_requests: bool,
    /// Only the owner gets the location form.
    pub owner: bool,
    pub csrf: String,
    pub action: String,
    pub field: &'static str,
    /// Whether the link-health checker asks this workspace's links' destinations.
    pub health_checks: bool,
    pub health_action: String,
    pub health_field: &'static str,
    pub members: Vec<MemberRow>,
    pub members_truncated: bool,
    pub invitations: Vec<InvitationRow>,
    pub leave_href: String,
    pub invite_action: String,
    /// The roles the person may invite (`manager`, `member`).
    pub invitable: Vec<&'static str>,
    pub invite_email: String,
    pub invite_role: &'static str,
    pub invite_error: Option<String>,
    pub mail_configured: bool,
    /// An invitation's link to pass on by hand (no mail server).
    pub copy_link: Option<CopyLink>,
}

/// A time as the page shows it and as `<time datetime>` reads it.
pub type Shown = (String, String);

/// One member's row, with the actions the person may take on it.
#[derive(Debug, Clone)]
pub struct MemberRow {
    pub id: String,
    pub name: String,
    pub email: String,
    pub role: &'static str,
    pub since: Option<Shown>,
    pub is_you: bool,
    pub role_form: Option<RoleForm>,
    pub remove_action: Option<String>,
    pub hand_over_href: Option<String>,
}

/// The form that changes a member's role: its action and the roles offered (the current one
/// selected).
#[derive(Debug, Clone)]
pub struct RoleForm {
    pub action: String,
    pub options: Vec<(&'static str, bool)>,
}

/// One pending invitation's row; `actions` (send again, revoke) when the person may.
#[derive(Debug, Clone)]
pub struct InvitationRow {
    pub email: String,
    pub role: &'static str,
    pub sent: Shown,
    pub expires: Shown,
    pub actions: Option<(String, String)>,
}

#[derive(Debug, Clone)]
pub struct CopyLink {
    pub email: String,
    pub url: String,
}

/// A question before something that cannot be taken back (handing ownership over, leaving).
#[derive(Template)]
#[template(path = "app/confirm.html")]
pub struct ConfirmPage {
    pub chrome: Chrome,
    pub title: String,
    pub text: String,
    pub action: String,
    pub csrf: String,
    pub button: String,
    pub cancel_href: String,
}
