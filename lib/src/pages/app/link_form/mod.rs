//! The link editor's form: what a person sees and posts, read from a link record or a posted
//! form, changed by the builder's buttons (add, remove, move a rule or a variant), and written
//! as the HTTP API's typed requests (`link_input`). Nothing here decides what is valid: the
//! requests go through the same parsing and service code as `POST /link/create` and
//! `PUT /link/update`, and the errors come back to the control their `field` path names.

mod action;
mod rows;

pub use action::Action;
pub use rows::{RuleForm, VariantForm, browsers, devices, operating_systems, rule_field, variant_field};

use super::super::Form;
use crate::domain::RuleFields;
use crate::wire::LinkRecord;

/// Every setting of a link, as text and ticks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LinkForm {
    pub name: String,
    pub description: String,
    pub slug: String,
    pub domain: String,
    pub active: bool,
    pub tag_ids: Vec<String>,
    pub clicks_limit: String,
    /// `YYYY-MM-DDTHH:MM`, UTC (a `datetime-local` control).
    pub expiration: String,
    /// The conditional rules, in evaluation order.
    pub rules: Vec<RuleForm>,
    /// The default rule: where visitors no rule matches go.
    pub default_url: String,
    pub default_app_fallback_url: String,
    pub default_name: String,
    pub ab_enabled: bool,
    pub variants: Vec<VariantForm>,
    pub qr_color: String,
    pub qr_bg_color: String,
    pub qr_use_logo: bool,
    pub qr_logo: String,
    pub og_title: String,
    pub og_description: String,
    pub appearance_color: String,
    pub conversion_tracking: bool,
    pub gps_tracking: bool,
    pub fallback_url: String,
    pub utm: UtmForm,
    /// A new password as typed (never filled in from the link: it is write-only).
    pub password: String,
    /// The edited link has a password now.
    pub password_protected: bool,
    /// Remove the link's password on save.
    pub remove_password: bool,
    /// The UTM template chosen in the dropdown (its id), if any.
    pub utm_template: String,
    /// The editor is to fill the UTM fields from [`Self::utm_template`] before showing the form.
    pub fill_utm: bool,
}

/// The five UTM fields as typed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UtmForm {
    pub source: String,
    pub medium: String,
    pub campaign: String,
    pub term: String,
    pub content: String,
}

impl UtmForm {
    /// The fields of a template.
    pub fn from_template(template: &crate::wire::UtmTemplateRecord) -> Self {
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        Self {
            source: text(&template.source),
            medium: text(&template.medium),
            campaign: text(&template.campaign),
            term: text(&template.term),
            content: text(&template.content),
        }
    }

    /// Each field's form name, label and value, in the order of the parameters.
    pub fn fields(&self) -> [(&'static str, &'static str, &str); 5] {
        [
            ("utm.source", "Source", &self.source),
            ("utm.medium", "Medium", &self.medium),
            ("utm.campaign", "Campaign", &self.campaign),
            ("utm.term", "Term", &self.term),
            ("utm.content", "Content", &self.content),
        ]
    }

    fn from_utm(utm: Option<&crate::domain::Utm>) -> Self {
        let text = |v: &Option<crate::domain::UtmValue>| v.as_ref().map(|v| v.as_str().to_string()).unwrap_or_default();
        utm.map(|u| Self {
            source: text(&u.source),
            medium: text(&u.medium),
            campaign: text(&u.campaign),
            term: text(&u.term),
            content: text(&u.content),
        })
        .unwrap_or_default()
    }
}

/// Text from a textarea, with the browser's `\r\n` line ends made `\n`.
fn text(raw: Option<&str>) -> String {
    raw.unwrap_or_default().replace("\r\n", "\n").trim().to_string()
}

/// The highest index `prefix[i].` names in a form (rules and variants are numbered).
fn rows(form: &Form, prefix: &str) -> usize {
    form.names()
        .filter_map(|name| {
            name.strip_prefix(prefix)?
                .strip_prefix('[')?
                .split(']')
                .next()?
                .parse::<usize>()
                .ok()
        })
        .map(|i| i + 1)
        .max()
        .unwrap_or(0)
        .min(MAX_ROWS)
}

/// More rows than any plan allows are never read (a forged form cannot make the page loop).
const MAX_ROWS: usize = 200;

impl LinkForm {
    /// The form of a new link: active, default QR colours, one empty rule row hidden until
    /// asked for (no rules: every visitor goes to the default destination).
    pub fn blank(default_domain: &str) -> Self {
        Self {
            domain: default_domain.to_string(),
            active: true,
            qr_color: "#000000".into(),
            qr_bg_color: "#ffffff".into(),
            ..Self::default()
        }
    }

    /// The form showing a stored link.
    pub fn from_record(record: &LinkRecord) -> Self {
        let mut form = Self {
            name: record.name.clone(),
            description: record.description.clone().unwrap_or_default(),
            slug: record.slug.clone(),
            domain: record.domain.clone(),
            active: record.switched_on,
            tag_ids: record.tag_ids.iter().map(|t| t.to_string()).collect(),
            clicks_limit: record.clicks_limit.map(|l| l.to_string()).unwrap_or_default(),
            expiration: record
                .expiration_date
                .map(|d| d.format("%Y-%m-%dT%H:%M").to_string())
                .unwrap_or_default(),
            ab_enabled: record.ab_test.enabled,
            variants: record
                .ab_test
                .variants
                .iter()
                .map(|v| VariantForm {
                    id: v.id.as_str().to_string(),
                    name: v.name.as_str().to_string(),
                    url: v.url.as_str().to_string(),
                    app_fallback_url: v
                        .app_fallback_url
                        .as_ref()
                        .map(|u| u.as_str().to_string())
                        .unwrap_or_default(),
                    weight: v.weight.to_string(),
                })
                .collect(),
            qr_color: record.qr_settings.color.as_str().to_string(),
            qr_bg_color: record.qr_settings.bg_color.as_str().to_string(),
            qr_use_logo: record.qr_settings.use_logo,
            qr_logo: record.qr_settings.logo.clone().unwrap_or_default(),
            og_title: record.og_title.clone().unwrap_or_default(),
            og_description: record.og_description.clone().unwrap_or_default(),
            appearance_color: record.appearance_color.clone().unwrap_or_default(),
            conversion_tracking: record.conversion_tracking,
            gps_tracking: record.gps_tracking,
            fallback_url: record
                .fallback_url
                .as_ref()
                .map(|u| u.as_str().to_string())
                .unwrap_or_default(),
            utm: UtmForm::from_utm(record.utm.as_ref()),
            password_protected: record.password_protected,
            ..Self::default()
        };
        for rule in &record.rules {
            let fields = RuleFields::from(rule.clone());
            if rule.is_default {
                form.default_url = fields.target_url.unwrap_or_default();
                form.default_app_fallback_url = fields.app_fallback_url.unwrap_or_default();
                form.default_name = fields.name.unwrap_or_default();
            } else {
                form.rules.push(RuleForm::from_fields(fields));
            }
        }
        form
    }

    /// The form as a browser posted it.
    pub fn from_post(form: &Form) -> Self {
        let get = |name: &str| form.get(name).unwrap_or_default().trim().to_string();
        let all = |name: &str| form.all(name).into_iter().map(str::to_string).collect::<Vec<_>>();
        let rules = (0..rows(form, "rules"))
            .map(|i| RuleForm {
                name: get(&rule_field(i, "name")),
                target_url: get(&rule_field(i, "targetUrl")),
                app_fallback_url: get(&rule_field(i, "appFallbackUrl")),
                countries: all(&rule_field(i, "country")),
                cities: text(form.get(&rule_field(i, "city"))),
                devices: all(&rule_field(i, "device")),
                os: all(&rule_field(i, "os")),
                browsers: all(&rule_field(i, "browser")),
                locales: get(&rule_field(i, "locale")),
                time_start: get(&rule_field(i, "timeStart")),
                time_end: get(&rule_field(i, "timeEnd")),
                days: all(&rule_field(i, "daysOfWeek")),
            })
            .collect();
        let variants = (0..rows(form, "abTest.variants"))
            .map(|i| VariantForm {
                id: get(&variant_field(i, "id")),
                name: get(&variant_field(i, "name")),
                url: get(&variant_field(i, "url")),
                app_fallback_url: get(&variant_field(i, "appFallbackUrl")),
                weight: get(&variant_field(i, "weight")),
            })
            .collect();
        Self {
            name: get("name"),
            description: text(form.get("description")),
            slug: get("slug"),
            domain: get("domain"),
            active: form.checked("active"),
            tag_ids: all("tagIds"),
            clicks_limit: get("clicksLimit"),
            expiration: get("expirationDate"),
            rules,
            default_url: get("default.targetUrl"),
            default_app_fallback_url: get("default.appFallbackUrl"),
            default_name: get("default.name"),
            ab_enabled: form.checked("abTest.enabled"),
            variants,
            qr_color: get("qrSettings.color"),
            qr_bg_color: get("qrSettings.bgColor"),
            qr_use_logo: form.checked("qrSettings.useLogo"),
            qr_logo: get("qrSettings.logo"),
            og_title: get("ogTitle"),
            og_description: text(form.get("ogDescription")),
            appearance_color: get("appearanceColor"),
            conversion_tracking: form.checked("conversionTracking"),
            gps_tracking: form.checked("gpsTracking"),
            fallback_url: get("fallbackUrl"),
            // A password is taken as typed: spaces are characters of it.
            password: form.get("password").unwrap_or_default().to_string(),
            password_protected: form.checked("passwordProtected"),
            remove_password: form.checked("removePassword"),
            utm_template: get("utmTemplate"),
            fill_utm: false,
            utm: UtmForm {
                source: get("utm.source"),
                medium: get("utm.medium"),
                campaign: get("utm.campaign"),
                term: get("utm.term"),
                content: get("utm.content"),
            },
        }
    }

    /// Applies a builder button; `false` for [`Action::Save`] (the form is to be saved).
    pub fn apply(&mut self, action: Action) -> bool {
        let rules = self.rules.len();
        match action {
            Action::Save => return false,
            Action::AddRule => self.rules.push(RuleForm::default()),
            Action::RemoveRule(i) if i < rules => {
                self.rules.remove(i);
            }
            Action::RuleUp(i) if i > 0 && i < rules => self.rules.swap(i - 1, i),
            Action::RuleDown(i) if i + 1 < rules => self.rules.swap(i, i + 1),
            Action::FillUtm => self.fill_utm = true,
            Action::AddVariant => {
                let id = self.free_variant_id();
                self.variants.push(VariantForm {
                    id,
                    ..VariantForm::default()
                });
            }
            Action::RemoveVariant(i) if i < self.variants.len() => {
                self.variants.remove(i);
            }
            _ => {}
        }
        true
    }

    /// A variant id no row uses: `a`, `b`, … `z`, then `v27`, `v28`, …
    fn free_variant_id(&self) -> String {
        let used = |id: &str| self.variants.iter().any(|v| v.id == id);
        (b'a'..=b'z')
            .map(|c| char::from(c).to_string())
            .chain((27..).map(|n| format!("v{n}")))
            .find(|id| !used(id))
            .expect("an unbounded sequence has a free id")
    }

    /// The default rule's index in the rules the form sends: after the conditional ones.
    pub fn default_index(&self) -> usize {
        self.rules.len()
    }

    /// The form with its unordered choices sorted (tags, and each rule's countries, devices,
    /// systems, browsers and days): a select or checkboxes post them in their own order, which
    /// must not count as a change.
    pub(super) fn normalized(&self) -> Self {
        let mut form = self.clone();
        form.tag_ids.sort();
        for rule in &mut form.rules {
            for list in [
                &mut rule.countries,
                &mut rule.devices,
                &mut rule.os,
                &mut rule.browsers,
                &mut rule.days,
            ] {
                list.sort();
            }
        }
        form
    }

    /// The sum of the variants' weights as typed (shown beside them; the service decides).
    pub fn weight_sum(&self) -> f64 {
        self.variants
            .iter()
            .filter_map(|v| v.weight.trim().parse::<f64>().ok())
            .sum()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The form a browser posts as `body` (URL-encoded).
    pub(in crate::pages::app) fn posted(body: &str) -> LinkForm {
        LinkForm::from_post(&Form::from_bytes(body.as_bytes()))
    }

    #[test]
    fn builder_buttons_move_and_remove_rules() {
        let mut form = posted("rules%5B0%5D.targetUrl=a&rules%5B1%5D.targetUrl=b&rules%5B2%5D.targetUrl=c");
        assert!(form.apply(Action::parse(Some("rule-up-2"))));
        let order: Vec<&str> = form.rules.iter().map(|r| r.target_url.as_str()).collect();
        assert_eq!(order, ["a", "c", "b"]);
        form.apply(Action::parse(Some("remove-rule-0")));
        form.apply(Action::parse(Some("rule-down-5")));
        let order: Vec<&str> = form.rules.iter().map(|r| r.target_url.as_str()).collect();
        assert_eq!(order, ["c", "b"]);
        assert!(!form.apply(Action::parse(None)));
    }

    #[test]
    fn new_variants_get_an_id_no_other_row_has() {
        let mut form = posted("abTest.variants%5B0%5D.id=a&abTest.variants%5B1%5D.id=c");
        form.apply(Action::AddVariant);
        assert_eq!(form.variants[2].id, "b");
    }
}
