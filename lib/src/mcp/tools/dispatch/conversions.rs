//! The call of `report_conversion`: the same parsing and service call as `POST /conversions`.

use super::{Args, ToolCall, read};
use crate::domain::ConversionReport;
use crate::mcp::tools::output::Output;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::wire::ConversionInput;

/// `report_conversion`.
#[derive(Debug)]
pub struct ReportConversion(pub ConversionReport);

impl ToolCall for ReportConversion {
    fn parse(args: Args) -> Result<Self, ServiceError> {
        Ok(Self(read::<ConversionInput>(args)?.parse()?))
    }

    async fn run(self, service: &Service, access: &Access) -> Result<Output, ServiceError> {
        Ok(Output::json(service.report_conversion(access, self.0).await?))
    }
}
