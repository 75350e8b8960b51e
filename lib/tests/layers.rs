//! Layers flow one way: domain → wire → store → service → the doors' toolkit → doors. Every
//! `crate::<module>` path in a module's code (test modules and test support left out) must name
//! its own module or one of a lower layer. Three rules follow from it and are checked on their
//! own, so a break names the rule it breaks:
//! - no door imports another door (they stand on the toolkit, `http` and `origin`);
//! - no door names the store (doors reach data only through the service);
//! - no cycle between modules: between top-level modules, nor between the feature folders of one
//!   module (`service/links` and `service/visits`).

use std::collections::{BTreeMap, BTreeSet};
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
    // The doors' toolkit: reading requests, writing responses, errors to statuses, transport.
    ("http", 7),
    // The one public base URL, read from the request API Gateway hands a door (through `http`).
    ("origin", 8),
    ("api", DOORS),
    ("mcp", DOORS),
    ("pages", DOORS),
    ("oauth", DOORS),
    ("redirect", DOORS),
    // The operator's door: `linkctl` and the dev server's demo seed.
    ("admin", DOORS),
    // The OpenAPI document describes the doors (the API's endpoints, MCP's errors): above them.
    ("openapi", DOORS + 1),
];

/// The doors' layer: no door may use another.
const DOORS: u8 = 9;

fn layer(module: &str) -> Option<u8> {
    LAYERS.iter().find(|(name, _)| *name == module).map(|(_, layer)| *layer)
}

fn is_door(module: &str) -> bool {
    layer(module) == Some(DOORS)
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

/// A source file of `lib/src`: its path below `lib/src` and its code without its test module
/// (which may use anything) and its comments.
struct Source {
    path: String,
    code: String,
}

fn lib_sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|file| Source {
            path: file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/"),
            code: code(&std::fs::read_to_string(&file).expect("a source file")),
        })
        .collect()
}

/// The top-level module a file belongs to (`store` for `store/keys.rs`).
fn module_of(path: &str) -> &str {
    path.split('/').next().expect("a path").trim_end_matches(".rs")
}

/// The feature folder a file is in, below its top-level module (`service::links` for
/// `service/links/edit.rs`), or `None` for a file of the module's own root.
fn feature_of(path: &str) -> Option<String> {
    let parts: Vec<&str> = path.split('/').collect();
    (parts.len() > 2).then(|| format!("{}::{}", parts[0], parts[1]))
}

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

/// Every `crate::<module>::<name>` a piece of code names, as its two first segments (the second
/// empty when the path ends there); a group (`crate::service::{Service, links::X}`) gives one
/// pair for each of its members.
fn named_paths(code: &str) -> Vec<(String, String)> {
    let ident = |text: &str| -> String { text.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect() };
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + "crate::".len()..];
        let first = ident(rest);
        let after = rest[first.len()..].strip_prefix("::").unwrap_or_default();
        match after.strip_prefix('{') {
            Some(group) => {
                let mut depth = 0;
                let mut member_starts = true;
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => member_starts = true,
                        c if member_starts && !c.is_whitespace() => {
                            member_starts = false;
                            found.push((first.clone(), ident(&group[i..])));
                        }
                        _ => {}
                    }
                }
            }
            None => found.push((first, ident(after))),
        }
    }
    found
}

/// Every `crate::<module>` a piece of code names.
fn named_modules(code: &str) -> Vec<String> {
    named_paths(code).into_iter().map(|(module, _)| module).collect()
}

/// The imports of `sources` that go against the layers: to a layer above the file's own, or
/// across its own layer.
fn against_the_layers(sources: &[Source]) -> Vec<String> {
    let mut found = Vec::new();
    for source in sources {
        let module = module_of(&source.path);
        if module == "lib" || module == "testing" {
            continue;
        }
        let own = layer(module).unwrap_or_else(|| panic!("{module}: give the new module a layer in LAYERS"));
        for named in named_modules(&source.code) {
            if named == module || named == "testing" {
                continue;
            }
            let theirs = layer(&named).unwrap_or_else(|| panic!("{named}: give the new module a layer in LAYERS"));
            if theirs > own || (theirs == own && own != DOORS) {
                found.push(format!("{} uses crate::{named}", source.path));
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

/// The imports of one door from another.
fn doors_on_doors(sources: &[Source]) -> Vec<String> {
    let mut found: Vec<String> = sources
        .iter()
        .filter(|source| is_door(module_of(&source.path)))
        .flat_map(|source| {
            let own = module_of(&source.path);
            named_modules(&source.code)
                .into_iter()
                .filter(move |named| named != own && is_door(named))
                .map(move |named| format!("{} uses crate::{named}", source.path))
        })
        .collect();
    found.sort();
    found.dedup();
    found
}

/// The places a door (or what stands above the doors) names the store.
fn doors_on_the_store(sources: &[Source]) -> Vec<String> {
    let mut found: Vec<String> = sources
        .iter()
        .filter(|source| layer(module_of(&source.path)).is_some_and(|l| l >= DOORS))
        .filter(|source| named_modules(&source.code).iter().any(|named| named == "store"))
        .map(|source| format!("{} names crate::store", source.path))
        .collect();
    found.sort();
    found
}

/// Who uses whom: between top-level modules, and between the feature folders of one module
/// (a feature's use of its module's root, `crate::service::Service`, is not an edge).
fn module_graph(sources: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
    let folders: BTreeSet<String> = sources.iter().filter_map(|s| feature_of(&s.path)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources {
        let module = module_of(&source.path);
        if module == "lib" || module == "testing" {
            continue;
        }
        let feature = feature_of(&source.path);
        for (named, next) in named_paths(&source.code) {
            let target_feature = format!("{named}::{next}");
            if named == "testing" {
                continue;
            }
            if named != module {
                graph.entry(module.to_string()).or_default().insert(named);
            } else if let Some(feature) = &feature
                && folders.contains(&target_feature)
                && *feature != target_feature
            {
                graph.entry(feature.clone()).or_default().insert(target_feature);
            }
        }
    }
    graph
}

/// The cycles of a graph, each as its members (Tarjan's strongly connected components of more
/// than one node).
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, node: &'g str) {
            let at = self.index.len();
            self.index.insert(node, at);
            self.low.insert(node, at);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.graph.get(node).into_iter().flatten() {
                if !self.index.contains_key(next.as_str()) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next.as_str()]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next.as_str()) {
                    let low = self.low[node].min(self.index[next.as_str()]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut members = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    members.push(member.to_string());
                    if member == node {
                        break;
                    }
                }
                if members.len() > 1 {
                    members.sort();
                    self.found.push(members);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let against = against_the_layers(&lib_sources());
    assert!(
        against.is_empty(),
        "imports against the layers:\n{}",
        against.join("\n")
    );
}

#[test]
fn no_door_imports_another_door() {
    let found = doors_on_doors(&lib_sources());
    assert!(
        found.is_empty(),
        "doors importing doors (move what they share into the toolkit, `http`):\n{}",
        found.join("\n")
    );
}

#[test]
fn no_door_names_the_store() {
    let found = doors_on_the_store(&lib_sources());
    assert!(
        found.is_empty(),
        "doors reach data only through the service:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_modules_use_each_other_in_a_cycle() {
    let found = cycles(&module_graph(&lib_sources()));
    let words: Vec<String> = found.iter().map(|cycle| cycle.join(" ⇄ ")).collect();
    assert!(found.is_empty(), "modules in a cycle:\n{}", words.join("\n"));
}

fn source(path: &str, code: &str) -> Source {
    Source {
        path: path.to_string(),
        code: code.to_string(),
    }
}

#[test]
fn the_check_sees_paths_in_use_lines_and_in_code() {
    let code = "use crate::store::Store;\nfn f() { crate::http::error_body(); let x = mycrate::y; }";
    assert_eq!(named_modules(code), ["store", "http"]);
}

#[test]
fn a_door_importing_another_door_is_named() {
    let found = doors_on_doors(&[source(
        "pages/app/snippet.rs",
        "use crate::redirect::pixel::SCRIPT_PATH;",
    )]);
    assert_eq!(found, ["pages/app/snippet.rs uses crate::redirect"]);
}

#[test]
fn a_door_using_the_toolkit_is_not_named() {
    let found = doors_on_doors(&[source("mcp/adapter.rs", "use crate::http::body_of;")]);
    assert!(found.is_empty());
}

#[test]
fn a_door_naming_the_store_is_named() {
    let found = doors_on_the_store(&[source("admin.rs", "use crate::store::TagWrite;")]);
    assert_eq!(found, ["admin.rs names crate::store"]);
}

#[test]
fn two_top_level_modules_using_each_other_are_a_cycle() {
    let graph = module_graph(&[
        source("wire/json.rs", "use crate::domain::Invalid;"),
        source("domain/link.rs", "use crate::wire::LinkRecord;"),
    ]);
    assert_eq!(cycles(&graph), [["domain", "wire"]]);
}

#[test]
fn two_features_using_each_other_are_a_cycle_but_a_feature_using_its_root_is_not() {
    let graph = module_graph(&[
        source("service/mod.rs", "use crate::service::links::LIST_READ_BUDGET;"),
        source(
            "service/links/edit.rs",
            "use crate::service::{Service, visits::LinkCache};",
        ),
        source(
            "service/visits/visit.rs",
            "use crate::service::links::edit::SLUG_ATTEMPTS;",
        ),
    ]);
    assert_eq!(cycles(&graph), [["service::links", "service::visits"]]);
}
