//! `dev-server-sample-event <function>`: prints the function's sample event (its file in
//! `events/`, or the one generated from the manifest), for `sam local invoke --event`.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let name = std::env::args()
        .nth(1)
        .ok_or("usage: dev-server-sample-event <function>")?;
    let function = lib::manifest::function(&name).ok_or_else(|| format!("no function {name} in the manifest"))?;
    let event =
        dev_server::sample_events::sample_event(function).ok_or_else(|| format!("{name} has no sample event"))?;
    println!("{}", event.trim_end());
    Ok(())
}
