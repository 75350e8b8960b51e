//! Shared positions in the document: where a location consent page's script posts the position a
//! person chose to share, and that script, on the short domains.

use utoipa::openapi::path::{Operation, OperationBuilder};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, ResponseBuilder};

use super::answers::Shape;
use super::components::{Schemas, json_body, schema_ref, text_header};
use super::surfaces::reference;
use crate::wire::{NOT_A_POSITION, SharedPositionInput};

/// `POST /_sl/location` on a short domain.
pub fn share_position(schemas: &mut Schemas) -> Operation {
    let body = schemas.request::<SharedPositionInput>("SharePositionRequest", &[]);
    OperationBuilder::new()
        .operation_id(Some("sharePosition"))
        .tag("Short links")
        .summary(Some("Share a position (location consent page)"))
        .description(Some(
            "On every short domain. The location consent page a link with `gpsTracking` shows a person posts here, \
             only after they pressed \"Share my location\" and their browser allowed it: the page's signed grant \
             (good for one position of that one click, for ten minutes after it) and what the browser reported. \
             Only the ~5 km cell the position falls in is kept (the point never is), for the deployment's \
             retention (30 days unless the operator sets another) and in the analytics. Every well-formed post answers `204` \
             alike: stored, a repeat, late, a forged grant, an accuracy worse than 10 km or a position out of \
             range, or a browser sending `Sec-GPC: 1`. Public: no API key.",
        ))
        .security(SecurityRequirement::default())
        .request_body(Some(json_body(
            body,
            Some(serde_json::json!({
                "token": "<the page's grant, 86 characters>",
                "latitude": 48.858_37, "longitude": 2.294_48, "accuracy": 35 })),
        )))
        .response(
            "204",
            ResponseBuilder::new()
                .description("Taken (whatever became of it).")
                .header("Cache-Control", text_header("`no-store`"))
                .build(),
        )
        .response(
            "400",
            ResponseBuilder::new()
                .description(format!("Not a shared position: `{NOT_A_POSITION}`"))
                .content(
                    "application/json",
                    ContentBuilder::new().schema(Some(schema_ref("ErrorBody"))).build(),
                )
                .build(),
        )
        .build()
}

/// `GET`/`HEAD /_sl/location.js` on a short domain: the consent page's script.
pub fn location_script(shape: Shape) -> Operation {
    let mut operation = reference(
        "locationScript",
        "The location consent page's script",
        "text/javascript",
        "string",
        shape,
    );
    operation.tags = Some(vec!["Short links".into()]);
    operation.description = Some(
        "Loaded by the location consent page from its own short domain (its CSP allows scripts from there only). \
         It asks nothing on load: it shows the \"Share my location\" button, asks the browser only when it is \
         pressed (8 s at most), posts the position to `/_sl/location` and continues to the destination; a refusal \
         or an error continues at once. Static, cacheable for an hour. Public: no API key, not rate-limited."
            .into(),
    );
    operation
}
