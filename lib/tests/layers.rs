//! Layers flow one way: domain → wire → store → service → doors. Every `crate::<module>` path in
//! a module's code (test modules and test support left out) must name its own module or one of a
//! lower layer; the doors (http, mcp, pages, oauth, redirect, openapi, admin) may use each other.

use std::path::{Path, PathBuf};

/// Each top-level module of `lib/src` and its layer (lower is more basic).
const LAYERS: &[(&str, u8)] = &[
    ("clock", 0),
    ("telemetry", 0),
    // How a function's work outlives its answer (the redirect's click write): runtime plumbing.
    ("after_response", 1),
    ("retry", 1),
    ("domain", 1),
    ("net", 1),
    ("wire", 2),
    ("config", 2),
    ("visitor", 2),
    ("manifest", 2),
    ("routing", 3),
    ("store", 4),
    // Outgoing e-mail over SMTP: an outbound adapter, like the store.
    ("mail", 4),
    // The webhook delivery queue (SQS, or in process), beside the store.
    ("queue", 4),
    // TXT look-ups that verify custom domains: an outbound adapter too.
    ("dns", 4),
    ("analytics", 5),
    ("qr", 5),
    ("service", 6),
    ("http", 7),
    ("mcp", 7),
    ("pages", 7),
    ("oauth", 7),
    ("redirect", 7),
    ("openapi", 7),
    ("admin", 7),
    // The one public base URL, read from the request API Gateway hands a door.
    ("origin", 7),
];

/// Modules that are one layer's parts: object ids are domain values.
const PARTS: &[(&str, &str)] = &[("ids", "domain")];

/// The module a name counts as.
fn group(module: &str) -> &str {
    PARTS
        .iter()
        .find(|(part, _)| *part == module)
        .map_or(module, |(_, whole)| whole)
}

/// The doors' layer: they may use each other.
const DOORS: u8 = 7;

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(name, _)| *name == module).map(|(_, layer)| *layer)
}

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The top-level module a file belongs to (`store` for `store/keys.rs`).
fn module_of(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root).expect("under lib/src");
    let first = relative
        .components()
        .next()
        .expect("a path")
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// The file's code without its test module (which may use anything) and its comments.
fn code(text: &str) -> String {
    let code = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    code.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `crate::<module>` a piece of code names.
fn named_modules(code: &str) -> Vec<String> {
    code.match_indices("crate::")
        .filter(|(at, _)| !code[..*at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
        .map(|(at, _)| {
            code[at + "crate::".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    let mut upward = Vec::new();
    for file in files {
        let module = group(&module_of(&root, &file)).to_string();
        if module == "lib" || module == "testing" {
            continue;
        }
        let own = layer(&module).unwrap_or_else(|| panic!("{module}: give the new module a layer in LAYERS"));
        let text = std::fs::read_to_string(&file).expect("a source file");
        for named in named_modules(&code(&text)) {
            let named = group(&named).to_string();
            if named == module || named == "testing" {
                continue;
            }
            let theirs = layer(&named).unwrap_or_else(|| panic!("{named}: give the new module a layer in LAYERS"));
            if theirs > own || (theirs == own && own != DOORS) {
                upward.push(format!(
                    "{} uses crate::{named}",
                    file.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    upward.sort();
    upward.dedup();
    assert!(upward.is_empty(), "imports against the layers:\n{}", upward.join("\n"));
}

#[test]
fn the_check_sees_paths_in_use_lines_and_in_code() {
    let code = "use crate::store::Store;\nfn f() { crate::http::error_body(); let x = mycrate::y; }";
    assert_eq!(named_modules(code), ["store", "http"]);
}
