//! Import and export at volume, against DynamoDB Local:
//! - rows a second an import sustains: a CSV of `IMPORT_BENCH_ROWS` links (default 2,000), each
//!   with a slug and a tag, run through the job as the worker runs it (chunks of 100);
//! - the export of those links and more, up to `EXPORT_BENCH_LINKS` (default 10,000): every page
//!   of `GET /links/export` (5,000 a page) encoded as JSON lines and as CSV; the time, and the peak
//!   of memory the process held while exporting above what it held before (a counting allocator).
//!
//! `scripts/bench`, or `AWS_ENDPOINT_URL_DYNAMODB=… cargo bench -p dev-server --bench imports`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use lib::clock::OsEntropy;
use lib::domain::{ConflictPolicy, ImportFile, ImportFormat};
use lib::service::{Service, transfer::MAX_EXPORT_PAGE};
use lib::store::Store;
use lib::wire::export::{ExportedLink, links_csv};

/// The system allocator, counting the bytes held now and the most held since the last reset.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(held, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn csv_of(from: usize, to: usize) -> String {
    let mut csv = String::from("slug,url,name,tags\n");
    for i in from..to {
        csv.push_str(&format!(
            "bench-{i:06},https://example.com/landing/{i}?ref=bench,Bench link {i},bench\n"
        ));
    }
    csv
}

#[tokio::main]
async fn main() {
    let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") else {
        eprintln!("imports bench: set AWS_ENDPOINT_URL_DYNAMODB (scripts/bench does)");
        return;
    };
    let setting = |name: &str, default: usize| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let rows = setting("IMPORT_BENCH_ROWS", 2_000);
    let links = setting("EXPORT_BENCH_LINKS", 10_000).max(rows);
    let counter = lib::testing::RequestCounter::new();
    let client = lib::testing::local_client(&endpoint, &counter).await;
    let (table, config) = lib::testing::bench_table(&client).await;
    let clock = Arc::new(lib::testing::FixedClock::new(chrono::Utc::now()));
    let service = Service::new(Store::new(client, table), config, clock, Arc::new(OsEntropy));
    let options = lib::admin::NewWorkspace {
        max_links: Some(links as u64 + 1),
        ..Default::default()
    };
    let access = lib::testing::bench_workspace(&service, options).await;
    let ws = access.workspace.clone();

    let import = |from: usize, to: usize| ImportFile {
        format: ImportFormat::Csv,
        text: csv_of(from, to),
        file_name: None,
    };
    let file = import(0, rows);
    let before = counter.total();
    let started = Instant::now();
    let job = service
        .start_import(&access, &file, ConflictPolicy::Skip)
        .await
        .unwrap()
        .job;
    let job = service
        .run_import(&ws.id, &job.id, Duration::from_secs(3600))
        .await
        .unwrap();
    let took = started.elapsed();
    assert_eq!(job.created, rows as u64, "every row imported");
    println!(
        "import: {rows} rows in {:.2} s: {:.0} rows/s, {:.1} DynamoDB requests a row",
        took.as_secs_f64(),
        rows as f64 / took.as_secs_f64(),
        (counter.total() - before) as f64 / rows as f64
    );
    let mut from = rows;
    while from < links {
        let to = (from + 5_000).min(links);
        let job = service
            .start_import(&access, &import(from, to), ConflictPolicy::Skip)
            .await
            .unwrap()
            .job;
        service
            .run_import(&ws.id, &job.id, Duration::from_secs(3600))
            .await
            .unwrap();
        from = to;
    }

    for jsonl in [true, false] {
        let held = HELD.load(Ordering::Relaxed);
        PEAK.store(held, Ordering::Relaxed);
        let started = Instant::now();
        let mut cursor: Option<String> = None;
        let (mut count, mut bytes, mut pages) = (0, 0, 0);
        loop {
            let page = service
                .export_links(&access, cursor.as_deref(), MAX_EXPORT_PAGE)
                .await
                .unwrap();
            let exported: Vec<ExportedLink<'_>> = page.links.iter().map(|l| ExportedLink::new(l, &page.tags)).collect();
            let body: String = if jsonl {
                exported.iter().map(ExportedLink::json_line).collect()
            } else {
                links_csv(&exported, page.first)
            };
            count += exported.len();
            bytes += body.len();
            pages += 1;
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => break,
            }
        }
        assert_eq!(count, links, "every link exported once");
        let peak = PEAK.load(Ordering::Relaxed) - held;
        println!(
            "export ({}): {count} links in {pages} pages, {:.1} MB, {:.2} s, peak memory {:.1} MB above the start",
            if jsonl { "jsonl" } else { "csv" },
            bytes as f64 / 1e6,
            started.elapsed().as_secs_f64(),
            peak as f64 / 1e6
        );
    }
}
