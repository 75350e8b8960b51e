//! The floor of a Lambda function's cold start (scripts/bench-lambda): a hello-world
//! `lambda_runtime` function that echoes its event, with nothing else on its init path. The
//! bench measures it beside our functions (process start to first poll of the runtime API), so
//! every figure there reads as "the floor plus what our init adds".
//!
//! Here, not under `functions/`: it is never deployed (`template.yaml`, `scripts/sam-build` and
//! the zip budget go through `functions/*`), and as a binary of the dev server (a local tool)
//! it is built with the same profile and, selected from the workspace root as
//! `cargo lambda build` selects the functions, the same features of tokio and lambda_runtime.
//! The same runtime flavour as most of our functions: `#[tokio::main]`, multi-thread.

use lambda_runtime::{Error, LambdaEvent, run, service_fn};
use serde_json::Value;

#[tokio::main]
async fn main() -> Result<(), Error> {
    run(service_fn(|event: LambdaEvent<Value>| async move {
        Ok::<_, Error>(event.payload)
    }))
    .await
}
