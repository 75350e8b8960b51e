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
mod links_read;
mod mcp;
mod mcp_support;
mod mcp_tools;
mod pages_support;
mod permissions;
mod redirect;
mod template;
mod update;
