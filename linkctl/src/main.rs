//! `linkctl`: account administration. Every command prints one JSON object on stdout;
//! bad arguments exit non-zero with a one-line reason on stderr.

use std::process::ExitCode;

use chrono::{DateTime, NaiveDate, Utc};
use clap::{Parser, Subcommand};
use lib::admin::{self, AdminError, KeyGrants, NewWorkspace};
use lib::domain::{Plan, PlanChange, RateLimitOverrides, Setting};
use lib::service::Service;
use serde_json::{Value, json};

#[derive(Parser)]
#[command(
    name = "linkctl",
    version,
    about = "Administer users, workspaces, members, domains, tags and API keys"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
    /// API keys.
    Key {
        #[command(subcommand)]
        command: KeyCommand,
    },
    /// Print the OpenAPI document (needs no table): `linkctl openapi > docs/openapi.json`.
    Openapi,
}

#[derive(Subcommand)]
enum UserCommand {
    /// Create a user.
    Create {
        #[arg(long)]
        email: String,
        /// Read the user's password (for the sign-in page) from the first line of stdin.
        #[arg(long)]
        password_stdin: bool,
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
enum WorkspaceCommand {
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
}

/// A plan's own request rate limits, per minute: a number (`0` turns the limit off) or
/// `default` (the operator's RATE_LIMIT_* setting).
#[derive(clap::Args)]
struct RateLimitArgs {
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
    fn into_change(self, max_links: Option<u64>, max_rules: Option<u64>) -> PlanChange {
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
    fn overrides(&self) -> RateLimitOverrides {
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

/// The plan as printed: quotas and the effective rate limits of the workspace.
fn plan_json(service: &Service, plan: &Plan) -> Value {
    let limits = service.config.rate_limits.with(&plan.rate_limits);
    json!({
        "maxLinks": plan.max_links,
        "maxRulesPerLink": plan.max_rules_per_link,
        "rateLimits": {
            "perKey": limits.per_key,
            "bulkPerKey": limits.bulk_per_key,
            "analyticsPerKey": limits.analytics_per_key,
            "perWorkspace": limits.per_workspace,
        },
    })
}

#[derive(Subcommand)]
enum MemberCommand {
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
enum DomainCommand {
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
enum TagCommand {
    /// Create a tag in a workspace.
    Create {
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        name: String,
    },
}

#[derive(Subcommand)]
enum KeyCommand {
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

/// The first line of stdin, without its line ending.
fn read_password() -> Result<String, AdminError> {
    let mut line = String::new();
    std::io::stdin()
        .read_line(&mut line)
        .map_err(|e| AdminError::Invalid(lib::domain::Invalid::new("password", format!("cannot read stdin: {e}"))))?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

fn parse_time(raw: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(raw)
        .map(|t| t.with_timezone(&Utc))
        .or_else(|_| {
            NaiveDate::parse_from_str(raw, "%Y-%m-%d").map(|d| d.and_hms_opt(0, 0, 0).expect("midnight").and_utc())
        })
        .map_err(|_| format!("{raw:?} is not an ISO 8601 date-time such as 2027-01-31T00:00:00Z"))
}

/// Adds `extra`'s fields to the object `out`.
fn merge(out: &mut Value, extra: Value) {
    if let (Value::Object(out), Value::Object(extra)) = (out, extra) {
        out.extend(extra);
    }
}

async fn run(service: &Service, command: Command) -> Result<Value, AdminError> {
    Ok(match command {
        Command::User {
            command: UserCommand::Create { email, password_stdin },
        } => {
            let password = password_stdin.then(read_password).transpose()?;
            let user = admin::create_user_with_password(service, &email, password.as_deref()).await?;
            json!({ "id": user.id, "email": user.email, "password": user.password_hash.is_some() })
        }
        Command::User {
            command: UserCommand::SetPassword { user, .. },
        } => {
            let password = read_password()?;
            let user = admin::set_password(service, &user, &password).await?;
            json!({ "id": user.id, "email": user.email, "password": true })
        }
        Command::Workspace {
            command:
                WorkspaceCommand::Create {
                    name,
                    owner,
                    max_links,
                    max_rules,
                    license_expires,
                    rate_limits,
                },
        } => {
            let options = NewWorkspace {
                id: None,
                name,
                max_links,
                max_rules,
                license_expires,
                rate_limits: rate_limits.overrides(),
            };
            let ws = admin::create_workspace(service, &owner, options).await?;
            let mut out = json!({ "id": ws.id, "name": ws.name, "ownerId": ws.owner_id });
            merge(&mut out, plan_json(service, &ws.plan));
            out
        }
        Command::Workspace {
            command:
                WorkspaceCommand::SetPlan {
                    workspace,
                    max_links,
                    max_rules,
                    rate_limits,
                },
        } => {
            let change = rate_limits.into_change(max_links, max_rules);
            let plan = admin::set_plan(service, &workspace, &change).await?;
            let mut out = json!({ "id": workspace });
            merge(&mut out, plan_json(service, &plan));
            out
        }
        Command::Workspace {
            command: WorkspaceCommand::SetLicense { workspace, expires },
        } => {
            let id = admin::set_license(service, &workspace, Some(expires)).await?;
            json!({ "id": id, "licenseExpiresAt": expires })
        }
        Command::Member {
            command: MemberCommand::Add { workspace, user, role },
        } => {
            let m = admin::add_member(service, &workspace, &user, &role).await?;
            json!({ "id": m.user_id, "workspaceId": m.workspace_id, "role": m.role })
        }
        Command::Member {
            command: MemberCommand::Remove { workspace, user },
        } => {
            let (workspace, user) = admin::remove_member(service, &workspace, &user).await?;
            json!({ "id": user, "workspaceId": workspace, "removed": true })
        }
        Command::Domain {
            command:
                DomainCommand::Add {
                    workspace,
                    host,
                    verified,
                },
        } => {
            let d = admin::add_domain(service, &workspace, &host, verified).await?;
            json!({ "id": d.host, "workspaceId": d.workspace_id, "verified": d.verified })
        }
        Command::Tag {
            command: TagCommand::Create { workspace, name },
        } => {
            let t = admin::create_tag(service, &workspace, &name).await?;
            json!({ "id": t.id, "workspaceId": t.workspace_id, "name": t.name })
        }
        Command::Openapi => json!({ "openapi": lib::openapi::document() }),
        Command::Key {
            command: KeyCommand::Create { user, api, mcp_scopes },
        } => {
            let scopes = mcp_scopes.as_deref().map(admin::parse_scopes).transpose()?;
            let (user, key) = admin::create_key(
                service,
                &user,
                KeyGrants {
                    http_api: api,
                    mcp_scopes: scopes,
                },
            )
            .await?;
            json!({ "id": user.id, "key": key })
        }
    })
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.to_string();
            let line = text
                .lines()
                .next()
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ");
            eprintln!("linkctl: {line}");
            return ExitCode::from(2);
        }
    };
    if let Command::Openapi = cli.command {
        print!("{}", lib::openapi::pretty());
        return ExitCode::SUCCESS;
    }
    let service = match Service::from_env().await {
        Ok(service) => service,
        Err(e) => {
            eprintln!("linkctl: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&service, cli.command).await {
        Ok(value) => {
            println!("{value}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("linkctl: {e}");
            ExitCode::FAILURE
        }
    }
}
