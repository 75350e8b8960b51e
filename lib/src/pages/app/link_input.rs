//! The editor's form as the typed requests of the API's doors: a [`LinkInput`] for a new link
//! (settings left empty are left out, so the API's defaults apply) and a [`LinkPatchInput`]
//! holding only what changed for an edit (`None` inside for what was cleared). Both then go
//! through the same parsing and service calls as `POST /link/create` and `PUT /link/update`.
//! A number typed as words is refused as the API refuses it in a body, naming its field.

use serde::de::DeserializeOwned;
use serde_json::{Number, Value};

use super::link_form::{LinkForm, RuleForm, VariantForm, rule_field, variant_field};
use crate::domain::{AbTestFields, Invalid, QrFields, RuleFields, UtmFields, VariantFields};
use crate::wire::{LinkInput, LinkPatchInput, from_json_at};

/// Every field of a request as the form holds it; `None` for a setting left empty.
#[derive(Debug, Clone, PartialEq)]
struct Fields {
    name: String,
    description: Option<String>,
    slug: String,
    domain: String,
    active: bool,
    tag_ids: Vec<String>,
    clicks_limit: Option<Number>,
    expiration_date: Option<String>,
    rules: Vec<RuleFields>,
    ab_test: AbTestFields,
    qr_settings: QrFields,
    og_title: Option<String>,
    og_description: Option<String>,
    appearance_color: Option<String>,
    conversion_tracking: bool,
    gps_tracking: bool,
    fallback_url: Option<String>,
    utm: Option<UtmFields>,
}

/// A number when the text is one, else the text, read as the wire type reads that field in a
/// body: a string where a number belongs is refused with the same sentence.
fn number<T: DeserializeOwned>(path: &str, raw: &str) -> Result<T, Invalid> {
    let raw = raw.trim();
    let value = raw
        .parse::<u64>()
        .map(Value::from)
        .ok()
        .or_else(|| raw.parse::<f64>().ok().and_then(Number::from_f64).map(Value::Number))
        .unwrap_or_else(|| Value::String(raw.to_string()));
    from_json_at(path, value)
}

fn filled(text: &str) -> Option<String> {
    (!text.is_empty()).then(|| text.to_string())
}

fn listed(values: Vec<String>) -> Option<Vec<String>> {
    (!values.is_empty()).then_some(values)
}

impl RuleForm {
    fn fields(&self, i: usize) -> Result<RuleFields, Invalid> {
        let days = self
            .days
            .iter()
            .enumerate()
            .map(|(d, day)| number(&format!("{}[{d}]", rule_field(i, "daysOfWeek")), day))
            .collect::<Result<Vec<i64>, Invalid>>()?;
        Ok(RuleFields {
            name: filled(&self.name),
            target_url: Some(self.target_url.clone()),
            app_fallback_url: filled(&self.app_fallback_url),
            is_default: Some(false),
            country: listed(self.countries.clone()),
            city: listed(
                self.cities
                    .lines()
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(str::to_string)
                    .collect(),
            ),
            device: listed(self.devices.clone()),
            os: listed(self.os.clone()),
            browser: listed(self.browsers.clone()),
            locale: listed(
                self.locales
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|l| !l.is_empty())
                    .map(str::to_string)
                    .collect(),
            ),
            time_start: filled(&self.time_start),
            time_end: filled(&self.time_end),
            days_of_week: (!days.is_empty()).then_some(days),
            ..RuleFields::default()
        })
    }
}

impl VariantForm {
    fn fields(&self, i: usize) -> Result<VariantFields, Invalid> {
        Ok(VariantFields {
            id: Some(self.id.clone()),
            name: Some(self.name.clone()),
            url: Some(self.url.clone()),
            app_fallback_url: filled(&self.app_fallback_url),
            weight: Some(number(&variant_field(i, "weight"), &self.weight)?),
        })
    }
}

impl LinkForm {
    /// Every field, read in the order a body's fields are read (by name), so that of two
    /// numbers typed as words the same one is named.
    fn fields(&self) -> Result<Fields, Invalid> {
        let variants = self
            .variants
            .iter()
            .enumerate()
            .map(|(i, v)| v.fields(i))
            .collect::<Result<Vec<_>, _>>()?;
        let clicks_limit = filled(&self.clicks_limit)
            .map(|raw| number::<Number>("clicksLimit", &raw))
            .transpose()?;
        let mut rules = self
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| r.fields(i))
            .collect::<Result<Vec<_>, _>>()?;
        rules.push(RuleFields {
            name: filled(&self.default_name),
            target_url: Some(self.default_url.clone()),
            app_fallback_url: filled(&self.default_app_fallback_url),
            is_default: Some(true),
            ..RuleFields::default()
        });
        Ok(Fields {
            name: self.name.clone(),
            description: filled(&self.description),
            slug: self.slug.clone(),
            domain: self.domain.clone(),
            active: self.active,
            tag_ids: self.tag_ids.clone(),
            clicks_limit,
            expiration_date: filled(&self.expiration),
            rules,
            ab_test: AbTestFields {
                enabled: Some(self.ab_enabled),
                variants: Some(variants),
            },
            qr_settings: QrFields {
                color: Some(self.qr_color.clone()),
                bg_color: Some(self.qr_bg_color.clone()),
                use_logo: Some(self.qr_use_logo),
                logo: filled(&self.qr_logo),
            },
            og_title: filled(&self.og_title),
            og_description: filled(&self.og_description),
            appearance_color: filled(&self.appearance_color),
            conversion_tracking: self.conversion_tracking,
            gps_tracking: self.gps_tracking,
            fallback_url: filled(&self.fallback_url),
            utm: self.utm_fields(),
        })
    }

    /// The UTM fields typed; `None` when every one is empty.
    fn utm_fields(&self) -> Option<UtmFields> {
        let u = &self.utm;
        let fields = UtmFields {
            source: filled(&u.source),
            medium: filled(&u.medium),
            campaign: filled(&u.campaign),
            term: filled(&u.term),
            content: filled(&u.content),
        };
        (fields != UtmFields::default()).then_some(fields)
    }

    /// The request of `POST /link/create`: settings left empty are left out, so the API's
    /// defaults apply (a generated slug, no A/B test, no limit).
    pub fn create_input(&self) -> Result<LinkInput, Invalid> {
        let f = self.fields()?;
        Ok(LinkInput {
            name: Some(f.name),
            description: f.description,
            slug: filled(&f.slug),
            domain: Some(f.domain),
            active: Some(f.active),
            tag_ids: listed(f.tag_ids),
            clicks_limit: f.clicks_limit,
            expiration_date: f.expiration_date,
            rules: Some(f.rules),
            ab_test: (self.ab_enabled || !self.variants.is_empty()).then_some(f.ab_test),
            qr_settings: Some(f.qr_settings),
            og_title: f.og_title,
            og_description: f.og_description,
            appearance_color: f.appearance_color,
            conversion_tracking: Some(f.conversion_tracking),
            gps_tracking: Some(f.gps_tracking),
            utm: f.utm,
            fallback_url: f.fallback_url,
            password: filled(&self.password),
            url: None,
        })
    }

    /// The request of `PUT /link/update`: only what differs from `stored`, so an untouched
    /// setting is never rewritten (an expired date may stay, rule ids and their statistics
    /// survive an edit of the name), and `Some(None)` clears.
    pub fn patch_input(&self, stored: &LinkForm) -> Result<LinkPatchInput, Invalid> {
        let value = self.fields()?;
        let now = self.normalized().fields()?;
        let then = stored.normalized().fields()?;
        macro_rules! changed {
            ($field:ident) => {
                (now.$field != then.$field).then_some(value.$field)
            };
        }
        Ok(LinkPatchInput {
            name: changed!(name),
            description: changed!(description),
            rules: changed!(rules),
            slug: changed!(slug),
            domain: changed!(domain),
            active: changed!(active),
            clicks_limit: changed!(clicks_limit),
            expiration_date: changed!(expiration_date),
            tag_ids: changed!(tag_ids),
            ab_test: changed!(ab_test),
            og_title: changed!(og_title),
            og_description: changed!(og_description),
            appearance_color: changed!(appearance_color),
            conversion_tracking: changed!(conversion_tracking),
            gps_tracking: changed!(gps_tracking),
            qr_settings: changed!(qr_settings),
            utm: changed!(utm),
            fallback_url: changed!(fallback_url),
            password: if self.remove_password {
                Some(None)
            } else {
                filled(&self.password).map(Some)
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pages::app::link_form::tests::posted;

    fn text(values: &[&str]) -> Option<Vec<String>> {
        Some(values.iter().map(|v| v.to_string()).collect())
    }

    #[test]
    fn a_posted_form_becomes_the_create_request_with_the_default_rule_last() {
        let form = posted(
            "name=Spring&default.targetUrl=https%3A%2F%2Fe.com%2F&rules%5B0%5D.targetUrl=https%3A%2F%2Fe.com%2Fde\
             &rules%5B0%5D.country=DE&rules%5B0%5D.country=AT&rules%5B0%5D.city=Wien%0D%0AGraz\
             &rules%5B0%5D.daysOfWeek=1&rules%5B0%5D.locale=de%2C+en&active=on",
        );
        let input = form.create_input().unwrap();
        assert_eq!(
            input.rules.unwrap(),
            [
                RuleFields {
                    target_url: Some("https://e.com/de".into()),
                    is_default: Some(false),
                    country: text(&["DE", "AT"]),
                    city: text(&["Wien", "Graz"]),
                    locale: text(&["de", "en"]),
                    days_of_week: Some(vec![1]),
                    ..RuleFields::default()
                },
                RuleFields {
                    target_url: Some("https://e.com/".into()),
                    is_default: Some(true),
                    ..RuleFields::default()
                },
            ]
        );
        assert_eq!(input.active, Some(true));
        assert_eq!(input.slug, None, "an empty slug is generated by the service");
        assert_eq!(input.ab_test, None);
    }

    #[test]
    fn an_update_sends_only_what_changed_and_clears_what_was_emptied() {
        let stored = posted("name=A&description=note&default.targetUrl=https%3A%2F%2Fe.com&slug=a&domain=sl.test");
        let mut edited = stored.clone();
        edited.name = "B".into();
        edited.description.clear();
        let patch = edited.patch_input(&stored).unwrap();
        assert_eq!(
            patch,
            LinkPatchInput {
                name: Some("B".into()),
                description: Some(None),
                ..LinkPatchInput::default()
            }
        );
    }

    #[test]
    fn choices_posted_in_another_order_are_no_change() {
        let stored = posted(
            "name=A&default.targetUrl=x&rules%5B0%5D.targetUrl=y&rules%5B0%5D.country=US&rules%5B0%5D.country=DE",
        );
        let edited = posted(
            "name=A&default.targetUrl=x&rules%5B0%5D.targetUrl=y&rules%5B0%5D.country=DE&rules%5B0%5D.country=US",
        );
        assert_eq!(
            edited.patch_input(&stored).unwrap(),
            LinkPatchInput::default(),
            "the rules (and their ids) are kept"
        );
    }

    #[test]
    fn numbers_typed_as_numbers_are_read_as_numbers() {
        assert_eq!(number::<Number>("clicksLimit", "12").unwrap(), Number::from(12));
        assert_eq!(number::<f64>("w", "2.5").unwrap(), 2.5);
    }

    #[test]
    fn a_number_typed_as_words_is_refused_naming_its_field() {
        let form = posted("name=A&default.targetUrl=x&rules%5B0%5D.targetUrl=y&rules%5B0%5D.daysOfWeek=ten");
        let err = form.create_input().unwrap_err();
        assert_eq!(err.field.as_deref(), Some("rules[0].daysOfWeek[0]"));
        assert!(
            err.message.starts_with("rules[0].daysOfWeek[0] has the wrong type"),
            "{}",
            err.message
        );
    }
}
