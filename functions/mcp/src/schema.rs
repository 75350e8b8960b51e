//! The JSON Schemas of the tools (JSON Schema 2020-12, the MCP default dialect). They
//! describe exactly what the argument parsers accept (tests check both agree) and the
//! exact shape of every structured result.

use lib::domain::{Browser, Device, Os, Vocabulary};
use serde_json::{Map, Value, json};

pub const OBJECT_ID_PATTERN: &str = "^[0-9a-fA-F]{24}$";
pub const SLUG_PATTERN: &str = "^[a-z0-9-]{1,100}$";
pub const TIME_PATTERN: &str = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
pub const DATE_PATTERN: &str = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
pub const COLOR_PATTERN: &str = "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$";

fn names<T: Vocabulary>() -> Vec<&'static str> {
    T::ALL.iter().map(|v| v.name()).collect()
}

fn object_id(description: &str) -> Value {
    json!({ "type": "string", "pattern": OBJECT_ID_PATTERN, "description": description })
}

/// `schema` or `null`, spelt with `anyOf` (single-`type` branches port to every client
/// dialect), the description kept at the top.
fn nullable(schema: Value) -> Value {
    let mut schema = schema;
    let description = schema.as_object_mut().and_then(|s| s.remove("description"));
    let mut wrapped = json!({ "anyOf": [schema, { "type": "null" }] });
    if let Some(description) = description {
        wrapped["description"] = description;
    }
    wrapped
}

/// `workspaceId`, accepted by every tool.
pub fn workspace_id() -> Value {
    object_id(
        "Workspace to act in. Optional when the X-Workspace-Id header or the endpoint URL's workspaceId \
         parameter selects one; with none, the tool answers with your workspaces instead.",
    )
}

pub fn link_id() -> Value {
    object_id("The link's id (24 hexadecimal characters), as returned by create_link or list_links.")
}

fn string_list(item: Value, description: &str) -> Value {
    json!({ "type": "array", "items": item, "description": description })
}

/// One routing rule as a tool accepts it.
pub fn rule_input() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["targetUrl", "isDefault"],
        "properties": {
            "name": { "type": "string", "maxLength": 255, "description": "Optional label for the rule." },
            "targetUrl": {
                "type": "string", "minLength": 1, "maxLength": 4096,
                "description": "Destination URL; app deep links (myapp://...) are allowed; javascript:, data:, vbscript: and file: are not."
            },
            "isDefault": {
                "type": "boolean",
                "description": "Exactly one rule is the default: the fallback when no other rule matches. The default rule carries no conditions."
            },
            "country": string_list(json!({ "type": "string", "pattern": "^[A-Za-z]{2}$" }), "ISO 3166-1 alpha-2 country codes, any case (DE, us)."),
            "city": string_list(json!({ "type": "string", "minLength": 1, "maxLength": 100 }), "City names; requires country on the same rule."),
            "device": string_list(json!({ "enum": names::<Device>() }), "Device types."),
            "os": string_list(json!({ "enum": names::<Os>() }), "Operating systems, spelt exactly as listed."),
            "browser": string_list(json!({ "enum": names::<Browser>() }), "Browsers, spelt exactly as listed."),
            "locale": string_list(
                json!({ "type": "string", "pattern": "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$" }),
                "Browser languages (de matches de-AT); the visitor's most preferred language is compared."
            ),
            "timeStart": { "type": "string", "pattern": TIME_PATTERN, "description": "HH:MM in UTC, inclusive; give with timeEnd. A window may cross midnight (22:00-06:00)." },
            "timeEnd": { "type": "string", "pattern": TIME_PATTERN, "description": "HH:MM in UTC, exclusive; give with timeStart; must differ from timeStart." },
            "daysOfWeek": string_list(json!({ "type": "integer", "minimum": 0, "maximum": 6 }), "Days in UTC: 0 = Sunday through 6 = Saturday.")
        },
        "dependentRequired": { "timeStart": ["timeEnd"], "timeEnd": ["timeStart"], "city": ["country"] }
    })
}

fn rules_input() -> Value {
    json!({
        "type": "array",
        "minItems": 1,
        "items": rule_input(),
        "description": "Routing rules, evaluated in order: the first non-default rule whose conditions all match the visitor wins, else the default rule. Exactly one rule has isDefault true."
    })
}

fn ab_test_input() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["enabled", "variants"],
        "description": "Weighted A/B split. While enabled, EVERY visitor goes to a variant chosen by weight and the rules are not consulted at all (the HTTP API behaves the same). Send { \"enabled\": false, \"variants\": [] } to switch it off.",
        "properties": {
            "enabled": { "type": "boolean" },
            "variants": {
                "type": "array",
                "maxItems": 26,
                "description": "At least 2 when enabled.",
                "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["url", "weight"],
                    "properties": {
                        "id": { "type": "string", "minLength": 1, "maxLength": 64, "description": "Stable key of the variant in analytics; a, b, c... when omitted." },
                        "name": { "type": "string", "minLength": 1, "maxLength": 255, "description": "Display name; Variant A, Variant B... when omitted." },
                        "url": { "type": "string", "minLength": 1, "maxLength": 4096 },
                        "weight": { "type": "number", "exclusiveMinimum": 0, "maximum": 1_000_000, "description": "Relative share: 70 and 30, 7 and 3, or 2 and 1 all work; stored as percentages summing to 100." }
                    }
                }
            }
        }
    })
}

/// The fields create_link (and each bulk item) accepts, as `properties`.
pub fn create_fields() -> Map<String, Value> {
    let props = json!({
        "name": { "type": "string", "minLength": 1, "maxLength": 255, "description": "Display name." },
        "rules": rules_input(),
        "slug": { "type": "string", "pattern": SLUG_PATTERN, "description": "Lowercase letters, digits and hyphens, at most 100; generated (7 characters) when omitted; unique per domain." },
        "domain": { "type": "string", "maxLength": 253, "description": "A verified custom domain of the workspace; the default short domain when omitted." },
        "description": { "type": "string", "maxLength": 1000, "description": "Internal note, not shown to visitors." },
        "active": { "type": "boolean", "description": "Default true." },
        "tagIds": string_list(json!({ "type": "string", "pattern": OBJECT_ID_PATTERN }), "Tag ids of the workspace."),
        "clicksLimit": { "type": "integer", "minimum": 0, "description": "The link deactivates after this many counted clicks; 0 means no limit." },
        "expirationDate": { "type": "string", "minLength": 1, "description": "ISO 8601 date-time (2026-12-31T23:59:00Z); a time without offset is UTC. Must be in the future; from then on visitors get 410." },
        "conversionTracking": { "type": "boolean", "description": "Enables the conversion pixel." },
        "gpsTracking": { "type": "boolean", "description": "Enables GPS location capture on click." },
        "abTest": ab_test_input()
    });
    match props {
        Value::Object(map) => map,
        _ => unreachable!("a JSON object literal"),
    }
}

fn input(mut properties: Map<String, Value>, required: &[&str]) -> Value {
    properties.insert("workspaceId".into(), workspace_id());
    json!({
        "type": "object",
        "additionalProperties": false,
        "properties": properties,
        "required": required,
    })
}

pub fn list_links_input() -> Value {
    let props = json!({
        "page": { "type": "integer", "minimum": 1, "default": 1, "description": "Page number, from 1." },
        "limit": { "type": "integer", "minimum": 1, "maximum": 100, "default": 20, "description": "Links per page." },
        "search": { "type": "string", "description": "Case-insensitive text to find in the link's name or slug." },
        "tagIds": string_list(json!({ "type": "string", "pattern": OBJECT_ID_PATTERN }), "Only links carrying at least one of these tags.")
    });
    input(as_map(props), &[])
}

pub fn link_id_input() -> Value {
    let mut props = Map::new();
    props.insert("linkId".into(), link_id());
    input(props, &["linkId"])
}

pub fn create_link_input() -> Value {
    input(create_fields(), &["name", "rules"])
}

pub fn update_link_input() -> Value {
    let mut props = create_fields();
    props.insert("linkId".into(), link_id());
    for nullable_field in ["description", "clicksLimit", "expirationDate"] {
        let schema = props[nullable_field].clone();
        props.insert(nullable_field.into(), nullable(schema));
    }
    props["rules"]["description"] = json!(
        "Replaces ALL rules: send every rule to keep (their ids are regenerated). Evaluated in order; the first matching non-default rule wins."
    );
    props["clicksLimit"]["description"] = json!("0 or null removes the limit.");
    props["expirationDate"]["description"] = json!("ISO 8601 date-time in the future; null removes the expiration.");
    props.insert(
        "ogTitle".into(),
        nullable(json!({ "type": "string", "maxLength": 255, "description": "Title of social sharing previews; null clears it." })),
    );
    props.insert(
        "ogDescription".into(),
        nullable(json!({ "type": "string", "maxLength": 500, "description": "Description of social sharing previews; null clears it." })),
    );
    props.insert(
        "appearanceColor".into(),
        nullable(json!({ "type": "string", "pattern": COLOR_PATTERN, "description": "Brand colour, #RGB or #RRGGBB; null clears it." })),
    );
    input(props, &["linkId"])
}

pub fn bulk_input() -> Value {
    let item = json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["name", "rules"],
        "properties": create_fields(),
    });
    let props = json!({
        "links": {
            "type": "array", "minItems": 1, "maxItems": 100, "items": item,
            "description": "1 to 100 links, each with the create_link fields. Each is created or fails on its own."
        }
    });
    input(as_map(props), &["links"])
}

fn date(description: &str) -> Value {
    json!({ "type": "string", "pattern": DATE_PATTERN, "description": description })
}

pub fn link_analytics_input() -> Value {
    let props = json!({
        "linkId": link_id(),
        "from": date("First day (YYYY-MM-DD, UTC, inclusive); default: the link's creation day."),
        "to": date("Last day (YYYY-MM-DD, UTC, inclusive); default: today.")
    });
    input(as_map(props), &["linkId"])
}

pub fn workspace_analytics_input() -> Value {
    let props = json!({
        "from": date("First day (YYYY-MM-DD, UTC, inclusive); default: the workspace's creation day."),
        "to": date("Last day (YYYY-MM-DD, UTC, inclusive); default: today.")
    });
    input(as_map(props), &[])
}

fn as_map(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => unreachable!("a JSON object literal"),
    }
}

// ----- output schemas -----

fn string() -> Value {
    json!({ "type": "string" })
}

fn workspace_list_props() -> Map<String, Value> {
    as_map(json!({
        "workspaces": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": false,
                "required": ["id", "name", "role"],
                "properties": {
                    "id": { "type": "string" },
                    "name": { "type": "string" },
                    "role": { "enum": ["owner", "manager", "member"] }
                }
            }
        },
        "message": string()
    }))
}

/// An output schema: the tool's own result, or the workspace list it answers with when no
/// workspace is selected. `open` allows fields beyond the listed ones.
fn output(result: Value, required: &[&str], open: bool) -> Value {
    let mut properties = as_map(result);
    for (k, v) in workspace_list_props() {
        properties.entry(k).or_insert(v);
    }
    json!({
        "type": "object",
        "properties": properties,
        "additionalProperties": open,
        "anyOf": [
            { "required": required },
            { "required": ["workspaces", "message"] }
        ]
    })
}

fn rule_output() -> Value {
    let mut rule = rule_input();
    rule["properties"]["id"] =
        json!({ "type": "string", "description": "Rule id: the key of rulesStats in analytics." });
    rule["required"] = json!(["id", "targetUrl", "isDefault"]);
    rule.as_object_mut().map(|r| r.remove("dependentRequired"));
    rule
}

/// The full link record (`get_link`, each item of `list_links`, and `GET /links/{id}`).
pub fn link_record() -> Value {
    let nullable_string = || nullable(string());
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": [
            "id", "workspaceId", "name", "description", "domain", "slug", "fullLink", "rules", "abTest",
            "qrSettings", "active", "clicksLimit", "expirationDate", "tagIds", "tags", "ogTitle",
            "ogDescription", "appearanceColor", "conversionTracking", "gpsTracking", "clicks", "limitUsed", "createdAt", "updatedAt"
        ],
        "properties": {
            "id": string(),
            "workspaceId": string(),
            "name": string(),
            "description": nullable_string(),
            "domain": string(),
            "slug": string(),
            "fullLink": string(),
            "rules": { "type": "array", "items": rule_output() },
            "abTest": {
                "type": "object",
                "required": ["enabled", "variants"],
                "properties": {
                    "enabled": { "type": "boolean" },
                    "variants": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["id", "name", "url", "weight"],
                            "properties": {
                                "id": string(), "name": string(), "url": string(),
                                "weight": { "type": "integer", "description": "Percent of visitors; the weights sum to 100." }
                            }
                        }
                    }
                }
            },
            "qrSettings": {
                "type": "object",
                "required": ["color", "bgColor", "useLogo"],
                "properties": { "color": string(), "bgColor": string(), "useLogo": { "type": "boolean" }, "logo": string() }
            },
            "active": { "type": "boolean", "description": "Whether visitors are redirected now: false when switched off, expired or over its click limit." },
            "clicksLimit": nullable(json!({ "type": "integer" })),
            "expirationDate": nullable_string(),
            "tagIds": { "type": "array", "items": string() },
            "tags": {
                "type": "array",
                "items": { "type": "object", "required": ["id", "name"], "properties": { "id": string(), "name": string() } }
            },
            "ogTitle": nullable_string(),
            "ogDescription": nullable_string(),
            "appearanceColor": nullable_string(),
            "conversionTracking": { "type": "boolean" },
            "gpsTracking": { "type": "boolean" },
            "clicks": { "type": "integer", "minimum": 0, "description": "All-time counted clicks (people; bots are never counted)." },
            "limitUsed": nullable(json!({ "type": "integer", "minimum": 0, "description": "Deliveries of the destination the click limit has taken, people and bots alike (null without a limit)." })),
            "createdAt": string(),
            "updatedAt": string()
        }
    })
}

pub fn list_links_output() -> Value {
    output(
        json!({
            "links": { "type": "array", "items": link_record(), "description": "Newest first." },
            "page": { "type": "integer" },
            "limit": { "type": "integer" },
            "hasMore": { "type": "boolean", "description": "Whether a next page exists." }
        }),
        &["links", "page", "limit", "hasMore"],
        false,
    )
}

pub fn get_link_output() -> Value {
    let record = link_record();
    output(record["properties"].clone(), &required_of(&record), false)
}

fn required_of(schema: &Value) -> Vec<&str> {
    schema["required"]
        .as_array()
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

pub fn create_link_output() -> Value {
    output(
        json!({ "message": string(), "id": string(), "slug": string(), "fullLink": string() }),
        &["message", "id", "slug", "fullLink"],
        false,
    )
}

pub fn update_link_output() -> Value {
    output(
        json!({ "message": string(), "id": string() }),
        &["message", "id"],
        false,
    )
}

pub fn delete_link_output() -> Value {
    output(json!({ "message": string() }), &["message"], false)
}

pub fn bulk_output() -> Value {
    output(
        json!({
            "message": string(),
            "created": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "slug", "fullLink", "name"],
                    "properties": { "id": string(), "slug": string(), "fullLink": string(), "name": string() }
                }
            },
            "failed": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["input", "error"],
                    "properties": { "input": { "description": "The item as submitted (any JSON value)." }, "error": string() }
                }
            }
        }),
        &["message", "created", "failed"],
        false,
    )
}

fn breakdown() -> Value {
    json!({
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "required": ["title", "value"],
            "properties": { "title": string(), "value": { "type": "number" }, "flag": string() }
        }
    })
}

fn analytics_common() -> Map<String, Value> {
    as_map(json!({
        "totals": {
            "type": "object",
            "required": ["total", "periodTotal", "unique"],
            "properties": {
                "total": { "type": "number" }, "periodTotal": { "type": "number" }, "unique": { "type": "number" }
            }
        },
        "dailyTraffic": { "type": "object", "additionalProperties": { "type": "number" }, "description": "YYYY-MM-DD to clicks; every day of the range." },
        "countries": breakdown(),
        "cities": breakdown(),
        "devices": breakdown(),
        "browsers": breakdown(),
        "os": breakdown()
    }))
}

fn split_stats() -> Value {
    json!({
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "properties": {
                "name": nullable(json!({ "type": "string", "description": "The rule's or variant's name (null for an unnamed rule)." })), "targetUrl": string(), "clicks": { "type": "number" },
                "uniqueClicks": { "type": "number" }, "referrers": breakdown()
            }
        }
    })
}

pub fn link_analytics_output() -> Value {
    let mut props = analytics_common();
    props.insert("referrers".into(), breakdown());
    props.insert("rulesStats".into(), split_stats());
    props.insert("abVariantsStats".into(), split_stats());
    output(Value::Object(props), &["totals", "dailyTraffic"], true)
}

pub fn workspace_analytics_output() -> Value {
    let mut props = analytics_common();
    props.insert("links".into(), breakdown());
    output(Value::Object(props), &["totals", "dailyTraffic"], true)
}
