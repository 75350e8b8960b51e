//! Analytics: the aggregator (stream of clicks, automated visits, conversions and shared positions →
//! rollups) and the reports read from rollups.

pub mod ab_result;
pub mod bot_report;
pub mod conversion_report;
pub mod dimension;
pub mod fold;
pub mod record;
pub mod report;
pub mod sketch;
pub mod stream;

pub use fold::{FoldReport, fold};
pub use record::{ClickRecord, ConversionRecord, LocationRecord, StreamRecord};
pub use stream::stream_records;
