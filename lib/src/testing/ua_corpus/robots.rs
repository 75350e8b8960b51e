//! Robots left out and people counted: the figures of a robot detector on two sets.
//!
//! - tuning: the instances of `crawler-user-agents` (the list the robot table is generated from;
//!   `CRAWLER_USER_AGENTS`, fetched pinned by `scripts/bench`) and the people of the ua-parser-js
//!   fixtures (every row but the automation ones: headless Chrome, PhantomJS, python-requests,
//!   curl);
//! - independent: the Matomo Device Detector fixtures, never tuned on: the agents of its
//!   `bots.yml`, and every other fixture whose client is a browser.

use std::path::Path;

/// Robots' and people's user agents.
#[derive(Debug, Clone, Default)]
pub struct Split {
    pub robots: Vec<String>,
    pub people: Vec<String>,
}

/// The rows of the ua-parser-js fixtures that are automation by their own labels.
const AUTOMATION: &[&str] = &["headless", "phantomjs", "python-requests", "curl/"];

/// The tuning set: the list's instances (`list_json`) and the ua-parser-js fixtures' people.
pub fn tuning(list_json: &Path) -> Result<Split, String> {
    #[derive(serde::Deserialize)]
    struct Entry {
        instances: Vec<String>,
    }
    let text = std::fs::read_to_string(list_json).map_err(|e| format!("cannot read {}: {e}", list_json.display()))?;
    let entries: Vec<Entry> =
        serde_json::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", list_json.display()))?;
    let people = super::ua_parser_js::load(&super::ua_parser_js::fixtures_dir())?
        .into_iter()
        .map(|row| row.ua)
        .filter(|ua| {
            let lower = ua.to_ascii_lowercase();
            !AUTOMATION.iter().any(|a| lower.contains(a))
        })
        .collect();
    Ok(Split {
        robots: entries.into_iter().flat_map(|e| e.instances).collect(),
        people,
    })
}

/// The independent set, from the Matomo fixtures in `dir`.
pub fn independent(dir: &Path) -> Result<Split, String> {
    let (robots, people) = super::matomo::robots_and_browsers(dir)?;
    Ok(Split { robots, people })
}

/// A detector's figures on a set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LeftOut {
    /// Share of the robots it left out.
    pub robots: f64,
    /// Share of the people it counted.
    pub people: f64,
}

/// `leaves_out` on every row of `split` (true: not counted).
pub fn measure(split: &Split, mut leaves_out: impl FnMut(&str) -> bool) -> LeftOut {
    let share = |n: usize, of: usize| if of == 0 { 0.0 } else { n as f64 / of as f64 };
    let robots = split.robots.iter().filter(|ua| leaves_out(ua)).count();
    let people = split.people.iter().filter(|ua| !leaves_out(ua)).count();
    LeftOut {
        robots: share(robots, split.robots.len()),
        people: share(people, split.people.len()),
    }
}

/// Ours: a robot or a preview crawler is left out.
pub fn ours(user_agent: &str) -> bool {
    crate::visitor::agent(user_agent) != crate::visitor::Agent::Human
}

/// The rules before the robot list (two word lists, a second pass over a lower-cased copy),
/// kept to measure the list against: a preview crawler's or robot's word, or an empty agent.
pub fn before(user_agent: &str) -> bool {
    const PREVIEW: &[&str] = &[
        "slackbot",
        "slack-imgproxy",
        "twitterbot",
        "facebookexternalhit",
        "facebot",
        "linkedinbot",
        "discordbot",
        "whatsapp",
        "telegrambot",
        "skypeuripreview",
        "redditbot",
        "embedly",
        "iframely",
        "vkshare",
        "pinterestbot",
        "mastodon",
        "bluesky",
        "cardyb",
        "line-poker",
        "kakaotalk-scrap",
        "google-pagerenderer",
        "outbrain",
        "quora link preview",
        "xing-contenttabreceiver",
        "microsoftpreview",
    ];
    const BOT: &[&str] = &[
        "bot",
        "crawl",
        "spider",
        "slurp",
        "mediapartners",
        "adsbot",
        "feedfetcher",
        "monitor",
        "pingdom",
        "uptime",
        "statuscake",
        "site24x7",
        "newrelic",
        "datadog",
        "checkly",
        "headlesschrome",
        "phantomjs",
        "lighthouse",
        "pagespeed",
        "gtmetrix",
        "python-requests",
        "python-urllib",
        "aiohttp",
        "httpx",
        "curl/",
        "wget",
        "go-http-client",
        "java/",
        "okhttp",
        "axios",
        "node-fetch",
        "undici",
        "libwww",
        "lwp-",
        "scrapy",
        "httpclient",
        "apache-httpclient",
        "guzzle",
        "ruby",
        "postman",
        "insomnia",
        "preview",
        "archive.org",
        "ia_archiver",
        "baiduspider",
        "bingpreview",
        "petalbot",
        "semrush",
        "ahrefs",
        "mj12",
        "dotbot",
        "applebot",
        "duckduckgo-favicons",
        "validator",
        "scanner",
        "nessus",
        "nikto",
        "zgrab",
        "masscan",
    ];
    let lower = user_agent.to_ascii_lowercase();
    lower.trim().is_empty() || PREVIEW.iter().chain(BOT).any(|t| lower.contains(t))
}

/// The npm package isbot's answers for `agents`, from `node` running `isbot_js` (its
/// `index.js`); `None` when node cannot run it.
pub fn isbot_answers(isbot_js: &Path, agents: &[String]) -> Option<std::collections::HashMap<String, bool>> {
    use std::io::Write;
    const SCRIPT: &str = "const {isbot} = require(process.argv[1]); let input = '';
process.stdin.on('data', d => input += d);
process.stdin.on('end', () => process.stdout.write(input.split('\\n').filter(l => l).map(l => isbot(JSON.parse(l)) ? '1' : '0').join('\\n')));";
    let mut child = std::process::Command::new("node")
        .arg("-e")
        .arg(SCRIPT)
        .arg(isbot_js)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .ok()?;
    let lines: String = agents
        .iter()
        .map(|a| serde_json::to_string(a).unwrap_or_default() + "\n")
        .collect();
    let mut stdin = child.stdin.take()?;
    let writer = std::thread::spawn(move || stdin.write_all(lines.as_bytes()));
    let output = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    let answers: Vec<bool> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| l == "1")
        .collect();
    (answers.len() == agents.len()).then(|| agents.iter().cloned().zip(answers).collect())
}
