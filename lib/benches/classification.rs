//! Visitor classification: accuracy and out-of-vocabulary leak on the tuning set (the
//! ua-parser-js 1.0.x fixtures) and on the independent set (the Matomo Device Detector
//! fixtures, fetched by `scripts/bench`), side by side with peer parsers on the same rows,
//! then time per user agent and init cost.
//!
//! `scripts/bench` runs it; alone: `UA_CORPUS_DIR=… UAP_CORE_REGEXES=… cargo bench -p lib
//! --features testing --bench classification`. Without `UA_CORPUS_DIR` only the tuning
//! set is measured; without `UAP_CORE_REGEXES` the uap-core peer is left out. With
//! `UA_SPEED_PASSES=N` it only times the classifier over N passes of the largest set.
//!
//! Peers' answers are mapped to the vocabulary as narrowly as the corpora's labels:
//! - woothee (crate): category `pc` → desktop, `smartphone` → mobile (tablet when its OS
//!   is `iPad`), `mobilephone` → mobile, `appliance` → console for game consoles, else
//!   smarttv; OS `Windows …` (not Phone/CE) → Windows, `Mac OSX` → macOS, `iPhone`/`iPad`/
//!   `iPod`/`iOS` → iOS, `Android`, `Linux`; browser by its name.
//! - uap-core (`ua-parser` crate with the npm package's regexes.yaml): no device type;
//!   OS and browser families, each product's own mobile edition counted as the product.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use lib::domain::{Browser, Device, Os};
use lib::testing::ua_corpus::{
    Accuracy, Answer, Label, Row, Score, confusion, matomo, ours, robots, score, token_counts, ua_parser_js,
};

const SAMPLE: &str = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";

fn cell(score: &Score, measured: bool) -> String {
    if !measured || score.in_vocabulary == 0 {
        return format!("{:>22}", "n/a");
    }
    format!(
        "{:>7.2}% {:>5.2}% leak  ",
        score.accuracy() * 100.0,
        score.misreport_rate() * 100.0
    )
}

struct Peer<'p> {
    name: &'static str,
    measures_device: bool,
    parse: Box<dyn FnMut(&Row) -> Answer + 'p>,
}

fn report(title: &str, rows: &[Row], peers: &mut [Peer<'_>]) {
    let ours_accuracy = score(rows, ours);
    let results: Vec<(&str, bool, Accuracy)> = std::iter::once(("ours", true, ours_accuracy))
        .chain(
            peers
                .iter_mut()
                .map(|p| (p.name, p.measures_device, score(rows, &mut p.parse))),
        )
        .collect();
    println!("\n{title}: {} rows", rows.len());
    let a = &ours_accuracy;
    println!(
        "  labelled rows: device {} | os {} in vocabulary, {} outside | browser {} in vocabulary, {} outside",
        a.device.in_vocabulary, a.os.in_vocabulary, a.os.outside, a.browser.in_vocabulary, a.browser.outside
    );
    println!(
        "  {:10} {:>22} {:>22} {:>22}",
        "parser", "device accuracy", "os accuracy, leak", "browser accuracy, leak"
    );
    for (name, measures_device, acc) in &results {
        let device = if *measures_device {
            format!("{:>21.2}%", acc.device.accuracy() * 100.0)
        } else {
            format!("{:>22}", "n/a")
        };
        println!(
            "  {name:10} {device} {} {}",
            cell(&acc.os, true),
            cell(&acc.browser, true)
        );
    }
}

/// Mean time per user agent over every row, best of three passes.
fn time_per_ua(rows: &[Row], mut parse: impl FnMut(&Row) -> Answer) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..3 {
        let started = Instant::now();
        for row in rows {
            black_box(parse(black_box(row)));
        }
        best = best.min(started.elapsed() / rows.len().max(1) as u32);
    }
    best
}

fn main() {
    // Init cost: the first classification in a fresh process builds whatever the
    // classifier builds lazily. Measured in child processes, median of 9.
    if std::env::var_os("UA_INIT_CHILD").is_some() {
        let started = Instant::now();
        black_box(lib::visitor::classify(black_box(SAMPLE), None));
        let first = started.elapsed();
        let started = Instant::now();
        black_box(lib::visitor::classify(black_box(SAMPLE), None));
        println!("{}", first.saturating_sub(started.elapsed()).as_nanos());
        return;
    }
    if let Ok(passes) = std::env::var("UA_SPEED_PASSES") {
        // Only the classifier's time per user agent, for comparing two builds in the same
        // conditions (interleaved runs, or `perf stat` on this mode alone).
        let rows = match matomo::corpus_dir() {
            Some(dir) => matomo::load(&dir).unwrap_or_else(|e| panic!("{e}")),
            None => ua_parser_js::load(&ua_parser_js::fixtures_dir()).unwrap_or_else(|e| panic!("{e}")),
        };
        black_box(ours(&rows[0]));
        let passes: u32 = passes.parse().expect("UA_SPEED_PASSES is a number of passes");
        let started = Instant::now();
        for _ in 0..passes {
            for row in &rows {
                black_box(ours(black_box(row)));
            }
        }
        let per_ua = started.elapsed().as_secs_f64() * 1e6 / f64::from(passes) / rows.len() as f64;
        println!(
            "ours {per_ua:.3} µs per user agent ({} rows, {passes} passes)",
            rows.len()
        );
        return;
    }
    let init = init_cost_median();

    let woothee = woothee::parser::Parser::new();
    let started = Instant::now();
    black_box(woothee.parse(SAMPLE));
    let woothee_init = started.elapsed();

    let uap = std::env::var_os("UAP_CORE_REGEXES").map(|path| {
        let started = Instant::now();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", Path::new(&path).display()));
        let regexes: ua_parser::Regexes<'_> = serde_norway::from_str(Box::leak(text.into_boxed_str()))
            .unwrap_or_else(|e| panic!("uap-core regexes: {e}"));
        let extractor = ua_parser::Extractor::try_from(regexes).unwrap_or_else(|e| panic!("uap-core: {e:?}"));
        black_box(extractor.extract(SAMPLE));
        (extractor, started.elapsed())
    });

    let mut peers = vec![Peer {
        name: "woothee",
        measures_device: true,
        parse: Box::new(|row: &Row| peer_woothee(&woothee, &row.ua)),
    }];
    if let Some((extractor, _)) = &uap {
        peers.push(Peer {
            name: "uap-core",
            measures_device: false,
            parse: Box::new(|row: &Row| peer_uap(extractor, &row.ua)),
        });
    }

    let tuning_dir = ua_parser_js::fixtures_dir();
    let tuning = ua_parser_js::load(&tuning_dir).unwrap_or_else(|e| panic!("{e}"));
    report(
        &format!("tuning set (ua-parser-js 1.0.x fixtures, {})", tuning_dir.display()),
        &tuning,
        &mut peers,
    );
    let independent = matomo::corpus_dir().map(|dir| {
        let rows = matomo::load(&dir).unwrap_or_else(|e| panic!("{e}"));
        report(
            &format!(
                "independent set (Matomo fixtures from {}, never tuned on)",
                matomo::PACKAGE
            ),
            &rows,
            &mut peers,
        );
        rows
    });
    if independent.is_none() {
        println!("\nindependent set: UA_CORPUS_DIR unset (scripts/bench fetches it); not measured");
    }

    robot_figures();

    println!("\nspeed (best of 3 passes over every row of the largest set)");
    let rows = independent.as_deref().unwrap_or(&tuning);
    let ours_time = time_per_ua(rows, ours);
    println!("  ours     {:>8.2} µs per user agent", ours_time.as_secs_f64() * 1e6);
    for peer in &mut peers {
        let t = time_per_ua(rows, &mut peer.parse);
        println!("  {:8} {:>8.2} µs per user agent", peer.name, t.as_secs_f64() * 1e6);
    }
    let rounds = 200_000;
    let started = Instant::now();
    for _ in 0..rounds {
        black_box(lib::visitor::classify(black_box(SAMPLE), None));
    }
    println!(
        "  ours     {:>8.2} µs for the Samsung Internet sample alone",
        started.elapsed().as_secs_f64() * 1e6 / f64::from(rounds)
    );
    println!("\ninit cost (first call in a fresh process, minus a warm call)");
    println!(
        "  ours     {:>8.3} ms (median of 9 processes)",
        init.as_secs_f64() * 1e3
    );
    println!("  woothee  {:>8.3} ms", woothee_init.as_secs_f64() * 1e3);
    if let Some((_, init)) = &uap {
        println!(
            "  uap-core {:>8.3} ms (parse regexes.yaml and compile)",
            init.as_secs_f64() * 1e3
        );
    }

    if let (Ok(dimensions), Some(rows)) = (std::env::var("UA_TOKENS"), independent.as_ref()) {
        // Which of our own tokens fire on the rows we get wrong, in aggregate: finds table
        // entries that misfire, without reading the corpus row by row.
        for dimension in dimensions.split(',') {
            println!("\nour tokens on the independent rows we get wrong ({dimension}: expected -> got)");
            for ((expected, got), counts) in token_counts(rows, dimension, ours) {
                let mut counts: Vec<_> = counts.into_iter().collect();
                counts.sort_by_key(|c| std::cmp::Reverse(c.1));
                let top: Vec<String> = counts.iter().take(30).map(|(t, n)| format!("{t:?}:{n}")).collect();
                println!("  {expected} -> {got}: {}", top.join(" "));
            }
        }
    }
    if std::env::var_os("UA_MISTAKES").is_some() {
        // The tuning set, row by row: it is the set the tables are tuned on.
        for row in &tuning {
            let got = ours(row);
            let wrong = |e: Option<Label<String>>, g: Option<String>| match e {
                Some(Label::In(e)) => g.as_ref() != Some(&e),
                Some(Label::Outside) => g.is_some(),
                _ => false,
            };
            for (dim, e, g) in [
                ("device", row.device.map(label), got.device.map(|d| d.to_string())),
                ("os", row.os.map(label), got.os.map(|d| d.to_string())),
                ("browser", row.browser.map(label), got.browser.map(|d| d.to_string())),
            ] {
                if wrong(e.clone(), g.clone()) {
                    println!("  {dim:8} expected {e:?} got {g:?} {}", row.ua);
                }
            }
        }
    }
    if std::env::var_os("UA_CONFUSION").is_some() {
        // Aggregate counts only, to understand categories; never row by row.
        for (name, rows) in [("tuning", Some(&tuning)), ("independent", independent.as_ref())] {
            let Some(rows) = rows else { continue };
            println!("\nconfusion on the {name} set (dimension, expected, got: rows)");
            for ((dimension, expected, got), n) in confusion(rows, ours) {
                println!("  {dimension:8} {expected:12} {got:12} {n}");
            }
        }
    }
}

/// Robots left out and people counted, ours beside the rules before the list and isbot (npm,
/// through node), on the tuning set (the list's own instances, the ua-parser-js people) and the
/// independent one (Matomo's bots and browsers).
fn robot_figures() {
    let mut sets = Vec::new();
    match std::env::var_os("CRAWLER_USER_AGENTS") {
        Some(list) => sets.push((
            "tuning: crawler-user-agents instances, ua-parser-js people",
            robots::tuning(Path::new(&list)).unwrap_or_else(|e| panic!("{e}")),
        )),
        None => println!("\nrobots, tuning set: CRAWLER_USER_AGENTS unset (scripts/bench sets it); not measured"),
    }
    if let Some(dir) = matomo::corpus_dir() {
        sets.push((
            "independent: Matomo bots.yml, Matomo browsers (never tuned on)",
            robots::independent(&dir).unwrap_or_else(|e| panic!("{e}")),
        ));
    }
    if sets.is_empty() {
        return;
    }
    println!("\nrobots left out, people counted");
    for (title, split) in &sets {
        println!(
            "  {title}: {} robots, {} people",
            split.robots.len(),
            split.people.len()
        );
        let mut rows: Vec<(&str, robots::LeftOut)> = vec![
            ("ours", robots::measure(split, robots::ours)),
            ("before", robots::measure(split, robots::before)),
        ];
        let every: Vec<String> = split.robots.iter().chain(&split.people).cloned().collect();
        match std::env::var_os("ISBOT_JS").and_then(|js| robots::isbot_answers(Path::new(&js), &every)) {
            Some(answers) => rows.push(("isbot", robots::measure(split, |ua| answers[ua]))),
            None => println!("    isbot: ISBOT_JS unset or node failed; not measured"),
        }
        for (name, figures) in rows {
            println!(
                "    {name:8} {:>7.2}% of robots left out {:>7.2}% of people counted",
                figures.robots * 100.0,
                figures.people * 100.0
            );
        }
    }
}

fn init_cost_median() -> Duration {
    let exe = std::env::current_exe().expect("the bench knows its own path");
    let mut samples: Vec<u64> = (0..9)
        .map(|_| {
            let out = std::process::Command::new(&exe)
                .env("UA_INIT_CHILD", "1")
                .output()
                .expect("the bench can run itself");
            String::from_utf8_lossy(&out.stdout).trim().parse().unwrap_or(u64::MAX)
        })
        .collect();
    samples.sort_unstable();
    Duration::from_nanos(samples[samples.len() / 2])
}

fn label<T: ToString>(l: Label<T>) -> Label<String> {
    match l {
        Label::In(v) => Label::In(v.to_string()),
        Label::Outside => Label::Outside,
        Label::Unlabelled => Label::Unlabelled,
    }
}

fn peer_woothee(parser: &woothee::parser::Parser, ua: &str) -> Answer {
    let Some(r) = parser.parse(ua) else {
        return Answer::default();
    };
    let device = match r.category {
        "pc" => Some(Device::Desktop),
        "smartphone" if r.os == "iPad" => Some(Device::Tablet),
        "smartphone" | "mobilephone" => Some(Device::Mobile),
        "appliance" if ["PlayStation", "Nintendo", "Xbox"].iter().any(|c| r.os.contains(c)) => Some(Device::Console),
        "appliance" => Some(Device::SmartTv),
        _ => None,
    };
    let os = match r.os {
        o if o.starts_with("Windows") && !o.contains("Phone") && !o.contains("CE") => Some(Os::Windows),
        "Mac OSX" | "Mac OS X" => Some(Os::MacOs),
        "iPhone" | "iPad" | "iPod" | "iOS" => Some(Os::Ios),
        "Android" => Some(Os::Android),
        "Linux" => Some(Os::Linux),
        _ => None,
    };
    let browser = match r.name {
        "Chrome" => Some(Browser::Chrome),
        "Firefox" => Some(Browser::Firefox),
        "Safari" => Some(Browser::Safari),
        "Edge" => Some(Browser::Edge),
        "Opera" => Some(Browser::Opera),
        _ => None,
    };
    Answer { device, os, browser }
}

fn peer_uap(extractor: &ua_parser::Extractor<'_>, ua: &str) -> Answer {
    const LINUX: &[&str] = &[
        "Linux",
        "Ubuntu",
        "Debian",
        "Fedora",
        "Red Hat",
        "SUSE",
        "openSUSE",
        "Gentoo",
        "Mint",
        "Kubuntu",
        "Arch Linux",
        "Slackware",
        "Mandriva",
        "CentOS",
    ];
    let os = extractor.os.extract(ua).and_then(|v| match &*v.os {
        "Windows" => Some(Os::Windows),
        "Mac OS X" => Some(Os::MacOs),
        "iOS" => Some(Os::Ios),
        "Android" => Some(Os::Android),
        l if LINUX.contains(&l) => Some(Os::Linux),
        _ => None,
    });
    let browser = extractor.ua.extract(ua).and_then(|v| match &*v.family {
        "Chrome" | "Chrome Mobile" | "Chrome Mobile iOS" => Some(Browser::Chrome),
        "Firefox" | "Firefox Mobile" | "Firefox iOS" => Some(Browser::Firefox),
        "Safari" | "Mobile Safari" => Some(Browser::Safari),
        "Edge" | "Edge Mobile" => Some(Browser::Edge),
        "Opera" | "Opera Mini" | "Opera Mobile" | "Opera Tablet" | "Opera Coast" | "Opera GX" => Some(Browser::Opera),
        "Brave" => Some(Browser::Brave),
        _ => None,
    });
    Answer {
        device: None,
        os,
        browser,
    }
}
