//! A tool's answer as MCP carries it: JSON (as `structuredContent` and the same JSON as one
//! text item), or a QR code (the code first, as SVG text or a PNG image item, then its
//! summary).

use base64::Engine as _;
use rmcp::model::{CallToolResult, ContentBlock};
use serde::Serialize;
use serde_json::Value;

use crate::domain::ids::ObjectId;
use crate::qr::{Format, QrImage};

/// A service result as JSON (service results are plain structs and string-keyed maps:
/// encoding cannot fail).
fn encode(value: impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("service results encode as JSON")
}

/// What `get_link_qr` says about the code it returns (its structured result).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QrSummary {
    pub link_id: ObjectId,
    /// What a scanner reads: the link's fullLink with ?qr=1.
    pub encodes: String,
    pub format: Format,
    /// Pixels per side.
    pub size: u32,
    #[schemars(extend("enum" = ["image/svg+xml", "image/png"]))]
    pub mime_type: &'static str,
}

/// A tool's result: JSON (as `structuredContent` and the same JSON as one text item), or a
/// QR code (the code first, as SVG text or a PNG image item, then its summary).
#[derive(Debug)]
pub enum Output {
    Json { text: String, value: Value },
    Qr(ObjectId, QrImage),
}

impl Output {
    /// A service result as JSON. The text is written straight from the result, which is
    /// several times cheaper than printing the `Value` built for `structuredContent` (in the
    /// `get_link` bench, encoding a 10-rule link's record is most of a call's time).
    pub fn json(value: impl serde::Serialize) -> Self {
        let text = serde_json::to_string(&value).expect("service results encode as JSON");
        Self::Json {
            text,
            value: encode(value),
        }
    }

    pub fn into_result(self) -> CallToolResult {
        match self {
            Self::Json { text, value } => {
                let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
                result.structured_content = Some(value);
                result
            }
            Self::Qr(link_id, image) => {
                let summary = encode(QrSummary {
                    link_id,
                    encodes: image.encodes,
                    format: image.format,
                    size: image.size,
                    mime_type: image.format.media_type(),
                });
                let code = match image.format {
                    Format::Svg => ContentBlock::text(String::from_utf8_lossy(&image.bytes).into_owned()),
                    Format::Png => ContentBlock::image(
                        base64::engine::general_purpose::STANDARD.encode(&image.bytes),
                        image.format.media_type(),
                    ),
                };
                let mut result = CallToolResult::success(vec![code, ContentBlock::text(summary.to_string())]);
                result.structured_content = Some(summary);
                result
            }
        }
    }
}
