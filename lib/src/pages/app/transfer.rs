//! The import and export tab (`/app/w/<ws>/transfer`): an upload checked by a dry run before
//! anything is written, the import it then starts (its page refreshes until the job ends, then
//! offers the results CSV), and downloads of the workspace's links and clicks. Imports are the
//! owner's and managers'; any member exports. The service decides; a refusal is shown.

use crate::wire;
use chrono::Duration;
use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::super::{Form, Page, PageRequest, download};
use super::context::{Workspace, redirect_with_notice};
use super::team::shown;
use super::transfer_views::{FormatChoice, JobPage, JobRow, PlanPage, PlanRow, ResultRow, TransferPage};
use crate::domain::{ConflictPolicy, ImportFormat, ImportJob, JobState, Verdict};
use crate::service::ServiceError;
use crate::wire::export::{ExportedLink, links_csv};
use crate::wire::{DayRange, DryRun, ImportInput, ImportRequest, results_csv};

/// A dry run's page lists the rows that would not be created (up to [`LISTED_PROBLEMS`]) and
/// then the first links it would create; a job's page lists the rows not created.
const LISTED_CREATES: usize = 20;
const LISTED_PROBLEMS: usize = 200;
/// The largest download the app builds in one answer (Lambda answers at most 6 MB); larger
/// workspaces export through the API's pages.
const MAX_DOWNLOAD_BYTES: usize = 5_000_000;
/// How long the app runs a new import before its page takes over: one chunk, then the job page
/// shows the progress while the worker goes on.
const APP_IMPORT_BUDGET: std::time::Duration = std::time::Duration::ZERO;

const TEMPLATE_CSV: &str = include_str!("../../../../docs/import/template.csv");

fn job_name(job: &ImportJob) -> String {
    job.file_name.clone().unwrap_or_else(|| job.format.label().to_string())
}

fn state_word(state: JobState) -> &'static str {
    match state {
        JobState::Running => "running",
        JobState::Finished => "finished",
        JobState::Stopped => "stopped at a conflict",
    }
}

async fn transfer_page(
    page: &PageRequest<'_>,
    ws: &Workspace,
    status: StatusCode,
    error: Option<String>,
    format: Option<ImportFormat>,
) -> Result<Response<Body>, ServiceError> {
    let base = format!("{}/transfer", ws.base());
    let can_import = ws.access.manages();
    let jobs = if can_import {
        page.service.import_jobs(&ws.access).await?
    } else {
        Vec::new()
    };
    let today = page.service.clock.now().date_naive();
    let template = TransferPage {
        chrome: ws.chrome("transfer"),
        notice: ws.notice.clone(),
        workspace: ws.access.workspace.name.clone(),
        csrf: ws.user.session.csrf_token.clone(),
        can_import,
        check_action: base.clone(),
        template_href: format!("{base}/template.csv"),
        formats: ImportFormat::ALL
            .iter()
            .map(|f| FormatChoice {
                value: f.as_str(),
                label: f.label(),
                selected: Some(*f) == format,
            })
            .collect(),
        error,
        jobs: jobs
            .iter()
            .map(|job| JobRow {
                href: format!("{base}/imports/{}", job.id),
                name: job_name(job),
                at: shown(job.created_at),
                state: state_word(job.state),
                counts: format!(
                    "{} created, {} skipped, {} failed",
                    job.created, job.skipped, job.failed
                ),
            })
            .collect(),
        links_csv_href: format!("{base}/links.csv"),
        links_jsonl_href: format!("{base}/links.jsonl"),
        clicks_action: format!("{base}/clicks.csv"),
        from: (today - Duration::days(29)).to_string(),
        to: today.to_string(),
    };
    Ok(ws.finish(page, Page::new(status, &template).into_response()))
}

pub async fn show(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    transfer_page(page, &ws, StatusCode::OK, None, None).await
}

/// The import a posted form asks for (`format`, the file's text in `file` or `content`).
fn request_of(form: &Form) -> Result<ImportRequest, ServiceError> {
    let input = ImportInput {
        format: form.get("format").map(str::to_string),
        content: form.get("file").or(form.get("content")).map(str::to_string),
        dry_run: None,
        on_conflict: form.get("onConflict").map(str::to_string),
        file_name: form.get("fileName").map(str::to_string),
    };
    Ok(ImportRequest::try_from(input)?)
}

fn plan_row(line: u64, verdict: &Verdict) -> PlanRow {
    let (status, badge, reason) = match verdict {
        Verdict::Create(_) => ("create", "ok", String::new()),
        Verdict::Conflict(why) => ("conflict", "warn", why.clone()),
        Verdict::Invalid(why) => ("invalid", "off", why.clone()),
    };
    let (link, destination) = match verdict {
        Verdict::Create(draft) => (
            format!(
                "{}/{}",
                draft.domain.as_ref().map_or("", |d| d.as_str()),
                draft.slug.as_ref().map_or("(generated)", |s| s.as_str())
            ),
            draft.settings.rules.default_rule().target_url.as_str().to_string(),
        ),
        _ => (String::new(), String::new()),
    };
    PlanRow {
        line,
        status,
        badge,
        link,
        destination,
        reason,
    }
}

/// `POST /app/w/<ws>/transfer`: the dry run of an uploaded file.
pub async fn check(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_upload(page, raw_ws).await?;
    let format = form.get("format").and_then(|f| ImportFormat::parse(f).ok());
    let request = match request_of(&form) {
        Ok(request) => request,
        Err(err) => return transfer_page(page, &ws, crate::http::status_of(&err), Some(err.to_string()), format).await,
    };
    let plan = match page.service.plan_import(&ws.access, &request.file).await {
        Ok(plan) => plan,
        Err(err @ ServiceError::Internal(_)) => return Err(err),
        Err(err) => return transfer_page(page, &ws, crate::http::status_of(&err), Some(err.to_string()), format).await,
    };
    let base = format!("{}/transfer", ws.base());
    let answer = DryRun::from(&plan);
    let creates = |r: &&crate::domain::PlannedRow| matches!(r.verdict, Verdict::Create(_));
    let listed: Vec<&crate::domain::PlannedRow> = plan
        .rows
        .iter()
        .filter(|r| !creates(r))
        .take(LISTED_PROBLEMS)
        .chain(plan.rows.iter().filter(creates).take(LISTED_CREATES))
        .collect();
    let template = PlanPage {
        chrome: ws.chrome("transfer"),
        notice: None,
        workspace: ws.access.workspace.name.clone(),
        csrf: ws.user.session.csrf_token.clone(),
        file_name: request.file.file_name.clone().unwrap_or_else(|| "the file".into()),
        format: request.file.format.as_str(),
        format_label: request.file.format.label(),
        content: request.file.text.clone(),
        summary: answer.message.replace(" Nothing was written.", ""),
        new_tags: plan.new_tags.join(", "),
        imported_before: plan.imported_before.as_ref().map(|id| format!("{base}/imports/{id}")),
        rows: listed.iter().map(|r| plan_row(r.line, &r.verdict)).collect(),
        more_rows: plan.rows.len() - listed.len(),
        import_action: format!("{base}/imports"),
        back_href: base,
        has_conflicts: answer.summary.conflict + answer.summary.invalid > 0,
    };
    Ok(ws.finish(page, Page::new(StatusCode::OK, &template).into_response()))
}

/// `POST /app/w/<ws>/transfer/imports`: the import of a checked file; its page follows.
pub async fn start(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_upload(page, raw_ws).await?;
    let request = request_of(&form)?;
    let queue = page.import_queue.ok_or(ServiceError::BadRequest(
        "Imports cannot run here: the app has no import queue (IMPORT_QUEUE_URL).".into(),
    ))?;
    let service = page.service.clone().with_import_budget(APP_IMPORT_BUDGET);
    let policy: ConflictPolicy = request.on_conflict;
    match service.import_file(&ws.access, &request.file, policy, queue).await {
        Ok(run) => {
            let href = format!("{}/transfer/imports/{}", ws.base(), run.job.id);
            let notice = if run.fresh {
                "Import started.".to_string()
            } else {
                "This file was imported before; nothing new was created.".to_string()
            };
            Ok(redirect_with_notice(page, &href, &notice))
        }
        Err(err @ (ServiceError::Internal(_) | ServiceError::QueueFailed(_))) => Err(err),
        Err(err) => {
            let format = Some(request.file.format);
            transfer_page(page, &ws, crate::http::status_of(&err), Some(err.to_string()), format).await
        }
    }
}

/// `GET /app/w/<ws>/transfer/imports/<id>`: a job's progress (refreshing while it runs).
pub async fn job(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let id = wire::parse_id(wire::IdField::Import, Some(raw_id))?;
    let (job, results) = page.service.import_results(&ws.access, &id).await?;
    let base = format!("{}/transfer", ws.base());
    let template = JobPage {
        chrome: ws.chrome("transfer"),
        notice: ws.notice.clone(),
        workspace: ws.access.workspace.name.clone(),
        name: job_name(&job),
        running: job.state == JobState::Running,
        state: state_word(job.state),
        rows: job.rows,
        done: job.done,
        percent: job.percent(),
        created: job.created,
        skipped: job.skipped,
        failed: job.failed,
        results_href: format!("{base}/imports/{id}/results.csv"),
        links_href: format!("{}/links", ws.base()),
        export_href: format!("{base}/links.csv"),
        back_href: base,
        problems: results
            .iter()
            .filter_map(|r| {
                r.outcome.reason().map(|reason| ResultRow {
                    line: r.line,
                    status: r.outcome.status(),
                    reason: reason.to_string(),
                })
            })
            .take(LISTED_PROBLEMS)
            .collect(),
    };
    Ok(ws.finish(page, Page::new(StatusCode::OK, &template).into_response()))
}

/// `GET /app/w/<ws>/transfer/imports/<id>/results.csv`.
pub async fn results(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let id = wire::parse_id(wire::IdField::Import, Some(raw_id))?;
    let (_, rows) = page.service.import_results(&ws.access, &id).await?;
    Ok(download(
        &format!("import-{id}-results.csv"),
        "text/csv; charset=utf-8",
        results_csv(&rows),
    ))
}

/// `GET /app/w/<ws>/transfer/template.csv`.
pub async fn template(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    Workspace::open(page, raw_ws).await?;
    Ok(download(
        "links-template.csv",
        "text/csv; charset=utf-8",
        TEMPLATE_CSV.to_string(),
    ))
}

fn too_large() -> ServiceError {
    ServiceError::BadRequest(format!(
        "The export is larger than one download holds ({MAX_DOWNLOAD_BYTES} bytes); use the API's paginated export \
         (GET /apiv1/links/export or /apiv1/clicks/export)."
    ))
}

/// `GET /app/w/<ws>/transfer/links.csv` and `links.jsonl`: every link, page after page.
pub async fn links(page: &PageRequest<'_>, raw_ws: &str, jsonl: bool) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let mut body = String::new();
    let mut cursor: Option<String> = None;
    loop {
        let part = page
            .service
            .export_links(&ws.access, cursor.as_deref(), crate::service::transfer::MAX_EXPORT_PAGE)
            .await?;
        let links: Vec<ExportedLink<'_>> = part.links.iter().map(|l| ExportedLink::new(l, &part.tags)).collect();
        if jsonl {
            body.extend(links.iter().map(ExportedLink::json_line));
        } else {
            body.push_str(&links_csv(&links, part.first));
        }
        if body.len() > MAX_DOWNLOAD_BYTES {
            return Err(too_large());
        }
        match part.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    let id = &ws.access.workspace.id;
    Ok(if jsonl {
        download(&format!("links-{id}.jsonl"), "application/jsonl; charset=utf-8", body)
    } else {
        download(&format!("links-{id}.csv"), "text/csv; charset=utf-8", body)
    })
}

/// `GET /app/w/<ws>/transfer/clicks.csv?from=&to=`: people's clicks of the range.
pub async fn clicks(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let query = |name: &str| crate::http::query(page.req, name);
    let range = DayRange::parse(query("from").as_deref(), query("to").as_deref())?;
    let with_visitor = query("visitorHash").is_some_and(|v| v == "true");
    let mut body = String::new();
    let mut cursor: Option<String> = None;
    loop {
        let part = page
            .service
            .export_clicks(&ws.access, range, with_visitor, cursor.as_deref())
            .await?;
        body.push_str(&part.csv());
        if body.len() > MAX_DOWNLOAD_BYTES {
            return Err(too_large());
        }
        match part.next_cursor {
            Some(next) => cursor = Some(next),
            None => break,
        }
    }
    let id = &ws.access.workspace.id;
    Ok(download(&format!("clicks-{id}.csv"), "text/csv; charset=utf-8", body))
}
