//! `linkctl` as operators run it: the real binary, against DynamoDB Local.

use std::process::{Command, Output};

use lib::testing::RequestCounter;
use serde_json::Value;

struct Cli {
    table: lib::testing::TestTable,
    endpoint: String,
    /// The dead-letter queue's URL given to linkctl, if any.
    queue: Option<String>,
}

impl Cli {
    async fn new() -> Self {
        let endpoint = std::env::var("AWS_ENDPOINT_URL_DYNAMODB")
            .expect("AWS_ENDPOINT_URL_DYNAMODB must point at DynamoDB Local; run the tests with scripts/test");
        let client = lib::testing::local_client(&endpoint, &RequestCounter::new()).await;
        let table = lib::testing::TestTable::create(&client, &endpoint).await;
        Self {
            table,
            endpoint,
            queue: None,
        }
    }

    fn run(&self, args: &[&str]) -> Output {
        self.run_with_stdin(args, "")
    }

    /// Runs linkctl with `input` on its stdin.
    fn run_with_stdin(&self, args: &[&str], input: &str) -> Output {
        use std::io::Write;
        let mut child = Command::new(env!("CARGO_BIN_EXE_linkctl"))
            .args(args)
            .env("TABLE_NAME", self.table.name())
            .env("DEFAULT_DOMAIN", "sl.test")
            .env("AWS_ENDPOINT_URL_DYNAMODB", &self.endpoint)
            .env("AWS_ACCESS_KEY_ID", lib::testing::local_access_key())
            .env("AWS_SECRET_ACCESS_KEY", "local")
            .env("AWS_REGION", "us-east-1")
            .env_remove("CLICK_DEAD_LETTER_QUEUE_URL")
            .env_remove("PUBLIC_BASE_URL")
            .env_remove("MCP_PUBLIC_BASE_URL")
            .envs(
                self.queue
                    .iter()
                    .map(|url| ("CLICK_DEAD_LETTER_QUEUE_URL", url.as_str())),
            )
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run linkctl");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("write stdin");
        child.wait_with_output().expect("linkctl output")
    }

    /// The service over the same table, to check what the CLI wrote.
    async fn service(&self) -> lib::service::Service {
        let client = lib::testing::local_client(&self.endpoint, &RequestCounter::new()).await;
        let table = self.table.name().to_string();
        let config = lib::config::Config::from_lookup(move |name| match name {
            "TABLE_NAME" => Some(table.clone()),
            "DEFAULT_DOMAIN" => Some("sl.test".into()),
            _ => None,
        })
        .expect("config");
        lib::service::Service::new(
            lib::store::Store::new(client, self.table.name().to_string()),
            config,
            std::sync::Arc::new(lib::clock::SystemClock),
            std::sync::Arc::new(lib::clock::OsEntropy),
        )
    }

    async fn signs_in(&self, email: &str, password: &str) -> bool {
        let attempt = lib::service::accounts::SignInAttempt {
            email,
            password,
            address: &lib::domain::ClientAddress::from_source(None),
            replacing: None,
        };
        self.service().await.sign_in(attempt).await.is_ok()
    }

    /// Runs a command that must succeed and print one JSON object with an `id`.
    fn ok(&self, args: &[&str]) -> Value {
        let out = self.run(args);
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout.trim().lines().count(), 1, "one JSON object: {stdout}");
        let value: Value = serde_json::from_str(stdout.trim()).expect("JSON on stdout");
        assert!(value["id"].is_string(), "{value}");
        value
    }

    /// Runs a command whose arguments clap refuses: exit status 2, nothing on stdout, and
    /// stderr as clap words it (every line, with the usage), after `linkctl: `.
    fn refused_usage(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?} should be refused as a usage error"
        );
        assert!(out.stdout.is_empty(), "nothing on stdout when refused");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.starts_with("linkctl: "), "{stderr}");
        stderr
    }

    /// Runs a command that must succeed and print one JSON object.
    fn json(&self, args: &[&str]) -> Value {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).expect("JSON on stdout")
    }

    /// Runs a command that must fail with a one-line reason.
    fn fails(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(!out.status.success(), "{args:?} should fail");
        assert!(out.stdout.is_empty(), "nothing on stdout when failing");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.trim().lines().count(), 1, "one-line reason: {stderr}");
        stderr
    }
}

#[tokio::test]
async fn every_command_prints_one_json_object_with_an_id() {
    let cli = Cli::new().await;
    let ann = cli.ok(&["user", "create", "--email", "ann@example.com"]);
    let bob = cli.ok(&["user", "create", "--email", "bob@example.com"]);
    let ws = cli.ok(&[
        "workspace",
        "create",
        "--name",
        "Acme",
        "--owner",
        "ann@example.com",
        "--max-links",
        "5",
        "--max-rules",
        "3",
    ]);
    assert_eq!(
        (ws["maxLinks"].as_u64(), ws["maxRulesPerLink"].as_u64()),
        (Some(5), Some(3))
    );
    let w = ws["id"].as_str().unwrap();
    cli.ok(&[
        "workspace",
        "set-license",
        "--workspace",
        w,
        "--expires",
        "2030-01-01T00:00:00Z",
    ]);
    let member = cli.ok(&[
        "member",
        "add",
        "--workspace",
        w,
        "--user",
        bob["id"].as_str().unwrap(),
        "--role",
        "manager",
    ]);
    assert_eq!(member["role"], "manager");
    let domain = cli.ok(&["domain", "add", "--workspace", w, "--host", "Go.Acme.com", "--verified"]);
    assert_eq!(
        (domain["id"].as_str(), domain["verified"].as_bool()),
        (Some("go.acme.com"), Some(true))
    );
    cli.ok(&["tag", "create", "--workspace", w, "--name", "spring"]);
    let key = cli.ok(&[
        "key",
        "create",
        "--user",
        "ann@example.com",
        "--api",
        "--mcp-scopes",
        "links:read,analytics:read",
    ]);
    assert_eq!(key["id"], ann["id"]);
    assert!(key["key"].as_str().unwrap().starts_with("slk_"));
}

#[tokio::test]
async fn a_workspace_without_quotas_gets_the_default_plan() {
    let cli = Cli::new().await;
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
    let ws = cli.ok(&["workspace", "create", "--name", "Acme", "--owner", "ann@example.com"]);
    assert_eq!(
        (ws["maxLinks"].as_u64(), ws["maxRulesPerLink"].as_u64()),
        (Some(1000), Some(20))
    );
}

#[tokio::test]
async fn arguments_clap_cannot_read_exit_2_with_its_message_and_the_usage() {
    let cli = Cli::new().await;
    let missing = cli.refused_usage(&["user", "create"]);
    assert!(
        missing.contains("--email <EMAIL>") && missing.contains("Usage: linkctl user create"),
        "{missing}"
    );
    let bad_time = cli.refused_usage(&[
        "workspace",
        "create",
        "--name",
        "X",
        "--owner",
        "a@example.com",
        "--license-expires",
        "soon",
    ]);
    assert!(bad_time.contains("'soon'") && bad_time.contains("--help"), "{bad_time}");
    let unknown = cli.refused_usage(&["frobnicate"]);
    assert!(
        unknown.contains("'frobnicate'") && unknown.contains("Usage: linkctl"),
        "{unknown}"
    );
}

#[tokio::test]
async fn refused_arguments_exit_non_zero_with_one_line() {
    let cli = Cli::new().await;
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
    let reasons = [
        cli.fails(&["user", "create", "--email", "not-an-email"]),
        cli.fails(&["user", "create", "--email", "ann@example.com"]),
        cli.fails(&["workspace", "create", "--name", "X", "--owner", "nobody@example.com"]),
        cli.fails(&[
            "member",
            "add",
            "--workspace",
            "000000000000000000000000",
            "--user",
            "ann@example.com",
            "--role",
            "boss",
        ]),
        cli.fails(&[
            "key",
            "create",
            "--user",
            "ann@example.com",
            "--mcp-scopes",
            "links:everything",
        ]),
    ];
    assert!(reasons[1].contains("already exists"), "{}", reasons[1]);
    assert!(reasons[3].contains("owner, manager or member"), "{}", reasons[3]);
    assert!(reasons[4].contains("links:everything"), "{}", reasons[4]);
}

#[tokio::test]
async fn a_plan_sets_its_own_rate_limits_and_goes_back_to_the_operators() {
    let cli = Cli::new().await;
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
    let ws = cli.ok(&[
        "workspace",
        "create",
        "--name",
        "Acme",
        "--owner",
        "ann@example.com",
        "--rate-limit-per-key",
        "100",
    ]);
    assert_eq!(
        ws["rateLimits"],
        serde_json::json!({ "perKey": 100, "bulkPerKey": 60, "analyticsPerKey": 120, "perWorkspace": 3000 })
    );
    let w = ws["id"].as_str().unwrap();
    let plan = cli.ok(&[
        "workspace",
        "set-plan",
        "--workspace",
        w,
        "--rate-limit-per-key",
        "default",
        "--rate-limit-bulk-per-key",
        "0",
        "--max-links",
        "50",
    ]);
    assert_eq!(plan["maxLinks"], 50);
    assert_eq!(plan["rateLimits"]["perKey"], 600);
    assert_eq!(plan["rateLimits"]["bulkPerKey"], 0, "0 turns the limit off");
    let reason = cli.refused_usage(&[
        "workspace",
        "set-plan",
        "--workspace",
        w,
        "--rate-limit-per-key",
        "lots",
    ]);
    assert!(reason.contains("requests per minute"), "{reason}");
    let nothing = cli.fails(&["workspace", "set-plan", "--workspace", w]);
    assert!(nothing.contains("nothing to change"), "{nothing}");
    let unknown = cli.fails(&[
        "workspace",
        "set-plan",
        "--workspace",
        "000000000000000000000000",
        "--max-links",
        "1",
    ]);
    assert!(unknown.contains("no workspace"), "{unknown}");
}

#[test]
fn openapi_prints_the_document_without_a_table() {
    let out = Command::new(env!("CARGO_BIN_EXE_linkctl"))
        .arg("openapi")
        .env_remove("TABLE_NAME")
        .output()
        .expect("run linkctl");
    assert!(out.status.success());
    let document: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(document["openapi"], "3.1.0");
}

#[tokio::test]
async fn a_user_created_with_a_password_from_stdin_can_sign_in() {
    let cli = Cli::new().await;
    let out = cli.run_with_stdin(
        &["user", "create", "--email", "ann@example.com", "--password-stdin"],
        "a long enough password\n",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(
        !printed.contains("a long enough password"),
        "the password is never printed"
    );
    assert!(cli.signs_in("ann@example.com", "a long enough password").await);
    assert!(!cli.signs_in("ann@example.com", "a long enough password\n").await);
}

#[tokio::test]
async fn set_password_replaces_the_password_at_once() {
    let cli = Cli::new().await;
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
    assert!(
        !cli.signs_in("ann@example.com", "").await,
        "no password yet: no sign-in"
    );
    let out = cli.run_with_stdin(
        &["user", "set-password", "--user", "ann@example.com", "--password-stdin"],
        "first long password\n",
    );
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    cli.run_with_stdin(
        &["user", "set-password", "--user", "ann@example.com", "--password-stdin"],
        "second long password\n",
    );
    assert!(cli.signs_in("ann@example.com", "second long password").await);
    assert!(!cli.signs_in("ann@example.com", "first long password").await);
}

#[tokio::test]
async fn a_short_password_is_refused_with_one_line_and_nothing_is_created() {
    let cli = Cli::new().await;
    let out = cli.run_with_stdin(
        &["user", "create", "--email", "ann@example.com", "--password-stdin"],
        "short\n",
    );
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8(out.stderr).unwrap().trim(),
        "linkctl: password must have at least 12 characters."
    );
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
}

/// A click of nobody in particular, as the redirect would have kept it.
fn dead_letter(workspace: &str, link: &str) -> lib::store::DeadLetter {
    let click: lib::store::Click = serde_json::from_value(serde_json::json!({
        "id": lib::domain::ids::ObjectId::generate(chrono::Utc::now(), &lib::clock::OsEntropy),
        "linkId": link, "workspaceId": workspace,
        "at": chrono::Utc::now(), "day": chrono::Utc::now().date_naive(),
        "device": "desktop", "visitor": "00"
    }))
    .expect("a click");
    let placement = lib::store::ClickPlacement {
        shard: 5,
        expires_at: chrono::Utc::now() + chrono::Duration::days(30),
    };
    lib::store::DeadLetter::new(click, placement)
}

#[tokio::test]
async fn clicks_replay_without_a_queue_says_which_setting_is_missing() {
    let cli = Cli::new().await;
    let reason = cli.fails(&["clicks", "replay"]);
    assert!(reason.contains("CLICK_DEAD_LETTER_QUEUE_URL is not set"), "{reason}");
}

#[tokio::test]
async fn clicks_replay_writes_each_waiting_click_once_and_prints_the_counts() {
    let mut cli = Cli::new().await;
    let queue = lib::testing::local_dead_letters().await;
    cli.queue = Some(queue.queue_url().to_string());
    let workspace = lib::domain::ids::ObjectId::generate(chrono::Utc::now(), &lib::clock::OsEntropy);
    let link = lib::domain::ids::ObjectId::generate(chrono::Utc::now(), &lib::clock::OsEntropy);
    let letter = dead_letter(workspace.as_str(), link.as_str());
    queue.send(&letter).await.expect("send");
    queue.send(&letter).await.expect("send the same click again");

    let out = cli.run(&["clicks", "replay"]);

    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(
        printed,
        serde_json::json!({ "written": 1, "alreadyStored": 1, "unreadable": 0 })
    );
    let service = cli.service().await;
    let stored = lib::testing::store(&service)
        .clicks_on(&workspace, letter.click.day)
        .await
        .expect("clicks");
    assert_eq!(stored, vec![letter.click]);
    assert_eq!(lib::testing::messages_in(&queue).await, 0);
}

#[tokio::test]
async fn reset_link_prints_a_link_that_sets_a_new_password_once() {
    let cli = Cli::new().await;
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
    let printed = cli.ok(&[
        "user",
        "reset-link",
        "--user",
        "ann@example.com",
        "--base-url",
        "https://links.example.com",
    ]);
    let link = printed["resetLink"].as_str().expect("a link");
    let token = link
        .strip_prefix("https://links.example.com/account/reset-password/")
        .expect("a reset link on the base URL");
    let token = lib::domain::OneTimeToken::parse(token).expect("a one-time token");
    let service = cli.service().await;
    let password = lib::domain::NewPassword::parse("a password from the link").unwrap();
    service
        .reset_password(&token, password.clone())
        .await
        .expect("the link works");
    assert!(cli.signs_in("ann@example.com", "a password from the link").await);
    assert!(service.reset_password(&token, password).await.is_err(), "once");
}

#[tokio::test]
async fn reset_link_without_a_base_url_says_what_to_give() {
    let cli = Cli::new().await;
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
    let reason = cli.fails(&["user", "reset-link", "--user", "ann@example.com"]);
    assert!(reason.contains("--base-url"), "{reason}");
}

#[tokio::test]
async fn the_operator_cannot_make_a_second_owner_or_remove_the_owner() {
    let cli = Cli::new().await;
    cli.ok(&["user", "create", "--email", "owner@example.com"]);
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
    let ws = cli.ok(&["workspace", "create", "--name", "Acme", "--owner", "owner@example.com"]);
    let ws = ws["id"].as_str().unwrap();
    let add = cli.fails(&[
        "member",
        "add",
        "--workspace",
        ws,
        "--user",
        "ann@example.com",
        "--role",
        "owner",
    ]);
    assert!(add.contains("A workspace has one owner"), "{add}");
    let demote = cli.fails(&[
        "member",
        "add",
        "--workspace",
        ws,
        "--user",
        "owner@example.com",
        "--role",
        "member",
    ]);
    assert!(
        demote.contains("The owner's role changes only by handing ownership"),
        "{demote}"
    );
    let remove = cli.fails(&["member", "remove", "--workspace", ws, "--user", "owner@example.com"]);
    assert!(remove.contains("The owner cannot be removed"), "{remove}");
}

#[tokio::test]
async fn a_workspace_suspended_and_unsuspended_is_audited_with_who_and_why() {
    let cli = Cli::new().await;
    cli.ok(&["user", "create", "--email", "ann@example.com"]);
    let ws = cli.ok(&["workspace", "create", "--name", "Acme", "--owner", "ann@example.com"]);
    let w = ws["id"].as_str().unwrap();
    let suspended = cli.ok(&[
        "workspace",
        "suspend",
        "--workspace",
        w,
        "--reason",
        "Mass phishing",
        "--by",
        "alice",
    ]);
    assert_eq!(
        (
            suspended["changed"].as_bool(),
            suspended["suspendedReason"].as_str(),
            suspended["links"].as_u64()
        ),
        (Some(true), Some("Mass phishing"), Some(0))
    );
    let lifted = cli.ok(&[
        "workspace",
        "unsuspend",
        "--workspace",
        w,
        "--reason",
        "Cleaned up",
        "--by",
        "bob",
    ]);
    assert_eq!(lifted["changed"], true);
    let out = cli.run(&["audit", "list"]);
    let audit: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    let seen: Vec<(&str, &str, &str, &str)> = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["action"].as_str().unwrap(),
                e["target"].as_str().unwrap(),
                e["by"].as_str().unwrap(),
                e["reason"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("workspace-suspended", w, "alice", "Mass phishing"),
            ("workspace-unsuspended", w, "bob", "Cleaned up"),
        ]
    );
}

/// `linkctl link disable` of a link that is not there, with `reason`: its one-line refusal.
async fn disabling_a_missing_link(reason: &str) -> String {
    let cli = Cli::new().await;
    let id = "65a1b2c3d4e5f60718293a4b";
    cli.fails(&["link", "disable", "--id", id, "--reason", reason, "--by", "alice"])
}

#[tokio::test]
async fn disabling_a_link_that_does_not_exist_exits_non_zero_with_one_line() {
    let stderr = disabling_a_missing_link("Phishing").await;
    assert_eq!(stderr.trim(), "linkctl: no link 65a1b2c3d4e5f60718293a4b");
}

#[tokio::test]
async fn a_switch_without_a_reason_is_refused() {
    let stderr = disabling_a_missing_link(" ").await;
    assert_eq!(stderr.trim(), "linkctl: reason must not be empty.");
}

#[tokio::test]
async fn a_missing_argument_is_named_with_the_usage_line() {
    let cli = Cli::new().await;
    let unblock = cli.refused_usage(&["safety", "unblock", "evil.example"]);
    assert!(unblock.contains("--reason <REASON>"), "{unblock}");
    assert!(
        unblock.contains("Usage: linkctl safety unblock --reason <REASON>"),
        "{unblock}"
    );
    let enable = cli.refused_usage(&["link", "enable", "--id", "65a1b2c3d4e5f60718293a4b"]);
    assert!(enable.contains("--reason <REASON>"), "{enable}");
    assert!(
        enable.contains("Usage: linkctl link enable --id <ID> --reason <REASON>"),
        "{enable}"
    );
}

/// A report of one link kept at `at`, as the report page keeps it.
fn kept_report(id: &str, at: &str) -> lib::domain::LinkReport {
    lib::domain::LinkReport {
        id: lib::domain::ids::ObjectId::parse(id).unwrap(),
        link_id: lib::domain::ids::ObjectId::parse("65a1b2c3d4e5f60718293a01").unwrap(),
        workspace_id: lib::domain::ids::ObjectId::parse("65a1b2c3d4e5f60718293aaa").unwrap(),
        domain: lib::domain::Hostname::parse("host", "sl.test").unwrap(),
        slug: lib::domain::Slug::parse("prize").unwrap(),
        reason: lib::domain::ReportReason::Phishing,
        note: None,
        reported_at: at.parse().unwrap(),
    }
}

fn report_ids(page: &Value) -> Vec<&str> {
    page["reports"]
        .as_array()
        .expect("reports")
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn reports_list_newest_first_a_page_at_a_time_until_a_moment() {
    let cli = Cli::new().await;
    let service = cli.service().await;
    let store = lib::testing::store(&service);
    let (old, middle, new) = (
        "65a1b2c3d4e5f60718293001",
        "65a1b2c3d4e5f60718293002",
        "65a1b2c3d4e5f60718293003",
    );
    store
        .put_report(&kept_report(old, "2026-11-01T10:00:00Z"))
        .await
        .unwrap();
    store
        .put_report(&kept_report(middle, "2026-11-01T11:00:00Z"))
        .await
        .unwrap();
    store
        .put_report(&kept_report(new, "2026-11-01T12:00:00Z"))
        .await
        .unwrap();
    let period = ["reports", "list", "--since", "2026-11-01", "--until", "2026-11-02"];
    let first = cli.json(&[&period[..], &["--limit", "2"]].concat());
    assert_eq!(report_ids(&first), [new, middle]);
    assert_eq!(first["links"][0]["reports"], 2, "the page's reports by link");
    let cursor = first["nextCursor"].as_str().expect("a next page");
    let second = cli.json(&[&period[..], &["--limit", "2", "--cursor", cursor]].concat());
    assert_eq!(report_ids(&second), [old]);
    assert!(second["nextCursor"].is_null(), "{second}");
    let before_noon = cli.json(&[
        "reports",
        "list",
        "--since",
        "2026-11-01",
        "--until",
        "2026-11-01T11:00:00Z",
    ]);
    assert_eq!(report_ids(&before_noon), [old]);
    let refused = cli.fails(&["reports", "list", "--cursor", "LINK"]);
    assert!(
        refused.contains("That cursor is not one `reports list` gave."),
        "{refused}"
    );
}

#[tokio::test]
async fn blocking_a_top_level_domain_or_public_suffix_is_refused_with_a_sentence() {
    let cli = Cli::new().await;
    let refused = cli.fails(&["safety", "block", "com", "--reason", "one bad line", "--by", "ann"]);
    assert!(
        refused.contains(
            "com is a top-level domain or public suffix: blocking it would block every site under it, so block the sites themselves."
        ),
        "{refused}"
    );
    cli.fails(&[
        "safety",
        "block",
        "github.io",
        "--reason",
        "one bad line",
        "--by",
        "ann",
    ]);
    let own = cli.fails(&["safety", "block", "sl.test", "--reason", "one bad line", "--by", "ann"]);
    assert!(own.contains("sl.test is this service's own domain"), "{own}");
    let listed = cli.json(&["safety", "list"]);
    assert_eq!(listed["blocked"], serde_json::json!([]));
    let site = cli.json(&[
        "safety",
        "block",
        "evil.github.io",
        "--reason",
        "phishing",
        "--by",
        "ann",
    ]);
    assert_eq!(site["blocked"], true);
}
