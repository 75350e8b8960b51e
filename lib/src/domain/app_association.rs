//! Which apps a short domain opens directly: iOS app IDs (universal links) and an Android
//! package with its signing certificates' fingerprints (app links), and the two files those
//! platforms read from the domain (`/.well-known/apple-app-site-association`,
//! `/.well-known/assetlinks.json`).

use serde::{Deserialize, Serialize};
use serde_json::json;

use super::Invalid;

/// A value kept as its text: read back through its `parse` (naming `field`), written as the
/// text, and shown by `as_str`.
macro_rules! stored_as_text {
    ($name:ident, $field:literal) => {
        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl TryFrom<String> for $name {
            type Error = Invalid;
            fn try_from(value: String) -> Result<Self, Self::Error> {
                Self::parse($field, &value)
            }
        }

        impl From<$name> for String {
            fn from(value: $name) -> Self {
                value.0
            }
        }
    };
}

/// The most iOS app IDs, and the most certificate fingerprints, a domain lists.
pub const MAX_APP_ENTRIES: usize = 10;

/// An iOS app ID: a 10-character Team ID, a dot, a bundle ID (`ABCDE12345.com.example.app`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct AppleAppId(String);

impl AppleAppId {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let raw = raw.trim();
        let valid = raw.len() <= 155
            && raw.split_once('.').is_some_and(|(team, bundle)| {
                team.len() == 10
                    && team.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
                    && !bundle.is_empty()
                    && bundle
                        .split('.')
                        .all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
            });
        if !valid {
            return Err(Invalid::new(
                field,
                format!(
                    "{field} must be an app ID: a 10-character Team ID, a dot and a bundle ID, such as \
                     ABCDE12345.com.example.app (got {raw:?})."
                ),
            ));
        }
        Ok(Self(raw.to_string()))
    }
}

stored_as_text!(AppleAppId, "appIds");

/// An Android application ID (`com.example.app`): two or more dot-separated names, each a
/// letter followed by letters, digits or underscores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PackageName(String);

impl PackageName {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let raw = raw.trim();
        let parts: Vec<&str> = raw.split('.').collect();
        let valid = raw.len() <= 255
            && parts.len() >= 2
            && parts.iter().all(|part| {
                part.bytes().next().is_some_and(|b| b.is_ascii_alphabetic())
                    && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            });
        if !valid {
            return Err(Invalid::new(
                field,
                format!("{field} must be an Android package name such as com.example.app (got {raw:?})."),
            ));
        }
        Ok(Self(raw.to_string()))
    }
}

stored_as_text!(PackageName, "packageName");

/// The SHA-256 fingerprint of an app's signing certificate: 32 bytes, written as Android's
/// tools print it (upper-case hex pairs joined by colons). Given with or without the colons, in
/// any case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct CertFingerprint(String);

impl CertFingerprint {
    pub fn parse(field: &str, raw: &str) -> Result<Self, Invalid> {
        let hex: String = raw.trim().chars().filter(|c| *c != ':').collect();
        if hex.len() != 64 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(Invalid::new(
                field,
                format!(
                    "{field} must be a SHA-256 certificate fingerprint: 32 bytes in hex, such as \
                     14:6D:E9:…:C5 as keytool prints it (got {:?}).",
                    raw.trim()
                ),
            ));
        }
        let upper = hex.to_ascii_uppercase();
        let pairs: Vec<&str> = (0..32).map(|i| &upper[i * 2..i * 2 + 2]).collect();
        Ok(Self(pairs.join(":")))
    }
}

stored_as_text!(CertFingerprint, "sha256CertFingerprints");

/// The Android app a domain opens: its package and the fingerprints of its signing
/// certificates (one at least).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AndroidApp {
    pub package_name: PackageName,
    pub sha256_cert_fingerprints: Vec<CertFingerprint>,
}

/// The apps a short domain opens directly, as a workspace gives them (text, one entry per
/// line or comma where a list is asked for).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AppAssociationFields {
    pub app_ids: Vec<String>,
    pub package_name: String,
    pub sha256_cert_fingerprints: Vec<String>,
}

/// The apps a short domain opens directly (either platform, or both; neither means none).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AppAssociation {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub app_ids: Vec<AppleAppId>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub android: Option<AndroidApp>,
}

/// The entries of a list, blank ones left out, at most [`MAX_APP_ENTRIES`].
fn entries<T>(
    field: &str,
    raw: &[String],
    parse: impl Fn(&str, &str) -> Result<T, Invalid>,
) -> Result<Vec<T>, Invalid> {
    let given: Vec<&str> = raw.iter().map(|r| r.trim()).filter(|r| !r.is_empty()).collect();
    if given.len() > MAX_APP_ENTRIES {
        return Err(Invalid::new(
            field,
            format!(
                "{field} may hold at most {MAX_APP_ENTRIES} entries (got {}).",
                given.len()
            ),
        ));
    }
    let mut parsed = Vec::with_capacity(given.len());
    for (i, entry) in given.into_iter().enumerate() {
        parsed.push(parse(&format!("{field}[{i}]"), entry)?);
    }
    Ok(parsed)
}

impl AppAssociation {
    pub fn parse(fields: &AppAssociationFields) -> Result<Self, Invalid> {
        let app_ids = entries("appIds", &fields.app_ids, AppleAppId::parse)?;
        let fingerprints = entries(
            "sha256CertFingerprints",
            &fields.sha256_cert_fingerprints,
            CertFingerprint::parse,
        )?;
        let package = fields.package_name.trim();
        let android = match (package.is_empty(), fingerprints.is_empty()) {
            (true, true) => None,
            (false, false) => Some(AndroidApp {
                package_name: PackageName::parse("packageName", package)?,
                sha256_cert_fingerprints: fingerprints,
            }),
            (false, true) => {
                return Err(Invalid::new(
                    "sha256CertFingerprints",
                    "sha256CertFingerprints needs at least one fingerprint when packageName is given.",
                ));
            }
            (true, false) => {
                return Err(Invalid::new(
                    "packageName",
                    "packageName is required with sha256CertFingerprints.",
                ));
            }
        };
        Ok(Self { app_ids, android })
    }

    /// Whether it names no app at all.
    pub fn is_empty(&self) -> bool {
        self.app_ids.is_empty() && self.android.is_none()
    }

    /// `/.well-known/apple-app-site-association`, as Apple documents it for iOS 13 and later
    /// (`applinks.details[].appIDs` and `components`): every path of the domain opens the app,
    /// except the service's own (`/_sl/…`: the pages' scripts, the pixel). `None` without an
    /// iOS app.
    pub fn apple_app_site_association(&self) -> Option<String> {
        (!self.app_ids.is_empty()).then(|| {
            let ids: Vec<&str> = self.app_ids.iter().map(AppleAppId::as_str).collect();
            let document = json!({
                "applinks": {
                    "details": [{
                        "appIDs": ids,
                        "components": [
                            { "/": "/_sl/*", "exclude": true, "comment": "The short-link service's own files." },
                            { "/": "*", "comment": "Every short link." }
                        ]
                    }]
                }
            });
            pretty(&document)
        })
    }

    /// `/.well-known/assetlinks.json`, as Google's Digital Asset Links document it: one
    /// statement letting the app handle every URL of the domain. `None` without an Android app.
    pub fn asset_links(&self) -> Option<String> {
        self.android.as_ref().map(|android| {
            let fingerprints: Vec<&str> = android
                .sha256_cert_fingerprints
                .iter()
                .map(CertFingerprint::as_str)
                .collect();
            let document = json!([{
                "relation": ["delegate_permission/common.handle_all_urls"],
                "target": {
                    "namespace": "android_app",
                    "package_name": android.package_name.as_str(),
                    "sha256_cert_fingerprints": fingerprints
                }
            }]);
            pretty(&document)
        })
    }

    /// The fields as a form shows them.
    pub fn fields(&self) -> AppAssociationFields {
        AppAssociationFields {
            app_ids: self.app_ids.iter().map(|id| id.as_str().to_string()).collect(),
            package_name: self
                .android
                .as_ref()
                .map(|a| a.package_name.as_str().to_string())
                .unwrap_or_default(),
            sha256_cert_fingerprints: self
                .android
                .iter()
                .flat_map(|a| a.sha256_cert_fingerprints.iter().map(|f| f.as_str().to_string()))
                .collect(),
        }
    }
}

/// A document as served: two-space indented, ending in a newline.
fn pretty(document: &serde_json::Value) -> String {
    let mut text = serde_json::to_string_pretty(document).expect("a JSON value serialises");
    text.push('\n');
    text
}

/// The two files a short domain serves for its apps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WellKnown {
    /// iOS universal links.
    AppleAppSiteAssociation,
    /// Android app links.
    AssetLinks,
}

impl WellKnown {
    pub const APPLE_PATH: &str = "/.well-known/apple-app-site-association";
    pub const ANDROID_PATH: &str = "/.well-known/assetlinks.json";

    /// The file at `path`, if it is one of them.
    pub fn at(path: &str) -> Option<Self> {
        match path {
            Self::APPLE_PATH => Some(Self::AppleAppSiteAssociation),
            Self::ANDROID_PATH => Some(Self::AssetLinks),
            _ => None,
        }
    }

    /// The file's text for `association`, when it opens an app of that platform.
    pub fn of(self, association: &AppAssociation) -> Option<String> {
        match self {
            Self::AppleAppSiteAssociation => association.apple_app_site_association(),
            Self::AssetLinks => association.asset_links(),
        }
    }
}

#[cfg(test)]
mod tests;
