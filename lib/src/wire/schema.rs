//! Pieces of the JSON Schemas derived from the wire types (`schemars`): the patterns and
//! closed vocabularies the parsers enforce, written once beside the types that use them.

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

use crate::domain::{Browser, Device, Os, Vocabulary};

pub const OBJECT_ID_PATTERN: &str = "^[0-9a-fA-F]{24}$";
pub const SLUG_PATTERN: &str = "^[a-z0-9-]{1,100}$";
pub const TIME_PATTERN: &str = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
pub const DATE_PATTERN: &str = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$";
pub const COLOR_PATTERN: &str = "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$";
pub const COUNTRY_PATTERN: &str = "^[A-Za-z]{2}$";
pub const LOCALE_PATTERN: &str = "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$";

fn names<T: Vocabulary>() -> Vec<&'static str> {
    T::ALL.iter().map(|v| v.name()).collect()
}

fn list_of(values: Vec<&'static str>) -> Schema {
    json_schema!({ "type": "array", "items": { "type": "string", "enum": values } })
}

/// `device`: a list of device types.
pub fn devices(_: &mut SchemaGenerator) -> Schema {
    list_of(names::<Device>())
}

/// `os`: a list of operating systems, spelt as the vocabulary spells them.
pub fn operating_systems(_: &mut SchemaGenerator) -> Schema {
    list_of(names::<Os>())
}

/// `browser`: a list of browsers, spelt as the vocabulary spells them.
pub fn browsers(_: &mut SchemaGenerator) -> Schema {
    list_of(names::<Browser>())
}

/// A rule's input schema also says which fields come in pairs or need another.
pub fn rule_dependencies(schema: &mut Schema) {
    schema.insert(
        "dependentRequired".into(),
        serde_json::json!({ "timeStart": ["timeEnd"], "timeEnd": ["timeStart"], "city": ["country"] }),
    );
}

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

/// Implements `JsonSchema` for a type that travels as a string, with its constraints.
macro_rules! string_schema {
    ($ty:ty, $name:literal, { $($key:literal : $value:expr),* $(,)? }) => {
        impl schemars::JsonSchema for $ty {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                $name.into()
            }
            fn inline_schema() -> bool {
                true
            }
            fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({ "type": "string" $(, $key: $value)* })
            }
        }
    };
}
pub(crate) use string_schema;

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
