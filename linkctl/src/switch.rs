//! The operator's switch on the command line: `linkctl link disable|enable`, `linkctl
//! workspace suspend|unsuspend` and `linkctl audit list`. Each action is written with its audit
//! item: who (`--by`, by default `$USER`), when, why (`--reason`).

use chrono::{DateTime, Utc};
use clap::Subcommand;
use lib::admin::AdminError;
use lib::domain::ids::ObjectId;
use lib::domain::{Invalid, OperatorName, OperatorReason, parse_operator, parse_reason};
use lib::service::Service;
use lib::service::switch::Switched;
use serde_json::{Value, json};

/// Who acts and why, as every switch takes them.
#[derive(clap::Args)]
pub(crate) struct Why {
    /// Why, as the owner will read it (1 to 500 characters).
    #[arg(long)]
    reason: String,
    /// Who acts (kept in the audit item); default `$USER`.
    #[arg(long)]
    by: Option<String>,
}

impl Why {
    pub(crate) fn parse(&self) -> Result<(OperatorReason, OperatorName), AdminError> {
        let by = match &self.by {
            Some(by) => by.clone(),
            None => std::env::var("USER").map_err(|_| Invalid::new("by", "give --by (USER is not set)."))?,
        };
        Ok((parse_reason(&self.reason)?, parse_operator(&by)?))
    }
}

#[derive(Subcommand)]
pub(crate) enum LinkCommand {
    /// Disable a link for abuse: its visitors get 451, its owner sees the reason and cannot
    /// switch it back on.
    Disable {
        /// The link's id.
        #[arg(long)]
        id: String,
        #[command(flatten)]
        why: Why,
    },
    /// Enable a link the operator disabled.
    Enable {
        #[arg(long)]
        id: String,
        #[command(flatten)]
        why: Why,
    },
}

#[derive(Subcommand)]
pub(crate) enum SuspendCommand {
    /// Suspend a workspace for abuse: every link of it answers 451, its API keys and OAuth
    /// grants get 403, the app says why.
    Suspend {
        #[arg(long)]
        workspace: String,
        #[command(flatten)]
        why: Why,
    },
    /// Lift a workspace's suspension.
    Unsuspend {
        #[arg(long)]
        workspace: String,
        #[command(flatten)]
        why: Why,
    },
}

#[derive(Subcommand)]
pub(crate) enum AuditCommand {
    /// The operator's actions, oldest first (at most 1,000; at most 36 months back).
    List {
        /// ISO 8601 date-time (or date); default 30 days ago.
        #[arg(long, value_parser = crate::cli::parse_time)]
        since: Option<DateTime<Utc>>,
    },
}

fn id_of(field: &str, raw: &str) -> Result<ObjectId, AdminError> {
    ObjectId::parse(raw.trim()).map_err(|_| Invalid::new(field, format!("{raw:?} is not a {field} id")).into())
}

/// What a switch printed: the id, what it is now, and whether it changed.
fn answer(switched: Switched, what: &str, raw: &str, state: Value) -> Result<Value, AdminError> {
    match switched {
        Switched::NotFound => Err(AdminError::NotFound(format!("no {what} {raw}"))),
        Switched::Done | Switched::Unchanged => {
            let mut out = json!({ "id": raw.trim(), "changed": switched == Switched::Done });
            if let (Value::Object(out), Value::Object(state)) = (&mut out, state) {
                out.extend(state);
            }
            Ok(out)
        }
    }
}

pub(crate) async fn link(service: &Service, command: LinkCommand) -> Result<Value, AdminError> {
    let (raw, disable, why) = match &command {
        LinkCommand::Disable { id, why } => (id, true, why),
        LinkCommand::Enable { id, why } => (id, false, why),
    };
    let id = id_of("link", raw)?;
    let (reason, by) = why.parse()?;
    let switched = if disable {
        service.disable_link(&id, &reason, &by).await?
    } else {
        service.enable_link(&id, &reason, &by).await?
    };
    let reason = disable.then(|| reason.as_str().to_string());
    answer(switched, "link", raw, json!({ "disabledReason": reason }))
}

pub(crate) async fn workspace(service: &Service, command: SuspendCommand) -> Result<Value, AdminError> {
    let (raw, suspend, why) = match &command {
        SuspendCommand::Suspend { workspace, why } => (workspace, true, why),
        SuspendCommand::Unsuspend { workspace, why } => (workspace, false, why),
    };
    let id = id_of("workspace", raw)?;
    let (reason, by) = why.parse()?;
    let (switched, stamped) = if suspend {
        service.suspend_workspace(&id, &reason, &by).await?
    } else {
        service.unsuspend_workspace(&id, &reason, &by).await?
    };
    if stamped.unlisted > 0 {
        // Said on stderr too, so that an operator reading only the terminal sees it.
        eprintln!(
            "linkctl: {} link(s) of the workspace were not listed by the link index in time and are not {}; run the command again.",
            stamped.unlisted,
            if suspend { "stamped" } else { "unstamped" }
        );
    }
    let reason = suspend.then(|| reason.as_str().to_string());
    answer(
        switched,
        "workspace",
        raw,
        json!({ "suspendedReason": reason, "links": stamped.changed, "unstamped": stamped.unlisted }),
    )
}

pub(crate) async fn audit(service: &Service, command: AuditCommand) -> Result<Value, AdminError> {
    let AuditCommand::List { since } = command;
    let since = since.unwrap_or_else(|| Utc::now() - chrono::Duration::days(30));
    let entries = service.audit_list(since).await?;
    let entries: Vec<Value> = entries
        .iter()
        .map(|e| {
            json!({
                "at": e.at,
                "by": e.by.as_str(),
                "action": e.action.as_str(),
                "target": e.target,
                "reason": e.reason.as_str(),
            })
        })
        .collect();
    Ok(json!({ "entries": entries }))
}
