//! Where the editor shows a refusal: beside the deepest control whose path starts the error's
//! `field` (`rules[1].country[0]` beside `rules[1].country`), or above the form.

use super::link_form::{LinkForm, rule_field, variant_field};

impl LinkForm {
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
            "fallbackUrl",
            "password",
            "utm",
            "utm.source",
            "utm.medium",
            "utm.campaign",
            "utm.term",
            "utm.content",
        ];
        const RULE: &[&str] = &[
            "name",
            "targetUrl",
            "appFallbackUrl",
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
            let fields = if i == self.default_index() { &RULE[..3] } else { RULE };
            controls.extend(fields.iter().map(|f| rule_field(i, f)));
        }
        for i in 0..self.variants.len() {
            controls.push(format!("abTest.variants[{i}]"));
            controls.extend(
                ["name", "url", "appFallbackUrl", "weight"]
                    .iter()
                    .map(|f| variant_field(i, f)),
            );
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
}

#[cfg(test)]
mod tests {
    use crate::pages::app::link_form::tests::posted;

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
}
