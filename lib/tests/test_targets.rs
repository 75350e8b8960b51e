//! A target that builds no test harness (`test = false`) holds no tests, and one whose doc
//! comments are not run (`doctest = false`) holds no examples that would be: a test written there
//! would never run, and nothing else would say so. Read from `cargo metadata`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// The workspace's own targets, from `cargo metadata`.
fn targets() -> Vec<Value> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--no-deps", "--format-version", "1", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("cargo metadata's JSON");
    metadata["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .flat_map(|package| package["targets"].as_array().expect("targets").clone())
        .collect()
}

fn is_kind(target: &Value, kind: &str) -> bool {
    target["kind"].as_array().expect("kind").iter().any(|k| k == kind)
}

/// The files a library or binary target is compiled from: `src/bin/<name>.rs` alone, else the
/// folder of its root file without `src/bin`.
fn sources_of(target: &Value) -> Vec<PathBuf> {
    let root = PathBuf::from(target["src_path"].as_str().expect("src_path"));
    let dir = root.parent().expect("a folder");
    if dir.ends_with("bin") {
        return vec![root];
    }
    let mut found = Vec::new();
    collect(dir, &mut found);
    found
}

fn collect(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            if !path.ends_with("bin") {
                collect(&path, found);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The lines of `text` that would make a test in a target compiled without a harness.
fn test_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|line| {
            line.starts_with("#[test]") || line.starts_with("#[tokio::test") || line.starts_with("#[cfg(test)]")
        })
        .map(String::from)
        .collect()
}

/// The doc-comment lines of `text` that open an example rustdoc would run (a fence without a
/// language, or with `rust`); a fence's closing line is not an opening.
fn doctest_lines(text: &str) -> Vec<String> {
    let mut open = false;
    let mut found = Vec::new();
    for line in text.lines().map(str::trim) {
        let Some(doc) = line.strip_prefix("///").or_else(|| line.strip_prefix("//!")) else {
            continue;
        };
        let Some(info) = doc.trim().strip_prefix("```") else {
            continue;
        };
        if !open && (info.is_empty() || info.split(',').any(|word| word.trim() == "rust")) {
            found.push(doc.trim().to_string());
        }
        open = !open;
    }
    found
}

fn offenders(flag: &str, find: fn(&str) -> Vec<String>) -> Vec<String> {
    let mut found = Vec::new();
    for target in targets() {
        if target[flag] != Value::Bool(false) || !(is_kind(&target, "lib") || is_kind(&target, "bin")) {
            continue;
        }
        for file in sources_of(&target) {
            let text = std::fs::read_to_string(&file).expect("readable source");
            for line in find(&text) {
                found.push(format!("{} ({}): {line}", file.display(), target["name"]));
            }
        }
    }
    found
}

#[test]
fn a_target_built_without_a_test_harness_holds_no_tests() {
    let found = offenders("test", test_lines);
    assert!(
        found.is_empty(),
        "these tests would never run (their target says test = false; put them in tests/, or drop test = false):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_target_whose_doc_comments_are_not_run_holds_no_examples() {
    let found = offenders("doctest", doctest_lines);
    assert!(
        found.is_empty(),
        "these doc examples would never run (their target says doctest = false; mark them ```text or make them tests):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_see_tests_and_examples() {
    assert_eq!(
        test_lines("fn a() {}\n    #[test]\nfn b() {}\n#[tokio::test(flavor = \"multi_thread\")]"),
        ["#[test]", "#[tokio::test(flavor = \"multi_thread\")]"]
    );
    assert_eq!(test_lines("#[cfg(test)]\nmod tests;"), ["#[cfg(test)]"]);
    assert_eq!(
        doctest_lines("/// ```\n/// a();\n/// ```\n/// ```text\n/// ```\n//! ```rust,no_run\n//! ```\n// ```"),
        ["```", "```rust,no_run"]
    );
    assert!(doctest_lines("/// ```json\n/// {}\n/// ```\n/// ```sh\n/// ```").is_empty());
}
