//! The storage layer's one error type.

use aws_sdk_dynamodb::error::SdkError;

/// Failures of the storage layer. Expected outcomes (a taken slug, a lost race) are not
/// errors here: operations return them as values.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("DynamoDB request {operation} failed")]
    Request {
        operation: &'static str,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("could not build the {0} request")]
    Build(&'static str, #[source] aws_sdk_dynamodb::error::BuildError),
    #[error("stored item {pk} is malformed")]
    Malformed {
        pk: String,
        #[source]
        source: serde_dynamo::Error,
    },
    #[error("stored item {pk} is malformed: {reason}")]
    Corrupt { pk: String, reason: &'static str },
    #[error("could not encode an item")]
    Encode(#[source] serde_dynamo::Error),
    #[error("could not encode a message")]
    Json(#[source] serde_json::Error),
    #[error("DynamoDB kept rejecting {0} because of concurrent transactions")]
    Contention(&'static str),
}

impl StoreError {
    pub(super) fn request<E, R>(operation: &'static str, err: SdkError<E, R>) -> Self
    where
        E: std::error::Error + Send + Sync + 'static,
        R: std::fmt::Debug + Send + Sync + 'static,
    {
        Self::Request {
            operation,
            source: Box::new(err),
        }
    }
}
