//! The JSON Schema pieces of the domain's own types (`schemars`): the patterns and closed
//! vocabularies their parsers enforce, written once beside the types that use them, and the
//! macro that gives a string-carried type its schema. A leaf: it imports nothing above the
//! domain.

use schemars::{Schema, SchemaGenerator, json_schema};

use super::{Browser, Device, Os, Vocabulary};

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
