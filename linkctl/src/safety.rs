//! `linkctl safety`: the destinations no link may send anyone to (blocked hosts and URL
//! prefixes), kept in the table beside the optional list file (`BLOCKLIST_FILE`, or the list
//! fetched from `BLOCKLIST_URL` into the table: `linkctl safety fetch`). Blocking and unblocking
//! each leave an audit item (`--by`, by default `$USER`; `--reason`), like the switch's.

use clap::Subcommand;
use lib::admin::AdminError;
use lib::domain::BlockEntry;
use lib::service::Service;
use lib::service::safety::{BlockChange, BlocklistUrl, ListFetchError};

use crate::switch::Why;
use serde_json::{Value, json};

#[derive(Subcommand)]
pub(crate) enum SafetyCommand {
    /// Block a host (and every name under it) or a URL prefix: links may no longer point to
    /// it, and links that do answer 451 (each process within a minute). A top-level domain, a
    /// public suffix or the service's own domain is refused.
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
    /// The blocked hosts and URL prefixes, with why, who and when; and the list file this
    /// process checks against (a local file or the table's stored version) with its entries.
    List,
    /// Fetch the list file now and store it in the table when it changed, as the hourly
    /// `blocklist-fetch` does; prints the version, its entries and chunks, and what was
    /// skipped (single labels, public suffixes, the service's own domains: counts, examples).
    Fetch {
        /// The list's https URL (default: $BLOCKLIST_URL).
        #[arg(long)]
        url: Option<String>,
        /// Take a list even when it shrank by more than 90 % or would newly block more than 1 %
        /// of the destinations links point to.
        #[arg(long)]
        force: bool,
    },
}

fn fetch_error(err: ListFetchError) -> AdminError {
    match err {
        ListFetchError::Store(store) => AdminError::Store(store),
        other => AdminError::Conflict(lib::telemetry::error_chain(&other)),
    }
}

async fn fetch(service: &Service, url: Option<String>, force: bool) -> Result<Value, AdminError> {
    let url = match url.or_else(|| std::env::var("BLOCKLIST_URL").ok().filter(|u| !u.trim().is_empty())) {
        Some(url) => BlocklistUrl::parse(&url)?,
        None => {
            return Err(AdminError::Invalid(lib::domain::Invalid::new(
                "url",
                "no list to fetch: give --url or set BLOCKLIST_URL.",
            )));
        }
    };
    let fetched = service
        .fetch_blocklist(&lib::net::Fetcher::public(), &url, force)
        .await
        .map_err(fetch_error)?;
    Ok(serde_json::to_value(fetched).unwrap_or_default())
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
                .block_destination(&service.blockable_entry(&entry)?, &reason, &by)
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
            let list = service
                .loaded_blocklist()
                .await
                .map_err(|err| AdminError::Conflict(lib::telemetry::error_chain(&err)))?;
            json!({
                "blocked": blocked,
                "fileEntries": service.blocklist_file_entries(),
                "listFile": list,
            })
        }
        SafetyCommand::Fetch { url, force } => fetch(service, url, force).await?,
    })
}
