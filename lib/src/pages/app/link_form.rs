//! The link editor's form: what a person sees and posts, read from a link record or a posted
//! form, changed by the builder's buttons (add, remove, move a rule or a variant), and written
//! as the HTTP API's request body. Nothing here decides what is valid: the body goes through
//! the same wire types and service code as `POST /link/create` and `PUT /link/update`, and the
//! service's errors come back to the control their `field` path names.

use serde_json::{Map, Number, Value, json};

use super::super::Form;
use crate::domain::{Browser, Device, Os, RuleFields, Vocabulary};
use crate::service::LinkRecord;

/// One conditional rule as the form holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleForm {
    pub name: String,
    pub target_url: String,
    pub countries: Vec<String>,
    /// One city per line (a city name may hold a comma).
    pub cities: String,
    pub devices: Vec<String>,
    pub os: Vec<String>,
    pub browsers: Vec<String>,
    /// Language codes separated by commas or spaces.
    pub locales: String,
    pub time_start: String,
    pub time_end: String,
    /// Day numbers, 0 (Sunday) to 6.
    pub days: Vec<String>,
}

/// One A/B variant as the form holds it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VariantForm {
    /// The key of the variant in analytics: kept as it was, made up for a new row.
    pub id: String,
    pub name: String,
    pub url: String,
    pub weight: String,
}

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
}

/// A button of the builder: it changes the form, which is shown again (nothing is saved).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Save,
    AddRule,
    RemoveRule(usize),
    RuleUp(usize),
    RuleDown(usize),
    AddVariant,
    RemoveVariant(usize),
}

impl Action {
    /// The `action` a submit button sent (`rule-up-2`); none, or one not understood, saves.
    pub fn parse(raw: Option<&str>) -> Self {
        let Some(raw) = raw else { return Self::Save };
        let indexed = |prefix: &str| raw.strip_prefix(prefix).and_then(|n| n.parse::<usize>().ok());
        match raw {
            "add-rule" => Self::AddRule,
            "add-variant" => Self::AddVariant,
            _ => indexed("remove-rule-")
                .map(Self::RemoveRule)
                .or_else(|| indexed("rule-up-").map(Self::RuleUp))
                .or_else(|| indexed("rule-down-").map(Self::RuleDown))
                .or_else(|| indexed("remove-variant-").map(Self::RemoveVariant))
                .unwrap_or(Self::Save),
        }
    }
}

/// Text from a textarea, with the browser's `\r\n` line ends made `\n`.
fn text(raw: Option<&str>) -> String {
    raw.unwrap_or_default().replace("\r\n", "\n").trim().to_string()
}

/// The form field names of rule `i` (`rules[0].country`) and variant `i`.
pub fn rule_field(i: usize, name: &str) -> String {
    format!("rules[{i}].{name}")
}

pub fn variant_field(i: usize, name: &str) -> String {
    format!("abTest.variants[{i}].{name}")
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
            ..Self::default()
        };
        for rule in &record.rules {
            let fields = RuleFields::from(rule.clone());
            if rule.is_default {
                form.default_url = fields.target_url.unwrap_or_default();
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

    /// Every field of the HTTP API body, with `null` for a setting left empty. Creating
    /// leaves the nulls out; an update sends those that differ from the stored link.
    fn fields(&self) -> Vec<(&'static str, Value)> {
        let string = |s: &str| Value::String(s.to_string());
        let or_null = |s: &str| if s.is_empty() { Value::Null } else { string(s) };
        let mut rules: Vec<Value> = self.rules.iter().map(RuleForm::to_json).collect();
        let mut default = json!({ "targetUrl": self.default_url, "isDefault": true });
        if !self.default_name.is_empty() {
            default["name"] = string(&self.default_name);
        }
        rules.push(default);
        let variants: Vec<Value> = self
            .variants
            .iter()
            .map(|v| json!({ "id": v.id, "name": v.name, "url": v.url, "weight": number_or_text(&v.weight) }))
            .collect();
        let mut qr = json!({ "color": self.qr_color, "bgColor": self.qr_bg_color, "useLogo": self.qr_use_logo });
        if !self.qr_logo.is_empty() {
            qr["logo"] = string(&self.qr_logo);
        }
        vec![
            ("name", string(&self.name)),
            ("description", or_null(&self.description)),
            ("slug", string(&self.slug)),
            ("domain", string(&self.domain)),
            ("active", Value::Bool(self.active)),
            ("tagIds", json!(self.tag_ids)),
            (
                "clicksLimit",
                if self.clicks_limit.is_empty() {
                    Value::Null
                } else {
                    number_or_text(&self.clicks_limit)
                },
            ),
            ("expirationDate", or_null(&self.expiration)),
            ("rules", Value::Array(rules)),
            ("abTest", json!({ "enabled": self.ab_enabled, "variants": variants })),
            ("qrSettings", qr),
            ("ogTitle", or_null(&self.og_title)),
            ("ogDescription", or_null(&self.og_description)),
            ("appearanceColor", or_null(&self.appearance_color)),
            ("conversionTracking", Value::Bool(self.conversion_tracking)),
            ("gpsTracking", Value::Bool(self.gps_tracking)),
        ]
    }

    /// The body of `POST /link/create` (without `workspaceId`): settings left empty are left
    /// out, so the API's defaults apply (a generated slug, no A/B test, no limit).
    pub fn create_body(&self) -> Map<String, Value> {
        self.fields()
            .into_iter()
            .filter(|(name, value)| match *name {
                "slug" => value.as_str().is_some_and(|s| !s.is_empty()),
                "abTest" => self.ab_enabled || !self.variants.is_empty(),
                "tagIds" => !self.tag_ids.is_empty(),
                _ => !value.is_null(),
            })
            .map(|(name, value)| (name.to_string(), value))
            .collect()
    }

    /// The body of `PUT /link/update` (without `workspaceId` and `linkId`): only what differs
    /// from `stored`, so an untouched setting is never rewritten (an expired date may stay,
    /// rule ids and their statistics survive an edit of the name), and `null` clears.
    pub fn patch_body(&self, stored: &LinkForm) -> Map<String, Value> {
        let before = stored.normalized().fields();
        let now = self.normalized().fields();
        self.fields()
            .into_iter()
            .zip(now.into_iter().zip(before))
            .filter(|(_, ((_, now), (_, then)))| now != then)
            .map(|((name, value), _)| (name.to_string(), value))
            .collect()
    }

    /// The form with its unordered choices sorted (tags, and each rule's countries, devices,
    /// systems, browsers and days): a select or checkboxes post them in their own order, which
    /// must not count as a change.
    fn normalized(&self) -> Self {
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

    /// The paths of the controls (and groups of controls) an error can be shown beside.
    fn controls(&self) -> Vec<String> {
        const TOP: &[&str] = &[
            "name",
            "description",
            "slug",
            "domain",
            "active",
            "tagIds",
            "clicksLimit",
            "expirationDate",
            "rules",
            "abTest",
            "abTest.enabled",
            "abTest.variants",
            "qrSettings",
            "qrSettings.color",
            "qrSettings.bgColor",
            "qrSettings.useLogo",
            "qrSettings.logo",
            "ogTitle",
            "ogDescription",
            "appearanceColor",
            "conversionTracking",
            "gpsTracking",
        ];
        const RULE: &[&str] = &[
            "name",
            "targetUrl",
            "country",
            "city",
            "device",
            "os",
            "browser",
            "locale",
            "timeStart",
            "timeEnd",
            "daysOfWeek",
        ];
        let mut controls: Vec<String> = TOP.iter().map(|c| c.to_string()).collect();
        for i in 0..=self.default_index() {
            controls.push(format!("rules[{i}]"));
            let fields = if i == self.default_index() { &RULE[..2] } else { RULE };
            controls.extend(fields.iter().map(|f| rule_field(i, f)));
        }
        for i in 0..self.variants.len() {
            controls.push(format!("abTest.variants[{i}]"));
            controls.extend(["name", "url", "weight"].iter().map(|f| variant_field(i, f)));
        }
        controls
    }

    /// The control an error naming `path` (`rules[1].country[0]`) is shown beside: the deepest
    /// control whose path starts it; `None` when the form has none (the error is shown above).
    pub fn anchor(&self, path: &str) -> Option<String> {
        self.controls()
            .into_iter()
            .filter(|c| {
                path == c
                    || path
                        .strip_prefix(c.as_str())
                        .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
            })
            .max_by_key(String::len)
    }

    /// The sum of the variants' weights as typed (shown beside them; the service decides).
    pub fn weight_sum(&self) -> f64 {
        self.variants
            .iter()
            .filter_map(|v| v.weight.trim().parse::<f64>().ok())
            .sum()
    }
}

/// A number when the text is one, else the text (which the wire type then refuses, naming the
/// field, as the API refuses a string where a number belongs).
fn number_or_text(raw: &str) -> Value {
    let raw = raw.trim();
    raw.parse::<u64>()
        .map(Value::from)
        .ok()
        .or_else(|| raw.parse::<f64>().ok().and_then(Number::from_f64).map(Value::Number))
        .unwrap_or_else(|| Value::String(raw.to_string()))
}

impl RuleForm {
    fn from_fields(fields: RuleFields) -> Self {
        Self {
            name: fields.name.unwrap_or_default(),
            target_url: fields.target_url.unwrap_or_default(),
            countries: fields.country.unwrap_or_default(),
            cities: fields.city.unwrap_or_default().join("\n"),
            devices: fields.device.unwrap_or_default(),
            os: fields.os.unwrap_or_default(),
            browsers: fields.browser.unwrap_or_default(),
            locales: fields.locale.unwrap_or_default().join(", "),
            time_start: fields.time_start.unwrap_or_default(),
            time_end: fields.time_end.unwrap_or_default(),
            days: fields
                .days_of_week
                .unwrap_or_default()
                .iter()
                .map(i64::to_string)
                .collect(),
        }
    }

    fn to_json(&self) -> Value {
        let mut rule = Map::new();
        if !self.name.is_empty() {
            rule.insert("name".into(), Value::String(self.name.clone()));
        }
        rule.insert("targetUrl".into(), Value::String(self.target_url.clone()));
        rule.insert("isDefault".into(), Value::Bool(false));
        let mut list = |name: &str, values: Vec<Value>| {
            if !values.is_empty() {
                rule.insert(name.to_string(), Value::Array(values));
            }
        };
        let strings = |values: &[String]| values.iter().map(|v| Value::String(v.clone())).collect();
        list("country", strings(&self.countries));
        list(
            "city",
            self.cities
                .lines()
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(|c| Value::String(c.to_string()))
                .collect(),
        );
        list("device", strings(&self.devices));
        list("os", strings(&self.os));
        list("browser", strings(&self.browsers));
        list(
            "locale",
            self.locales
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|l| !l.is_empty())
                .map(|l| Value::String(l.to_string()))
                .collect(),
        );
        list("daysOfWeek", self.days.iter().map(|d| number_or_text(d)).collect());
        if !self.time_start.is_empty() {
            rule.insert("timeStart".into(), Value::String(self.time_start.clone()));
        }
        if !self.time_end.is_empty() {
            rule.insert("timeEnd".into(), Value::String(self.time_end.clone()));
        }
        Value::Object(rule)
    }

    pub fn has(&self, list: &[String], value: &str) -> bool {
        list.iter().any(|v| v == value)
    }
}

/// The vocabularies a rule's checkboxes offer, as the contract spells them.
pub fn devices() -> Vec<&'static str> {
    Device::ALL.iter().map(|d| d.name()).collect()
}

pub fn operating_systems() -> Vec<&'static str> {
    Os::ALL.iter().map(|o| o.name()).collect()
}

pub fn browsers() -> Vec<&'static str> {
    Browser::ALL.iter().map(|b| b.name()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn posted(body: &str) -> LinkForm {
        LinkForm::from_post(&Form::from_bytes(body.as_bytes()))
    }

    #[test]
    fn a_posted_form_becomes_the_api_body_with_the_default_rule_last() {
        let form = posted(
            "name=Spring&default.targetUrl=https%3A%2F%2Fe.com%2F&rules%5B0%5D.targetUrl=https%3A%2F%2Fe.com%2Fde\
             &rules%5B0%5D.country=DE&rules%5B0%5D.country=AT&rules%5B0%5D.city=Wien%0D%0AGraz\
             &rules%5B0%5D.daysOfWeek=1&rules%5B0%5D.locale=de%2C+en&active=on",
        );
        let body = form.create_body();
        assert_eq!(
            body["rules"],
            json!([
                { "targetUrl": "https://e.com/de", "isDefault": false, "country": ["DE", "AT"],
                  "city": ["Wien", "Graz"], "locale": ["de", "en"], "daysOfWeek": [1] },
                { "targetUrl": "https://e.com/", "isDefault": true }
            ])
        );
        assert_eq!(body["active"], json!(true));
        assert!(!body.contains_key("slug"), "an empty slug is generated by the service");
        assert!(!body.contains_key("abTest"));
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

    #[test]
    fn an_update_sends_only_what_changed_and_null_for_what_was_cleared() {
        let stored = posted("name=A&description=note&default.targetUrl=https%3A%2F%2Fe.com&slug=a&domain=sl.test");
        let mut edited = stored.clone();
        edited.name = "B".into();
        edited.description.clear();
        let patch = edited.patch_body(&stored);
        assert_eq!(Value::Object(patch), json!({ "name": "B", "description": null }));
    }

    #[test]
    fn an_error_path_finds_the_deepest_control_it_names() {
        let form = posted("rules%5B0%5D.targetUrl=a&rules%5B1%5D.targetUrl=b&abTest.variants%5B0%5D.id=a");
        assert_eq!(form.anchor("rules[1].country[0]").as_deref(), Some("rules[1].country"));
        assert_eq!(form.anchor("rules[1]").as_deref(), Some("rules[1]"));
        assert_eq!(
            form.anchor("rules[2].targetUrl").as_deref(),
            Some("rules[2].targetUrl"),
            "the default rule"
        );
        assert_eq!(form.anchor("rules[2].country").as_deref(), Some("rules[2]"));
        assert_eq!(
            form.anchor("abTest.variants[0].id").as_deref(),
            Some("abTest.variants[0]")
        );
        assert_eq!(form.anchor("tagIds[3]").as_deref(), Some("tagIds"));
        assert_eq!(form.anchor("names").as_deref(), None);
        assert_eq!(form.anchor("url"), None);
    }

    #[test]
    fn choices_posted_in_another_order_are_no_change() {
        let stored = posted(
            "name=A&default.targetUrl=x&rules%5B0%5D.targetUrl=y&rules%5B0%5D.country=US&rules%5B0%5D.country=DE",
        );
        let edited = posted(
            "name=A&default.targetUrl=x&rules%5B0%5D.targetUrl=y&rules%5B0%5D.country=DE&rules%5B0%5D.country=US",
        );
        assert!(
            edited.patch_body(&stored).is_empty(),
            "the rules (and their ids) are kept"
        );
    }

    #[test]
    fn numbers_that_are_not_numbers_reach_the_wire_type_as_text() {
        assert_eq!(number_or_text("12"), json!(12));
        assert_eq!(number_or_text("2.5"), json!(2.5));
        assert_eq!(number_or_text("ten"), json!("ten"));
    }
}
