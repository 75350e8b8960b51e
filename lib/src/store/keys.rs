//! Every key format of the single table, in one place (see docs/data-model.md).

use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{ConversionSource, Hostname, Slug};

pub const PK: &str = "PK";
pub const SK: &str = "SK";
pub const GSI1: &str = "GSI1";
/// GSI1's keys again, projecting only what listing links filters on ([`LINK_LIST_ATTRIBUTES`]):
/// a list reads a few hundred bytes per link here instead of the whole link.
pub const GSI1_LEAN: &str = "GSI1Lean";
/// The lower-cased name and slug of a link, which a list's `search` looks in.
pub const SEARCH_TEXT: &str = "searchText";
/// The attributes [`GSI1_LEAN`] projects besides the keys.
pub const LINK_LIST_ATTRIBUTES: &[&str] = &[SEARCH_TEXT, "tagIds"];
pub const GSI1PK: &str = "GSI1PK";
pub const GSI1SK: &str = "GSI1SK";
pub const TTL: &str = "ttl";

/// Number of shard keys a workspace's clicks of one day are spread over.
pub const CLICK_SHARDS: u64 = 32;

/// A primary key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    pub pk: String,
    pub sk: String,
}

impl Key {
    fn new(pk: String, sk: &str) -> Self {
        Self { pk, sk: sk.to_string() }
    }
}

/// The key the init warm-up reads: no item ever has it.
pub fn warm_up() -> Key {
    Key::new("WARMUP".to_string(), "WARMUP")
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

/// A signed-in session, under the SHA-256 of its token.
pub fn session(token_hash: &str) -> Key {
    Key::new(format!("SESSION#{token_hash}"), "SESSION")
}

/// The attempts, locks and trust of one sign-in subject (`PAIR#<sha256 of e-mail>#<address>`,
/// `IP#<address>` or `EMAIL#<sha256 of e-mail>`).
pub fn sign_in_attempts(subject: &str) -> Key {
    Key::new(format!("SIGNIN#{subject}"), "ATTEMPTS")
}

/// A dynamically registered OAuth client, under the SHA-256 of its `client_id`.
pub fn oauth_client(id_hash: &str) -> Key {
    Key::new(format!("OAUTHCLIENT#{id_hash}"), "CLIENT")
}

/// An authorization request waiting for consent, under the SHA-256 of its id.
pub fn oauth_request(id_hash: &str) -> Key {
    Key::new(format!("OAUTHREQ#{id_hash}"), "REQUEST")
}

/// An authorization code, under its SHA-256.
pub fn oauth_code(code_hash: &str) -> Key {
    Key::new(format!("OAUTHCODE#{code_hash}"), "CODE")
}

/// A grant: what a person approved for one client and workspace.
pub fn oauth_grant(id: &ObjectId) -> Key {
    Key::new(format!("OAUTHGRANT#{id}"), "GRANT")
}

/// GSI1 keys of a grant: a user's grants (the connected-apps page), oldest first.
pub fn oauth_grant_by_user(user: &ObjectId, grant: &ObjectId) -> Key {
    Key::new(user_index_partition(user), &format!("{USER_GRANTS_SORT_PREFIX}{grant}"))
}

/// The GSI1 sort-key prefix of a user's grants (see [`oauth_grant_by_user`]).
pub const USER_GRANTS_SORT_PREFIX: &str = "OAUTHGRANT#";

/// An OAuth access token, under its SHA-256.
pub fn oauth_access_token(token_hash: &str) -> Key {
    Key::new(format!("OAUTHACCESS#{token_hash}"), "ACCESS")
}

/// An OAuth refresh token, under its SHA-256.
pub fn oauth_refresh_token(token_hash: &str) -> Key {
    Key::new(format!("OAUTHREFRESH#{token_hash}"), "REFRESH")
}

/// What a per-source throttle counts: events of one source (an address, or [`EVERY_SOURCE`])
/// in fixed windows of a length.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Throttle {
    /// OAuth client registrations, per clock hour.
    OAuthRegistrations,
    /// Client ID metadata documents fetched for authorization requests, per minute.
    DocumentFetches,
    /// Refused credentials at the MCP endpoint, per minute.
    FailedAuthentications,
    /// Invitation mails one person sends, per clock hour.
    InvitationsByUser,
    /// Account mails to one e-mail address (its SHA-256) from every requester, per clock hour.
    MailsToAddress,
    /// Account mails to one e-mail address asked for from one client address (a hash of both),
    /// per clock hour.
    MailsToAddressFrom,
    /// Invitation mails to one e-mail address (its SHA-256), per clock hour.
    InvitationsToAddress,
    /// Password-reset requests and sign-ups from one client address, per clock hour.
    AccountRequestsFromAddress,
    /// Passwords tried on one link from one client address (a hash of both), per clock hour.
    LinkPasswordAttempts,
}

/// The source that stands for every source together (a global ceiling); no address looks
/// like it.
pub const EVERY_SOURCE: &str = "ALL";

impl Throttle {
    /// Seconds from `at` to the end of the window that holds it (a refusal's `Retry-After`).
    pub fn seconds_left(self, at: DateTime<Utc>) -> u64 {
        let seconds = self.seconds();
        u64::try_from(seconds - at.timestamp().rem_euclid(seconds)).unwrap_or(0)
    }

    /// The window's length in seconds.
    pub fn seconds(self) -> i64 {
        match self {
            Self::OAuthRegistrations
            | Self::InvitationsByUser
            | Self::MailsToAddress
            | Self::MailsToAddressFrom
            | Self::InvitationsToAddress
            | Self::AccountRequestsFromAddress
            | Self::LinkPasswordAttempts => 3600,
            Self::DocumentFetches | Self::FailedAuthentications => 60,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::OAuthRegistrations => "OAUTHREGISTER",
            Self::DocumentFetches => "OAUTHFETCH",
            Self::FailedAuthentications => "MCPAUTH",
            Self::InvitationsByUser => "INVITESBY",
            Self::MailsToAddress => "MAILTO",
            Self::MailsToAddressFrom => "MAILTOFROM",
            Self::InvitationsToAddress => "INVITETO",
            Self::AccountRequestsFromAddress => "ACCOUNTREQ",
            Self::LinkPasswordAttempts => "LINKPASSWORD",
        }
    }
}

/// The counter of one source in one window of a throttle (`window`: epoch seconds divided by
/// the window's length).
pub fn throttle_window(throttle: Throttle, source: &str, window: i64) -> Key {
    let unit = match throttle.seconds() {
        3600 => "HOUR",
        _ => "MINUTE",
    };
    Key::new(
        format!("RATE#{}#{source}", throttle.name()),
        &format!("{unit}#{window}"),
    )
}

pub fn workspace(id: &ObjectId) -> Key {
    Key::new(format!("WS#{id}"), "WS")
}

pub fn membership(workspace: &ObjectId, user: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("MEMBER#{user}"))
}

/// GSI1 keys of a membership: a user's workspaces.
pub fn membership_by_user(workspace: &ObjectId, user: &ObjectId) -> Key {
    Key::new(
        user_index_partition(user),
        &format!("{USER_WORKSPACES_SORT_PREFIX}{workspace}"),
    )
}

/// The GSI1 partition of a user's items: their memberships and their OAuth grants.
pub fn user_index_partition(user: &ObjectId) -> String {
    format!("USER#{user}")
}

/// The GSI1 sort-key prefix of a user's memberships (see [`membership_by_user`]).
pub const USER_WORKSPACES_SORT_PREFIX: &str = "WS#";

pub fn domain(host: &Hostname) -> Key {
    Key::new(format!("DOMAIN#{}", host.as_str()), "DOMAIN")
}

/// The apps a workspace lets a host open (`/.well-known` files), beside the host's holder item:
/// keyed by the workspace too, so a host that changes hands serves nothing of the last holder's.
pub fn app_association(host: &Hostname, workspace: &ObjectId) -> Key {
    Key::new(format!("DOMAIN#{}", host.as_str()), &format!("APPS#{workspace}"))
}

/// GSI1 keys of a domain: a workspace's domains.
pub fn domain_by_workspace(workspace: &ObjectId, host: &Hostname) -> Key {
    Key::new(workspace_domains_partition(workspace), host.as_str())
}

/// Every workspace's claim on a host, in one partition the scheduled re-check pages through
/// (claims are few and rarely written; a workspace lists its own on GSI1).
pub fn domain_claim(host: &Hostname, workspace: &ObjectId) -> Key {
    Key::new(
        DOMAIN_CLAIMS_PARTITION.to_string(),
        &format!("{}#{workspace}", host.as_str()),
    )
}

pub const DOMAIN_CLAIMS_PARTITION: &str = "DOMAINCLAIMS";

/// Where the scheduled domain re-check stopped: the sort key of the last claim it reached.
pub fn domain_recheck_cursor() -> Key {
    Key::new("RECHECK#DOMAINS".to_string(), "CURSOR")
}

/// The key a page of every claim starts after: the claim whose sort key is `sk`.
pub fn domain_claim_at(sk: &str) -> Key {
    Key::new(DOMAIN_CLAIMS_PARTITION.to_string(), sk)
}

/// The partition-key prefix of a domain's links (`SLUG#<host>#`).
pub fn links_on_domain_prefix(host: &Hostname) -> String {
    format!("{LINK_PARTITION_PREFIX}{}#", host.as_str())
}

/// What holds a tag's name in its workspace (lower-cased), so no two tags share it.
pub fn tag_name(workspace: &ObjectId, name_key: &str) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("TAGNAME#{name_key}"))
}

pub fn utm_template(workspace: &ObjectId, template: &ObjectId) -> Key {
    Key::new(
        format!("WS#{workspace}"),
        &format!("{UTM_TEMPLATE_SORT_PREFIX}{template}"),
    )
}

pub fn utm_template_name(workspace: &ObjectId, name_key: &str) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("UTMNAME#{name_key}"))
}

/// The sort-key prefix of a workspace's UTM templates (see [`utm_template`]).
pub const UTM_TEMPLATE_SORT_PREFIX: &str = "UTMTPL#";

/// A workspace's webhook endpoint, in the workspace's partition.
pub fn webhook(workspace: &ObjectId, webhook: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("{WEBHOOK_SORT_PREFIX}{webhook}"))
}

pub const WEBHOOK_SORT_PREFIX: &str = "WEBHOOK#";

/// An attempt in an endpoint's delivery log, newest last in the partition: `WEBHOOK#<id>` /
/// `DELIVERY#<at, to the millisecond>#<delivery id>#<attempt>`.
pub fn webhook_delivery(webhook: &ObjectId, at: DateTime<Utc>, delivery: &str, attempt: u32) -> Key {
    Key::new(
        webhook_log_partition(webhook),
        &format!(
            "{WEBHOOK_DELIVERY_PREFIX}{}#{delivery}#{attempt:04}",
            at.to_rfc3339_opts(SecondsFormat::Millis, true)
        ),
    )
}

pub fn webhook_log_partition(webhook: &ObjectId) -> String {
    format!("WEBHOOK#{webhook}")
}

pub const WEBHOOK_DELIVERY_PREFIX: &str = "DELIVERY#";

/// A workspace's import job, in the workspace's partition (newest last: ids start with their
/// creation second).
pub fn import_job(workspace: &ObjectId, job: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("{IMPORT_JOB_SORT_PREFIX}{job}"))
}

pub const IMPORT_JOB_SORT_PREFIX: &str = "IMPORT#";

/// The pointer from a file (SHA-256 of its format and text) to the job that imported it into
/// the workspace: a file is imported once.
pub fn import_file(workspace: &ObjectId, file_hash: &str) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("IMPORTFILE#{file_hash}"))
}

/// The partition of a job's file text (`FILE#<part>`) and row results (`ROWS#<chunk>`).
pub fn import_partition(job: &ObjectId) -> String {
    format!("IMPORT#{job}")
}

pub fn import_file_part(job: &ObjectId, part: usize) -> Key {
    Key::new(import_partition(job), &format!("{IMPORT_FILE_PREFIX}{part:04}"))
}

pub const IMPORT_FILE_PREFIX: &str = "FILE#";

pub fn import_rows(job: &ObjectId, chunk: u64) -> Key {
    Key::new(import_partition(job), &format!("{IMPORT_ROWS_PREFIX}{chunk:05}"))
}

pub const IMPORT_ROWS_PREFIX: &str = "ROWS#";

pub fn tag(workspace: &ObjectId, tag: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("TAG#{tag}"))
}

/// The count of one capped collection of a workspace (`store::collections`).
pub fn collection_count(workspace: &ObjectId, collection: &str) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("COUNT#{collection}"))
}

/// The partition holding a workspace, its memberships and its tags.
pub fn workspace_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}")
}

/// The sort-key prefix of a workspace's tags (see [`tag`]).
pub const TAG_SORT_PREFIX: &str = "TAG#";

/// The sort-key prefix of a workspace's memberships (see [`membership`]).
pub const MEMBER_SORT_PREFIX: &str = "MEMBER#";

/// An invitation to a workspace, under its id (the first part of its link's token).
pub fn invitation(id: &ObjectId) -> Key {
    Key::new(format!("INVITE#{id}"), "INVITE")
}

/// GSI1 keys of a pending invitation: a workspace's pending invitations, oldest first. An
/// invitation leaves the index when it is accepted or revoked.
pub fn invitation_by_workspace(workspace: &ObjectId, id: &ObjectId) -> Key {
    Key::new(workspace_invitations_partition(workspace), &format!("INVITE#{id}"))
}

/// The GSI1 partition of a workspace's pending invitations.
pub fn workspace_invitations_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}#INVITES")
}

/// A password-reset or e-mail verification link, under its id.
pub fn account_link(id: &ObjectId) -> Key {
    Key::new(format!("ACCOUNTLINK#{id}"), "LINK")
}

/// GSI1 keys of a session: a user's sessions (ended together by a password reset).
pub fn session_by_user(user: &ObjectId, token_hash: &str) -> Key {
    Key::new(
        user_index_partition(user),
        &format!("{USER_SESSIONS_SORT_PREFIX}{token_hash}"),
    )
}

/// The GSI1 sort-key prefix of a user's sessions (see [`session_by_user`]).
pub const USER_SESSIONS_SORT_PREFIX: &str = "SESSION#";

/// The GSI1 partition of a workspace's domains (see [`domain_by_workspace`]).
pub fn workspace_domains_partition(workspace: &ObjectId) -> String {
    format!("WS#{workspace}#DOMAINS")
}

/// The link item, keyed by where visitors find it.
pub fn link(domain: &Hostname, slug: &Slug) -> Key {
    Key::new(
        format!("{LINK_PARTITION_PREFIX}{}#{}", domain.as_str(), slug.as_str()),
        LINK_SORT_KEY,
    )
}

/// How a link item's partition key begins.
pub const LINK_PARTITION_PREFIX: &str = "SLUG#";
/// A link item's sort key.
pub const LINK_SORT_KEY: &str = "LINK";

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

/// A raw click, on one of `CLICK_SHARDS` shards of its workspace-day.
pub fn click(workspace: &ObjectId, day: NaiveDate, shard: u64, sort: &str) -> Key {
    Key::new(format!("CLICK#{workspace}#{day}#{shard}"), sort)
}

/// A raw click by what it is: its workspace, time, shard and id (the sort key is the time to
/// the millisecond, then the id). What a click token names.
pub fn click_at(workspace: &ObjectId, at: DateTime<Utc>, shard: u64, id: &ObjectId) -> Key {
    click(workspace, at.date_naive(), shard, &timed_sort(at, id))
}

/// The sort key of a raw click or conversion record: its time to the millisecond, then its id.
fn timed_sort(at: DateTime<Utc>, id: &ObjectId) -> String {
    format!("{}#{id}", at.to_rfc3339_opts(SecondsFormat::Millis, true))
}

/// A conversion as the aggregator reads it: sharded per workspace-day like the raw clicks, so
/// the stream delivers conversions in few partitions whose order the rollups' guards follow.
pub fn conversion_record(workspace: &ObjectId, at: DateTime<Utc>, shard: u64, id: &ObjectId) -> Key {
    Key::new(conversion_day(workspace, at.date_naive(), shard), &timed_sort(at, id))
}

/// The partition of a workspace-day's conversion records on one shard.
pub fn conversion_day(workspace: &ObjectId, day: NaiveDate, shard: u64) -> String {
    format!("CONVDAY#{workspace}#{day}#{shard}")
}

/// The position a person shared for a click, keyed by the click (so a click shares at most
/// one) and sharded per workspace-day like the clicks, for the aggregator.
pub fn shared_location(workspace: &ObjectId, click_at: DateTime<Utc>, shard: u64, click: &ObjectId) -> Key {
    Key::new(
        shared_location_day(workspace, click_at.date_naive(), shard),
        &timed_sort(click_at, click),
    )
}

/// The partition of a workspace-day's shared positions on one shard.
pub fn shared_location_day(workspace: &ObjectId, day: NaiveDate, shard: u64) -> String {
    format!("{SHARED_LOCATION_PREFIX}{workspace}#{day}#{shard}")
}

/// How the partitions of shared positions begin (the stream filter takes them to the
/// aggregator).
pub const SHARED_LOCATION_PREFIX: &str = "GPS#";

/// The marker of one conversion of a click: one item per (click, source, event), so an event
/// counts once per source; it holds the conversion, which a repeat answers. The API's markers
/// (`EVENT#`) are where every marker was before sources were kept (`None`); the pixel's have
/// their own (`PIXEL#`), so a pixel never takes the API's.
pub fn conversion(workspace: &ObjectId, click: &ObjectId, source: Option<ConversionSource>, event: &str) -> Key {
    let kind = match source {
        Some(ConversionSource::Pixel) => "PIXEL",
        Some(ConversionSource::Api) | None => "EVENT",
    };
    Key::new(click_conversions(workspace, click), &format!("{kind}#{event}"))
}

/// How many pixel events a click has taken (beside its markers), for the per-click cap.
pub fn conversion_count(workspace: &ObjectId, click: &ObjectId) -> Key {
    Key::new(click_conversions(workspace, click), "EVENTS")
}

/// The partition of one click's conversion markers and pixel-event count.
fn click_conversions(workspace: &ObjectId, click: &ObjectId) -> String {
    format!("CONV#{workspace}#{click}")
}

/// The workspace, day and shard of a raw click's partition key (`None` for other items).
pub fn parse_click_partition(pk: &str) -> Option<(ObjectId, NaiveDate, u64)> {
    parse_day_partition("CLICK#", pk)
}

/// The workspace, day and shard of a conversion-record partition (`CONVDAY#<ws>#<day>#<shard>`).
pub fn parse_conversion_partition(pk: &str) -> Option<(ObjectId, NaiveDate, u64)> {
    parse_day_partition("CONVDAY#", pk)
}

/// The workspace, day and shard of a shared-position partition (`GPS#<ws>#<day>#<shard>`).
pub fn parse_shared_location_partition(pk: &str) -> Option<(ObjectId, NaiveDate, u64)> {
    parse_day_partition(SHARED_LOCATION_PREFIX, pk)
}

/// `<prefix><ws>#<day>#<shard>`, read back.
fn parse_day_partition(prefix: &str, pk: &str) -> Option<(ObjectId, NaiveDate, u64)> {
    let mut parts = pk.strip_prefix(prefix)?.split('#');
    let workspace = ObjectId::parse(parts.next()?).ok()?;
    let day = parts.next()?.parse().ok()?;
    let shard = parts.next()?.parse().ok()?;
    parts.next().is_none().then_some((workspace, day, shard))
}

/// Whose statistics a rollup item holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StatsOwner {
    Link(ObjectId),
    Workspace(ObjectId),
}

/// The partition of an owner's rollups: one item per (day, part), plus the link's total.
pub fn stats_partition(owner: &StatsOwner) -> String {
    match owner {
        StatsOwner::Link(id) => format!("STATS#LINK#{id}"),
        StatsOwner::Workspace(id) => format!("STATS#WS#{id}"),
    }
}

/// One part (`core`, `country`, `city`, `referrer`, `ruleref`, `variantref`, `link`,
/// `sketch`) of an owner's rollup for a day.
pub fn day_stats(owner: &StatsOwner, day: NaiveDate, part: &str) -> Key {
    Key::new(stats_partition(owner), &format!("DAY#{day}#{part}"))
}

/// The part of a day's rollup item ([`day_stats`]); `None` for any other key.
pub fn day_stats_part(key: &Key) -> Option<&str> {
    let rest = key.sk.strip_prefix("DAY#")?;
    Some(rest.split_once('#')?.1)
}

/// Sort-key bounds of every rollup item of the days `from..=to`.
pub fn day_stats_range(from: NaiveDate, to: NaiveDate) -> (String, String) {
    (format!("DAY#{from}"), format!("DAY#{to}#\u{10ffff}"))
}

/// A link's click counter for the month of `day` (their sum is the all-time total).
pub fn link_month_total(link: &ObjectId, day: NaiveDate) -> Key {
    Key::new(
        stats_partition(&StatsOwner::Link(link.clone())),
        &format!("MONTH#{}", day.format("%Y-%m")),
    )
}

/// Whose requests a rate-limit counter item counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RateScope<'a> {
    /// Requests in a workspace: its total and, per key, the key's own counts.
    Workspace(&'a ObjectId),
    /// Requests of a key that name no workspace it was admitted to.
    Key(&'a str),
}

/// The counter item of one scope for one fixed window (`window` = its start in epoch seconds
/// divided by its length).
pub fn rate_window(scope: &RateScope<'_>, window: i64) -> Key {
    let pk = match scope {
        RateScope::Workspace(id) => format!("RATE#WS#{id}"),
        RateScope::Key(key) => format!("RATE#KEY#{key}"),
    };
    Key::new(pk, &format!("WINDOW#{window}"))
}

/// The attribute of a rate-limit counter item that counts one policy: `ws` for the whole
/// workspace (no key); `<policy>#<key id>` for one key's policy in a workspace's item, or the
/// bare policy name in a key's own item.
pub fn rate_counter(scope: &RateScope<'_>, policy: &str, key: Option<&str>) -> String {
    match (scope, key) {
        (_, None) => "ws".to_string(),
        (RateScope::Workspace(_), Some(key)) => format!("{policy}#{key}"),
        (RateScope::Key(_), Some(_)) => policy.to_string(),
    }
}

/// The stored answer of an `Idempotency-Key`, per workspace (the key is stored as its SHA-256).
pub fn idempotency(workspace: &ObjectId, key_hash: &str) -> Key {
    Key::new(format!("IDEM#{workspace}#{key_hash}"), "IDEM")
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
