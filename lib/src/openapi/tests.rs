//! The document against the code it describes.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{document, pretty};
use crate::manifest::{Api, FUNCTIONS};

const METHODS: [&str; 5] = ["get", "head", "post", "put", "delete"];

/// The (method, path) pairs the document has operations for.
fn documented() -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    for (path, item) in document()["paths"].as_object().expect("paths") {
        for method in METHODS {
            if item.get(method).is_some() {
                found.insert((method.to_ascii_uppercase(), path.clone()));
            }
        }
    }
    found
}

#[test]
fn the_document_has_an_operation_for_every_route_of_the_manifest_and_no_other() {
    let documented = documented();
    let mut routed = BTreeSet::new();
    for route in FUNCTIONS.iter().flat_map(|f| f.routes.iter()) {
        if !super::describes(route) {
            continue;
        }
        if route.method == "ANY" {
            // The MCP endpoint takes every method and answers POST (the others: 405, documented).
            assert!(
                documented.contains(&("POST".to_string(), route.path.to_string())),
                "{} has no POST in the document",
                route.path
            );
            for method in ["GET", "DELETE", "POST"] {
                routed.insert((method.to_string(), route.path.to_string()));
            }
            continue;
        }
        routed.insert((route.method.to_string(), route.path.to_string()));
    }
    assert_eq!(documented, routed);
    for api in [Api::Service, Api::ShortLinks, Api::FunctionUrl] {
        assert!(
            FUNCTIONS
                .iter()
                .flat_map(|f| f.routes.iter())
                .any(|r| r.api == api && documented.contains(&(r.method.replace("ANY", "POST"), r.path.to_string()))),
            "{api:?} is not in the document"
        );
    }
}

#[test]
fn the_pages_for_people_and_the_default_routes_are_not_in_the_document() {
    let paths = document()["paths"].as_object().unwrap();
    assert!(paths.keys().all(|p| !p.starts_with("/account")));
    let account = crate::manifest::function("account").expect("the account pages");
    assert!(account.routes.iter().all(|r| !super::describes(r)));
    assert!(!paths.contains_key(crate::manifest::DEFAULT_ROUTE));
}

#[test]
fn docs_openapi_json_is_the_document_the_code_generates() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/openapi.json");
    let checked_in = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        checked_in == pretty(),
        "docs/openapi.json is stale: regenerate it with `cargo run -q -p linkctl -- openapi > docs/openapi.json`"
    );
}

/// Every `$ref` in `value`.
fn references(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                match (key.as_str(), value) {
                    ("$ref", Value::String(target)) => out.push(target.clone()),
                    _ => references(value, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| references(item, out)),
        _ => {}
    }
}

#[test]
fn every_reference_in_the_document_resolves() {
    let mut found = Vec::new();
    references(document(), &mut found);
    assert!(!found.is_empty());
    for target in found {
        let pointer = target.strip_prefix('#').expect("a local reference");
        assert!(document().pointer(pointer).is_some(), "{target} does not resolve");
    }
}

#[test]
fn the_document_is_openapi_3_1_with_the_api_key_scheme() {
    let doc = document();
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(
        doc["components"]["securitySchemes"]["ApiKey"],
        serde_json::json!({ "type": "apiKey", "in": "header", "name": "X-Api-Key",
            "description": doc["components"]["securitySchemes"]["ApiKey"]["description"] })
    );
    assert_eq!(
        doc["paths"]["/apiv1/openapi.json"]["get"]["security"],
        serde_json::json!([{}])
    );
}

#[test]
fn a_field_of_a_wire_type_is_a_field_of_its_request_body() {
    let fields = crate::wire::schema::property_names(&crate::wire::schema::schema_of::<crate::wire::LinkInput>());
    let body = &document()["components"]["schemas"]["CreateLinkRequest"]["properties"];
    for field in fields {
        assert!(body.get(&field).is_some(), "{field} is missing from CreateLinkRequest");
    }
    assert!(body.get("workspaceId").is_some());
}

#[test]
fn every_error_example_fits_the_error_schema() {
    let schema = serde_json::json!({
        "$ref": "#/components/schemas/ErrorBody",
        "components": document()["components"].clone()
    });
    let validator = jsonschema::draft202012::new(&schema).expect("a valid schema");
    let mut checked = 0;
    for item in document()["paths"].as_object().unwrap().values() {
        for method in METHODS {
            let Some(responses) = item
                .get(method)
                .and_then(|o| o.get("responses"))
                .and_then(Value::as_object)
            else {
                continue;
            };
            for response in responses.values() {
                let Some(examples) = response["content"]["application/json"]["examples"].as_object() else {
                    continue;
                };
                if response["content"]["application/json"]["schema"]["$ref"] != "#/components/schemas/ErrorBody" {
                    continue;
                }
                for example in examples.values() {
                    let value = &example["value"];
                    assert!(validator.is_valid(value), "{value}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50, "{checked} examples");
}

#[test]
fn every_request_example_fits_its_schema() {
    let mut checked = 0;
    for item in document()["paths"].as_object().unwrap().values() {
        for method in METHODS {
            let Some(content) = item
                .get(method)
                .map(|o| &o["requestBody"]["content"]["application/json"])
            else {
                continue;
            };
            let Some(example) = content.get("example") else {
                continue;
            };
            let schema = serde_json::json!({ "$ref": content["schema"]["$ref"], "components": document()["components"].clone() });
            let validator = jsonschema::draft202012::new(&schema).expect("a valid schema");
            assert!(validator.is_valid(example), "{example}");
            checked += 1;
        }
    }
    assert_eq!(checked, 15);
}

#[test]
fn every_property_schema_is_an_object_not_the_boolean_true() {
    fn booleans(value: &Value, at: &str, out: &mut Vec<String>) {
        if let Value::Object(object) = value {
            for (key, member) in object {
                let here = format!("{at}/{key}");
                if let ("properties", Value::Object(properties)) = (key.as_str(), member) {
                    out.extend(
                        properties
                            .iter()
                            .filter(|(_, p)| p.is_boolean())
                            .map(|(n, _)| format!("{here}/{n}")),
                    );
                }
                booleans(member, &here, out);
            }
        }
    }
    let mut found = Vec::new();
    booleans(&serde_json::to_value(document()).unwrap(), "#", &mut found);
    assert!(
        found.is_empty(),
        "boolean property schemas (generators refuse them): {found:?}"
    );
}
