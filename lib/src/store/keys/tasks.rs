//! Keys of MCP tasks: the task, its input's parts and its results by chunk, in one partition
//! of its own (a task is found by its id alone; the caller is checked against the task).

use super::Key;
use crate::domain::ids::ObjectId;

pub fn task_partition(task: &ObjectId) -> String {
    format!("MCPTASK#{task}")
}

pub fn task(task: &ObjectId) -> Key {
    Key::new(task_partition(task), "TASK")
}

pub fn task_input_part(task: &ObjectId, part: usize) -> Key {
    Key::new(task_partition(task), &format!("{TASK_INPUT_PREFIX}{part:04}"))
}

pub const TASK_INPUT_PREFIX: &str = "INPUT#";

pub fn task_chunk(task: &ObjectId, chunk: u64) -> Key {
    Key::new(task_partition(task), &format!("{TASK_CHUNK_PREFIX}{chunk:05}"))
}

pub const TASK_CHUNK_PREFIX: &str = "CHUNK#";
