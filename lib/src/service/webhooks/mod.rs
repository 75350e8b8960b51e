//! Webhooks: the endpoints a workspace registers, the events, the producer that turns table changes into deliveries, the worker that sends them and the delivery log.

pub(crate) mod endpoints;
pub(crate) mod events;
pub(crate) mod log;
pub(crate) mod producer;
pub(crate) mod revocation;
pub(crate) mod worker;

pub use endpoints::WebhookWithSecret;
pub use events::{ClickedData, ConversionData, DeletedData, EventData, LinkData, clicked};
pub use log::{TestSent, WebhookWithLog};
pub use producer::{MAX_BATCH_EVENTS, ProduceReport};
pub use worker::{DELIVERY_LIMITS, Handled, WEBHOOK_QUEUE_VARIABLE, WEBHOOK_QUEUE_VISIBILITY, webhook_queue_from_env};
