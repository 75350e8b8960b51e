//! What the aggregator folds: the raw clicks (people's and automated visits), conversion records
//! and shared positions of the table's stream, each with the stream position the rollups' guards
//! follow.

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use serde::de::DeserializeOwned;

use crate::store::keys;
use crate::store::{Click, Conversion, SharedLocation, StoreError};

/// One stream record of a raw click: a person's, or an automated visit (`click.bot`), which
/// folds apart from clicks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClickRecord {
    /// The stream sequence number.
    pub sequence: String,
    /// The shard of the click's partition (`CLICK#<ws>#<day>#<shard>`); with the click's
    /// workspace and day it names the partition whose stream order the guards rely on.
    pub shard: u64,
    pub click: Click,
}

/// One stream record of a conversion (`CONVDAY#<ws>#<day>#<shard>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversionRecord {
    pub sequence: String,
    pub shard: u64,
    pub conversion: Conversion,
}

/// One stream record of a position a person shared for a click (`GPS#<ws>#<day>#<shard>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocationRecord {
    pub sequence: String,
    pub shard: u64,
    pub location: SharedLocation,
}

/// A record the aggregator folds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StreamRecord {
    Click(ClickRecord),
    Conversion(ConversionRecord),
    Location(LocationRecord),
}

impl From<LocationRecord> for StreamRecord {
    fn from(record: LocationRecord) -> Self {
        Self::Location(record)
    }
}

impl From<ClickRecord> for StreamRecord {
    fn from(record: ClickRecord) -> Self {
        Self::Click(record)
    }
}

impl From<ConversionRecord> for StreamRecord {
    fn from(record: ConversionRecord) -> Self {
        Self::Conversion(record)
    }
}

impl StreamRecord {
    /// A stream `INSERT` image of a raw click (a person's or an automated visit), a conversion
    /// record or a shared position; `None` for any other item.
    pub fn from_image(sequence: &str, image: HashMap<String, AttributeValue>) -> Option<Result<Self, StoreError>> {
        let Some(AttributeValue::S(pk)) = image.get(keys::PK) else {
            return None;
        };
        let pk = pk.clone();
        let sequence = sequence.to_string();
        if let Some((_, _, shard)) = keys::parse_click_partition(&pk) {
            return Some(read::<Click>(pk, image).map(|click| ClickRecord { sequence, shard, click }.into()));
        }
        if let Some((_, _, shard)) = keys::parse_shared_location_partition(&pk) {
            return Some(read::<SharedLocation>(pk, image).map(|location| {
                LocationRecord {
                    sequence,
                    shard,
                    location,
                }
                .into()
            }));
        }
        let (_, _, shard) = keys::parse_conversion_partition(&pk)?;
        Some(read::<Conversion>(pk, image).map(|conversion| {
            ConversionRecord {
                sequence,
                shard,
                conversion,
            }
            .into()
        }))
    }

    /// The stream sequence number.
    pub fn sequence(&self) -> &str {
        match self {
            Self::Click(r) => &r.sequence,
            Self::Conversion(r) => &r.sequence,
            Self::Location(r) => &r.sequence,
        }
    }

    /// The source partition within the workspace whose stream order the guards follow: the
    /// day and shard (automated visits share their clicks' partitions, so their guards), and
    /// for conversions and shared positions their own partitions' prefix (a month item takes
    /// clicks from every day's partitions).
    pub fn source(&self) -> String {
        match self {
            Self::Click(r) => format!("{}#{}", r.click.day, r.shard),
            Self::Conversion(r) => format!("conv#{}#{}", r.conversion.day, r.shard),
            Self::Location(r) => format!("gps#{}#{}", r.location.day, r.shard),
        }
    }
}

fn read<T: DeserializeOwned>(pk: String, image: HashMap<String, AttributeValue>) -> Result<T, StoreError> {
    serde_dynamo::from_item(image).map_err(|source| StoreError::Malformed { pk, source })
}
