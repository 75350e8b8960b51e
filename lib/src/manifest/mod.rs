//! What `template.yaml` deploys, written once as data: every function, the routes it serves
//! on which HTTP API, and the DynamoDB actions its code calls. A function is one entry of a
//! `functions!` block in the file of its area (links, workspace, visitors, doors, background);
//! [`FUNCTIONS`] joins them (docs/adding-a-function.md). The dev server routes by it,
//! the `fallback` function answers 404 and 405 from it, and `dev-server/tests/api/template.rs`
//! checks the template against it (and the actions against what the code really sends). The
//! OpenAPI document (`lib::openapi`) has exactly these routes, which a test checks too.

use crate::domain::RateClass;

/// The two HTTP APIs of the template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    /// `Api`: `/apiv1/...`, on the service's own host.
    Service,
    /// `ShortLinkApi`: `/{slug}` on the short-link domains (behind CloudFront).
    ShortLinks,
    /// A function's own URL (`FunctionUrlConfig`), which passes every path to the function.
    /// The dev server serves these routes on the service host.
    FunctionUrl,
}

impl Api {
    /// The template's logical id of the API.
    pub fn logical_id(self) -> &'static str {
        match self {
            Self::Service => "Api",
            Self::ShortLinks => "ShortLinkApi",
            Self::FunctionUrl => "FunctionUrl",
        }
    }
}

/// One route: an HTTP method (`ANY` for all) and an API Gateway path (`{name}` segments, or
/// `$default` for what no other route of the API matches).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Route {
    pub api: Api,
    pub method: &'static str,
    pub path: &'static str,
}

/// One Lambda function of the template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Function {
    /// The crate, binary and `BuildProperties.Binary` name.
    pub name: &'static str,
    /// The template's logical id.
    pub logical_id: &'static str,
    pub routes: &'static [Route],
    /// IAM actions on the table itself (`dynamodb:GetItem`…).
    pub table_actions: &'static [&'static str],
    /// IAM actions on the table's indexes (`GSI1`, and `GSI1Lean` that lists links).
    pub index_actions: &'static [&'static str],
    /// Which rate limit its requests count against besides the key's and the workspace's
    /// (HTTP API endpoints; the MCP tools say their own).
    pub limit: RateClass,
    /// Whether it takes an `Idempotency-Key`.
    pub idempotent: bool,
}

/// The defaults of a function that is not an HTTP API endpoint of its own.
const PLAIN: Function = Function {
    name: "",
    logical_id: "",
    routes: &[],
    table_actions: &[],
    index_actions: &[],
    limit: RateClass::Standard,
    idempotent: false,
};

const fn service(method: &'static str, path: &'static str) -> Route {
    Route {
        api: Api::Service,
        method,
        path,
    }
}

const fn function_url(path: &'static str) -> Route {
    Route {
        api: Api::FunctionUrl,
        method: "ANY",
        path,
    }
}

const fn short_links(method: &'static str, path: &'static str) -> Route {
    Route {
        api: Api::ShortLinks,
        method,
        path,
    }
}

const GET_ITEM: &str = "dynamodb:GetItem";
const BATCH_GET: &str = "dynamodb:BatchGetItem";
const QUERY: &str = "dynamodb:Query";
const PUT_ITEM: &str = "dynamodb:PutItem";
const UPDATE_ITEM: &str = "dynamodb:UpdateItem";
const DELETE_ITEM: &str = "dynamodb:DeleteItem";
const CONDITION_CHECK: &str = "dynamodb:ConditionCheckItem";
/// Only the link-health check's pass over the lean index (never on a request path).
const SCAN: &str = "dynamodb:Scan";

/// API Gateway's catch-all route key.
pub const DEFAULT_ROUTE: &str = "$default";

/// Where the OpenAPI document is served.
pub const OPENAPI_PATH: &str = "/apiv1/openapi.json";
/// The API reference page.
pub const DOCS_PATH: &str = "/apiv1/docs";
/// The reference page's renderer (Redoc's standalone bundle).
pub const DOCS_SCRIPT_PATH: &str = "/apiv1/docs/redoc.standalone.js";

/// Declares an area's functions: each a `pub const` [`Function`], and `ALL`, the area's functions
/// in order, which [`FUNCTIONS`] joins. A function's entry here is all the manifest needs.
macro_rules! functions {
    ($($(#[$meta:meta])* pub const $name:ident: Function = $value:expr;)*) => {
        $($(#[$meta])* pub const $name: Function = $value;)*

        /// This area's functions, in order.
        pub(super) const ALL: &[Function] = &[$($name),*];
    };
}

mod background;
mod doors;
mod links;
mod routes;
mod visitors;
mod workspace;

pub use background::*;
pub use doors::*;
pub use links::*;
pub use routes::{Matched, allowed_methods, default_route, find, find_route};
pub use visitors::*;
pub use workspace::*;

/// The areas' functions, in the order [`FUNCTIONS`] lists them.
const AREAS: &[&[Function]] = &[links::ALL, workspace::ALL, doors::ALL, visitors::ALL, background::ALL];

/// How many functions the areas declare.
const COUNT: usize = {
    let (mut count, mut area) = (0, 0);
    while area < AREAS.len() {
        count += AREAS[area].len();
        area += 1;
    }
    count
};

/// Every function of the template: the areas' functions, joined.
pub const FUNCTIONS: &[Function] = &{
    let mut all = [PLAIN; COUNT];
    let (mut at, mut area) = (0, 0);
    while area < AREAS.len() {
        let mut i = 0;
        while i < AREAS[area].len() {
            all[at] = AREAS[area][i];
            at += 1;
            i += 1;
        }
        area += 1;
    }
    all
};

/// The function by its name.
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}
