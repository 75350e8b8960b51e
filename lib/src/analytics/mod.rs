//! Analytics: the click aggregator (stream → rollups) and the reports read from rollups.

pub mod ab_result;
pub mod dimension;
pub mod fold;
pub mod report;
pub mod sketch;
pub mod stream;

pub use fold::{ClickRecord, FoldReport, fold};
pub use stream::click_records;
