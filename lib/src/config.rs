//! Configuration from the environment, shared by every function, the CLI and the dev server.

use std::time::Duration;

use crate::clock::Entropy;
use crate::domain::{NewTenantLimits, RateLimits, SigningKey};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The single DynamoDB table (`TABLE_NAME`).
    pub table_name: String,
    /// The default short-link domain (`DEFAULT_DOMAIN`).
    pub default_domain: String,
    /// How long a warm redirect function may serve a cached link (`LINK_CACHE_TTL_SECONDS`).
    pub link_cache_ttl: Duration,
    /// How long raw clicks are kept (`CLICK_RETENTION_DAYS`).
    pub click_retention_days: u32,
    /// How long after its click a conversion still counts (`CONVERSION_WINDOW_DAYS`, 90).
    pub conversion_window_days: u32,
    /// How long a position a visitor shared is kept before only its report cell remains
    /// (`GPS_RETENTION_DAYS`, 30).
    pub gps_retention_days: u32,
    /// Request rate limits a workspace plan does not override (`RATE_LIMIT_PER_KEY`,
    /// `RATE_LIMIT_BULK_PER_KEY`, `RATE_LIMIT_ANALYTICS_PER_KEY`, `RATE_LIMIT_PER_WORKSPACE`;
    /// per minute, `0` turns one off).
    pub rate_limits: RateLimits,
    /// Anyone may make an account and a first workspace at `/account/sign-up`
    /// (`OPEN_SIGNUP=true`); otherwise people join by invitation only.
    pub open_signup: bool,
    /// What a young workspace may create under open sign-up (`NEW_WORKSPACE_DAYS`,
    /// `NEW_WORKSPACE_LINKS_PER_HOUR`).
    pub new_tenants: NewTenantLimits,
    /// Where a custom domain's CNAME points: the short-link endpoint (the CloudFront
    /// distribution's domain name, `SHORT_LINK_CNAME_TARGET`); the default domain when unset.
    pub cname_target: String,
    /// The service's own host (`PUBLIC_BASE_URL`'s), which no workspace may claim.
    pub service_host: Option<String>,
}

impl Config {
    /// The hosts no workspace may add as a custom domain (nor any name under them).
    pub fn reserved_hosts(&self) -> Vec<&str> {
        let mut hosts = vec![self.default_domain.as_str(), self.cname_target.as_str()];
        hosts.extend(self.service_host.as_deref());
        hosts
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("environment variable {0} is required")]
    Missing(&'static str),
    #[error("environment variable {name} is invalid: {reason}")]
    Invalid { name: &'static str, reason: String },
}

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Builds the configuration from any variable source (the environment, or a test map).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let required = |name: &'static str| {
            lookup(name)
                .filter(|v| !v.trim().is_empty())
                .ok_or(ConfigError::Missing(name))
        };
        let number = |name: &'static str, default: u64| -> Result<u64, ConfigError> {
            match lookup(name).filter(|v| !v.trim().is_empty()) {
                None => Ok(default),
                Some(v) => v.trim().parse().map_err(|_| ConfigError::Invalid {
                    name,
                    reason: format!("{v:?} is not a whole number"),
                }),
            }
        };
        let days = |name: &'static str, default: u32| -> Result<u32, ConfigError> {
            u32::try_from(number(name, u64::from(default))?).map_err(|_| ConfigError::Invalid {
                name,
                reason: "too large".into(),
            })
        };
        let default_domain = required("DEFAULT_DOMAIN")?.trim().to_ascii_lowercase();
        let host_of = |raw: String| {
            url::Url::parse(raw.trim())
                .ok()?
                .host_str()
                .map(str::to_ascii_lowercase)
        };
        Ok(Self {
            table_name: required("TABLE_NAME")?,
            cname_target: lookup("SHORT_LINK_CNAME_TARGET")
                .map(|v| v.trim().trim_end_matches('.').to_ascii_lowercase())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| default_domain.clone()),
            service_host: lookup("PUBLIC_BASE_URL").and_then(host_of),
            default_domain,
            link_cache_ttl: Duration::from_secs(number("LINK_CACHE_TTL_SECONDS", 5)?),
            click_retention_days: days("CLICK_RETENTION_DAYS", 400)?,
            conversion_window_days: days("CONVERSION_WINDOW_DAYS", 90)?,
            gps_retention_days: days("GPS_RETENTION_DAYS", 30)?,
            open_signup: match lookup("OPEN_SIGNUP").as_deref().map(str::trim) {
                None | Some("" | "false") => false,
                Some("true") => true,
                Some(other) => {
                    return Err(ConfigError::Invalid {
                        name: "OPEN_SIGNUP",
                        reason: format!("{other:?} is neither true nor false"),
                    });
                }
            },
            new_tenants: {
                let defaults = NewTenantLimits::default();
                NewTenantLimits {
                    days: days("NEW_WORKSPACE_DAYS", defaults.days)?,
                    links_per_hour: days("NEW_WORKSPACE_LINKS_PER_HOUR", defaults.links_per_hour)?,
                }
            },
            rate_limits: {
                let defaults = RateLimits::default();
                RateLimits {
                    per_key: number("RATE_LIMIT_PER_KEY", defaults.per_key)?,
                    bulk_per_key: number("RATE_LIMIT_BULK_PER_KEY", defaults.bulk_per_key)?,
                    analytics_per_key: number("RATE_LIMIT_ANALYTICS_PER_KEY", defaults.analytics_per_key)?,
                    per_workspace: number("RATE_LIMIT_PER_WORKSPACE", defaults.per_workspace)?,
                }
            },
        })
    }
}

// ----- signing keys: what visitors and clients carry back to us, shared by every instance -----

/// The environment variable holding the deployment's secret for what visitors carry back to us
/// (location grants, password passes, visitor hashes, the MCP confirmations' states), shared by
/// every function that signs or checks them.
pub const SIGNING_SECRET_VARIABLE: &str = "VISITOR_SIGNING_SECRET";

/// The shortest secret accepted: 32 characters.
const MIN_SECRET_CHARS: usize = 32;

/// The key for `purpose` (the location grants', the password passes', the visitor hashes')
/// from `VISITOR_SIGNING_SECRET`: required, as every function and instance must share it.
pub fn key_from_env(purpose: &str) -> Result<SigningKey, ConfigError> {
    key_from(std::env::var(SIGNING_SECRET_VARIABLE).ok(), purpose)
}

/// [`key_from_env`] when `VISITOR_SIGNING_SECRET` is set at all (the dev server draws a key of
/// its own otherwise).
pub fn key_from_env_if_set(purpose: &str) -> Result<Option<SigningKey>, ConfigError> {
    std::env::var(SIGNING_SECRET_VARIABLE)
        .ok()
        .map(|secret| key_from(Some(secret), purpose))
        .transpose()
}

/// The key for `purpose` from a secret of at least 32 characters.
pub fn key_from(secret: Option<String>, purpose: &str) -> Result<SigningKey, ConfigError> {
    let secret = secret
        .filter(|s| !s.trim().is_empty())
        .ok_or(ConfigError::Missing(SIGNING_SECRET_VARIABLE))?;
    if secret.chars().count() < MIN_SECRET_CHARS {
        return Err(ConfigError::Invalid {
            name: SIGNING_SECRET_VARIABLE,
            reason: format!("it must be at least {MIN_SECRET_CHARS} characters"),
        });
    }
    Ok(SigningKey::derive(secret.as_bytes(), purpose))
}

/// A key for `purpose` for one process.
pub fn random_key(entropy: &dyn Entropy, purpose: &str) -> SigningKey {
    let secret: Vec<u8> = (0..4).flat_map(|_| entropy.next_u64().to_be_bytes()).collect();
    SigningKey::derive(&secret, purpose)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lookup<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn sign_up_is_closed_unless_the_operator_opens_it() {
        let base = [("TABLE_NAME", "t"), ("DEFAULT_DOMAIN", "s.test")];
        assert!(!Config::from_lookup(lookup(&base)).unwrap().open_signup);
        let open = [base[0], base[1], ("OPEN_SIGNUP", "true")];
        assert!(Config::from_lookup(lookup(&open)).unwrap().open_signup);
        let wrong = [base[0], base[1], ("OPEN_SIGNUP", "yes")];
        assert!(matches!(
            Config::from_lookup(lookup(&wrong)),
            Err(ConfigError::Invalid {
                name: "OPEN_SIGNUP",
                ..
            })
        ));
    }

    #[test]
    fn config_requires_table_name() {
        let err = Config::from_lookup(lookup(&[("DEFAULT_DOMAIN", "s.test")])).unwrap_err();
        assert_eq!(err, ConfigError::Missing("TABLE_NAME"));
    }

    #[test]
    fn config_defaults_the_cache_ttl_to_five_seconds() {
        let cfg = Config::from_lookup(lookup(&[("TABLE_NAME", "t"), ("DEFAULT_DOMAIN", "S.Test")])).unwrap();
        assert_eq!(cfg.link_cache_ttl, Duration::from_secs(5));
        assert_eq!(cfg.default_domain, "s.test");
    }

    #[test]
    fn config_reads_rate_limits_per_minute_with_zero_turning_one_off() {
        let cfg = Config::from_lookup(lookup(&[
            ("TABLE_NAME", "t"),
            ("DEFAULT_DOMAIN", "s.test"),
            ("RATE_LIMIT_PER_KEY", "100"),
            ("RATE_LIMIT_BULK_PER_KEY", "0"),
        ]))
        .unwrap();
        assert_eq!(
            cfg.rate_limits,
            RateLimits {
                per_key: 100,
                bulk_per_key: 0,
                ..RateLimits::default()
            }
        );
    }

    #[test]
    fn config_rejects_a_non_numeric_rate_limit() {
        let err = Config::from_lookup(lookup(&[
            ("TABLE_NAME", "t"),
            ("DEFAULT_DOMAIN", "s.test"),
            ("RATE_LIMIT_ANALYTICS_PER_KEY", "lots"),
        ]))
        .unwrap_err();
        assert!(matches!(
            err,
            ConfigError::Invalid {
                name: "RATE_LIMIT_ANALYTICS_PER_KEY",
                ..
            }
        ));
    }

    #[test]
    fn config_rejects_a_non_numeric_ttl() {
        let err = Config::from_lookup(lookup(&[
            ("TABLE_NAME", "t"),
            ("DEFAULT_DOMAIN", "s.test"),
            ("LINK_CACHE_TTL_SECONDS", "soon"),
        ]))
        .unwrap_err();
        assert!(matches!(
            err,
            ConfigError::Invalid {
                name: "LINK_CACHE_TTL_SECONDS",
                ..
            }
        ));
    }
}
