use chrono::{DateTime, NaiveDate, Utc};

use super::*;
use crate::domain::ids::ObjectId;
use crate::domain::{Hostname, Slug};

#[test]
fn rate_counters_of_a_workspace_item_name_the_key_and_a_key_item_does_not() {
    let ws = ObjectId::parse("65a1b2c3d4e5f60718293a4b").unwrap();
    let in_workspace = RateScope::Workspace(&ws);
    assert_eq!(rate_counter(&in_workspace, "key", Some("ab12")), "key#ab12");
    assert_eq!(rate_counter(&in_workspace, "workspace", None), "ws");
    assert_eq!(rate_counter(&RateScope::Key("ab12"), "bulk", Some("ab12")), "bulk");
    assert_eq!(
        rate_window(&in_workspace, 29_000_000).pk,
        "RATE#WS#65a1b2c3d4e5f60718293a4b"
    );
    assert_eq!(rate_window(&RateScope::Key("ab12"), 7).sk, "WINDOW#7");
}

#[test]
fn click_partitions_parse_back() {
    let ws = ObjectId::parse("65a1b2c3d4e5f60718293a4b").unwrap();
    let day: NaiveDate = "2026-11-22".parse().unwrap();
    let key = click(&ws, day, 31, "t#id");
    assert_eq!(parse_click_partition(&key.pk), Some((ws, day, 31)));
    assert_eq!(parse_click_partition("SLUG#x#y"), None);
}

#[test]
fn a_shared_position_is_keyed_by_its_click_and_parses_back() {
    let ws = ObjectId::parse("65a1b2c3d4e5f60718293a4b").unwrap();
    let click = ObjectId::parse("65a1b2c3d4e5f60718293a4c").unwrap();
    let at: DateTime<Utc> = "2026-11-26T09:15:00.250Z".parse().unwrap();
    let key = shared_location(&ws, at, 7, &click);
    assert_eq!(key.pk, "GPS#65a1b2c3d4e5f60718293a4b#2026-11-26#7");
    assert_eq!(key.sk, click_at(&ws, at, 7, &click).sk);
    assert_eq!(parse_shared_location_partition(&key.pk), Some((ws, at.date_naive(), 7)));
    assert_eq!(parse_shared_location_partition("CLICK#x#y#1"), None);
}

#[test]
fn throttle_windows_name_their_source_and_window() {
    let key = throttle_window(Throttle::OAuthRegistrations, "2001:db8::/64", 493_000);
    assert_eq!(key.pk, "RATE#OAUTHREGISTER#2001:db8::/64");
    assert_eq!(key.sk, "HOUR#493000");
    let key = throttle_window(Throttle::FailedAuthentications, EVERY_SOURCE, 7);
    assert_eq!((key.pk.as_str(), key.sk.as_str()), ("RATE#MCPAUTH#ALL", "MINUTE#7"));
}

#[test]
fn a_users_grants_share_the_index_partition_of_their_memberships_but_not_its_prefix() {
    let user = ObjectId::parse("65a1b2c3d4e5f60718293a4b").unwrap();
    let grant = ObjectId::parse("65a1b2c3d4e5f60718293a4c").unwrap();
    let ws = ObjectId::parse("65a1b2c3d4e5f60718293a4d").unwrap();
    let by_user = oauth_grant_by_user(&user, &grant);
    assert_eq!(by_user.pk, membership_by_user(&ws, &user).pk);
    assert!(by_user.sk.starts_with(USER_GRANTS_SORT_PREFIX));
    assert!(!by_user.sk.starts_with(USER_WORKSPACES_SORT_PREFIX));
}

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

#[test]
fn a_stored_lists_chunks_sit_in_their_versions_partition_in_order() {
    let first = stored_list_chunk("20261122T120000Z-0a1b2c3d4e5f", 0);
    let tenth = stored_list_chunk("20261122T120000Z-0a1b2c3d4e5f", 9);
    assert_eq!(first.pk, "BLOCKLISTFILE#20261122T120000Z-0a1b2c3d4e5f");
    assert_eq!(first.pk, stored_list_partition("20261122T120000Z-0a1b2c3d4e5f"));
    assert_eq!((first.sk.as_str(), tenth.sk.as_str()), ("CHUNK#00000", "CHUNK#00009"));
    assert_ne!(stored_list_head().pk, first.pk);
}
