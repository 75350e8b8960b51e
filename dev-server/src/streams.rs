//! The dev server's stand-in for Lambda's DynamoDB Streams event source: reads the table's
//! stream (DynamoDB Local has one) shard by shard, in order, and hands the records to what a
//! consumer function runs: the raw clicks to the `click-aggregator`'s fold, every change to the
//! `webhook-producer`. Each consumer has its own poller and positions, as each Lambda event
//! source mapping has.

use std::collections::HashMap;
use std::time::Duration;

use aws_sdk_dynamodbstreams::Client as StreamsClient;
use aws_sdk_dynamodbstreams::types::{OperationType, Record, ShardIteratorType};
use lib::analytics::{FoldReport, StreamRecord};
use lib::queue::Queue;
use lib::service::Service;
use lib::store::{ChangeName, StreamChange};
use tokio::sync::Mutex;

/// Where reading stopped in each shard.
#[derive(Debug, Default)]
struct Positions {
    /// The iterator to continue with, or the last sequence number read when it expired.
    shards: HashMap<String, Position>,
}

#[derive(Debug, Clone)]
enum Position {
    Iterator(String),
    After(String),
    Closed,
}

#[derive(Debug, thiserror::Error)]
#[error("reading the stream failed: {0}")]
pub struct StreamError(String);

fn failed(e: impl std::fmt::Display) -> StreamError {
    StreamError(e.to_string())
}

/// What a poller hands the stream's records to.
#[derive(Debug)]
pub enum Consumer {
    /// The click aggregator's fold.
    Aggregator(Service),
    /// The webhook producer, queueing on `queue`.
    WebhookProducer { service: Service, queue: Queue },
}

/// Polls one table's stream for one consumer.
#[derive(Debug)]
pub struct StreamPoller {
    streams: StreamsClient,
    consumer: Consumer,
    positions: Mutex<Positions>,
    /// The table's stream, looked up once (as Lambda's event source mapping knows it).
    stream_arn: tokio::sync::OnceCell<String>,
}

impl StreamPoller {
    /// The click aggregator's poller.
    pub fn new(streams: StreamsClient, service: Service) -> Self {
        Self::for_consumer(streams, Consumer::Aggregator(service))
    }

    /// A poller feeding `consumer`.
    pub fn for_consumer(streams: StreamsClient, consumer: Consumer) -> Self {
        Self {
            streams,
            consumer,
            positions: Mutex::new(Positions::default()),
            stream_arn: tokio::sync::OnceCell::new(),
        }
    }

    /// A streams client for the same endpoint as DynamoDB (DynamoDB Local serves both).
    pub async fn client_from_env() -> StreamsClient {
        let config = lib::store::sdk_config_from_env().await;
        let mut builder = aws_sdk_dynamodbstreams::config::Builder::from(&config);
        if let Ok(endpoint) = std::env::var("AWS_ENDPOINT_URL_DYNAMODB") {
            builder = builder.endpoint_url(endpoint);
        }
        StreamsClient::from_conf(builder.build())
    }

    /// A streams client for DynamoDB Local at `endpoint` with static local credentials, whose
    /// access key names the database (DynamoDB Local keeps one per key).
    pub fn local_client(endpoint: &str, access_key: &str) -> StreamsClient {
        use aws_sdk_dynamodbstreams::config::{BehaviorVersion, Credentials, Region};
        let config = aws_sdk_dynamodbstreams::config::Builder::new()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new("us-east-1"))
            .credentials_provider(Credentials::new(access_key, "local", None, None, "local"))
            .endpoint_url(endpoint)
            .http_client(lib::store::https_client())
            .build();
        StreamsClient::from_conf(config)
    }

    /// Reads everything the stream holds now and folds it; one drain at a time, so records
    /// are always folded in stream order.
    pub async fn drain(&self) -> Result<FoldReport, StreamError> {
        let mut positions = self.positions.lock().await;
        let arn = self.stream_arn.get_or_try_init(|| self.find_stream()).await?.clone();
        let mut shards = Vec::new();
        let mut start: Option<String> = None;
        loop {
            let out = self
                .streams
                .describe_stream()
                .stream_arn(&arn)
                .set_exclusive_start_shard_id(start)
                .send()
                .await;
            let description = out
                .map_err(failed)?
                .stream_description
                .ok_or_else(|| failed("no description"))?;
            shards.extend(description.shards.unwrap_or_default());
            start = description.last_evaluated_shard_id;
            if start.is_none() {
                break;
            }
        }
        let mut total = FoldReport::default();
        // Parents before children, so each partition's records stay in order.
        shards.sort_by_key(|s| s.parent_shard_id.is_some());
        for shard in shards {
            let Some(id) = shard.shard_id else { continue };
            let report = self.drain_shard(&arn, &id, &mut positions).await?;
            total += report;
        }
        Ok(total)
    }

    fn service(&self) -> &Service {
        match &self.consumer {
            Consumer::Aggregator(service) | Consumer::WebhookProducer { service, .. } => service,
        }
    }

    async fn find_stream(&self) -> Result<String, StreamError> {
        self.service()
            .table_stream()
            .await
            .map_err(|e| failed(lib::telemetry::error_chain(&e)))?
            .ok_or_else(|| failed("no stream"))
    }

    async fn drain_shard(&self, arn: &str, shard: &str, positions: &mut Positions) -> Result<FoldReport, StreamError> {
        let mut report = FoldReport::default();
        let mut iterator = match positions.shards.get(shard).cloned() {
            Some(Position::Closed) => return Ok(report),
            Some(Position::Iterator(it)) => it,
            Some(Position::After(sequence)) => self.iterator(arn, shard, Some(sequence)).await?,
            None => self.iterator(arn, shard, None).await?,
        };
        loop {
            let out = self
                .streams
                .get_records()
                .shard_iterator(&iterator)
                .send()
                .await
                .map_err(failed)?;
            let records = out.records.unwrap_or_default();
            let last = records
                .iter()
                .rev()
                .find_map(|r| r.dynamodb.as_ref().and_then(|c| c.sequence_number.clone()));
            let consumed = self.consume(&records).await?;
            report += consumed;
            match (out.next_shard_iterator, records.is_empty()) {
                (None, _) => {
                    positions.shards.insert(shard.to_string(), Position::Closed);
                    return Ok(report);
                }
                (Some(next), true) => {
                    let position = match last {
                        Some(sequence) => Position::After(sequence),
                        None => Position::Iterator(next),
                    };
                    positions.shards.insert(shard.to_string(), position);
                    return Ok(report);
                }
                (Some(next), false) => {
                    if let Some(sequence) = last {
                        positions.shards.insert(shard.to_string(), Position::After(sequence));
                    }
                    iterator = next;
                }
            }
        }
    }

    /// Hands one page of records to the consumer. For the webhook producer, `records` counts
    /// the changes read and `updates_applied` the deliveries queued.
    async fn consume(&self, records: &[Record]) -> Result<FoldReport, StreamError> {
        match &self.consumer {
            Consumer::Aggregator(service) => {
                let mut clicks = Vec::new();
                for record in records {
                    if record.event_name != Some(OperationType::Insert) {
                        continue;
                    }
                    let Some(change) = &record.dynamodb else { continue };
                    let (Some(sequence), Some(image)) = (&change.sequence_number, &change.new_image) else {
                        continue;
                    };
                    let image: HashMap<String, aws_sdk_dynamodb::types::AttributeValue> =
                        serde_dynamo::Item::from(image.clone()).into();
                    if let Some(parsed) = StreamRecord::from_image(sequence, image) {
                        clicks.push(parsed.map_err(failed)?);
                    }
                }
                if clicks.is_empty() {
                    return Ok(FoldReport::default());
                }
                service.fold_stream(&clicks).await.map_err(failed)
            }
            Consumer::WebhookProducer { service, queue } => {
                let changes: Vec<StreamChange> = records.iter().filter_map(change_of).collect();
                if changes.is_empty() {
                    return Ok(FoldReport::default());
                }
                let produced = service
                    .produce_webhook_events(queue, &changes)
                    .await
                    .map_err(|e| failed(lib::telemetry::error_chain(&e)))?;
                Ok(FoldReport {
                    records: produced.records,
                    updates_applied: produced.deliveries,
                    ..FoldReport::default()
                })
            }
        }
    }

    async fn iterator(&self, arn: &str, shard: &str, after: Option<String>) -> Result<String, StreamError> {
        let kind = if after.is_some() {
            ShardIteratorType::AfterSequenceNumber
        } else {
            ShardIteratorType::TrimHorizon
        };
        let out = self
            .streams
            .get_shard_iterator()
            .stream_arn(arn)
            .shard_id(shard)
            .shard_iterator_type(kind)
            .set_sequence_number(after)
            .send()
            .await
            .map_err(failed)?;
        out.shard_iterator.ok_or_else(|| failed("no shard iterator"))
    }

    /// Drains every `every` until the process ends (the dev server's background task).
    pub async fn run(&self, every: Duration) {
        loop {
            match self.drain().await {
                Ok(report) if report.records > 0 => {
                    tracing::info!(
                        records = report.records,
                        applied = report.updates_applied,
                        "folded clicks"
                    );
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(error = %err, "stream poll failed"),
            }
            tokio::time::sleep(every).await;
        }
    }
}

/// A record of the streams API as the change Lambda would hand the producer.
fn change_of(record: &Record) -> Option<StreamChange> {
    let change = record.dynamodb.as_ref()?;
    let name = ChangeName::parse(record.event_name.as_ref()?.as_str())?;
    let image = |image: &Option<HashMap<String, aws_sdk_dynamodbstreams::types::AttributeValue>>| {
        image.as_ref().map(|image| {
            let item: HashMap<String, aws_sdk_dynamodb::types::AttributeValue> =
                serde_dynamo::Item::from(image.clone()).into();
            item
        })
    };
    Some(StreamChange {
        id: record.event_id.clone()?,
        name,
        at: change
            .approximate_creation_date_time
            .and_then(|t| chrono::DateTime::from_timestamp(t.secs(), 0))
            .unwrap_or_default(),
        old: image(&change.old_image),
        new: image(&change.new_image),
    })
}
