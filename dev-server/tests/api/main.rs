//! Integration tests: HTTP through the dev server (the same handlers Lambda runs) against
//! DynamoDB Local, one table per test.

mod accounts;
mod analytics;
mod app_analytics;
mod app_editor;
mod app_pages;
mod auth;
mod bulk;
mod create;
mod delete;
mod events;
mod hardening;
mod helpers;
mod idempotency;
mod limits;
mod links_read;
mod mcp;
mod mcp_support;
mod mcp_tools;
mod oauth_authorize;
mod oauth_discovery;
mod oauth_documents;
mod oauth_mcp;
mod oauth_registration;
mod oauth_support;
mod oauth_tokens;
mod openapi;
mod pages_support;
mod permissions;
mod qr;
mod qr_mcp;
mod qr_rules;
mod qr_scans;
mod redirect;
mod template;
mod update;
