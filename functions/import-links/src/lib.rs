//! `POST /apiv1/links/import`: a dry run, or an import run for up to 10 s and handed on.

use lambda_http::{Body, Error, Request, Response};
use lib::queue::Queue;
use lib::service::Service;
use lib::wire::{self, DryRun, ImportInput, ImportOutcome, ImportRequest};
use lib::{api, manifest};
use serde_json::Value;

pub async fn handler(service: &Service, queue: &Queue, req: Request) -> Result<Response<Body>, Error> {
    api::upload_endpoint(service, &req, &manifest::IMPORT_LINKS, async |access, body| {
        let input: ImportInput = wire::from_json(Value::Object(body))?;
        let request = ImportRequest::try_from(input)?;
        if request.dry_run {
            let plan = service.plan_import(&access, &request.file).await?;
            return Ok(api::ok(&DryRun::from(&plan)));
        }
        let run = service
            .import_file(&access, &request.file, request.on_conflict, queue)
            .await?;
        let running = run.job.state == lib::domain::JobState::Running;
        Ok(api::accepted_or_ok(
            running,
            &ImportOutcome::new(&run.job, run.fresh, &run.rows),
        ))
    })
    .await
}
