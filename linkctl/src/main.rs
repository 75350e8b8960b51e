//! `linkctl`: account administration. Every command prints one JSON object on stdout; a
//! refused command exits non-zero with a one-line reason on stderr, and arguments clap cannot
//! read with clap's whole message (what is wrong or missing, the usage line, where help is).

mod cli;
mod commands;
mod health;
mod reports;
mod safety;
mod switch;

use std::process::ExitCode;

use clap::Parser;
use lib::service::Service;

use cli::{Cli, Command};
use commands::run;

#[tokio::main]
async fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            // Every line: a missing argument is named on the lines after the first.
            let text = e.to_string();
            eprint!("linkctl: {}", text.strip_prefix("error: ").unwrap_or(&text));
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
