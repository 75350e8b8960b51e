//! The conversion surfaces on the short domains: the pixel and the site script.

use utoipa::openapi::path::{Operation, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, Required, ResponseBuilder};

use super::answers::Shape;
use super::components::{inline, text_header};
use super::surfaces::{reference, text_schema};

/// `GET`/`HEAD /_sl/c` on a short domain: the conversion pixel.
pub fn conversion_pixel(shape: Shape) -> Operation {
    let (id, summary) = match shape {
        Shape::Full => ("conversionPixel", "Report a conversion (pixel)"),
        Shape::Head => ("conversionPixelHead", "Check the conversion pixel"),
    };
    let query = |name: &str, description: &str, pattern: &str| {
        ParameterBuilder::new()
            .name(name)
            .parameter_in(ParameterIn::Query)
            .required(Required::False)
            .description(Some(description))
            .schema(Some(inline(
                serde_json::json!({ "type": "string", "pattern": pattern }),
            )))
    };
    let mut gif = ResponseBuilder::new()
        .description("Always: a 1×1 transparent GIF, whatever was sent.")
        .header("Cache-Control", text_header("`no-store`"));
    if shape == Shape::Full {
        gif = gif.content(
            "image/gif",
            ContentBuilder::new().schema(Some(text_schema("string"))).build(),
        );
    }
    OperationBuilder::new()
        .operation_id(Some(id))
        .tag("Short links")
        .summary(Some(summary))
        .description(Some(
            "On every short domain. Records a lead named `e` for the click `cid` names (the `sl_cid` a tracked \
             redirect appended to the destination), when the click is stored, its link still has conversion \
             tracking on, and the click is within the attribution window (90 days unless the operator sets \
             another); once per click and event. Takes no amount: anyone can fire it. The answer never says \
             whether anything was recorded. `HEAD` records nothing. Public: no API key.",
        ))
        .security(SecurityRequirement::default())
        .parameter(query("cid", "The click id (`sl_cid`).", "^[A-Za-z0-9_-]{42}$"))
        .parameter(query("e", "The event (`lead` when absent).", "^[a-z0-9_.-]{1,40}$"))
        .response("200", gif.build())
        .build()
}

/// `GET`/`HEAD /_sl/c.js` on a short domain: the site script of conversions.
pub fn conversion_script(shape: Shape) -> Operation {
    let mut operation = reference(
        "conversionScript",
        "The conversions site script",
        "text/javascript",
        "string",
        shape,
    );
    operation.tags = Some(vec!["Short links".into()]);
    operation.description = Some(
        "A destination site loads it (`<script src=\"https://<short-domain>/_sl/c.js\" async>`): it keeps the \
         `sl_cid` of the landing URL in a first-party cookie for the attribution window, and \
         `smartlinks.convert(event)` fires the pixel on any later page. Static, under 2 KB, cacheable for an \
         hour. Public: no API key, not rate-limited."
            .into(),
    );
    operation
}
