//! Writes the dev server's handler dispatch (`src/handlers.rs` includes it) from the function
//! folders, so that a new function needs no line here: every `functions/<name>/src/lib.rs`
//! whose `pub async fn handler` takes a `lambda_http` `Request` (last) becomes the module
//! `handlers::<name>` (that file, by path) and an arm of `call` that passes the handler what it
//! runs with (`Mount::of`) and the request. Functions fed by events (streams, queues, the
//! schedule) have other handlers, which the dev server's own stand-ins call.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let functions = Path::new(env!("CARGO_MANIFEST_DIR")).join("../functions");
    println!("cargo::rerun-if-changed={}", functions.display());
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&functions)
        .expect("functions/")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.join("src/lib.rs").is_file())
        .collect();
    folders.sort();
    let mut modules = String::new();
    let mut arms = String::new();
    let mut names = String::new();
    for folder in folders {
        let name = folder.file_name().and_then(|n| n.to_str()).expect("a UTF-8 name");
        let lib = folder.join("src/lib.rs").canonicalize().expect("the function's lib.rs");
        let source = std::fs::read_to_string(&lib).expect("read lib.rs");
        let Some(parameters) = handler_parameters(&source) else {
            panic!("{}: no `pub async fn handler(`", lib.display())
        };
        let Some((last, mounted)) = parameters.split_last() else {
            panic!("{}: the handler takes nothing", lib.display())
        };
        if !last.ends_with("Request") {
            continue;
        }
        let module = name.replace('-', "_");
        let arguments: String = mounted.iter().map(|_| "Mount::of(functions), ").collect();
        writeln!(modules, "#[path = {:?}]\npub mod {module};", lib.display().to_string()).unwrap();
        writeln!(arms, "        {name:?} => {module}::handler({arguments}req).await,").unwrap();
        writeln!(names, "    {name:?},").unwrap();
    }
    let generated = format!(
        "{modules}
/// The functions whose handler [`call`] calls (every function whose handler takes a request).
pub const HANDLED: &[&str] = &[
{names}];

/// Calls the handler of the function named `name`, as its Lambda would.
pub async fn call(functions: &Functions, name: &str, req: Request) -> Result<Response<Body>, lambda_http::Error> {{
    match name {{
{arms}        other => Err(format!(\"the dev server has no handler for the routed function {{other}}\").into()),
    }}
}}
"
    );
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("handlers.rs");
    std::fs::write(out, generated).expect("write handlers.rs");
}

/// The types of `pub async fn handler`'s parameters, in order.
fn handler_parameters(source: &str) -> Option<Vec<String>> {
    let start = source.find("pub async fn handler(")? + "pub async fn handler(".len();
    let mut depth = 0;
    let mut parameters = vec![String::new()];
    for c in source[start..].chars() {
        match c {
            '(' | '<' | '[' => depth += 1,
            ')' if depth == 0 => break,
            ')' | '>' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parameters.push(String::new());
                continue;
            }
            _ => {}
        }
        parameters.last_mut().expect("a parameter").push(c);
    }
    Some(
        parameters
            .into_iter()
            .filter_map(|p| Some(p.split_once(':')?.1.trim().to_string()))
            .collect(),
    )
}
