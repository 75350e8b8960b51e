//! Forms as browsers post them (`application/x-www-form-urlencoded`), and the values pages
//! take from them.

use lambda_http::Request;
use subtle::ConstantTimeEq;

use crate::service::ServiceError;

/// A posted form: its fields in order (a name may repeat, as checkboxes do).
#[derive(Debug, Clone, Default)]
pub struct Form {
    fields: Vec<(String, String)>,
}

impl Form {
    /// The body of a form post: at most 1 MiB of `application/x-www-form-urlencoded`.
    pub fn parse(req: &Request) -> Result<Self, ServiceError> {
        if crate::http::body_too_large(req) {
            return Err(ServiceError::BadRequest("Request body must be at most 1 MiB.".into()));
        }
        let content_type = crate::http::header_str(req, "content-type").unwrap_or("");
        if !content_type
            .split(';')
            .next()
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/x-www-form-urlencoded"))
        {
            return Err(ServiceError::BadRequest(
                "A form must be posted as application/x-www-form-urlencoded.".into(),
            ));
        }
        Ok(Self::from_bytes(req.body().as_ref()))
    }

    /// The body of an upload: a `multipart/form-data` form (its parts as fields, a file part as
    /// `file` with its text and `fileName`) of at most [`crate::http::upload::MAX_UPLOAD_BYTES`].
    pub async fn parse_upload(req: &Request) -> Result<Self, ServiceError> {
        let fields = crate::http::upload::upload_object(req).await?;
        Ok(Self {
            fields: fields
                .into_iter()
                .map(|(name, value)| {
                    let text = match value {
                        serde_json::Value::String(text) => text,
                        other => other.to_string(),
                    };
                    (name, text)
                })
                .collect(),
        })
    }

    pub fn from_bytes(bytes: &[u8]) -> Self {
        Self {
            fields: url::form_urlencoded::parse(bytes).into_owned().collect(),
        }
    }

    /// The first value of a field.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Every value of a field (checkboxes sharing a name).
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.fields
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The names of the fields, in order (repeated names repeat).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.fields.iter().map(|(n, _)| n.as_str())
    }

    /// Whether a checkbox was ticked.
    pub fn checked(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
}

/// Whether a token a form sent is the one we expect, compared in constant time.
pub fn tokens_match(sent: Option<&str>, expected: Option<&str>) -> bool {
    match (sent, expected) {
        (Some(sent), Some(expected)) if !expected.is_empty() => sent.as_bytes().ct_eq(expected.as_bytes()).into(),
        _ => false,
    }
}

/// A path on this site to go to after sign-in: it starts with one `/` and leaves nothing to
/// chance (no `//host`, no backslash, no control character), so it can never send a visitor
/// to another site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalPath(String);

impl Default for LocalPath {
    /// The app's start: the signed-in user's links.
    fn default() -> Self {
        Self("/app".into())
    }
}

impl LocalPath {
    pub fn parse(raw: &str) -> Option<Self> {
        let safe = raw.starts_with('/')
            && !raw.starts_with("//")
            && !raw.starts_with("/\\")
            && raw.len() <= 8192
            && raw.bytes().all(|b| b.is_ascii_graphic() && b != b'\\');
        safe.then(|| Self(raw.to_string()))
    }

    /// `raw` when it is a safe local path, else the default (the app's start).
    pub fn or_default(raw: Option<&str>) -> Self {
        raw.and_then(Self::parse).unwrap_or_default()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_fields_are_all_kept() {
        let form = Form::from_bytes(b"scope=links%3Aread&scope=analytics%3Aread&httpApi=on");
        assert_eq!(form.all("scope"), ["links:read", "analytics:read"]);
        assert!(form.checked("httpApi"));
        assert!(!form.checked("other"));
    }

    #[test]
    fn tokens_match_only_when_equal_and_expected() {
        assert!(tokens_match(Some("abc"), Some("abc")));
        assert!(!tokens_match(Some("abd"), Some("abc")));
        assert!(!tokens_match(None, Some("abc")));
        assert!(!tokens_match(Some(""), Some("")));
    }

    #[test]
    fn next_paths_never_leave_the_site() {
        for bad in [
            "https://evil.example/",
            "//evil.example/",
            "/\\evil.example",
            "javascript:alert(1)",
            "/a b",
            "",
        ] {
            assert_eq!(LocalPath::parse(bad), None, "{bad}");
        }
        assert_eq!(
            LocalPath::parse("/account/integrations?x=1").unwrap().as_str(),
            "/account/integrations?x=1"
        );
        assert_eq!(LocalPath::or_default(Some("//evil")).as_str(), "/app");
    }
}
