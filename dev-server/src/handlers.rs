//! The HTTP functions' handlers, called as their Lambdas call them. Nothing here lists the
//! functions: `build.rs` compiles each `functions/<name>/src/lib.rs` whose `handler` takes a
//! `Request` into this module (as `handlers::<name>`, by path, so the dev server needs no
//! dependency per function) and writes [`call`], the dispatch by name, and [`HANDLED`]. A
//! handler takes the request last and, before it, what it runs with: each of those is
//! [`Mount`]ed from the dev server's [`Functions`].

use lambda_http::{Body, Request, Response};
use lib::pages::Site;
use lib::queue::Queue;
use lib::redirect::Redirector;
use lib::redirect::location::LocationDoor;
use lib::service::Service;

use crate::Functions;

/// What a handler runs with, as the dev server holds it (in Lambda each `main.rs` builds its
/// own).
pub trait Mount {
    fn of(functions: &Functions) -> &Self;
}

/// `Mount` for each state the dev server holds in a field of [`Functions`].
macro_rules! mounted_at {
    ($($state:ty => $field:ident),* $(,)?) => {
        $(impl Mount for $state {
            fn of(functions: &Functions) -> &Self {
                &functions.$field
            }
        })*
    };
}

mounted_at!(
    Service => service,
    Redirector => redirector,
    LocationDoor => location,
    lib::mcp::Endpoint => mcp,
    Site => site,
    oauth::OAuth => oauth,
);

/// The queue an HTTP function hands work to: the import queue (`import-links`), the only one.
impl Mount for Queue {
    fn of(functions: &Functions) -> &Self {
        functions.import_worker.queue()
    }
}

include!(concat!(env!("OUT_DIR"), "/handlers.rs"));
