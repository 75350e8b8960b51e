//! Prints the visitor classifier's accuracy on the ua-parser-js 1.0.x fixtures, and its
//! speed. `cargo bench -p lib --bench classification`.

use std::time::Instant;

use lib::visitor::fixtures::{Score, fixtures_dir, measure};

fn line(name: &str, score: &Score) {
    println!(
        "  {name:8} {:>6.2}% of {} in-vocabulary rows correct; {} of {} other rows ({:.2}%) reported as an in-vocabulary value",
        score.accuracy() * 100.0,
        score.in_vocabulary,
        score.misreported,
        score.outside,
        score.misreport_rate() * 100.0
    );
}

fn main() {
    let dir = fixtures_dir();
    let accuracy = measure(&dir).unwrap_or_else(|e| panic!("{e}"));
    println!("visitor classification vs {}", dir.display());
    line("device", &accuracy.device);
    line("os", &accuracy.os);
    line("browser", &accuracy.browser);
    let ua = "Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36";
    let rounds = 200_000;
    let started = Instant::now();
    for _ in 0..rounds {
        std::hint::black_box(lib::visitor::classify(std::hint::black_box(ua), None));
    }
    println!(
        "  speed    {:.2} µs per user agent",
        started.elapsed().as_secs_f64() * 1e6 / f64::from(rounds)
    );
}
