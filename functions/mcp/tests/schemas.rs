//! The tools' JSON Schemas, checked by a real JSON Schema validator: every schema is valid
//! 2020-12, the argument parsers accept what the input schemas accept and refuse what they
//! refuse, and real results fit the output schemas.

use chrono::{DateTime, Utc};
use lib::domain::LinkDraft;
use lib::domain::ids::ObjectId;
use lib::mcp::tools::{Args, Call, CreateLink, TOOLS, Tool, ToolCall};
use lib::testing::SeededEntropy;
use lib::wire::LinkRecord;
use lib::wire::{Door, ParseContext};
use serde_json::{Value, json};

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::draft202012::new(schema).unwrap_or_else(|e| panic!("invalid schema: {e}\n{schema}"))
}

fn tool(name: &str) -> &'static Tool {
    lib::mcp::tools::named(name).expect("tool")
}

/// A tool's definition as `tools/list` shows it.
fn definition(tool: &Tool) -> Value {
    serde_json::to_value(&tool.definition).unwrap()
}

fn input_schema(name: &str) -> jsonschema::Validator {
    validator(&definition(tool(name))["inputSchema"])
}

fn output_schema(name: &str) -> jsonschema::Validator {
    validator(&definition(tool(name))["outputSchema"])
}

/// A call's arguments as the MCP door hands them to a tool (without `workspaceId`).
fn args_of(args: &Value) -> Args {
    let mut args = args.as_object().unwrap().clone();
    args.remove("workspaceId");
    args
}

/// Parses a call's arguments as the MCP door does.
fn parse(name: &str, args: &Value) -> Result<Call, lib::service::ServiceError> {
    (tool(name).parse)(args_of(args))
}

/// Whether the create_link parser (wire shape, then domain parsing as MCP) accepts `args`.
fn parser_accepts_create(args: &Value) -> bool {
    let Ok(CreateLink(input)) = CreateLink::parse(args_of(args)) else {
        return false;
    };
    let now: DateTime<Utc> = "2026-11-22T12:00:00Z".parse().unwrap();
    let entropy = SeededEntropy::new(1);
    let mut new_id = || ObjectId::generate(now, &entropy);
    LinkDraft::parse(
        &input,
        &mut ParseContext {
            now,
            door: Door::Mcp,
            new_id: &mut new_id,
        },
    )
    .is_ok()
}

fn default_rule() -> Value {
    json!({ "targetUrl": "https://example.com/", "isDefault": true })
}

#[test]
fn every_schema_is_valid_json_schema_2020_12() {
    for tool in TOOLS.iter() {
        let definition = definition(tool);
        for key in ["inputSchema", "outputSchema"] {
            let schema = &definition[key];
            assert!(jsonschema::meta::is_valid(schema), "{} {key}", tool.name);
            assert_eq!(schema["$schema"], "https://json-schema.org/draft/2020-12/schema");
            assert_eq!(schema["type"], "object", "{} {key}", tool.name);
            validator(schema);
        }
        assert_eq!(
            definition["inputSchema"]["additionalProperties"], false,
            "{}",
            tool.name
        );
    }
}

#[test]
fn create_link_schema_and_parser_accept_the_same_valid_arguments() {
    let valid = [
        json!({ "name": "n", "rules": [default_rule()] }),
        json!({ "workspaceId": "64656d6f0000000000000001", "name": "n", "slug": "spring-sale", "clicksLimit": 0,
                "rules": [{ "targetUrl": "https://e.com/de", "isDefault": false, "country": ["de"], "city": ["Berlin"],
                            "device": ["mobile"], "os": ["iOS"], "browser": ["Safari"], "locale": ["de-AT"],
                            "timeStart": "22:00", "timeEnd": "06:00", "daysOfWeek": [0, 6], "name": "night" },
                          default_rule()],
                "abTest": { "enabled": true, "variants": [{ "url": "https://a.com", "weight": 7 }, { "url": "https://b.com", "weight": 3 }] } }),
        json!({ "name": "n", "rules": [default_rule()], "abTest": { "enabled": false, "variants": [] },
                "expirationDate": "2099-01-01T00:00:00Z", "conversionTracking": true, "gpsTracking": false, "active": false }),
        json!({ "name": "n", "rules": [default_rule()],
                "qrSettings": { "color": "#1D3557", "bgColor": "#fff", "useLogo": true, "logo": "https://e.com/logo.svg" } }),
    ];
    let schema = input_schema("create_link");
    for args in valid {
        assert!(schema.is_valid(&args), "schema refuses {args}");
        assert!(parser_accepts_create(&args), "parser refuses {args}");
    }
}

#[test]
fn create_link_schema_and_parser_refuse_the_same_invalid_arguments() {
    let rule = |extra: Value| {
        let mut r = json!({ "targetUrl": "https://e.com/x", "isDefault": false, "country": ["DE"] });
        r.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!({ "name": "n", "rules": [r, default_rule()] })
    };
    let invalid = [
        json!({ "name": "n", "rules": [default_rule()], "qrSettings": { "colour": "#000" } }),
        json!({ "name": "n", "rules": [default_rule()], "qrSettings": { "color": "black" } }),
        json!({ "name": "n", "rules": [default_rule()], "url": "https://e.com" }),
        json!({ "name": "n", "rules": [] }),
        json!({ "rules": [default_rule()] }),
        json!({ "name": "n", "rules": [default_rule()], "slug": "Upper" }),
        json!({ "name": "n", "rules": [default_rule()], "clicksLimit": 1.5 }),
        json!({ "name": "n", "rules": [default_rule()], "description": "x".repeat(1001) }),
        json!({ "name": "x".repeat(256), "rules": [default_rule()] }),
        json!({ "name": "n", "rules": [{ "targetUrl": "https://e.com", "isDefault": true, "id": "r1" }] }),
        rule(json!({ "device": ["phone"] })),
        rule(json!({ "os": ["ios"] })),
        rule(json!({ "browser": ["IE"] })),
        rule(json!({ "timeStart": "25:00", "timeEnd": "06:00" })),
        rule(json!({ "timeStart": "08:00" })),
        rule(json!({ "daysOfWeek": [7] })),
        rule(json!({ "colour": "red" })),
        json!({ "name": "n", "rules": [default_rule()], "abTest": { "enabled": true, "variants": [{ "url": "https://a.com", "weight": 0 }, { "url": "https://b.com", "weight": 1 }] } }),
        json!({ "name": "n", "rules": [default_rule()], "abTest": { "enabled": true } }),
        json!({ "name": "n", "rules": [default_rule()], "abTest": { "enabled": true, "variants": [{ "url": "https://a.com" }, { "url": "https://b.com", "weight": 1 }] } }),
        json!({ "name": "n", "rules": [{ "isDefault": true }] }),
        json!({ "name": "n", "rules": [{ "targetUrl": "https://e.com" }] }),
    ];
    let schema = input_schema("create_link");
    for args in invalid {
        assert!(!schema.is_valid(&args), "schema accepts {args}");
        assert!(!parser_accepts_create(&args), "parser accepts {args}");
    }
}

#[test]
fn link_id_tools_schema_and_parser_both_require_the_link_id() {
    for name in ["get_link", "get_link_qr", "delete_link", "get_link_analytics"] {
        assert!(
            !input_schema(name).is_valid(&json!({})),
            "{name} schema takes no linkId"
        );
        assert!(parse(name, &json!({})).is_err(), "{name} parser takes no linkId");
    }
}

#[test]
fn list_links_schema_and_parser_agree_on_limits() {
    let schema = input_schema("list_links");
    let parses = |args: &Value| parse("list_links", args).is_ok();
    for ok in [
        json!({}),
        json!({ "page": 3, "limit": 100, "search": "x", "tagIds": ["64656d6f0000000000000001"] }),
    ] {
        assert!(schema.is_valid(&ok) && parses(&ok), "{ok}");
    }
    for bad in [
        json!({ "limit": 0 }),
        json!({ "limit": 101 }),
        json!({ "page": 0 }),
        json!({ "page": "1" }),
        json!({ "tagIds": ["x"] }),
        json!({ "sort": "name" }),
    ] {
        assert!(!schema.is_valid(&bad) && !parses(&bad), "{bad}");
    }
}

#[test]
fn get_link_qr_schema_and_parser_agree_on_format_and_size() {
    let schema = input_schema("get_link_qr");
    let parses = |args: &Value| parse("get_link_qr", args).is_ok();
    let id = "64656d6f0000000000000001";
    for ok in [
        json!({ "linkId": id }),
        json!({ "linkId": id, "format": "png", "size": 128 }),
        json!({ "linkId": id, "format": "svg", "size": 2048 }),
    ] {
        assert!(schema.is_valid(&ok) && parses(&ok), "{ok}");
    }
    for bad in [
        json!({ "linkId": id, "size": 127 }),
        json!({ "linkId": id, "size": 2049 }),
        json!({ "linkId": id, "size": 300.5 }),
        json!({ "linkId": id, "format": "gif" }),
        json!({ "linkId": id, "colour": "red" }),
    ] {
        assert!(!schema.is_valid(&bad) && !parses(&bad), "{bad}");
    }
}

#[test]
fn a_qr_summary_fits_the_get_link_qr_output_schema() {
    let summary = json!({ "linkId": "64656d6f0000000000000001", "encodes": "https://sl.test/a?qr=1", "format": "png",
                          "size": 512, "mimeType": "image/png" });
    assert!(output_schema("get_link_qr").is_valid(&summary));
    assert!(!output_schema("get_link_qr").is_valid(&json!({ "format": "png" })));
}

#[test]
fn update_link_schema_takes_nulls_to_clear_and_the_update_only_fields() {
    let schema = input_schema("update_link");
    let args = json!({ "linkId": "64656d6f0000000000000001", "clicksLimit": null, "expirationDate": null,
                       "description": null, "ogTitle": null, "ogDescription": "d", "appearanceColor": "#ABC" });
    assert!(schema.is_valid(&args));
    assert!(parse("update_link", &args).is_ok());
    assert!(!schema.is_valid(&json!({ "name": "no id" })));
    assert!(!schema.is_valid(&json!({ "linkId": "64656d6f0000000000000001", "appearanceColor": "blue" })));
}

fn rich_record() -> Value {
    let now: DateTime<Utc> = "2026-11-22T12:00:00Z".parse().unwrap();
    let stored = lib::testing::stored_link(
        json!({
            "name": "n", "description": "d", "clicksLimit": 5, "expirationDate": "2099-01-01T00:00:00Z", "ogTitle": "t",
            "appearanceColor": "#123456",
            "rules": [{ "targetUrl": "https://e.com/x", "isDefault": false, "country": ["DE"], "timeStart": "01:00", "timeEnd": "02:00" }, default_rule()],
            "abTest": { "enabled": true, "variants": [{ "id": "a", "name": "A", "url": "https://a.com", "weight": 50 }, { "id": "b", "name": "B", "url": "https://b.com", "weight": 50 }] },
            "qrSettings": { "color": "#111", "bgColor": "#eee", "useLogo": true, "logo": "https://e.com/logo.png" }
        }),
        2,
    );
    serde_json::to_value(LinkRecord::new(&stored.link, stored.limited_clicks, now, 2, &[])).unwrap()
}

#[test]
fn a_link_record_fits_the_get_link_and_list_links_output_schemas() {
    let record = rich_record();
    assert!(output_schema("get_link").is_valid(&record), "{record}");
    let page = json!({ "links": [record.clone()], "page": 1, "limit": 20, "hasMore": false, "nextCursor": null });
    assert!(output_schema("list_links").is_valid(&page));
    let page = json!({ "links": [record], "page": 1, "limit": 20, "hasMore": true, "nextCursor": "eyJhdCI6IiJ9" });
    assert!(output_schema("list_links").is_valid(&page));
}

#[test]
fn the_workspace_list_fits_every_output_schema() {
    let list = json!({ "workspaces": [{ "id": "64656d6f0000000000000001", "name": "Acme", "role": "owner" }],
                       "message": "Call again with workspaceId set to one of these." });
    for tool in TOOLS.iter() {
        assert!(
            validator(&definition(tool)["outputSchema"]).is_valid(&list),
            "{}",
            tool.name
        );
    }
}

#[test]
fn output_schemas_refuse_a_result_missing_its_fields() {
    assert!(!output_schema("get_link").is_valid(&json!({ "name": "only a name" })));
    assert!(!output_schema("create_link").is_valid(&json!({ "message": "m" })));
}

#[test]
fn reads_are_marked_read_only_and_deletes_and_updates_destructive() {
    for tool in TOOLS.iter() {
        let definition = definition(tool);
        let a = &definition["annotations"];
        let name = tool.name;
        let read = ["get_", "list_", "plan_", "export_"]
            .iter()
            .any(|p| name.starts_with(p));
        assert_eq!(a["readOnlyHint"], read, "{name}");
        let destructive = name.starts_with("delete_") || name.starts_with("update_");
        assert_eq!(a["destructiveHint"].as_bool().unwrap_or(false), destructive, "{name}");
        // A repeat changes nothing more: an update to the same values, the same file imported
        // again (its earlier job answers), a conversion reported again (a duplicate).
        let idempotent = matches!(
            name,
            "update_link" | "update_tag" | "import_links" | "report_conversion"
        );
        assert_eq!(
            a["idempotentHint"].as_bool().unwrap_or(read),
            read || idempotent,
            "{name}"
        );
    }
}
