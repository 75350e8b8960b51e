//! The tools: the catalogue (one table: each tool's name, scope, rate class, definition
//! and call type), dispatch (a call parsed with no I/O, then run on the same service code as
//! the HTTP API) and output (a result as MCP carries it).

mod catalogue;
mod dispatch;
mod output;

pub use catalogue::{TOOLS, Tool, named};
pub use dispatch::{
    Args, BulkCreateLinks, Call, CreateLink, CreateTag, DeleteLink, GetLink, GetLinkAnalytics, GetLinkQr,
    GetWorkspaceAnalytics, ListDomains, ListLinks, ListTags, NoArgs, ToolCall, UpdateLink,
};
pub use output::{Output, QrSummary};
