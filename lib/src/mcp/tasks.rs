//! Long tool calls as tasks (the `io.modelcontextprotocol/tasks` extension, SEP-2663): when
//! the client declares the extension on a call of a tool that can take long
//! (`bulk_create_links`), the call answers a task at once and the work goes on in the import
//! worker; `tasks/get` answers its progress and, once completed, the result the plain call
//! would have given; `tasks/cancel` stops it between chunks. The tasks live in the table (see
//! [`crate::service::tasks`]), so any Lambda answers for any task.

use rmcp::model::{
    CreateTaskResult, DetailedTask, ErrorCode, GetTaskResult, JsonObject, Task, TaskPayload, TaskStatus,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};

use super::tools::{Call, Output};
use crate::domain::{McpTask, TASK_KEPT_HOURS, TaskState};
use crate::queue::Queue;
use crate::service::accounts::{Access, Caller};
use crate::service::tasks::{TaskOutcome, TaskView};
use crate::service::{Service, ServiceError};
use crate::wire::{BulkItems, ImportOutcome, ImportRequest};

/// How often a client is asked to poll a working task.
pub const POLL_INTERVAL_MS: u64 = 2_000;

/// What a tool call that can be a task hands over to become one.
#[derive(Debug)]
pub enum TaskStart<'a> {
    Bulk(&'a BulkItems),
    /// An import, which needs the queue even as a plain call.
    Import(&'a ImportRequest),
}

/// What a tool call answers: its result, or the task carrying it on.
#[derive(Debug)]
pub enum Answer {
    Done(Output),
    Task(McpTask),
}

/// Whether this request's client declared the tasks extension.
pub fn declared(context: &RequestContext<RoleServer>) -> bool {
    context.client_capabilities().is_some_and(|caps| caps.supports_tasks())
}

/// Runs a call, as a task when the client `declared` tasks and the tool takes long;
/// otherwise as the plain call.
pub async fn run(
    service: &Service,
    access: &Access,
    caller: &Caller,
    call: Call,
    queue: Option<&Queue>,
    declared: bool,
) -> Result<Answer, ServiceError> {
    match (queue, call.task(), declared) {
        (Some(queue), Some(TaskStart::Bulk(items)), true) => Ok(Answer::Task(
            service.start_bulk_task(access, caller, items, queue).await?,
        )),
        (Some(queue), Some(TaskStart::Import(request)), true) => Ok(Answer::Task(
            service
                .start_import_task(access, caller, &request.file, request.on_conflict, queue)
                .await?,
        )),
        (Some(queue), Some(TaskStart::Import(request)), false) => {
            let run = service
                .import_file(access, &request.file, request.on_conflict, queue)
                .await?;
            Ok(Answer::Done(Output::json(ImportOutcome::new(
                &run.job, run.fresh, &run.rows,
            ))))
        }
        _ => Ok(Answer::Done(call.run(service, access).await?)),
    }
}

fn status(state: TaskState) -> TaskStatus {
    match state {
        TaskState::Working => TaskStatus::Working,
        TaskState::Completed => TaskStatus::Completed,
        TaskState::Failed => TaskStatus::Failed,
        TaskState::Cancelled => TaskStatus::Cancelled,
    }
}

/// The task as the extension shows it.
fn task_of(task: &McpTask) -> Task {
    let at = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    Task::new(
        task.id.to_string(),
        status(task.state),
        at(task.created_at),
        at(task.updated_at),
    )
    .with_status_message(task.failure.clone().unwrap_or_else(|| task.progress()))
    .with_ttl_ms(TASK_KEPT_HOURS as u64 * 3_600_000)
    .with_poll_interval_ms(POLL_INTERVAL_MS)
}

/// The answer to the call that made a task.
pub fn created(task: &McpTask) -> CreateTaskResult {
    CreateTaskResult::new(task_of(task))
}

/// The answer to `tasks/get`: the task, and the plain call's result once it completed (or
/// the error a plain call would have answered, once it failed).
pub fn detailed(view: TaskView) -> GetTaskResult {
    let task = task_of(&view.task).with_status_message(view.message);
    let payload = match (view.task.state, view.outcome) {
        (TaskState::Completed, Some(outcome)) => {
            let output = match outcome {
                TaskOutcome::Bulk(outcome) => Output::json(outcome),
                TaskOutcome::Import(outcome) => Output::json(outcome),
            };
            TaskPayload::Completed {
                result: object(serde_json::to_value(output.into_result())),
            }
        }
        (TaskState::Failed, _) => TaskPayload::Failed {
            error: object(serde_json::to_value(ErrorData::new(
                ErrorCode::INVALID_PARAMS,
                view.task.failure.clone().unwrap_or_default(),
                None,
            ))),
        },
        (TaskState::Cancelled, _) => TaskPayload::Cancelled,
        _ => TaskPayload::Working,
    };
    GetTaskResult::new(DetailedTask::new(task, payload))
}

fn object(value: Result<serde_json::Value, serde_json::Error>) -> JsonObject {
    match value.expect("results encode as JSON") {
        serde_json::Value::Object(map) => map,
        _ => unreachable!("a result is an object"),
    }
}

/// A refusal as `tasks/*` answers it.
pub fn refused(err: &ServiceError, request_id: &str) -> ErrorData {
    super::errors::to_rpc(err, request_id)
}
