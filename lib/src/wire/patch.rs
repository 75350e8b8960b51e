//! Updating a link: the fields of `PUT /link/update` (only given fields change; `null`
//! clears the nullable ones), the narrower set the MCP `update_link` tool takes, and their
//! parsing into a [`LinkPatch`].

use super::fields::{
    ab_test, clicks_limit, expiration_date, fallback_url, hex, name, optional_text, rules, tag_ids, utm,
};
use super::{ParseContext, door_inputs, nullable};
use crate::domain::{
    AbTestFields, Hostname, Invalid, LinkPassword, LinkPatch, QrFields, QrSettings, RuleFields, Slug, UtmFields,
};

door_inputs! {
    /// The fields of an HTTP update: absent fields stay as they are; `null` clears the
    /// nullable ones.
    http LinkPatchInput;
    /// The fields the MCP `update_link` tool takes (besides `linkId`).
    mcp McpLinkPatchInput;
    shared {
        /// Display name (at most 255 characters).
        #[serde(default)]
        #[schemars(length(min = 1, max = 255))]
        name: Option<String>,
        /// Internal note (at most 1000 characters); null clears it.
        #[serde(default, deserialize_with = "nullable")]
        #[schemars(length(max = 1000))]
        description: Option<Option<String>>,
        /// Replaces ALL rules: send every rule to keep (their ids are regenerated). Evaluated in
        /// order; the first matching non-default rule wins.
        #[serde(default)]
        #[schemars(length(min = 1))]
        rules: Option<Vec<RuleFields>>,
        /// A new slug; the old short URL stops working once the new one is won.
        #[serde(default)]
        #[schemars(regex(pattern = super::schema::SLUG_PATTERN))]
        slug: Option<String>,
        /// A verified custom domain of the workspace, or the default short domain.
        #[serde(default)]
        #[schemars(length(max = 253))]
        domain: Option<String>,
        /// Whether visitors are redirected.
        #[serde(default)]
        active: Option<bool>,
        /// The link stops redirecting after this many deliveries; null (or, on MCP, 0) removes
        /// the limit.
        #[serde(default, deserialize_with = "nullable")]
        #[schemars(with = "Option<u64>")]
        clicks_limit: Option<Option<serde_json::Number>>,
        /// ISO 8601 date-time in the future; null removes the expiration.
        #[serde(default, deserialize_with = "nullable")]
        #[schemars(length(min = 1))]
        expiration_date: Option<Option<String>>,
        /// Replaces the tag list (at most 50 tag ids).
        #[serde(default)]
        #[schemars(length(max = 50), inner(regex(pattern = super::schema::OBJECT_ID_PATTERN)))]
        tag_ids: Option<Vec<String>>,
        /// Weighted A/B split; { "enabled": false, "variants": [] } switches it off.
        #[serde(default)]
        ab_test: Option<AbTestFields>,
        /// Title of social sharing previews (at most 255 characters); null clears it.
        #[serde(default, deserialize_with = "nullable")]
        #[schemars(length(max = 255))]
        og_title: Option<Option<String>>,
        /// Description of social sharing previews (at most 500 characters); null clears it.
        #[serde(default, deserialize_with = "nullable")]
        #[schemars(length(max = 500))]
        og_description: Option<Option<String>>,
        /// Brand colour, #RGB or #RRGGBB; null clears it.
        #[serde(default, deserialize_with = "nullable")]
        #[schemars(regex(pattern = super::schema::COLOR_PATTERN))]
        appearance_color: Option<Option<String>>,
        /// Enables the conversion pixel.
        #[serde(default)]
        conversion_tracking: Option<bool>,
        /// Enables GPS location capture on click: a person's visit first shows a page on which the
        /// workspace asks for their approximate location; nothing is asked until they press "Share my
        /// location", and "Continue" goes on either way (never shown to bots, preview crawlers, `HEAD`
        /// or browsers sending `Sec-GPC: 1`).
        #[serde(default)]
        gps_tracking: Option<bool>,
        /// QR code settings, replaced as a whole (omitted fields take their defaults): dark modules
        /// (color) on a light background (bgColor) at a contrast of at least 3:1.
        #[serde(default)]
        qr_settings: Option<QrFields>,
        /// UTM parameters added to every destination, replaced as a whole (each at most 255
        /// characters); null removes them.
        #[serde(default, deserialize_with = "nullable")]
        utm: Option<Option<UtmFields>>,
        /// Where visitors are sent once the link is inactive, expired or over its click limit;
        /// null removes it (visitors get the 410 page again).
        #[serde(default, deserialize_with = "nullable")]
        #[schemars(length(min = 1, max = 4096))]
        fallback_url: Option<Option<String>>,
        /// A new password (8–128 characters; visitors must give it again); null removes it.
        #[serde(default, deserialize_with = "nullable")]
        #[schemars(length(min = 8, max = 128))]
        password: Option<Option<String>>,
    }
    http_only {}
}

impl LinkPatch {
    pub fn parse(input: &LinkPatchInput, ctx: &mut ParseContext<'_>) -> Result<Self, Invalid> {
        Ok(Self {
            name: input.name.as_deref().map(|n| name(Some(n))).transpose()?,
            description: input
                .description
                .as_ref()
                .map(|d| optional_text("description", d.as_deref()))
                .transpose()?,
            rules: match &input.rules {
                Some(list) if list.is_empty() => {
                    return Err(Invalid::new("rules", "rules must be a non-empty array."));
                }
                Some(list) => Some(rules(list, ctx)?),
                None => None,
            },
            slug: input.slug.as_deref().map(Slug::parse).transpose()?,
            domain: input
                .domain
                .as_deref()
                .map(|d| Hostname::parse("domain", d))
                .transpose()?,
            active: input.active,
            clicks_limit: input
                .clicks_limit
                .as_ref()
                .map(|n| {
                    n.as_ref()
                        .map(|n| clicks_limit(n, ctx.door))
                        .transpose()
                        .map(Option::flatten)
                })
                .transpose()?,
            expiration_date: input
                .expiration_date
                .as_ref()
                .map(|d| d.as_deref().map(|d| expiration_date(d, ctx.now)).transpose())
                .transpose()?,
            tag_ids: input.tag_ids.as_deref().map(tag_ids).transpose()?,
            ab_test: input.ab_test.as_ref().map(|t| ab_test(t, ctx.door)).transpose()?,
            qr_settings: input
                .qr_settings
                .as_ref()
                .map(|q| QrSettings::parse("qrSettings", q))
                .transpose()?,
            og_title: input
                .og_title
                .as_ref()
                .map(|t| optional_text("ogTitle", t.as_deref()))
                .transpose()?,
            og_description: input
                .og_description
                .as_ref()
                .map(|t| optional_text("ogDescription", t.as_deref()))
                .transpose()?,
            appearance_color: input
                .appearance_color
                .as_ref()
                .map(|c| hex("appearanceColor", c.as_deref()))
                .transpose()?,
            conversion_tracking: input.conversion_tracking,
            gps_tracking: input.gps_tracking,
            utm: input.utm.as_ref().map(|u| utm(u.as_ref())).transpose()?,
            fallback_url: input
                .fallback_url
                .as_ref()
                .map(|u| fallback_url(u.as_deref()))
                .transpose()?,
            password: input
                .password
                .as_ref()
                .map(|p| p.as_deref().map(LinkPassword::parse).transpose())
                .transpose()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn patch_distinguishes_null_from_absent() {
        let patch: LinkPatchInput = serde_json::from_value(json!({ "clicksLimit": null })).unwrap();
        assert_eq!(patch.clicks_limit, Some(None));
        assert_eq!(patch.expiration_date, None);
    }
}
