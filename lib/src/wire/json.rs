//! Reading a JSON value into a wire shape, with serde's complaint turned into a sentence that
//! names the field.

use crate::domain::Invalid;

/// A JSON scalar as text, the one way every door reads a field that must be text: a string as
/// itself, any other value as its JSON text (a number is checked as its digits), so that it
/// fails the field's own check with the field's own sentence instead of passing as absent;
/// `null` is absent.
pub fn scalar_text(value: serde_json::Value) -> Option<String> {
    match value {
        serde_json::Value::Null => None,
        serde_json::Value::String(text) => Some(text),
        other => Some(other.to_string()),
    }
}

/// Deserialises a JSON value into a wire shape, turning serde's complaint into a sentence
/// that names the field (`rules[1].id`, `active`).
pub fn from_json<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, Invalid> {
    from_json_at("", value)
}

/// [`from_json`] for a value that sits at `base` in a request (`rules[0].daysOfWeek[1]`), so a
/// door that builds a request field by field refuses a field as the whole body would.
pub fn from_json_at<T: serde::de::DeserializeOwned>(base: &str, value: serde_json::Value) -> Result<T, Invalid> {
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = match err.path().to_string() {
            path if base.is_empty() => path,
            path if path == "." => base.to_string(),
            path if path.starts_with('[') => format!("{base}{path}"),
            path => format!("{base}.{path}"),
        };
        let inner = err.into_inner().to_string();
        if let Some(rest) = inner.strip_prefix("unknown field `") {
            let name = rest.split('`').next().unwrap_or_default();
            let parent = path.rsplit_once('.').map(|(p, _)| p).filter(|_| path.ends_with(name));
            let field = match parent {
                Some(parent) => format!("{parent}.{name}"),
                None if path == "." || path == name => name.to_string(),
                None => crate::domain::path(&path, name),
            };
            return Invalid::unknown_field(field);
        }
        let field = if path == "." { None } else { Some(path.clone()) };
        let shown = field.clone().unwrap_or_else(|| "The request body".to_string());
        Invalid {
            field,
            message: format!("{shown} has the wrong type or shape: {inner}."),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::LinkInput;
    use serde_json::json;

    #[test]
    fn unknown_top_level_field_is_named() {
        let err = from_json::<LinkInput>(json!({ "name": "n", "nmae": "x" })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("nmae"));
        assert_eq!(err.message, "nmae is not a known field; check its spelling.");
    }

    #[test]
    fn unknown_nested_field_is_named_with_its_path() {
        let err = from_json::<LinkInput>(
            json!({ "rules": [{ "targetUrl": "https://a.b", "isDefault": true }, { "colour": 1 }] }),
        )
        .unwrap_err();
        assert_eq!(err.field.as_deref(), Some("rules[1].colour"));
    }

    #[test]
    fn wrong_type_names_the_field() {
        let err = from_json::<LinkInput>(json!({ "active": "yes" })).unwrap_err();
        assert_eq!(err.field.as_deref(), Some("active"));
        assert!(err.message.starts_with("active has the wrong type"));
    }
}
