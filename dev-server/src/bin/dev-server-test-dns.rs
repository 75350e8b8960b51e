//! The browser tests' DNS server: `dev-server-test-dns <address:port> <zone.json>` answers TXT
//! questions from the zone file (`{ "<name>": ["<text>", …] }`, read at every question, so a
//! test publishes a record by writing the file) until it is stopped.

use std::path::PathBuf;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (Some(addr), Some(zone)) = (args.next(), args.next()) else {
        return Err("usage: dev-server-test-dns <address:port> <zone.json>".into());
    };
    let dns = lib::testing::dns::TestDns::start_at(addr.parse()?, Some(PathBuf::from(zone))).await?;
    println!("dns listening on {}", dns.addr());
    tokio::signal::ctrl_c().await?;
    Ok(())
}
