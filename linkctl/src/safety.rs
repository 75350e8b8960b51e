//! `linkctl safety`: the destinations no link may send anyone to (blocked hosts and URL
//! prefixes), kept in the table beside the optional `BLOCKLIST_FILE`. Blocking and unblocking
//! each leave an audit item (`--by`, by default `$USER`; `--reason`), like the switch's.

use clap::Subcommand;
use lib::admin::AdminError;
use lib::domain::BlockEntry;
use lib::service::Service;
use lib::service::safety::BlockChange;

use crate::switch::Why;
use serde_json::{Value, json};

#[derive(Subcommand)]
pub(crate) enum SafetyCommand {
    /// Block a host (and every name under it) or a URL prefix: links may no longer point to
    /// it, and links that do answer 451 (each process within a minute).
    Block {
        /// `evil.example`, or a URL prefix such as `https://site.example/phish`.
        entry: String,
        #[command(flatten)]
        why: Why,
    },
    /// Unblock a host or URL prefix the operator blocked (a list file's entries stay).
    Unblock {
        entry: String,
        #[command(flatten)]
        why: Why,
    },
    /// The blocked hosts and URL prefixes, with why, who and when.
    List,
}

fn change_json(change: BlockChange, done: &str) -> Value {
    match change {
        BlockChange::Done(entry) => json!({ "entry": entry.as_text(), done: true }),
        BlockChange::Unchanged(entry) => json!({ "entry": entry.as_text(), done: false }),
    }
}

pub(crate) async fn run(service: &Service, command: SafetyCommand) -> Result<Value, AdminError> {
    Ok(match command {
        SafetyCommand::Block { entry, why } => {
            let (reason, by) = why.parse()?;
            let change = service
                .block_destination(&BlockEntry::parse(&entry)?, &reason, &by)
                .await?;
            change_json(change, "blocked")
        }
        SafetyCommand::Unblock { entry, why } => {
            let (reason, by) = why.parse()?;
            let change = service
                .unblock_destination(&BlockEntry::parse(&entry)?, &reason, &by)
                .await?;
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
