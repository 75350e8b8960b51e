//! Pieces of the JSON Schemas derived from the wire types (`schemars`): what a request body
//! requires beyond its fields' own schemas, and the generators every schema is made with. The
//! patterns and vocabularies of the domain's own types are `crate::domain::schema`.

use schemars::{JsonSchema, Schema, SchemaGenerator};

pub use crate::domain::schema::{
    COLOR_PATTERN, COUNTRY_PATTERN, DATE_PATTERN, LOCALE_PATTERN, OBJECT_ID_PATTERN, SLUG_PATTERN, TIME_PATTERN,
};

/// `linkId` is required, though its parser reads a missing one itself (to word the error).
pub fn require_link_id(schema: &mut Schema) {
    match schema.get_mut("required") {
        Some(serde_json::Value::Array(list)) => list.push("linkId".into()),
        _ => {
            schema.insert("required".into(), serde_json::json!(["linkId"]));
        }
    }
}

/// An HTTP create (and each bulk item) needs a name and one destination: `rules`, or the
/// quick-start `url`, not both.
pub fn needs_name_and_a_destination(schema: &mut Schema) {
    match schema.get_mut("required") {
        Some(serde_json::Value::Array(list)) => list.push("name".into()),
        _ => {
            schema.insert("required".into(), serde_json::json!(["name"]));
        }
    }
    schema.insert(
        "oneOf".into(),
        serde_json::json!([
            { "title": "With rules", "required": ["rules"] },
            { "title": "With a quick-start url", "required": ["url"] }
        ]),
    );
}

/// The schema of what `T` accepts: JSON Schema 2020-12 (MCP's default dialect, declared
/// with `$schema`), every subschema inlined (some clients do not follow `$ref`).
pub fn schema_of<T: JsonSchema>() -> Schema {
    let mut settings = schemars::generate::SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    settings.transforms.push(Box::new(portable));
    settings.into_generator().into_root_schema_for::<T>()
}

/// [`schema_of`] for what `T` produces (its serialised form).
pub fn output_schema_of<T: JsonSchema>() -> Schema {
    let mut settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
    settings.inline_subschemas = true;
    settings.transforms.push(Box::new(portable));
    settings.into_generator().into_root_schema_for::<T>()
}

/// A generator for named schemas of the OpenAPI document: definitions under
/// `#/components/schemas/`, the same [`portable`] rules as the tool schemas, for what a type
/// accepts (`serialize: false`) or what it produces.
pub fn component_generator(serialize: bool) -> SchemaGenerator {
    let mut settings = schemars::generate::SchemaSettings::draft2020_12();
    if serialize {
        settings = settings.for_serialize();
    }
    settings.definitions_path = "/components/schemas".into();
    settings.meta_schema = None;
    settings.transforms.push(Box::new(portable));
    settings.into_generator()
}

/// The schema of an id given beside a type's own fields (`workspaceId` in a body, a tool's
/// arguments or a query string; `linkId` of an update).
pub fn object_id(description: &str) -> serde_json::Value {
    serde_json::json!({ "type": "string", "pattern": OBJECT_ID_PATTERN, "description": description })
}

/// The formats JSON Schema 2020-12 defines; schemars also writes Rust ones (`uint64`,
/// `double`) that strict validators (Ajv, in the MCP Inspector) warn about.
const STANDARD_FORMATS: [&str; 19] = [
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// Keeps a schema to what every client reads the same way: standard formats only, and no
/// `default: null` (serde's "missing means none", not a value a client should send).
fn portable(schema: &mut Schema) {
    let nonstandard = schema
        .get("format")
        .and_then(|f| f.as_str())
        .is_some_and(|f| !STANDARD_FORMATS.contains(&f));
    if nonstandard {
        schema.remove("format");
    }
    if schema.get("default").is_some_and(serde_json::Value::is_null) {
        schema.remove("default");
    }
    schemars::transform::transform_subschemas(&mut portable, schema);
}

/// The property names an object schema lists.
pub fn property_names(schema: &Schema) -> Vec<String> {
    schema
        .get("properties")
        .and_then(|p| p.as_object())
        .map(|p| p.keys().cloned().collect())
        .unwrap_or_default()
}
