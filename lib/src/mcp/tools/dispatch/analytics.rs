//! The analytics tools' calls.

use super::{Args, ToolCall, read};
use crate::domain::ids::ObjectId;
use crate::mcp::args::{LinkAnalyticsArgs, RangeArgs};
use crate::mcp::tools::output::Output;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire::DayRange;

/// `get_link_analytics`.
#[derive(Debug)]
pub struct GetLinkAnalytics(pub ObjectId, pub DayRange);

impl ToolCall for GetLinkAnalytics {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        let (id, range) = read::<LinkAnalyticsArgs>(args)?.parse()?;
        Ok(Self(id, range))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.link_analytics(access, &self.0, self.1).await?))
    }
}

/// `get_workspace_analytics`.
#[derive(Debug)]
pub struct GetWorkspaceAnalytics(pub DayRange);

impl ToolCall for GetWorkspaceAnalytics {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<RangeArgs>(args)?.try_into()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.workspace_analytics(access, self.0).await?))
    }
}
