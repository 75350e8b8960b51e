//! Keys of import jobs: the job, its file's pointer, the file's parts and the rows' results.

use super::Key;
use crate::domain::ids::ObjectId;

/// A workspace's import job, in the workspace's partition (newest last: ids start with their
/// creation second).
pub fn import_job(workspace: &ObjectId, job: &ObjectId) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("{IMPORT_JOB_SORT_PREFIX}{job}"))
}

pub const IMPORT_JOB_SORT_PREFIX: &str = "IMPORT#";

/// The pointer from a file (SHA-256 of its format and text) to the job that imported it into
/// the workspace: a file is imported once.
pub fn import_file(workspace: &ObjectId, file_hash: &str) -> Key {
    Key::new(format!("WS#{workspace}"), &format!("IMPORTFILE#{file_hash}"))
}

/// The partition of a job's file text (`FILE#<part>`) and row results (`ROWS#<chunk>`).
pub fn import_partition(job: &ObjectId) -> String {
    format!("IMPORT#{job}")
}

pub fn import_file_part(job: &ObjectId, part: usize) -> Key {
    Key::new(import_partition(job), &format!("{IMPORT_FILE_PREFIX}{part:04}"))
}

pub const IMPORT_FILE_PREFIX: &str = "FILE#";

pub fn import_rows(job: &ObjectId, chunk: u64) -> Key {
    Key::new(import_partition(job), &format!("{IMPORT_ROWS_PREFIX}{chunk:05}"))
}

pub const IMPORT_ROWS_PREFIX: &str = "ROWS#";
