//! The icons MCP clients show: the server's (a link glyph) and one per area of tools, small
//! SVGs served with the pages' compiled-in assets (`/account/assets/mcp-<area>.svg`, content
//! versioned) at the service's public origin.

use rmcp::model::Icon;

use crate::http::assets;

/// The server's own icon.
pub const SERVER: &str = "mcp-smartlinks.svg";

/// The icon of a tool's area, by its name: a tool named for tags, UTM templates, webhooks,
/// domains, imports or exports, conversions or analytics has that area's icon; every other
/// tool is about links.
pub fn tool_icon(tool: &str) -> &'static str {
    const AREAS: [(&[&str], &str); 7] = [
        (&["analytics"], "mcp-analytics.svg"),
        (&["tag"], "mcp-tags.svg"),
        (&["utm"], "mcp-utm-templates.svg"),
        (&["webhook"], "mcp-webhooks.svg"),
        (&["domain"], "mcp-domains.svg"),
        (&["import", "export"], "mcp-transfer.svg"),
        (&["conversion"], "mcp-conversions.svg"),
    ];
    AREAS
        .iter()
        .find(|(words, _)| words.iter().any(|w| tool.contains(w)))
        .map_or("mcp-links.svg", |(_, icon)| icon)
}

/// An icon as MCP carries it: the asset's absolute URL at `origin`.
pub fn icon(origin: &str, asset: &str) -> Icon {
    Icon::new(format!("{origin}{}", assets::url(asset)))
        .with_mime_type("image/svg+xml")
        .with_sizes(vec!["any".into()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mcp::tools::TOOLS;

    #[test]
    fn every_tool_has_an_icon_that_is_served() {
        for tool in TOOLS.iter() {
            let name = tool_icon(tool.name);
            assert!(assets::serve(name).is_some(), "{} → {name}", tool.name);
        }
        assert!(assets::serve(SERVER).is_some());
    }

    #[test]
    fn a_tool_has_its_areas_icon() {
        assert_eq!(tool_icon("get_link_analytics"), "mcp-analytics.svg");
        assert_eq!(tool_icon("delete_utm_template"), "mcp-utm-templates.svg");
        assert_eq!(tool_icon("list_webhooks"), "mcp-webhooks.svg");
        assert_eq!(tool_icon("get_import"), "mcp-transfer.svg");
        assert_eq!(tool_icon("report_conversion"), "mcp-conversions.svg");
        assert_eq!(tool_icon("bulk_create_links"), "mcp-links.svg");
    }

    #[test]
    fn an_icon_is_an_absolute_versioned_url() {
        let icon = icon("https://api.example.com", SERVER);
        assert!(
            icon.src
                .starts_with("https://api.example.com/account/assets/mcp-smartlinks.svg?v="),
            "{}",
            icon.src
        );
        assert_eq!(icon.mime_type.as_deref(), Some("image/svg+xml"));
    }

    #[test]
    fn every_icon_is_an_accessible_svg() {
        for name in [
            "smartlinks",
            "links",
            "analytics",
            "tags",
            "utm-templates",
            "webhooks",
            "domains",
            "transfer",
            "conversions",
        ] {
            let asset = format!("mcp-{name}.svg");
            let body = assets::serve(&asset).unwrap();
            let text = std::str::from_utf8(body.body().as_ref()).unwrap().to_string();
            assert!(
                text.starts_with("<svg ") && text.contains("role=\"img\"") && text.contains("<title"),
                "{asset}"
            );
            assert!(text.len() < 1024, "{asset} is small");
        }
    }
}
