//! Every HTTP function answers through `lib::http::run`, which adds what every answer carries
//! (`Strict-Transport-Security`); a function calling `lambda_http::run` itself would answer
//! without it, and no test through the dev server would see that.

use std::path::Path;

#[test]
fn every_http_function_runs_its_handler_through_lib_http_run() {
    let functions = Path::new(env!("CARGO_MANIFEST_DIR")).join("../functions");
    let mut http_functions = 0;
    for entry in std::fs::read_dir(&functions).expect("functions/") {
        let main = entry.expect("entry").path().join("src/main.rs");
        let Ok(source) = std::fs::read_to_string(&main) else {
            continue;
        };
        if !source.contains("lambda_http") {
            continue;
        }
        http_functions += 1;
        assert!(
            source.contains("use lib::http::run;") && !source.contains("lambda_http::run"),
            "{} must run its handler with lib::http::run",
            main.display()
        );
    }
    assert!(http_functions >= 30, "found {http_functions} HTTP functions");
}
