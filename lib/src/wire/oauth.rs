//! Client metadata as clients send it: a registration request (RFC 7591 §2) or a client ID
//! metadata document, parsed into [`ClientMetadata`]. Metadata this server does not use
//! (`logo_uri`, `contacts`, `software_id`…) is accepted and ignored, as RFC 7591 allows;
//! what it uses is checked, and a wrong value is refused with `invalid_client_metadata` (or
//! `invalid_redirect_uri`) naming the field.

use serde_json::{Map, Value};

use crate::domain::oauth::{
    ClientAuthMethod, ClientMetadata, MAX_REDIRECT_URIS, OAuthCode, OAuthFailure, RedirectUri, client_name,
};

fn invalid(description: impl Into<String>) -> OAuthFailure {
    OAuthFailure::new(OAuthCode::InvalidClientMetadata, description)
}

/// A field that must be a string, if present (`null` counts as absent).
fn text<'a>(map: &'a Map<String, Value>, field: &str) -> Result<Option<&'a str>, OAuthFailure> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(invalid(format!("{field} must be a string."))),
    }
}

/// A field that must be an array of strings, if present.
fn texts<'a>(map: &'a Map<String, Value>, field: &str) -> Result<Option<Vec<&'a str>>, OAuthFailure> {
    match map.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str()
                    .ok_or_else(|| invalid(format!("{field} must be an array of strings.")))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(_) => Err(invalid(format!("{field} must be an array of strings."))),
    }
}

/// The metadata every client gives, however it gives it.
fn common(map: &Map<String, Value>, default_auth: ClientAuthMethod) -> Result<ClientMetadata, OAuthFailure> {
    let uris = texts(map, "redirect_uris")?.unwrap_or_default();
    if uris.is_empty() {
        return Err(OAuthFailure::new(
            OAuthCode::InvalidRedirectUri,
            "redirect_uris must list at least one redirect URI.",
        ));
    }
    if uris.len() > MAX_REDIRECT_URIS {
        return Err(OAuthFailure::new(
            OAuthCode::InvalidRedirectUri,
            format!("redirect_uris may list at most {MAX_REDIRECT_URIS} redirect URIs."),
        ));
    }
    let redirect_uris = uris
        .into_iter()
        .map(RedirectUri::parse)
        .collect::<Result<Vec<_>, _>>()?;
    let auth_method = match text(map, "token_endpoint_auth_method")? {
        None => default_auth,
        Some(raw) => ClientAuthMethod::parse(raw).ok_or_else(|| {
            invalid(format!(
                "token_endpoint_auth_method {raw:?} is not supported; use none, client_secret_post or client_secret_basic."
            ))
        })?,
    };
    let grant_types = texts(map, "grant_types")?.unwrap_or_else(|| vec!["authorization_code", "refresh_token"]);
    if let Some(other) = grant_types
        .iter()
        .find(|g| !matches!(**g, "authorization_code" | "refresh_token"))
    {
        return Err(invalid(format!(
            "grant_types {other:?} is not supported; this server issues authorization_code and refresh_token grants."
        )));
    }
    if !grant_types.contains(&"authorization_code") {
        return Err(invalid("grant_types must include authorization_code."));
    }
    if let Some(other) = texts(map, "response_types")?
        .unwrap_or_else(|| vec!["code"])
        .into_iter()
        .find(|r| *r != "code")
    {
        return Err(invalid(format!("response_types {other:?} is not supported; use code.")));
    }
    Ok(ClientMetadata {
        name: text(map, "client_name")?.map(client_name).transpose()?.flatten(),
        redirect_uris,
        auth_method,
        refresh_tokens: grant_types.contains(&"refresh_token"),
    })
}

/// A dynamic registration request. Without `token_endpoint_auth_method` a client is
/// confidential with `client_secret_basic`, RFC 7591's default.
pub fn registration(map: &Map<String, Value>) -> Result<ClientMetadata, OAuthFailure> {
    common(map, ClientAuthMethod::SecretBasic)
}

/// A client ID metadata document fetched from `client_id`: it must name that very URL as its
/// `client_id`, and (a document is public) hold no secret and use no secret.
pub fn metadata_document(map: &Map<String, Value>, client_id: &str) -> Result<ClientMetadata, OAuthFailure> {
    let refused =
        |why: String| OAuthFailure::invalid_client(format!("The client ID metadata document at {client_id} {why}"));
    match text(map, "client_id") {
        Ok(Some(named)) if named == client_id => {}
        Ok(Some(named)) => return Err(refused(format!("names another client_id ({named:?})."))),
        _ => return Err(refused("has no client_id naming its own URL.".into())),
    }
    if map.contains_key("client_secret") || map.contains_key("client_secret_expires_at") {
        return Err(refused(
            "holds a client secret, which a public document must not.".into(),
        ));
    }
    let metadata = common(map, ClientAuthMethod::None).map_err(|e| refused(format!("is not valid: {e}")))?;
    if metadata.auth_method != ClientAuthMethod::None {
        return Err(refused(format!(
            "asks for token_endpoint_auth_method {}, but a document's client authenticates with none.",
            metadata.auth_method.as_str()
        )));
    }
    Ok(metadata)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn map(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn a_minimal_registration_is_a_confidential_client_with_refresh_tokens() {
        let m = registration(&map(json!({ "redirect_uris": ["https://app.example/cb"] }))).unwrap();
        assert_eq!(m.auth_method, ClientAuthMethod::SecretBasic);
        assert!(m.refresh_tokens);
        assert_eq!(m.name, None);
    }

    #[test]
    fn a_public_client_without_refresh_tokens_is_possible() {
        let m = registration(&map(json!({
            "redirect_uris": ["http://127.0.0.1:9/cb"], "token_endpoint_auth_method": "none",
            "grant_types": ["authorization_code"], "client_name": "CLI", "logo_uri": "https://x/y.png"
        })))
        .unwrap();
        assert_eq!(
            (m.auth_method, m.refresh_tokens, m.name.as_deref()),
            (ClientAuthMethod::None, false, Some("CLI"))
        );
    }

    #[test]
    fn a_bad_redirect_uri_is_invalid_redirect_uri_and_other_faults_invalid_client_metadata() {
        let code = |v: Value| registration(&map(v)).unwrap_err().code;
        assert_eq!(code(json!({})), OAuthCode::InvalidRedirectUri);
        assert_eq!(
            code(json!({ "redirect_uris": ["http://evil.example/cb"] })),
            OAuthCode::InvalidRedirectUri
        );
        assert_eq!(
            code(json!({ "redirect_uris": ["https://a/cb"], "grant_types": ["client_credentials"] })),
            OAuthCode::InvalidClientMetadata
        );
        assert_eq!(
            code(json!({ "redirect_uris": ["https://a/cb"], "token_endpoint_auth_method": "private_key_jwt" })),
            OAuthCode::InvalidClientMetadata
        );
        assert_eq!(
            code(json!({ "redirect_uris": "https://a/cb" })),
            OAuthCode::InvalidClientMetadata
        );
    }

    #[test]
    fn a_document_must_name_its_own_url_and_hold_no_secret() {
        let url = "https://app.example/oauth/client.json";
        let good = json!({ "client_id": url, "client_name": "App", "redirect_uris": ["https://app.example/cb"] });
        assert_eq!(
            metadata_document(&map(good.clone()), url).unwrap().auth_method,
            ClientAuthMethod::None
        );
        let mut other = good.clone();
        other["client_id"] = json!("https://evil.example/client.json");
        assert_eq!(
            metadata_document(&map(other), url).unwrap_err().code,
            OAuthCode::InvalidClient
        );
        let mut secret = good;
        secret["client_secret"] = json!("s");
        assert!(metadata_document(&map(secret), url).is_err());
    }
}
