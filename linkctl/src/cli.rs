//! The command line: its commands and their arguments, as clap reads them.

use chrono::{DateTime, NaiveDate, Utc};
use clap::{Parser, Subcommand};
use lib::domain::{PlanChange, RateLimitOverrides, Setting};

#[derive(Parser)]
#[command(
    name = "linkctl",
    version,
    about = "Administer users, workspaces, members, domains, tags, UTM templates and API keys"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Users.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Workspaces.
    Workspace {
        #[command(subcommand)]
        command: WorkspaceCommand,
    },
    /// Workspace memberships.
    Member {
        #[command(subcommand)]
        command: MemberCommand,
    },
    /// Custom short-link domains.
    Domain {
        #[command(subcommand)]
        command: DomainCommand,
    },
    /// Tags.
    Tag {
        #[command(subcommand)]
        command: TagCommand,
    },
    /// UTM templates.
    UtmTemplate {
        #[command(subcommand)]
        command: UtmTemplateCommand,
    },
    /// API keys.
    Key {
        #[command(subcommand)]
        command: KeyCommand,
    },
    /// The operator's switch on one link: disable it for abuse, or enable it again.
    Link {
        #[command(subcommand)]
        command: crate::switch::LinkCommand,
    },
    /// The operator's actions (disable, enable, suspend, unsuspend), as kept.
    Audit {
        #[command(subcommand)]
        command: crate::switch::AuditCommand,
    },
    /// Clicks the redirect could not write.
    Clicks {
        #[command(subcommand)]
        command: ClickCommand,
    },
    /// Link health: run a check now, send a day's mail, turn a workspace's checking off.
    Health {
        #[command(subcommand)]
        command: crate::health::HealthCommand,
    },
    /// Reports of links by visitors.
    Reports {
        #[command(subcommand)]
        command: crate::reports::ReportCommand,
    },
    /// Blocked destinations.
    Safety {
        #[command(subcommand)]
        command: crate::safety::SafetyCommand,
    },
    /// Print the OpenAPI document (needs no table): `linkctl openapi > docs/openapi.json`.
    Openapi,
}

#[derive(Subcommand)]
pub(crate) enum ClickCommand {
    /// Write the clicks waiting in the dead-letter queue (CLICK_DEAD_LETTER_QUEUE_URL), each
    /// once, and remove them from it.
    Replay {
        /// The most messages to read in this run.
        #[arg(long, default_value_t = 1000)]
        max: usize,
    },
}

#[derive(Subcommand)]
pub(crate) enum UserCommand {
    /// Create a user.
    Create {
        #[arg(long)]
        email: String,
        /// Read the user's password (for the sign-in page) from the first line of stdin.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Print a password-reset link for a user (works once, for one hour), to pass on to them:
    /// the link for someone who forgot their password and has no mail server to receive it.
    ResetLink {
        /// The user's id or e-mail.
        #[arg(long)]
        user: String,
        /// Where the pages are served (`https://links.example.com`); default `PUBLIC_BASE_URL`.
        #[arg(long)]
        base_url: Option<String>,
    },
    /// Set a user's password (for the sign-in page), read from the first line of stdin.
    SetPassword {
        /// The user's id or e-mail.
        #[arg(long)]
        user: String,
        /// Read the password from the first line of stdin (the only way: never an argument,
        /// which would show in the process list and shell history).
        #[arg(long, required = true)]
        password_stdin: bool,
    },
}

#[derive(Subcommand)]
pub(crate) enum WorkspaceCommand {
    /// Create a workspace owned by a user (id or e-mail).
    Create {
        #[arg(long)]
        name: String,
        #[arg(long)]
        owner: String,
        #[arg(long)]
        max_links: Option<u64>,
        #[arg(long)]
        max_rules: Option<u64>,
        /// ISO 8601 date-time (or date) when the licence expires.
        #[arg(long, value_parser = parse_time)]
        license_expires: Option<DateTime<Utc>>,
        #[command(flatten)]
        rate_limits: RateLimitArgs,
    },
    /// Change a workspace's plan: quotas, and its own rate limits (`default` goes back to the
    /// operator's RATE_LIMIT_* setting).
    SetPlan {
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        max_links: Option<u64>,
        #[arg(long)]
        max_rules: Option<u64>,
        #[command(flatten)]
        rate_limits: RateLimitArgs,
    },
    /// Set when a workspace's licence expires.
    SetLicense {
        #[arg(long)]
        workspace: String,
        #[arg(long, value_parser = parse_time)]
        expires: DateTime<Utc>,
    },
    #[command(flatten)]
    Switch(crate::switch::SuspendCommand),
}

/// A plan's own request rate limits, per minute: a number (`0` turns the limit off) or
/// `default` (the operator's RATE_LIMIT_* setting).
#[derive(clap::Args)]
pub(crate) struct RateLimitArgs {
    /// Requests per minute of each API key in this workspace.
    #[arg(long, value_parser = parse_setting)]
    rate_limit_per_key: Option<Setting>,
    /// Bulk-create calls per minute of each API key.
    #[arg(long, value_parser = parse_setting)]
    rate_limit_bulk_per_key: Option<Setting>,
    /// Analytics reads per minute of each API key.
    #[arg(long, value_parser = parse_setting)]
    rate_limit_analytics_per_key: Option<Setting>,
    /// Requests per minute in this workspace, all keys together.
    #[arg(long, value_parser = parse_setting)]
    rate_limit_per_workspace: Option<Setting>,
}

impl RateLimitArgs {
    pub(crate) fn into_change(self, max_links: Option<u64>, max_rules: Option<u64>) -> PlanChange {
        PlanChange {
            max_links,
            max_rules_per_link: max_rules,
            rate_limit_per_key: self.rate_limit_per_key,
            rate_limit_bulk_per_key: self.rate_limit_bulk_per_key,
            rate_limit_analytics_per_key: self.rate_limit_analytics_per_key,
            rate_limit_per_workspace: self.rate_limit_per_workspace,
        }
    }

    /// The overrides a new workspace starts with (`default` is the same as leaving one out).
    pub(crate) fn overrides(&self) -> RateLimitOverrides {
        let value = |s: Option<Setting>| match s {
            Some(Setting::To(n)) => Some(n),
            _ => None,
        };
        RateLimitOverrides {
            per_key: value(self.rate_limit_per_key),
            bulk_per_key: value(self.rate_limit_bulk_per_key),
            analytics_per_key: value(self.rate_limit_analytics_per_key),
            per_workspace: value(self.rate_limit_per_workspace),
        }
    }
}

fn parse_setting(raw: &str) -> Result<Setting, String> {
    match raw {
        "default" => Ok(Setting::Default),
        n => n
            .parse()
            .map(Setting::To)
            .map_err(|_| format!("{raw:?} is not a whole number of requests per minute (or default)")),
    }
}

#[derive(Subcommand)]
pub(crate) enum MemberCommand {
    /// Add a user to a workspace (or change their role).
    Add {
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        user: String,
        /// owner, manager or member.
        #[arg(long)]
        role: String,
    },
    /// Remove a user from a workspace: their keys and OAuth grants stop reaching it at once.
    Remove {
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        user: String,
    },
}

#[derive(Subcommand)]
pub(crate) enum DomainCommand {
    /// Register a host for a workspace.
    Add {
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        host: String,
        #[arg(long)]
        verified: bool,
    },
}

#[derive(Subcommand)]
pub(crate) enum TagCommand {
    /// Create a tag in a workspace.
    Create {
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        name: String,
    },
}

#[derive(Subcommand)]
pub(crate) enum UtmTemplateCommand {
    /// Create a UTM template in a workspace (a name and at least one field).
    Create {
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        name: String,
        #[arg(long)]
        source: Option<String>,
        #[arg(long)]
        medium: Option<String>,
        #[arg(long)]
        campaign: Option<String>,
        #[arg(long)]
        term: Option<String>,
        #[arg(long)]
        content: Option<String>,
    },
}

#[derive(Subcommand)]
pub(crate) enum KeyCommand {
    /// Generate a user's API key (printed once); the previous key stops working at once.
    Create {
        #[arg(long)]
        user: String,
        /// Grant HTTP API access.
        #[arg(long)]
        api: bool,
        /// Enable MCP with these scopes (comma-separated: links:read,links:write,links:delete,links:bulk,analytics:read).
        #[arg(long)]
        mcp_scopes: Option<String>,
    },
}

pub(crate) fn parse_time(raw: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(raw)
        .map(|t| t.with_timezone(&Utc))
        .or_else(|_| {
            NaiveDate::parse_from_str(raw, "%Y-%m-%d").map(|d| d.and_hms_opt(0, 0, 0).expect("midnight").and_utc())
        })
        .map_err(|_| format!("{raw:?} is not an ISO 8601 date-time such as 2027-01-31T00:00:00Z"))
}
