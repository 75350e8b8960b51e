//! The document's named schemas, all derived (schemars) from the types the doors parse and
//! the results they encode, so a field added to a type appears here; and the parameters and
//! headers every operation shares.

use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{Map, Value};
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{Header, HeaderBuilder, Ref, RefOr, Required, Schema};

use crate::service::guards::idempotency;
use crate::wire::schema::{self, component_generator};

/// Where a schema lives in the document.
pub fn schema_ref(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

/// A schema written as JSON Schema (what schemars produces) in the document's own type.
pub fn inline(schema: Value) -> RefOr<Schema> {
    RefOr::T(serde_json::from_value(schema).expect("a schema the document can hold"))
}

/// A request body: a type's fields plus ids the door takes out before the type sees the rest.
struct Wrapper {
    name: String,
    base: String,
    extra: Vec<(String, Value)>,
}

/// The schemas the document names: what requests accept (read as the parsers read them) and
/// what answers carry (as the results encode).
pub struct Schemas {
    input: SchemaGenerator,
    output: SchemaGenerator,
    wrappers: Vec<Wrapper>,
}

impl Schemas {
    pub fn new() -> Self {
        Self {
            input: component_generator(false),
            output: component_generator(true),
            wrappers: Vec::new(),
        }
    }

    /// A reference to the schema of what `T` encodes to.
    pub fn output<T: JsonSchema>(&mut self) -> RefOr<Schema> {
        reference(self.output.subschema_for::<T>())
    }

    /// A request body named `name`: the fields of `T` and the required ids in `extra`.
    pub fn request<T: JsonSchema>(&mut self, name: &str, extra: &[(&str, Value)]) -> RefOr<Schema> {
        let base = self.input.subschema_for::<T>();
        let base = base
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.rsplit('/').next())
            .expect("a named type")
            .to_string();
        self.wrappers.push(Wrapper {
            name: name.to_string(),
            base,
            extra: extra.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
        });
        schema_ref(name)
    }

    /// Every named schema. A name both sides define must mean the same schema.
    pub fn finish(mut self) -> Map<String, Value> {
        let mut all = self.input.take_definitions(true);
        for (name, schema) in self.output.take_definitions(true) {
            match all.get(&name) {
                Some(existing) if *existing != schema => {
                    panic!("schema {name} differs between requests and answers; give one of the types its own name")
                }
                _ => {
                    all.insert(name, schema);
                }
            }
        }
        for wrapper in self.wrappers {
            let mut schema = all.get(&wrapper.base).cloned().expect("the wrapped type is defined");
            let object = schema.as_object_mut().expect("an object schema");
            let properties = object
                .entry("properties")
                .or_insert_with(|| Value::Object(Map::new()))
                .as_object_mut()
                .expect("properties");
            let mut ids = Map::new();
            for (name, property) in &wrapper.extra {
                ids.insert(name.clone(), property.clone());
            }
            ids.extend(std::mem::take(properties));
            *properties = ids;
            let required = object.entry("required").or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(list) = required {
                for (name, _) in wrapper.extra.iter().rev() {
                    list.insert(0, Value::String(name.clone()));
                }
            }
            object.remove("title");
            all.insert(wrapper.name, schema);
        }
        for schema in all.values_mut() {
            open_subschemas(schema);
        }
        all
    }
}

/// Writes the schema that allows anything as `{}` rather than `true` wherever a schema stands
/// for a property or an element (rmcp's JSON-RPC `params`): both are JSON Schema 2020-12, but
/// common generators (openapi-python-client) read only the object form.
fn open_subschemas(schema: &mut Value) {
    let Value::Object(object) = schema else { return };
    for (keyword, value) in object.iter_mut() {
        match (keyword.as_str(), value) {
            ("properties" | "patternProperties" | "$defs", Value::Object(members)) => {
                members.values_mut().for_each(open_subschema);
            }
            ("items" | "not" | "if" | "then" | "else" | "contains", member) => open_subschema(member),
            ("anyOf" | "oneOf" | "allOf" | "prefixItems", Value::Array(members)) => {
                members.iter_mut().for_each(open_subschema);
            }
            (_, other @ Value::Object(_)) => open_subschemas(other),
            _ => {}
        }
    }
}

/// One subschema: `true` written `{}`, then its own subschemas.
fn open_subschema(member: &mut Value) {
    if *member == Value::Bool(true) {
        *member = Value::Object(Map::new());
    }
    open_subschemas(member);
}

fn reference(schema: schemars::Schema) -> RefOr<Schema> {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => RefOr::Ref(Ref::new(reference)),
        None => inline(schema.to_value()),
    }
}

/// `workspaceId` in a JSON body.
pub fn workspace_id_property() -> (&'static str, Value) {
    ("workspaceId", schema::object_id("The workspace the request acts in."))
}

/// The query parameters the fields of `T` stand for (the MCP door reads the same fields from
/// a tool call's arguments): their schemas, descriptions and defaults.
/// Fields named in `skip` are not query parameters (a path parameter, say).
pub fn query_parameters<T: JsonSchema>(skip: &[&str]) -> Vec<Parameter> {
    let root = schema::schema_of::<T>();
    let properties = root
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    properties
        .into_iter()
        .filter(|(name, _)| !skip.contains(&name.as_str()))
        .map(|(name, mut property)| {
            let description = property
                .as_object_mut()
                .and_then(|p| p.remove("description"))
                .and_then(|d| d.as_str().map(str::to_string));
            not_null(&mut property);
            let mut parameter = ParameterBuilder::new()
                .name(name.clone())
                .parameter_in(ParameterIn::Query)
                .required(Required::False)
                .description(description)
                .schema(Some(inline(property.clone())));
            if property.get("type").and_then(Value::as_str) == Some("array") {
                parameter = parameter
                    .style(Some(utoipa::openapi::path::ParameterStyle::Form))
                    .explode(Some(true));
            }
            parameter.build()
        })
        .collect()
}

/// A query string has no `null`: drop it from a nullable type.
fn not_null(schema: &mut Value) {
    if let Some(Value::Array(types)) = schema.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types[0].clone();
            schema["type"] = only;
        }
    }
}

/// A required id parameter.
fn id_parameter(name: &str, location: ParameterIn, description: &str, example: &str) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(location)
        .required(Required::True)
        .description(Some(description))
        .schema(Some(inline(
            serde_json::json!({ "type": "string", "pattern": schema::OBJECT_ID_PATTERN }),
        )))
        .example(Some(Value::from(example)))
        .build()
}

/// The `workspaceId` query parameter of every read.
pub fn workspace_query() -> Parameter {
    id_parameter(
        "workspaceId",
        ParameterIn::Query,
        "The workspace the request acts in.",
        super::links::EXAMPLE_WORKSPACE,
    )
}

/// The `{id}` path parameter: a link id.
pub fn link_id_path() -> Parameter {
    id_parameter(
        "id",
        ParameterIn::Path,
        "The link's id (24 hexadecimal characters).",
        super::links::EXAMPLE_LINK,
    )
}

/// The `Idempotency-Key` request header.
pub fn idempotency_key() -> Parameter {
    ParameterBuilder::new()
        .name("Idempotency-Key")
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .description(Some(format!(
            "Makes the request safe to retry: the first answer is kept for {} hours and a retry with the \
             same key and the same body gets it again (status and body, with `Idempotent-Replayed: true`) \
             without the work being done twice. The same key with another body is 422; while the first \
             request with a key runs, another is 409. Keys are per workspace.",
            idempotency::KEEP_SECONDS / 3600
        )))
        .schema(Some(inline(serde_json::json!({
            "type": "string",
            "minLength": 1,
            "maxLength": idempotency::MAX_KEY_CHARS,
            "pattern": "^[\\x20-\\x7E]+$"
        }))))
        .build()
}

/// A header with a string value.
pub fn text_header(description: &str) -> Header {
    HeaderBuilder::new()
        .schema(Some(inline(serde_json::json!({ "type": "string" }))))
        .description(Some(description))
        .build()
}

/// The headers an answer may carry, by name.
pub fn headers() -> Vec<(&'static str, Header)> {
    vec![
        (
            "RateLimit-Policy",
            text_header(
                "The limits this request counts against (IETF httpapi ratelimit-headers): `key` (every request \
                 of the API key in this workspace), `bulk` or `analytics` (those calls of the key), `workspace` \
                 (every request in the workspace); `q` requests per `w` seconds. Example: \
                 `\"key\";q=600;w=60, \"workspace\";q=3000;w=60`. Absent when no limit applies.",
            ),
        ),
        (
            "RateLimit",
            text_header(
                "What is left of each limit: `r` requests for the next `t` seconds. Example: \
                 `\"key\";r=599;t=48, \"workspace\";r=2999;t=48`.",
            ),
        ),
        (
            "Retry-After",
            HeaderBuilder::new()
                .schema(Some(inline(serde_json::json!({ "type": "integer", "minimum": 1 }))))
                .description(Some("Seconds until the limit's window ends and a retry can succeed."))
                .build(),
        ),
        (
            "Idempotent-Replayed",
            HeaderBuilder::new()
                .schema(Some(inline(serde_json::json!({ "type": "string", "enum": ["true"] }))))
                .description(Some("`true` on an answer replayed for a retried `Idempotency-Key`."))
                .build(),
        ),
    ]
}

/// A reference to one of [`headers`].
pub fn header_ref(name: &str) -> Ref {
    Ref::new(format!("#/components/headers/{name}"))
}

/// A required JSON request body of `schema`, with an example when given.
pub fn json_body(schema: RefOr<Schema>, example: Option<Value>) -> utoipa::openapi::request_body::RequestBody {
    let content = utoipa::openapi::ContentBuilder::new()
        .schema(Some(schema))
        .example(example);
    utoipa::openapi::request_body::RequestBodyBuilder::new()
        .required(Some(utoipa::openapi::Required::True))
        .content("application/json", content.build())
        .build()
}
