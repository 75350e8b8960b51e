//! An upload's body: a JSON object, or a `multipart/form-data` form whose text parts become
//! the object's fields (`dryRun=true` a boolean) and whose `file` part becomes `content` (its
//! text) and `fileName`. At most [`MAX_UPLOAD_BYTES`], which stays under Lambda's 6 MB.

use lambda_http::Request;
use lambda_http::http::header;
use serde_json::{Map, Value};

use crate::service::ServiceError;

pub const MAX_UPLOAD_BYTES: usize = 5_500_000;

fn too_large() -> ServiceError {
    ServiceError::BadRequest(format!("Request body must be at most {MAX_UPLOAD_BYTES} bytes."))
}

/// The body as an object of fields.
pub async fn upload_object(req: &Request) -> Result<Map<String, Value>, ServiceError> {
    let bytes: &[u8] = req.body().as_ref();
    let declared = super::declared_length(req.headers()).unwrap_or(0);
    if declared.max(bytes.len() as u64) > MAX_UPLOAD_BYTES as u64 {
        return Err(too_large());
    }
    let content_type = super::header_str(req, header::CONTENT_TYPE.as_str()).unwrap_or_default();
    match multer::parse_boundary(content_type) {
        Ok(boundary) => form_fields(bytes.to_vec(), boundary).await,
        Err(_) if content_type.trim_start().starts_with("multipart/") => Err(ServiceError::BadRequest(
            "A multipart body needs its boundary in Content-Type.".into(),
        )),
        Err(_) => parse_json(bytes),
    }
}

fn parse_json(bytes: &[u8]) -> Result<Map<String, Value>, ServiceError> {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(ServiceError::BadRequest("Request body must be a JSON object.".into())),
        Err(e) => Err(ServiceError::BadRequest(format!(
            "Request body is not valid JSON: {e}."
        ))),
    }
}

async fn form_fields(bytes: Vec<u8>, boundary: String) -> Result<Map<String, Value>, ServiceError> {
    let stream = futures::stream::once(async move { Ok::<_, std::convert::Infallible>(bytes::Bytes::from(bytes)) });
    let constraints =
        multer::Constraints::new().size_limit(multer::SizeLimit::new().whole_stream(MAX_UPLOAD_BYTES as u64));
    let mut form = multer::Multipart::with_constraints(stream, boundary, constraints);
    let bad = |e: multer::Error| ServiceError::BadRequest(format!("The multipart body cannot be read: {e}."));
    let mut fields = Map::new();
    while let Some(part) = form.next_field().await.map_err(bad)? {
        let name = part.name().unwrap_or_default().to_string();
        let file_name = part.file_name().map(str::to_string);
        let text = part.text().await.map_err(bad)?;
        match name.as_str() {
            "file" => {
                fields.insert("content".into(), Value::String(text));
                if let Some(file_name) = file_name.filter(|n| !n.is_empty()) {
                    fields.insert("fileName".into(), Value::String(file_name));
                }
            }
            "dryRun" => {
                let on = matches!(text.trim(), "true" | "on" | "1");
                fields.insert(name, Value::Bool(on));
            }
            _ => {
                fields.insert(name, Value::String(text));
            }
        }
    }
    Ok(fields)
}
