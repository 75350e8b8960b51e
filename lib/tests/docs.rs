//! The docs cannot drift from the tree: every repository path README.md and `docs/` name exists,
//! every link to a heading finds it, the layout table of `docs/architecture.md` lists every
//! folder and top-level module of `lib/src` and every top-level folder (and names nothing that
//! is gone), the README's architecture names every function of `functions/`, every guide is in
//! an index, and the README stays short enough for a newcomer.
//!
//! What counts as a path a doc names:
//! - a markdown link or image (`[text](target)`) or an HTML `src`/`href` whose target is not a
//!   URL (`http:`, `https:`, `mailto:`): resolved from the doc's own folder, `#anchor` left off;
//! - a word in code (an inline code span or a fenced block) that starts with one of the
//!   repository's top-level entries and a `/` (`lib/src/store/`, `scripts/serve`), or is a
//!   top-level file (`template.yaml`): resolved from the repository root. `/apiv1/links` or
//!   `application/json` start with no top-level entry, so they are not paths. A placeholder
//!   (`functions/<name>/`, `dev-server/tests/api/*.rs`, `…`) is checked up to the folder before
//!   it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The most lines README.md may have (issue 51 asks for about 250).
const README_MOST_LINES: usize = 300;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("lib/ sits in the repository")
        .to_path_buf()
}

/// The repository-relative form of a path under the root (`docs/http-api.md`).
fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// README.md and every markdown file under `docs/`, sorted.
fn docs() -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    let mut found = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut found);
    found.sort();
    found
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The names `/.gitignore` ignores at the root (`/target`, `/artifacts`, `target/`): a folder a
/// build or a test run leaves is not the repository's.
fn ignored_at_root() -> BTreeSet<String> {
    read(&root().join(".gitignore"))
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#') && !line.starts_with('!'))
        .map(|line| line.trim_start_matches('/').trim_end_matches('/').to_string())
        .filter(|name| !name.contains('/') && !name.contains('*'))
        .collect()
}

/// The repository's top-level entries (files and folders), without `.git` and what is ignored.
fn top_level_entries() -> BTreeMap<String, bool> {
    let ignored = ignored_at_root();
    std::fs::read_dir(root())
        .expect("the repository root")
        .map(|entry| entry.expect("an entry"))
        .map(|entry| (entry.file_name().to_string_lossy().into_owned(), entry.path().is_dir()))
        .filter(|(name, _)| name != ".git" && !ignored.contains(name))
        .collect()
}

/// One markdown document taken apart: its prose (code left out, for links) and its code (inline
/// spans and fenced blocks, for path words), each with the line it starts on.
struct Parsed {
    prose: Vec<(usize, String)>,
    code: Vec<(usize, String)>,
    headings: Vec<String>,
}

fn parse(text: &str) -> Parsed {
    let mut prose = Vec::new();
    let mut code = Vec::new();
    let mut headings = Vec::new();
    let mut fence: Option<String> = None;
    // Paragraph text (between fences) is scanned whole: a code span or a link may cross a line.
    let mut block: Vec<(usize, &str)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim_start();
        if let Some(open) = &fence {
            if trimmed.starts_with(open.as_str()) && trimmed.trim_start_matches(open.as_str()).trim().is_empty() {
                fence = None;
            } else {
                code.push((number, line.to_string()));
            }
            continue;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            flush(&mut block, &mut prose, &mut code);
            let marker: String = trimmed.chars().take_while(|c| *c == '`' || *c == '~').collect();
            fence = Some(marker);
            continue;
        }
        if line.starts_with('#') {
            let title = line.trim_start_matches('#');
            if title.starts_with(' ') || title.is_empty() {
                headings.push(title.trim().trim_end_matches('#').trim().to_string());
            }
        }
        block.push((number, line));
    }
    flush(&mut block, &mut prose, &mut code);
    Parsed { prose, code, headings }
}

/// Takes a paragraph run (lines between fences) apart into its prose and its code spans.
fn flush(block: &mut Vec<(usize, &str)>, prose: &mut Vec<(usize, String)>, code: &mut Vec<(usize, String)>) {
    if block.is_empty() {
        return;
    }
    let first = block[0].0;
    let joined = block.iter().map(|(_, line)| *line).collect::<Vec<_>>().join("\n");
    let (outside, spans) = split_code_spans(&joined);
    prose.push((first, outside));
    for (offset, span) in spans {
        let line = first + joined[..offset].matches('\n').count();
        code.push((line, span));
    }
    block.clear();
}

/// The text with its code spans blanked out, and each span with its byte offset. A run of
/// backticks opens a span closed by the next run of the same length; one never closed is text.
fn split_code_spans(text: &str) -> (String, Vec<(usize, String)>) {
    let bytes = text.as_bytes();
    let mut outside = String::new();
    let mut spans = Vec::new();
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        if bytes[i] != b'`' {
            i += 1;
            continue;
        }
        let run = bytes[i..].iter().take_while(|b| **b == b'`').count();
        let start = i + run;
        let mut j = start;
        let mut close = None;
        while j < bytes.len() {
            if bytes[j] == b'`' {
                let other = bytes[j..].iter().take_while(|b| **b == b'`').count();
                if other == run {
                    close = Some(j);
                    break;
                }
                j += other;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                outside.push_str(&text[copied..i]);
                // Blanked, but with its line breaks: a link after it keeps its line number.
                outside.push(' ');
                outside.push_str(&"\n".repeat(text[start..end].matches('\n').count()));
                spans.push((i, text[start..end].to_string()));
                i = end + run;
                copied = i;
            }
            None => i = start,
        }
    }
    outside.push_str(&text[copied..]);
    (outside, spans)
}

/// Every link target in prose, with its byte offset: `[text](target)`, `![alt](target)`,
/// `src="…"`, `href="…"`.
fn link_targets(prose: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (opening, closing) in [
        ("](", &[')', ' ', '\n'][..]),
        ("src=\"", &['"'][..]),
        ("href=\"", &['"'][..]),
    ] {
        let mut from = 0;
        while let Some(at) = prose[from..].find(opening) {
            let start = from + at + opening.len();
            let end = prose[start..]
                .find(closing)
                .map_or(prose.len(), |length| start + length);
            found.push((start, prose[start..end].trim_matches(['<', '>']).to_string()));
            from = end;
        }
    }
    found
}

/// The line of a byte offset in a prose block that starts on line `first`.
fn line_at(first: usize, prose: &str, offset: usize) -> usize {
    first + prose[..offset].matches('\n').count()
}

fn is_url(target: &str) -> bool {
    target.contains("://") || target.starts_with("mailto:") || target.starts_with("data:")
}

/// A placeholder ends what can be checked: `functions/<name>/` is checked as `functions/`.
fn before_placeholder(path: &str) -> &str {
    match path.find(['<', '*', '{', '…', '[', '$']).or_else(|| path.find("...")) {
        Some(at) => match path[..at].rfind('/') {
            Some(slash) => &path[..=slash],
            None => "",
        },
        None => path,
    }
}

/// The words of a code span or line that are repository paths (see the module's comment).
fn path_words(code: &str, top: &BTreeMap<String, bool>) -> Vec<String> {
    let words: Vec<&str> = code
        .split(|c: char| c.is_whitespace() || "'\"`(),;=|>@".contains(c))
        .filter(|word| !word.is_empty())
        .collect();
    // A cargo feature (`--features dev-server/testing`) reads like a path and is none.
    let features = |at: usize| at > 0 && ["--features", "-F"].contains(&words[at - 1]);
    words
        .iter()
        .enumerate()
        .filter(|(at, _)| !features(*at))
        .map(|(_, word)| word.trim_end_matches(['.', ':', ']']))
        .map(|word| word.split('#').next().unwrap_or(word))
        .filter(|word| {
            top.iter().any(|(entry, is_dir)| {
                word.strip_prefix(entry.as_str())
                    .is_some_and(|rest| rest.starts_with('/') || (!is_dir && rest.is_empty()))
            })
        })
        .map(|word| before_placeholder(word).to_string())
        .filter(|word| !word.is_empty())
        .collect()
}

/// A heading's anchor as GitHub makes it: lower case, code marks and punctuation dropped,
/// spaces as hyphens.
fn anchor_of(heading: &str) -> String {
    let mut text = heading.to_string();
    // A link in a heading reads as its text.
    while let (Some(open), Some(mid)) = (text.find('['), text.find("](")) {
        let Some(close) = text[mid..].find(')') else { break };
        if open > mid {
            break;
        }
        text = format!("{}{}{}", &text[..open], &text[open + 1..mid], &text[mid + close + 1..]);
    }
    text.to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor a document's headings make (a repeated one gets `-1`, `-2`…).
fn anchors(headings: &[String]) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut found = BTreeSet::new();
    for heading in headings {
        let base = anchor_of(heading);
        let count = seen.entry(base.clone()).or_insert(0);
        found.insert(if *count == 0 {
            base.clone()
        } else {
            format!("{base}-{count}")
        });
        *count += 1;
    }
    found
}

/// `(doc, line, named path as written, resolved path)` for every path every doc names.
fn named_paths() -> Vec<(String, usize, String, PathBuf)> {
    let top = top_level_entries();
    let mut named = Vec::new();
    for doc in docs() {
        let parsed = parse(&read(&doc));
        let folder = doc.parent().expect("a doc's folder").to_path_buf();
        for (first, prose) in &parsed.prose {
            for (offset, target) in link_targets(prose) {
                let line = line_at(*first, prose, offset);
                let path = target.split('#').next().unwrap_or("");
                if path.is_empty() || is_url(path) {
                    continue;
                }
                let path = before_placeholder(path);
                let resolved = if let Some(absolute) = path.strip_prefix('/') {
                    root().join(absolute)
                } else {
                    folder.join(path)
                };
                named.push((relative(&doc), line, target.clone(), resolved));
            }
        }
        for (line, code) in &parsed.code {
            for word in path_words(code, &top) {
                named.push((relative(&doc), *line, word.clone(), root().join(&word)));
            }
        }
    }
    named
}

#[test]
fn every_path_a_doc_names_exists() {
    let named = named_paths();
    // A scanner that found nothing would pass: the docs named over 500 paths when this was written.
    assert!(
        named.len() > 300,
        "found only {} named paths: is the scanner broken?",
        named.len()
    );
    let missing: Vec<String> = named
        .into_iter()
        .filter(|(_, _, _, resolved)| !resolved.exists())
        .map(|(doc, line, named, _)| format!("  {doc}:{line} names {named}"))
        .collect();
    assert!(
        missing.is_empty(),
        "{} paths named in the docs do not exist (fix the doc, or the path moved):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn every_link_to_a_heading_finds_it() {
    let mut broken = Vec::new();
    for doc in docs() {
        let parsed = parse(&read(&doc));
        for (first, prose) in &parsed.prose {
            for (offset, target) in link_targets(prose) {
                let line = line_at(*first, prose, offset);
                let Some((path, anchor)) = target.split_once('#') else {
                    continue;
                };
                if is_url(path) || anchor.is_empty() {
                    continue;
                }
                let file = if path.is_empty() {
                    doc.clone()
                } else {
                    doc.parent().expect("a folder").join(path)
                };
                if file.extension().is_none_or(|e| e != "md") || !file.is_file() {
                    continue;
                }
                if !anchors(&parse(&read(&file)).headings).contains(anchor) {
                    broken.push(format!("  {}:{line} links to {target}", relative(&doc)));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "{} links name a heading their document does not have:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

/// The rows of the tables under `## Layout` in `docs/architecture.md` (up to the next `## `).
fn layout_rows() -> Vec<String> {
    let text = read(&root().join("docs/architecture.md"));
    let start = text
        .find("\n## Layout\n")
        .expect("docs/architecture.md has a `## Layout` section");
    let section = &text[start + 1..];
    let end = section[3..].find("\n## ").map_or(section.len(), |at| at + 3);
    section[..end]
        .lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("|---") && !line.starts_with("| path"))
        .map(String::from)
        .collect()
}

/// Every path the layout table names: repository paths as they are, and a file or folder
/// named bare in a row (`keys.rs`, `tools/catalogue.rs`) from the folder its row is about
/// (the first path of its first cell).
fn layout_paths() -> Vec<(String, PathBuf)> {
    let top = top_level_entries();
    let mut found = Vec::new();
    for row in layout_rows() {
        let (_, spans) = split_code_spans(&row);
        let first_cell = row.trim_start_matches('|').split('|').next().unwrap_or("");
        let base = split_code_spans(first_cell)
            .1
            .into_iter()
            .map(|(_, span)| span)
            .find(|span| span.ends_with('/'));
        for (_, span) in spans {
            let words = path_words(&span, &top);
            if !words.is_empty() {
                found.extend(words.into_iter().map(|word| (word.clone(), root().join(word))));
            } else if let Some(base) = &base {
                let bare = span.trim();
                let looks_like_a_path = !bare.contains(' ')
                    && !bare.starts_with('/')
                    && (bare.ends_with('/')
                        || bare.rsplit_once('.').is_some_and(|(_, ext)| {
                            [
                                "rs", "html", "css", "js", "lua", "py", "sh", "toml", "json", "yaml", "md",
                            ]
                            .contains(&ext)
                        }));
                let bare = before_placeholder(bare);
                if looks_like_a_path && !bare.is_empty() {
                    found.push((format!("{base}{bare}"), root().join(base).join(bare)));
                }
            }
        }
    }
    found
}

fn named_in_layout(path: &str) -> bool {
    let trimmed = path.trim_end_matches('/');
    layout_paths()
        .iter()
        .any(|(named, _)| named.trim_end_matches('/') == trimmed)
}

/// The folders of `lib/src` that hold module code: not a `tests` folder (nor anything in one),
/// not a folder of data only (fixtures), not one holding only a module's `tests.rs`.
fn code_folders(dir: &Path, found: &mut Vec<String>) {
    let entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a source folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    let holds_code = entries.iter().any(|path| {
        path.extension().is_some_and(|e| e == "rs") && path.file_name().is_some_and(|name| name != "tests.rs")
    });
    if holds_code {
        found.push(format!("{}/", relative(dir)));
    }
    for path in entries {
        if path.is_dir() && path.file_name().is_some_and(|name| name != "tests") {
            code_folders(&path, found);
        }
    }
}

#[test]
fn the_layout_table_names_every_folder_and_top_level_module_of_lib_src() {
    let src = root().join("lib/src");
    let mut expected = Vec::new();
    for entry in std::fs::read_dir(&src).expect("lib/src") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            code_folders(&path, &mut expected);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("lib.rs") {
            expected.push(relative(&path));
        }
    }
    expected.sort();
    let missing: Vec<&String> = expected.iter().filter(|path| !named_in_layout(path)).collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md's layout table does not name these (add a row for each, as `lib/src/x/`):\n{}",
        missing
            .iter()
            .map(|path| format!("  {path}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_layout_table_names_every_top_level_folder_of_the_repository() {
    let missing: Vec<String> = top_level_entries()
        .into_iter()
        // Hidden folders (`.ci`, `.config`, an editor's) are not required; the table names ours.
        .filter(|(name, is_dir)| *is_dir && !name.starts_with('.') && !named_in_layout(name))
        .map(|(name, _)| format!("  {name}/"))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md's layout table does not name these folders:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_path_the_layout_table_names_exists() {
    let named = layout_paths();
    assert!(
        named.len() > 100,
        "found only {} paths in the layout table: is it still under `## Layout`?",
        named.len()
    );
    let gone: Vec<String> = named
        .into_iter()
        .filter(|(_, resolved)| !resolved.exists())
        .map(|(named, _)| format!("  {named}"))
        .collect();
    assert!(
        gone.is_empty(),
        "docs/architecture.md's layout table names paths that do not exist (a bare file name in a row \
         is read from the folder of the row's first cell):\n{}",
        gone.join("\n")
    );
}

#[test]
fn the_readme_names_every_function() {
    let readme = read(&root().join("README.md"));
    let (_, spans) = split_code_spans(&readme);
    let named: BTreeSet<String> = spans.into_iter().map(|(_, span)| span).collect();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root().join("functions")).expect("functions/") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().expect("a name").to_string_lossy().into_owned();
        if path.join("Cargo.toml").is_file() && !named.contains(&name) {
            missing.push(format!("  {name}"));
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "README.md's architecture does not name these functions of functions/ (as `name`):\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_guide_is_in_an_index() {
    let docs_dir = root().join("docs");
    let linked_from = |index: &str| -> BTreeSet<PathBuf> {
        let path = docs_dir.join(index);
        parse(&read(&path))
            .prose
            .iter()
            .flat_map(|(_, prose)| link_targets(prose))
            .map(|(_, target)| target.split('#').next().unwrap_or("").to_string())
            .filter(|target| !target.is_empty() && !is_url(target))
            .map(|target| path.parent().expect("docs/").join(target))
            .collect()
    };
    let guides = linked_from("README.md");
    let areas = linked_from("behaviour.md");
    let mut unlisted = Vec::new();
    for doc in docs().into_iter().filter(|doc| doc.starts_with(&docs_dir)) {
        let index = if doc.parent() == Some(docs_dir.join("behaviour").as_path()) {
            (&areas, "docs/behaviour.md")
        } else {
            (&guides, "docs/README.md")
        };
        if doc != docs_dir.join("README.md") && !index.0.contains(&doc) {
            unlisted.push(format!("  {} (list it in {})", relative(&doc), index.1));
        }
    }
    assert!(unlisted.is_empty(), "guides no index lists:\n{}", unlisted.join("\n"));
}

#[test]
fn the_readme_is_short() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines <= README_MOST_LINES,
        "README.md has {lines} lines, more than {README_MOST_LINES}: move detail into a guide under docs/"
    );
}
