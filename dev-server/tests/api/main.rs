//! Integration tests: HTTP through the dev server (the same handlers Lambda runs) against
//! DynamoDB Local, one table per test.

mod auth;
mod bulk;
mod create;
mod delete;
mod events;
mod helpers;
mod redirect;
mod update;
