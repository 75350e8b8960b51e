//! The visitor door in the document: `GET`/`HEAD /{slug}` on a short domain, and the `POST` a
//! protected link's password page sends.

use utoipa::openapi::path::{Operation, OperationBuilder, Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, HeaderBuilder, Required, Response, ResponseBuilder};

use super::answers::Shape;
use super::components::{inline, schema_ref, text_header};
use super::surfaces::text_schema;
use crate::service::{
    ServiceError, visits::LINK_WRONG_GUESSES_PER_HOUR, visits::LockReason, visits::PASSWORD_TRIES_PER_HOUR,
};

fn slug() -> Parameter {
    ParameterBuilder::new()
        .name("slug")
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .description(Some("The link's slug (matched lower-case)."))
        .schema(Some(text_schema("string")))
        .build()
}

/// The `Location` of a redirect.
fn location() -> utoipa::openapi::header::Header {
    HeaderBuilder::new()
        .schema(Some(inline(serde_json::json!({ "type": "string", "format": "uri" }))))
        .description(Some("The destination."))
        .build()
}

/// A protected link's password page (`401`).
fn password_page(shape: Shape) -> Response {
    visitor_answer(
        &format!(
            "A password-protected link: a page asking for the password (\"{}\"), naming neither the link nor \
             its destination; bots, link-preview crawlers and `HEAD` get it whatever they send, never the \
             destination. Nothing is counted.",
            LockReason::Ask.message()
        ),
        None,
        shape,
    )
}

/// A page or a JSON error of the visitor door.
fn visitor_answer(description: &str, json_error: Option<&str>, shape: Shape) -> Response {
    let mut response = ResponseBuilder::new()
        .description(description)
        .header("Cache-Control", text_header("`private, no-store`"));
    if shape == Shape::Full {
        response = response.content(
            "text/html; charset=utf-8",
            ContentBuilder::new().schema(Some(text_schema("string"))).build(),
        );
        if let Some(error) = json_error {
            let example = serde_json::json!({ "error": error });
            response = response.content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(schema_ref("ErrorBody")))
                    .example(Some(example))
                    .build(),
            );
        }
    }
    response.build()
}

/// `GET`/`HEAD /{slug}` on a short domain.
pub fn visit(shape: Shape) -> Operation {
    let (id, summary) = match shape {
        Shape::Full => ("visitShortLink", "Visit a short link"),
        Shape::Head => ("visitShortLinkHead", "Check a short link"),
    };
    OperationBuilder::new()
        .operation_id(Some(id))
        .tag("Short links")
        .summary(Some(summary))
        .description(Some(
            "On a short domain (the `Host` names it). A visitor is redirected to the destination the link's rules \
             or A/B split choose (counted once a day per visitor and link in analytics; bots are redirected but \
             not counted); link-preview crawlers get a page with the link's Open Graph title. `HEAD` answers like \
             `GET` without a body, is never counted, and gets no destination (`200`) on a live link. \
             `Accept: application/json` turns the 404 and 410 pages into `{ \"error\": … }`. A link with \
             `fallbackUrl` sends every visitor there (`302`, not counted) instead of the 410. A link with a \
             password shows a person a page asking for it (`401`), and lets a browser holding the pass a right \
             password left (the `sl_pass` cookie) straight through; bots, crawlers and `HEAD` get the `401` and \
             never the destination. Never rate-limited.",
        ))
        .security(SecurityRequirement::default())
        .parameter(slug())
        .response(
            "302",
            ResponseBuilder::new()
                .description(
                    "Redirected to the destination (with the link's UTM parameters and the visitor's query), or to \
                     the fallback of a link that no longer serves.",
                )
                .header("Location", location())
                .header("Cache-Control", text_header("`private, no-store`"))
                .build(),
        )
        .response(
            "200",
            visitor_answer(
                "A link-preview crawler's page (Open Graph title and description, and a refresh to the destination \
                 unless the link has a click limit); `HEAD` on a live link; or, for a person's `GET` of a link with \
                 `gpsTracking` (unless the browser sends `Sec-GPC: 1` or the workspace turned location requests \
                 off), the location consent page: it says who asks and where the link goes, asks nothing until \
                 \"Share my location\" is pressed, and its \"Continue\" link goes to the destination (the click is \
                 counted when the page is served).",
                None,
                shape,
            ),
        )
        .response("401", password_page(shape))
        .response(
            "404",
            visitor_answer(
                "No such link on this domain.",
                Some(&ServiceError::LinkNotFound.to_string()),
                shape,
            ),
        )
        .response(
            "410",
            visitor_answer(
                "The link is switched off, expired or over its click limit.",
                Some(crate::redirect::GONE),
                shape,
            ),
        )
        .build()
}

/// `POST /{slug}`: the password a protected link's page sends.
pub fn unlock() -> Operation {
    let form = inline(serde_json::json!({
        "type": "object",
        "required": ["form", "password"],
        "properties": {
            "form": { "type": "string", "description": "The page's form token (also in its `sl_form` cookie)." },
            "password": { "type": "string", "description": "The password typed." }
        }
    }));
    let see_other = ResponseBuilder::new()
        .description(
            "The right password: on to what a visit would get at this moment (the destination routing chooses, \
             counted once), with the `sl_pass` cookie that lets this browser through the link for 24 hours. A \
             post to a link without a password is a visit.",
        )
        .header("Location", location())
        .header(
            "Set-Cookie",
            text_header("`sl_pass=…; Path=/{slug}; Max-Age=86400; HttpOnly; Secure; SameSite=Lax`"),
        )
        .build();
    OperationBuilder::new()
        .operation_id(Some("unlockShortLink"))
        .tag("Short links")
        .summary(Some("Give a protected link's password"))
        .description(Some(format!(
            "On a short domain: what a password page posts (`application/x-www-form-urlencoded`). The form token \
             must equal the page's `sl_form` cookie, and a post another site sends (`Sec-Fetch-Site: cross-site`) \
             is refused. {PASSWORD_TRIES_PER_HOUR} tries an hour per link and client address, counted before the \
             password is checked; after {LINK_WRONG_GUESSES_PER_HOUR} wrong passwords in an hour from every address \
             together the link's page answers `429` to everyone for a minute, doubling after each further lock up \
             to an hour. Public: no API key."
        )))
        .security(SecurityRequirement::default())
        .parameter(slug())
        .request_body(Some(
            utoipa::openapi::request_body::RequestBodyBuilder::new()
                .content(
                    "application/x-www-form-urlencoded",
                    ContentBuilder::new().schema(Some(form)).build(),
                )
                .required(Some(Required::True))
                .build(),
        ))
        .response("303", see_other)
        .response(
            "200",
            visitor_answer(
                "The right password on a link that asks for location: the consent page; or a link-preview \
                 crawler's page of a link without a password.",
                None,
                Shape::Full,
            ),
        )
        .response(
            "401",
            visitor_answer(
                &format!(
                    "The page again: nothing given (\"{}\"), a wrong password (\"{}\"), or a robot.",
                    LockReason::Ask.message(),
                    LockReason::Wrong.message()
                ),
                None,
                Shape::Full,
            ),
        )
        .response(
            "403",
            visitor_answer(
                &format!(
                    "The form token is missing, stale or not the cookie's, or another site posted: the page again \
                     with a new token (\"{}\").",
                    LockReason::StaleForm.message()
                ),
                None,
                Shape::Full,
            ),
        )
        .response(
            "404",
            visitor_answer(
                "No such link on this domain.",
                Some(&ServiceError::LinkNotFound.to_string()),
                Shape::Full,
            ),
        )
        .response(
            "410",
            visitor_answer(
                "The link is switched off, expired or over its click limit.",
                Some(crate::redirect::GONE),
                Shape::Full,
            ),
        )
        .response(
            "429",
            visitor_answer(
                "Too many tries on this link from this client address this hour: the page says when to come back \
                 (`Retry-After`, seconds).",
                None,
                Shape::Full,
            ),
        )
        .build()
}
