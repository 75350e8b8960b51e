//! Conversions in the document: the API that reports them, and the pixel and the site script
//! on the short domains.

use utoipa::openapi::path::{Operation, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, Required, ResponseBuilder};

use serde_json::json;

use super::answers::{Shape, Success};
use super::components::{Schemas, inline, text_header, workspace_id_property};
use super::links::{EXAMPLE_WORKSPACE, write_failures};
use super::operation::Op;
use super::surfaces::{reference, text_schema};
use crate::domain::Invalid;
use crate::manifest;
use crate::service::ServiceError;
use crate::wire::{ConversionInput, RecordedConversion};

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
             redirect appended to the destination), when the click is stored, its link is on this short domain \
             and still has conversion tracking on, and the click is within the attribution window (90 days \
             unless the operator sets another); once per click and event, apart from the conversions API's \
             (a pixel never makes a server's report of the same event a duplicate). Takes no amount: anyone \
             can fire it. The answer never says \
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
        "A destination site loads it (`<script src=\"https://<short-domain>/_sl/c.js\"></script>`): it keeps \
         the `sl_cid` of the landing URL in a first-party cookie for the attribution window, and \
         `smartlinks.convert(event)` fires the pixel on any later page (a page loading it `async` queues its \
         events first: `window.smartlinks = {q: ['signup']}`). Static, under 2 KB, cacheable for an hour. \
         Public: no API key, not rate-limited."
            .into(),
    );
    operation
}

/// `POST /conversions`.
pub fn operations(schemas: &mut Schemas) -> Vec<(&'static manifest::Function, Op)> {
    let workspace = workspace_id_property();
    vec![(
        &manifest::REPORT_CONVERSION,
        Op {
            id: "reportConversion",
            tag: "Conversions",
            summary: "Report a conversion",
            description:
                "Records a conversion (a sale with its amount, or a lead from your server) of the click whose \
                id (`sl_cid`) the destination was given, attributed to the click's link, rule and A/B variant. \
                It counts once per click and event, or per click, event and `eventId` when you give one, whatever \
                the pixel recorded; a repeat answers the first conversion with `duplicate: true`. The click must be of a link of this \
                workspace that still has conversion tracking on, and at most 90 days old."
                    .into(),
            parameters: Vec::new(),
            body: Some((
                schemas.request::<ConversionInput>("ReportConversionRequest", std::slice::from_ref(&workspace)),
                json!({ "workspaceId": EXAMPLE_WORKSPACE, "clickId": "ZaGyw9Tl9gcYKTpLAAABmrvEnWkfZaGyw9Tl9gcYKT",
                        "event": "sale", "amount": 4999, "currency": "EUR", "eventId": "order-4711" }),
            )),
            success: Success::Json(
                "The conversion (or, on a repeat, the first one).",
                Box::new(schemas.output::<RecordedConversion>()),
            ),
            failures: || {
                write_failures(vec![
                    ServiceError::Invalid(Invalid::new("currency", "currency is required with an amount.")),
                    ServiceError::ConversionTrackingOff,
                    ServiceError::OutsideAttributionWindow { days: 90 },
                    ServiceError::ClickNotFound,
                ])
            },
            idempotent: manifest::REPORT_CONVERSION.idempotent,
            links: Vec::new(),
        },
    )]
}
