#[test]
fn dump() {
    let defs: Vec<_> = lib::mcp::tools::TOOLS
        .iter()
        .map(|t| serde_json::to_value(&t.definition).unwrap())
        .collect();
    std::fs::write(
        std::env::var("DUMP_TO").unwrap(),
        serde_json::to_string_pretty(&defs).unwrap(),
    )
    .unwrap();
}
