//! Every key format of the single table, in one place (see docs/data-model.md).

use chrono::NaiveDate;

use crate::domain::{Hostname, Slug};
use crate::ids::ObjectId;

pub const PK: &str = "PK";
pub const SK: &str = "SK";
pub const GSI1: &str = "GSI1";
pub const GSI1PK: &str = "GSI1PK";
pub const GSI1SK: &str = "GSI1SK";
pub const TTL: &str = "ttl";

/// Number of shard keys a link's clicks of one day are spread over.
pub const CLICK_SHARDS: u64 = 16;

/// A primary key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Key {
    pub pk: String,
    pub sk: String,
}

impl Key {
    fn new(pk: String, sk: &str) -> Self {
        Self { pk, sk: sk.to_string() }
    }
}

pub fn user(id: &ObjectId) -> Key {
    Key::new(format!("USER#{id}"), "USER")
}

pub fn email(email: &str) -> Key {
    Key::new(format!("EMAIL#{email}"), "EMAIL")
}

pub fn api_key(hash: &str) -> Key {
    Key::new(format!("APIKEY#{hash}"), "APIKEY")
}

pub fn workspace(id: &ObjectId) -> Key {
    Key::new(format!("WS#{id}"), "WS")
}

pub fn membership(workspace: &ObjectId, user: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("MEMBER#{user}"))
}

/// GSI1 keys of a membership: a user's workspaces.
pub fn membership_by_user(workspace: &ObjectId, user: &ObjectId) -> Key {
    Key::new(format!("USER#{user}"), &format!("WS#{workspace}"))
}

pub fn user_workspaces_partition(user: &ObjectId) -> String {
    format!("USER#{user}")
}

pub fn domain(host: &Hostname) -> Key {
    Key::new(format!("DOMAIN#{}", host.as_str()), "DOMAIN")
}

/// GSI1 keys of a domain: a workspace's domains.
pub fn domain_by_workspace(workspace: &ObjectId, host: &Hostname) -> Key {
    Key::new(format!("WS#{workspace}#DOMAINS"), host.as_str())
}

pub fn tag(workspace: &ObjectId, tag: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("TAG#{tag}"))
}

/// The link item, keyed by where visitors find it.
pub fn link(domain: &Hostname, slug: &Slug) -> Key {
    Key::new(format!("SLUG#{}#{}", domain.as_str(), slug.as_str()), "LINK")
}

/// GSI1 keys of a link: a workspace's links, oldest first by creation time.
pub fn link_by_workspace(workspace: &ObjectId, created_at_rfc3339: &str, id: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}#LINKS"), &format!("{created_at_rfc3339}#{id}"))
}

pub fn workspace_links_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}#LINKS")
}

/// The id → (domain, slug) pointer of a link.
pub fn link_ref(id: &ObjectId) -> Key {
    Key::new(format!("LINK#{id}"), "REF")
}

/// A raw click, on one of `CLICK_SHARDS` shards of its link-day.
pub fn click(link: &ObjectId, day: NaiveDate, shard: u64, sort: &str) -> Key {
    Key::new(format!("CLICK#{link}#{day}#{shard}"), sort)
}

pub fn link_day_stats(link: &ObjectId, day: NaiveDate) -> Key {
    Key::new(format!("STATS#LINK#{link}"), &format!("DAY#{day}"))
}

pub fn workspace_day_stats(workspace: &ObjectId, day: NaiveDate) -> Key {
    Key::new(format!("STATS#WS#{workspace}"), &format!("DAY#{day}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_key_is_the_domain_and_slug() {
        let host = Hostname::parse("domain", "go.example.com").unwrap();
        let slug = Slug::parse("spring").unwrap();
        assert_eq!(
            link(&host, &slug),
            Key {
                pk: "SLUG#go.example.com#spring".into(),
                sk: "LINK".into()
            }
        );
    }
}
