//! `linkctl safety`: the destinations no link may send anyone to (blocked hosts and URL
//! prefixes), kept in the table beside the optional `BLOCKLIST_FILE`.

use clap::Subcommand;
use lib::admin::AdminError;
use lib::service::Service;
use lib::service::safety::{BlockChange, OperatorBlockError};
use serde_json::{Value, json};

#[derive(Subcommand)]
pub(crate) enum SafetyCommand {
    /// Block a host (and every name under it) or a URL prefix: links may no longer point to
    /// it, and links that do answer 451 (each process within a minute).
    Block {
        /// `evil.example`, or a URL prefix such as `https://site.example/phish`.
        entry: String,
        /// Why (kept with the entry).
        #[arg(long)]
        reason: String,
        /// Who blocks it (default: $USER).
        #[arg(long)]
        by: Option<String>,
    },
    /// Unblock a host or URL prefix the operator blocked (a list file's entries stay).
    Unblock { entry: String },
    /// The blocked hosts and URL prefixes, with why, who and when.
    List,
}

fn admin_error(err: OperatorBlockError) -> AdminError {
    match err {
        OperatorBlockError::Invalid(invalid) => AdminError::Invalid(invalid),
        OperatorBlockError::Store(store) => AdminError::Store(store),
    }
}

fn change_json(change: BlockChange, done: &str) -> Value {
    match change {
        BlockChange::Done(entry) => json!({ "entry": entry.as_text(), done: true }),
        BlockChange::Unchanged(entry) => json!({ "entry": entry.as_text(), done: false }),
    }
}

pub(crate) async fn run(service: &Service, command: SafetyCommand) -> Result<Value, AdminError> {
    Ok(match command {
        SafetyCommand::Block { entry, reason, by } => {
            let by = by
                .or_else(|| std::env::var("USER").ok())
                .unwrap_or_else(|| "operator".to_string());
            let change = service
                .block_destination(&entry, &reason, &by)
                .await
                .map_err(admin_error)?;
            change_json(change, "blocked")
        }
        SafetyCommand::Unblock { entry } => {
            let change = service.unblock_destination(&entry).await.map_err(admin_error)?;
            change_json(change, "unblocked")
        }
        SafetyCommand::List => {
            let blocked = service.blocked_destinations().await?;
            json!({
                "blocked": blocked,
                "fileEntries": service.blocklist_file_entries(),
            })
        }
    })
}
