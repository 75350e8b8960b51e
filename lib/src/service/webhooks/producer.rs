//! The webhook producer: reads the table's stream (no write on the redirect path: a click is
//! already an item there), turns each change into its event, addresses it to every enabled
//! endpoint of the workspace that wants it, and queues one delivery per endpoint and event (or,
//! for an endpoint with `batch`, the batch's clicks together, up to 100 a delivery).
//!
//! An event's id comes from its stream record's, so a stream batch handed over again yields the
//! same ids: receivers drop repeats by `webhook-id` (or by each envelope's `id` in a batch).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::analytics::StreamRecord;
use crate::domain::ids::ObjectId;
use crate::domain::{EventType, Webhook};
use crate::queue::Queue;
use crate::service::webhooks::events::{Event, EventData};
use crate::service::webhooks::revocation::CredentialCheck;
use crate::service::{Service, ServiceError};
use crate::store::{StreamChange, health_change, link_change};
use crate::wire::DeliveryJob;
use crate::wire::webhook_event::Envelope;

/// The most events one batched delivery carries.
pub const MAX_BATCH_EVENTS: usize = 100;

/// What a run of the producer did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProduceReport {
    pub records: usize,
    pub events: usize,
    pub deliveries: usize,
}

/// An event with its id and time, ready to be addressed.
struct Produced {
    envelope: Envelope<EventData>,
    link_id: ObjectId,
}

/// The event a change is, if any.
fn event_of(change: &StreamChange) -> Result<Option<Event>, ServiceError> {
    if let Some(health) = health_change(change.old.as_ref(), change.new.as_ref())? {
        return Ok(Event::of_health(&health));
    }
    if let Some(life) = link_change(change.name, change.old.clone(), change.new.clone())? {
        return Ok(Some(Event::of_link(life)));
    }
    let Some(new) = change
        .new
        .clone()
        .filter(|_| change.name == crate::store::ChangeName::Insert)
    else {
        return Ok(None);
    };
    Ok(match StreamRecord::from_image(&change.id, new).transpose()? {
        Some(StreamRecord::Click(record)) => Event::of_click(&record.click),
        Some(StreamRecord::Conversion(record)) => Some(Event::of_conversion(&record.conversion)),
        _ => None,
    })
}

/// Whether `webhook` is to be told of `event`.
fn wants(webhook: &Webhook, kind: EventType, link: &ObjectId) -> bool {
    webhook.enabled
        && webhook.events.iter().any(|wanted| wanted == kind)
        && (webhook.link_ids.is_empty() || webhook.link_ids.contains(link))
}

/// A batch's id: from its events' ids, so the same events batched again have the same id.
fn batch_id(events: &[&Produced]) -> String {
    let mut hash = Sha256::new();
    for event in events {
        hash.update(event.envelope.id.as_bytes());
        hash.update(b"\n");
    }
    let digest = hash.finalize();
    let hex: String = digest.iter().take(12).map(|b| format!("{b:02x}")).collect();
    format!("batch_{hex}")
}

fn job(webhook: &Webhook, id: String, kind: EventType, events: u32, body: String) -> DeliveryJob {
    DeliveryJob {
        workspace_id: webhook.workspace_id.clone(),
        webhook_id: webhook.id.clone(),
        id,
        kind,
        events,
        body,
        attempts: 0,
        first_tried_at: None,
        not_before: None,
    }
}

/// The deliveries for one endpoint: each event alone, but clicks together when it batches.
fn deliveries_for(webhook: &Webhook, events: &[Produced]) -> Vec<DeliveryJob> {
    let wanted: Vec<&Produced> = events
        .iter()
        .filter(|e| wants(webhook, e.envelope.kind, &e.link_id))
        .collect();
    let (clicks, singles): (Vec<&Produced>, Vec<&Produced>) = wanted
        .into_iter()
        .partition(|e| webhook.batch && e.envelope.kind == EventType::LinkClicked);
    let mut jobs: Vec<DeliveryJob> = singles
        .into_iter()
        .map(|e| {
            let body = serde_json::to_string(&e.envelope).expect("an envelope encodes");
            job(webhook, e.envelope.id.clone(), e.envelope.kind, 1, body)
        })
        .collect();
    for chunk in clicks.chunks(MAX_BATCH_EVENTS) {
        let envelopes: Vec<&Envelope<EventData>> = chunk.iter().map(|e| &e.envelope).collect();
        let body = serde_json::to_string(&envelopes).expect("envelopes encode");
        jobs.push(job(
            webhook,
            batch_id(chunk),
            EventType::LinkClicked,
            chunk.len() as u32,
            body,
        ));
    }
    jobs
}

impl Service {
    /// Queues the deliveries of a batch of stream changes. One `Query` per workspace with an
    /// event (its endpoints: at most 20); nothing is queued for a workspace without endpoints.
    pub async fn produce_webhook_events(
        &self,
        queue: &Queue,
        changes: &[StreamChange],
    ) -> Result<ProduceReport, ServiceError> {
        let mut report = ProduceReport {
            records: changes.len(),
            ..ProduceReport::default()
        };
        let mut by_workspace: HashMap<ObjectId, Vec<Produced>> = HashMap::new();
        for change in changes {
            let Some(event) = event_of(change)? else { continue };
            report.events += 1;
            by_workspace
                .entry(event.workspace_id.clone())
                .or_default()
                .push(produced(change, event));
        }
        let mut credentials = CredentialCheck::default();
        for (workspace, events) in by_workspace {
            for webhook in self.store.webhooks(&workspace).await? {
                let deliveries = deliveries_for(&webhook, &events);
                if deliveries.is_empty() || !self.may_send_to(&webhook, &mut credentials).await? {
                    continue;
                }
                for delivery in deliveries {
                    crate::service::webhooks::worker::send(queue, &delivery, std::time::Duration::ZERO).await?;
                    report.deliveries += 1;
                }
            }
        }
        Ok(report)
    }
}

fn produced(change: &StreamChange, event: Event) -> Produced {
    let created_at: DateTime<Utc> = match &event.data {
        EventData::Clicked(click) => click.clicked_at,
        EventData::Converted(conversion) => conversion.converted_at,
        _ => change.at,
    };
    Produced {
        link_id: event.link_id,
        envelope: Envelope {
            id: format!("evt_{}", change.id),
            kind: event.kind,
            created_at,
            workspace_id: event.workspace_id,
            data: event.data,
        },
    }
}
