//! A long tool call carried on as a task (the MCP tasks extension): what it does, whose it is
//! and how far it got. The work itself is run by the import worker, chunk by chunk, so the
//! request that made the task answers at once.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::ids::ObjectId;

/// The most links one bulk task takes (a plain `bulk_create_links` call takes 100).
pub const MAX_BULK_TASK_LINKS: usize = 1000;
/// How many links of a bulk task are created at a time (a plain call's limit); a task is
/// cancelled between chunks.
pub const BULK_TASK_CHUNK: usize = 100;
/// How long a task (and its input and results) is kept after it was made.
pub const TASK_KEPT_HOURS: i64 = 24;

/// Where a task is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaskState {
    Working,
    Completed,
    /// The work met an error it cannot get past (the error is kept in the task).
    Failed,
    Cancelled,
}

/// What a task does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TaskKind {
    /// `bulk_create_links`: its items are kept beside the task, its results by chunk.
    BulkCreate,
    /// `import_links`: the import job carries the work; the task follows it.
    #[serde(rename_all = "camelCase")]
    Import {
        import_id: ObjectId,
        /// False when the file was imported before (the plain call says so).
        fresh: bool,
    },
}

/// One task, bound to the workspace it acts in and the credential that made it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpTask {
    pub id: ObjectId,
    pub kind: TaskKind,
    pub workspace_id: ObjectId,
    /// The person whose credential made it (the worker acts as them, with their role now).
    pub user_id: ObjectId,
    /// The credential's short id (an API key's, or an OAuth grant's, shared by its tokens):
    /// only it may read or cancel the task.
    pub key_id: String,
    pub state: TaskState,
    /// Items to handle, and handled so far.
    pub total: u64,
    pub done: u64,
    /// Why a failed task failed (a sentence of the service).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl McpTask {
    /// The task after one more chunk of `handled` items (completed once every item is).
    pub fn after_chunk(&self, handled: u64, now: DateTime<Utc>) -> Self {
        let done = (self.done + handled).min(self.total);
        Self {
            done,
            state: if done >= self.total {
                TaskState::Completed
            } else {
                TaskState::Working
            },
            updated_at: now,
            ..self.clone()
        }
    }

    /// The chunk to run next.
    pub fn next_chunk(&self) -> u64 {
        self.done / BULK_TASK_CHUNK as u64
    }

    /// How far it got, for the task's status message.
    pub fn progress(&self) -> String {
        let items = match self.kind {
            TaskKind::BulkCreate => "links",
            TaskKind::Import { .. } => "rows",
        };
        format!("{} of {} {items} handled so far.", self.done, self.total)
    }
}

/// What became of one item of a bulk task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "outcome")]
pub enum BulkItemResult {
    Created {
        id: ObjectId,
        slug: String,
        full_link: String,
        name: String,
    },
    Failed {
        error: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(total: u64, done: u64) -> McpTask {
        let at = DateTime::<Utc>::from_timestamp(1_700_000_000, 0).unwrap();
        McpTask {
            id: ObjectId::parse("6553f100aaaaaaaaaaaaaaaa").unwrap(),
            kind: TaskKind::BulkCreate,
            workspace_id: ObjectId::parse("6553f100bbbbbbbbbbbbbbbb").unwrap(),
            user_id: ObjectId::parse("6553f100cccccccccccccccc").unwrap(),
            key_id: "k".into(),
            state: TaskState::Working,
            total,
            done,
            failure: None,
            created_at: at,
            updated_at: at,
        }
    }

    #[test]
    fn a_chunk_short_of_the_end_keeps_the_task_working() {
        let after = task(500, 200).after_chunk(100, Utc::now());
        assert_eq!((after.done, after.state), (300, TaskState::Working));
        assert_eq!(after.progress(), "300 of 500 links handled so far.");
    }

    #[test]
    fn the_last_chunk_completes_the_task() {
        let after = task(250, 200).after_chunk(50, Utc::now());
        assert_eq!(
            (after.done, after.state, after.next_chunk()),
            (250, TaskState::Completed, 2)
        );
    }
}
