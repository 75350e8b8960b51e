//! Shared core of every function: domain types and validation, the single-table store,
//! authentication and the service operations both doors (HTTP API and MCP) call.

pub mod admin;
pub mod after_response;
pub mod analytics;
pub mod api;
pub mod clock;
pub mod config;
pub mod dns;
pub mod domain;
pub mod http;
pub mod mail;
pub mod manifest;
pub mod mcp;
pub mod net;
pub mod oauth;
pub mod openapi;
pub mod origin;
pub mod pages;
pub mod qr;
pub mod queue;
pub mod redirect;
pub mod retry;
pub mod routing;
pub mod service;
pub mod store;
pub mod telemetry;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod visitor;
pub mod wire;
