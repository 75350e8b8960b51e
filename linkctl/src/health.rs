//! `linkctl health …`: run one pass of the link-health check now (as the hourly function does),
//! send a day's mail of broken links, turn a workspace's checking off or on.

use clap::Subcommand;
use lib::admin::AdminError;
use lib::domain::ids::ObjectId;
use lib::service::Service;
use serde_json::{Value, json};

#[derive(Subcommand)]
pub(crate) enum HealthCommand {
    /// Run one pass of the check now (within the hourly run's budget) and the daily mail.
    Check,
    /// Send the mails of a day's broken links again (YYYY-MM-DD), whether or not they went.
    Mail {
        #[arg(long)]
        day: chrono::NaiveDate,
    },
    /// Stop checking a workspace's links (`--on` to check them again).
    Off {
        #[arg(long)]
        workspace: String,
        #[arg(long)]
        on: bool,
    },
}

fn failed(error: lib::service::ServiceError) -> AdminError {
    AdminError::Conflict(lib::telemetry::error_chain(&error))
}

pub(crate) async fn run(service: &Service, command: HealthCommand) -> Result<Value, AdminError> {
    Ok(match command {
        HealthCommand::Check => {
            let done = service.check_link_health().await.map_err(failed)?;
            let mailed = service.mail_broken_links().await.map_err(failed)?;
            json!({ "run": done, "mailed": mailed })
        }
        HealthCommand::Mail { day } => {
            let day = day.format("%Y-%m-%d").to_string();
            let mailed = service.mail_broken_links_of(&day).await.map_err(failed)?;
            json!({ "day": day, "mailed": mailed })
        }
        HealthCommand::Off { workspace, on } => {
            let id =
                ObjectId::parse(&workspace).map_err(|_| AdminError::NotFound(format!("no workspace {workspace}")))?;
            if !service.set_health_checks_off(&id, !on).await.map_err(failed)? {
                return Err(AdminError::NotFound(format!("no workspace {workspace}")));
            }
            json!({ "workspaceId": id, "healthChecks": if on { "on" } else { "off" } })
        }
    })
}
