//! Creating a link: the fields of `POST /link/create` (and of each bulk item), the narrower
//! set the MCP `create_link` tool takes, and their parsing into a [`LinkDraft`].

use super::fields::{
    ab_test, clicks_limit, expiration_date, fallback_url, hex, name, optional_text, rules, tag_ids, utm,
};
use super::{ParseContext, door_inputs};
use crate::domain::{
    AbTestFields, Hostname, Invalid, LinkDraft, LinkPassword, LinkSettings, QrFields, QrSettings, RuleFields, Slug,
    TargetUrl, UtmFields,
};

door_inputs! {
    /// The fields of a link on HTTP create (and of each HTTP bulk item).
    #[schemars(transform = super::schema::needs_name_and_a_destination)]
    http LinkInput;
    /// The fields the MCP `create_link` tool (and each `bulk_create_links` item) takes.
    mcp McpLinkInput;
    shared {
        /// Display name (at most 255 characters).
        #[serde(default)]
        #[schemars(length(min = 1, max = 255))]
        name: Option<String>,
        /// Routing rules, evaluated in order: the first non-default rule whose conditions all
        /// match the visitor wins, else the default rule. Exactly one rule has isDefault true.
        #[serde(default)]
        #[schemars(length(min = 1))]
        rules: Option<Vec<RuleFields>>,
        /// Lowercase letters, digits and hyphens, at most 100; generated (7 characters) when
        /// omitted; unique per domain.
        #[serde(default)]
        #[schemars(regex(pattern = super::schema::SLUG_PATTERN))]
        slug: Option<String>,
        /// A verified custom domain of the workspace; the default short domain when omitted.
        #[serde(default)]
        #[schemars(length(max = 253))]
        domain: Option<String>,
        /// Internal note, not shown to visitors (at most 1000 characters).
        #[serde(default)]
        #[schemars(length(max = 1000))]
        description: Option<String>,
        /// Whether visitors are redirected; default true.
        #[serde(default)]
        active: Option<bool>,
        /// Tag ids of the workspace (at most 50).
        #[serde(default)]
        #[schemars(length(max = 50), inner(regex(pattern = super::schema::OBJECT_ID_PATTERN)))]
        tag_ids: Option<Vec<String>>,
        /// The link stops redirecting after this many deliveries of its destination. HTTP API:
        /// a positive whole number. MCP: 0 means no limit.
        #[serde(default)]
        #[schemars(with = "Option<u64>")]
        clicks_limit: Option<serde_json::Number>,
        /// ISO 8601 date-time (2026-12-31T23:59:00Z); a time without offset is UTC. Must be in
        /// the future; from then on visitors get 410.
        #[serde(default)]
        #[schemars(length(min = 1))]
        expiration_date: Option<String>,
        /// Enables the conversion pixel.
        #[serde(default)]
        conversion_tracking: Option<bool>,
        /// Enables GPS location capture on click: a person's visit first shows a page on which the
        /// workspace asks for their approximate location; nothing is asked until they press "Share my
        /// location", and "Continue" goes on either way (never shown to bots, preview crawlers, `HEAD`
        /// or browsers sending `Sec-GPC: 1`).
        #[serde(default)]
        gps_tracking: Option<bool>,
        /// Weighted A/B split.
        #[serde(default)]
        ab_test: Option<AbTestFields>,
        /// QR code settings: dark modules (color) on a light background (bgColor) at a contrast of
        /// at least 3:1, and an optional logo.
        #[serde(default)]
        qr_settings: Option<QrFields>,
        /// UTM parameters added to every destination on redirect (each at most 255 characters): a
        /// parameter the destination already has wins, and the visitor's own UTM parameters win
        /// over both.
        #[serde(default)]
        utm: Option<UtmFields>,
        /// Where visitors are sent (302, not counted) once the link is inactive, expired or over
        /// its click limit, instead of the 410 page. Same rules as targetUrl.
        #[serde(default)]
        #[schemars(length(min = 1, max = 4096))]
        fallback_url: Option<String>,
        /// Protects the link (8–128 characters; write-only: the record says passwordProtected).
        /// A person's visit first gets a page asking for it; bots, preview crawlers and HEAD never
        /// get the destination.
        #[serde(default)]
        #[schemars(length(min = 8, max = 128))]
        password: Option<String>,
    }
    http_only {
        /// Quick start: one default rule to this URL (instead of rules).
        #[serde(default)]
        url: Option<String>,
        /// Title of social sharing previews (at most 255 characters).
        #[serde(default)]
        #[schemars(length(max = 255))]
        og_title: Option<String>,
        /// Description of social sharing previews (at most 500 characters).
        #[serde(default)]
        #[schemars(length(max = 500))]
        og_description: Option<String>,
        /// Brand colour, #RGB or #RRGGBB.
        #[serde(default)]
        #[schemars(regex(pattern = super::schema::COLOR_PATTERN))]
        appearance_color: Option<String>,
    }
}

impl LinkDraft {
    pub fn parse(input: &LinkInput, ctx: &mut ParseContext<'_>) -> Result<Self, Invalid> {
        let name = name(input.name.as_deref())?;
        let rules = match (&input.rules, &input.url) {
            (Some(_), Some(_)) => {
                return Err(Invalid::new(
                    "url",
                    "Give either url (a single destination) or rules, not both.",
                ));
            }
            (None, Some(url)) => {
                let url = TargetUrl::parse("url", url)?;
                let rule = RuleFields {
                    target_url: Some(url.into()),
                    is_default: Some(true),
                    ..Default::default()
                };
                rules(&[rule], ctx)?
            }
            (Some(list), None) if !list.is_empty() => rules(list, ctx)?,
            _ => return Err(Invalid::new("rules", "rules must be a non-empty array.")),
        };
        let description = optional_text("description", input.description.as_deref())?;
        let slug = input.slug.as_deref().map(Slug::parse).transpose()?;
        let domain = input
            .domain
            .as_deref()
            .map(|d| Hostname::parse("domain", d))
            .transpose()?;
        let clicks_limit = input
            .clicks_limit
            .as_ref()
            .map(|n| clicks_limit(n, ctx.door))
            .transpose()?
            .flatten();
        let expiration_date = input
            .expiration_date
            .as_deref()
            .map(|d| expiration_date(d, ctx.now))
            .transpose()?;
        let tag_ids = tag_ids(input.tag_ids.as_deref().unwrap_or_default())?;
        let ab_test = input
            .ab_test
            .as_ref()
            .map(|t| ab_test(t, ctx.door))
            .transpose()?
            .flatten();
        let qr_settings = match &input.qr_settings {
            Some(q) => QrSettings::parse("qrSettings", q)?,
            None => QrSettings::default(),
        };
        Ok(Self {
            password: input.password.as_deref().map(LinkPassword::parse).transpose()?,
            slug,
            domain,
            settings: LinkSettings {
                name,
                description,
                rules,
                ab_test,
                qr_settings,
                active: input.active.unwrap_or(true),
                clicks_limit,
                expiration_date,
                tag_ids,
                og_title: optional_text("ogTitle", input.og_title.as_deref())?,
                og_description: optional_text("ogDescription", input.og_description.as_deref())?,
                appearance_color: hex("appearanceColor", input.appearance_color.as_deref())?,
                conversion_tracking: input.conversion_tracking.unwrap_or(false),
                gps_tracking: input.gps_tracking.unwrap_or(false),
                utm: utm(input.utm.as_ref())?,
                fallback_url: fallback_url(input.fallback_url.as_deref())?,
                password_hash: None,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Entropy;
    use crate::domain::ids::ObjectId;
    use crate::testing::SeededEntropy;
    use crate::wire::Door;
    use serde_json::json;

    fn parse_draft(body: serde_json::Value) -> Result<LinkDraft, Invalid> {
        let input: LinkInput = serde_json::from_value(body).expect("wire shape");
        let entropy = SeededEntropy::new(3);
        let now = "2026-01-01T00:00:00Z".parse().unwrap();
        let mut new_id = || ObjectId::generate(now, &entropy as &dyn Entropy);
        LinkDraft::parse(
            &input,
            &mut ParseContext {
                now,
                door: Door::Http,
                new_id: &mut new_id,
            },
        )
    }

    fn default_rules() -> serde_json::Value {
        json!([{ "targetUrl": "https://example.com", "isDefault": true }])
    }

    #[test]
    fn create_requires_a_name() {
        let err = parse_draft(json!({ "rules": default_rules() })).unwrap_err();
        assert_eq!(err.message, "Name is required.");
    }

    #[test]
    fn create_requires_rules() {
        let err = parse_draft(json!({ "name": "n", "rules": [] })).unwrap_err();
        assert_eq!(err.message, "rules must be a non-empty array.");
    }

    #[test]
    fn quick_start_url_makes_one_default_rule() {
        let draft = parse_draft(json!({ "name": "n", "url": "https://example.com/x" })).unwrap();
        assert_eq!(draft.settings.rules.len(), 1);
        assert_eq!(
            draft.settings.rules.default_rule().target_url.as_str(),
            "https://example.com/x"
        );
    }

    #[test]
    fn url_and_rules_together_are_an_error() {
        let err = parse_draft(json!({ "name": "n", "url": "https://e.com", "rules": default_rules() })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("url"));
    }

    #[test]
    fn clicks_limit_zero_is_rejected_on_http() {
        let err = parse_draft(json!({ "name": "n", "rules": default_rules(), "clicksLimit": 0 })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("clicksLimit"));
    }

    #[test]
    fn expiration_date_must_be_in_the_future() {
        let err =
            parse_draft(json!({ "name": "n", "rules": default_rules(), "expirationDate": "2025-01-01T00:00:00Z" }))
                .unwrap_err();
        assert_eq!(err.message, "expirationDate must be in the future.");
    }

    #[test]
    fn description_is_limited_to_1000_characters() {
        let err =
            parse_draft(json!({ "name": "n", "rules": default_rules(), "description": "x".repeat(1001) })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("description"));
    }

    #[test]
    fn unknown_fields_are_rejected_by_the_wire_shape() {
        let err = serde_json::from_value::<LinkInput>(json!({ "name": "n", "nmae": "typo" })).unwrap_err();
        assert!(err.to_string().contains("unknown field `nmae`"));
    }

    #[test]
    fn the_mcp_shape_refuses_the_http_only_fields() {
        for field in ["url", "ogTitle", "ogDescription", "appearanceColor"] {
            let err = crate::wire::from_json::<McpLinkInput>(json!({ field: "x" })).unwrap_err();
            assert_eq!(err, Invalid::unknown_field(field));
        }
    }
}
