use serde_json::{Value, json};

use super::*;

fn entry(raw: &str) -> BlockEntry {
    BlockEntry::parse(raw).expect(raw)
}

fn list(entries: &[&str]) -> Blocklist {
    Blocklist::new(entries.iter().map(|e| entry(e)))
}

fn settings(body: Value) -> LinkSettings {
    crate::testing::link_from_json_at(body, "2026-01-01T00:00:00Z".parse().unwrap()).settings
}

#[test]
fn a_bare_name_is_a_host_entry_in_lower_case() {
    assert_eq!(entry("Evil.Example."), BlockEntry::Host("evil.example".into()));
}

#[test]
fn a_url_with_a_path_is_a_prefix_of_that_host() {
    assert_eq!(
        entry("https://Evil.Example/phish?x=1"),
        BlockEntry::Prefix {
            host: "evil.example".into(),
            path: "/phish?x=1".into()
        }
    );
}

#[test]
fn a_prefix_may_leave_out_its_scheme() {
    assert_eq!(entry("evil.example/phish").as_text(), "evil.example/phish");
}

#[test]
fn an_international_name_is_kept_in_punycode() {
    assert_eq!(entry("bücher.example").as_text(), "xn--bcher-kva.example");
}

#[test]
fn text_that_is_no_host_is_refused_with_a_sentence() {
    let refused = BlockEntry::parse("not a host").unwrap_err();
    assert!(refused.message.contains("neither a host"), "{}", refused.message);
}

#[test]
fn localhost_is_never_an_entry() {
    assert!(BlockEntry::parse("localhost").is_err());
}

#[test]
fn a_host_blocks_itself_and_every_name_under_it() {
    let list = list(&["evil.example"]);
    assert!(list.blocks("https://evil.example/"));
    assert!(list.blocks("http://a.b.EVIL.example./x"));
}

#[test]
fn a_host_does_not_block_a_name_that_only_ends_like_it() {
    assert!(!list(&["evil.example"]).blocks("https://notevil.example/"));
}

#[test]
fn a_host_does_not_block_its_parent() {
    assert!(!list(&["phish.evil.example"]).blocks("https://evil.example/"));
}

#[test]
fn a_prefix_blocks_the_paths_that_start_with_it_on_any_scheme() {
    let list = list(&["https://site.example/phish"]);
    assert!(list.blocks("http://site.example/phish/login?next=1"));
    assert!(!list.blocks("https://site.example/home"));
}

#[test]
fn a_prefix_does_not_block_other_hosts() {
    assert!(!list(&["site.example/phish"]).blocks("https://www.site.example/phish"));
}

#[test]
fn the_shorter_of_two_prefixes_on_one_host_still_blocks() {
    let list = list(&["site.example/a", "site.example/ab/z"]);
    assert!(list.blocks("https://site.example/ac"));
}

#[test]
fn an_address_entry_blocks_that_address_only() {
    let list = list(&["203.0.113.7"]);
    assert!(list.blocks("http://203.0.113.7/x"));
    assert!(!list.blocks("http://3.0.113.7/x"));
}

#[test]
fn an_app_link_with_a_blocked_host_is_blocked() {
    assert!(list(&["evil.example"]).blocks("intent://evil.example/open#Intent;end"));
}

#[test]
fn a_hosts_file_yields_its_names_and_skips_loopback_and_comments() {
    let text = "# a public list\n127.0.0.1 localhost\n0.0.0.0 evil.example # phishing\n\n0.0.0.0 a.example b.example\nbare.example\n::1 ip6-localhost\n";
    let (entries, skipped) = parse_list(text, &[]);
    let names: Vec<String> = entries.iter().map(BlockEntry::as_text).collect();
    assert_eq!(
        names,
        [
            "0.0.0.0 evil.example",
            "0.0.0.0 a.example",
            "0.0.0.0 b.example",
            "bare.example"
        ]
    );
    assert_eq!(skipped.unreadable, 2);
}

#[test]
fn a_line_holding_only_an_address_is_an_address_entry() {
    let (entries, _) = parse_list("198.51.100.4\n", &[]);
    assert_eq!(entries, [BlockEntry::Host("198.51.100.4".into())]);
}

#[test]
fn every_destination_of_a_link_is_named_by_its_field() {
    let settings = settings(json!({
        "name": "t",
        "rules": [
            { "targetUrl": "https://ok.example/", "isDefault": false, "country": ["US"] },
            { "targetUrl": "myapp://open", "appFallbackUrl": "https://app.example/", "isDefault": true }
        ],
        "abTest": { "enabled": true, "variants": [
            { "id": "a", "name": "A", "url": "https://a.example/", "weight": 50 },
            { "id": "b", "name": "B", "url": "https://b.example/", "weight": 50 }
        ]},
        "fallbackUrl": "https://fallback.example/"
    }));
    let fields: Vec<String> = destinations(&settings).into_iter().map(|(f, _)| f).collect();
    assert_eq!(
        fields,
        [
            "rules[0].targetUrl",
            "rules[1].targetUrl",
            "rules[1].appFallbackUrl",
            "abTest.variants[0].url",
            "abTest.variants[1].url",
            "fallbackUrl"
        ]
    );
}

#[test]
fn the_refusal_names_the_first_blocked_field() {
    let settings = settings(json!({
        "name": "t",
        "rules": [{ "targetUrl": "https://ok.example/", "isDefault": true }],
        "fallbackUrl": "https://evil.example/gone"
    }));
    let refused = list(&["evil.example"]).check(&settings).unwrap_err();
    assert_eq!(refused.field.as_deref(), Some("fallbackUrl"));
    assert_eq!(refused.message, "fallbackUrl points to a blocked destination.");
}

/// 100,000 hosts in the public-list style, and one prefix per hundredth host.
pub(crate) fn large_list() -> Blocklist {
    let hosts = (0..100_000).map(|i| BlockEntry::Host(format!("bad{i}.example")));
    let prefixes = (0..1_000).map(|i| BlockEntry::Prefix {
        host: format!("site{i}.example"),
        path: format!("/p{i}"),
    });
    Blocklist::new(hosts.chain(prefixes))
}

#[test]
fn a_list_of_100000_hosts_still_finds_a_name_deep_under_one() {
    let list = large_list();
    assert_eq!(list.len(), 101_000);
    assert!(list.blocks("https://a.b.c.bad99999.example/x"));
    assert!(list.blocks("https://site7.example/p7/x"));
    assert!(!list.blocks("https://good.example/x"));
}

/// The create path's added cost: checking one link of 20 destinations against a list of
/// 101,000 entries. Run for the figure with
/// `cargo test -p lib --release --lib blocklist::tests::timing -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, run by hand"]
fn timing_of_the_check_against_100000_entries() {
    let list = large_list();
    let rules: Vec<Value> = (0..20)
        .map(|i| json!({ "targetUrl": format!("https://www.shop{i}.example/landing/page?utm=x"), "isDefault": i == 19, "country": if i == 19 { json!(null) } else { json!(["US"]) } }))
        .collect();
    let settings = settings(json!({ "name": "t", "rules": rules }));
    let rounds = 10_000;
    let started = std::time::Instant::now();
    for _ in 0..rounds {
        assert!(list.check(std::hint::black_box(&settings)).is_ok());
    }
    let per_link = started.elapsed() / rounds;
    let built = std::time::Instant::now();
    let _ = large_list();
    println!(
        "check of a 20-destination link against {} entries: {per_link:?} per link; building the list: {:?}",
        list.len(),
        built.elapsed()
    );
}

#[test]
fn a_list_on_top_of_another_blocks_what_either_blocks() {
    let both = list(&["mine.example"]).on_top_of(std::sync::Arc::new(list(&["file.example/x"])));
    assert!(both.blocks("https://mine.example/"));
    assert!(both.blocks("https://file.example/x1"));
    assert!(!both.blocks("https://file.example/y"));
    assert_eq!(both.len(), 2);
}

#[test]
fn a_prefix_blocks_its_path_spelt_with_escapes_doubled_slashes_or_capitals() {
    let list = list(&["evil.example/phish"]);
    assert!(list.blocks("https://evil.example/%70hish/login"), "an escaped letter");
    assert!(list.blocks("https://evil.example//phish"), "a doubled slash");
    assert!(list.blocks("https://evil.example/Phish"), "a capital");
    assert!(!list.blocks("https://evil.example/fish"));
}

#[test]
fn a_prefix_written_with_escapes_or_capitals_blocks_the_plain_spelling() {
    assert_eq!(entry("evil.example//%50hish").as_text(), "evil.example/phish");
    assert!(list(&["evil.example/%50HISH"]).blocks("https://evil.example/phish"));
}

#[test]
fn an_escape_of_a_reserved_character_is_kept_so_it_stays_apart_from_the_character() {
    let list = list(&["evil.example/a%2Fb"]);
    assert!(list.blocks("https://evil.example/A%2fb"));
    assert!(!list.blocks("https://evil.example/a/b"));
}

#[test]
fn a_hosts_file_line_blocks_that_host_and_not_the_names_under_it() {
    let list = Blocklist::new(parse_list("0.0.0.0 tracker.example\n", &[]).0);
    assert!(list.blocks("https://tracker.example/x"));
    assert!(!list.blocks("https://www.tracker.example/x"));
}

#[test]
fn a_list_line_naming_a_single_label_or_a_public_suffix_blocks_nothing() {
    let (entries, _) = parse_list("0.0.0.0 com\n0.0.0.0 github.io\nco.uk\nevil.example\n", &[]);
    let names: Vec<String> = entries.iter().map(BlockEntry::as_text).collect();
    assert_eq!(names, ["evil.example"]);
}

#[test]
fn a_list_line_naming_the_services_own_domain_or_a_name_above_it_blocks_nothing() {
    let (entries, skipped) = parse_list(
        "sl.test\ntest\nlinks.example\nevil.example\n",
        &["go.links.example", "sl.test"],
    );
    let names: Vec<String> = entries.iter().map(BlockEntry::as_text).collect();
    assert_eq!(names, ["evil.example"]);
    assert_eq!(skipped.own_domain.examples, ["sl.test", "links.example"]);
    assert_eq!(skipped.one_label.count, 1);
}

#[test]
fn skipped_entries_are_counted_by_kind_with_the_first_few_as_examples() {
    let text: String = ["com", "net", "org", "io", "dev", "app"]
        .map(|tld| format!("0.0.0.0 {tld}\n"))
        .concat();
    let (_, skipped) = parse_list(&format!("{text}github.io\n"), &[]);
    assert_eq!(skipped.one_label.count, 6);
    assert_eq!(skipped.one_label.examples.len(), crate::domain::SKIPPED_EXAMPLES);
    assert_eq!(skipped.public_suffix.examples, ["github.io"]);
}

#[test]
fn the_operator_is_told_why_a_public_suffix_or_the_services_domain_cannot_be_blocked() {
    let refused = entry("com").refuse_too_broad(&[]).unwrap_err();
    assert_eq!(
        refused.message,
        "com is a top-level domain or public suffix: blocking it would block every site under it, so block the sites themselves."
    );
    assert!(entry("github.io").refuse_too_broad(&[]).is_err());
    let own = entry("sl.test").refuse_too_broad(&["sl.test"]).unwrap_err();
    assert_eq!(
        own.message,
        "sl.test is this service's own domain: blocking it would block the service's own links."
    );
    assert!(entry("evil.github.io").refuse_too_broad(&["sl.test"]).is_ok());
}

#[test]
fn a_stored_hosts_line_reads_back_as_that_host_alone() {
    let exact = BlockEntry::parse_stored("0.0.0.0 tracker.example").unwrap();
    assert_eq!(exact, BlockEntry::ExactHost("tracker.example".into()));
    assert_eq!(BlockEntry::parse_stored(&exact.as_text()), Ok(exact));
    assert_eq!(
        BlockEntry::parse_stored("evil.example"),
        Ok(BlockEntry::Host("evil.example".into()))
    );
}
