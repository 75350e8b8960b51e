//! One operation of the document, written as data: what it takes, what it answers and which
//! failures it can raise; [`Op::build`] turns it into the document's form (and its `HEAD`
//! twin).

use utoipa::openapi::link::Link;
use utoipa::openapi::path::{Operation, OperationBuilder, Parameter};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{RefOr, Schema};

use super::answers::{Shape, Success, responses};
use super::components::{idempotency_key, json_body};
use crate::service::ServiceError;

/// An operation behind the API key.
pub struct Op {
    pub id: &'static str,
    pub tag: &'static str,
    pub summary: &'static str,
    pub description: String,
    pub parameters: Vec<Parameter>,
    /// A JSON request body, and an example of it.
    pub body: Option<(RefOr<Schema>, serde_json::Value)>,
    pub success: Success,
    /// Every failure it can answer (built afresh for each shape).
    pub failures: fn() -> Vec<ServiceError>,
    /// Whether it takes an `Idempotency-Key`.
    pub idempotent: bool,
    /// Operations its success leads to (for clients and stateful testing).
    pub links: Vec<(&'static str, Link)>,
}

impl Op {
    /// The operation as the document holds it; `Shape::Head` for its `HEAD` twin.
    pub fn build(&self, shape: Shape) -> Operation {
        let id = match shape {
            Shape::Full => self.id.to_string(),
            Shape::Head => format!("{}Head", self.id),
        };
        let description = match shape {
            Shape::Full => self.description.clone(),
            Shape::Head => format!(
                "The answer `GET` would give, without its body (same status and headers). {}",
                self.description
            ),
        };
        let mut parameters = self.parameters.clone();
        if self.idempotent {
            parameters.push(idempotency_key());
        }
        let failures = (self.failures)();
        let mut operation = OperationBuilder::new()
            .operation_id(Some(id))
            .tag(self.tag)
            .summary(Some(self.summary))
            .description(Some(description))
            .parameters(Some(parameters))
            .security(SecurityRequirement::new("ApiKey", Vec::<String>::new()));
        if let Some((body, example)) = &self.body {
            operation = operation.request_body(Some(json_body(body.clone(), Some(example.clone()))));
        }
        for (status, mut response) in responses(self.success.clone(), failures, shape, self.idempotent) {
            if status == "200" && shape == Shape::Full {
                for (name, link) in &self.links {
                    response.links.insert((*name).to_string(), RefOr::T(link.clone()));
                }
            }
            operation = operation.response(status, response);
        }
        operation.build()
    }
}
