//! The functions no route reaches: the table's stream consumers, the queues' workers and the
//! scheduled domain and link-health checks and the blocklist's fetch.

use super::{BATCH_GET, CONDITION_CHECK, DELETE_ITEM, Function, GET_ITEM, PLAIN, PUT_ITEM, QUERY, SCAN, UPDATE_ITEM};

functions! {
    pub const CLICK_AGGREGATOR: Function = Function {
        name: "click-aggregator",
        logical_id: "ClickAggregatorFunction",
        table_actions: &[GET_ITEM, PUT_ITEM, UPDATE_ITEM],
        ..PLAIN
    };

    /// The table's second stream consumer: reads each workspace's webhook endpoints (a `Query`) and
    /// queues deliveries (its SQS permission is the template's); reads the key or grant that set
    /// an endpoint up, and switches the endpoint off when it no longer works.
    pub const WEBHOOK_PRODUCER: Function = Function {
        name: "webhook-producer",
        logical_id: "WebhookProducerFunction",
        table_actions: &[GET_ITEM, QUERY, UPDATE_ITEM],
        ..PLAIN
    };

    /// Delivers queued webhook events: reads the endpoint, logs the attempt, keeps its failing
    /// streak.
    pub const WEBHOOK_WORKER: Function = Function {
        name: "webhook-worker",
        logical_id: "WebhookWorkerFunction",
        table_actions: &[GET_ITEM, PUT_ITEM, UPDATE_ITEM],
        ..PLAIN
    };

    /// Carries imports on from the import queue.
    pub const IMPORT_WORKER: Function = Function {
        name: "import-worker",
        logical_id: "ImportWorkerFunction",
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
        index_actions: &[QUERY],
        ..PLAIN
    };

    /// The scheduled re-check of every custom domain's TXT record (an EventBridge rule). Its one
    /// `GetItem` is the cold start's connection warm-up.
    pub const DOMAIN_CHECK: Function = Function {
        name: "domain-check",
        logical_id: "DomainCheckFunction",
        table_actions: &[GET_ITEM, QUERY, PUT_ITEM, UPDATE_ITEM],
        ..PLAIN
    };

    /// The scheduled link-health check (an EventBridge rule): a `Scan` of the lean index (keys
    /// only, a page a call from a saved cursor), the links, health items and workspaces in
    /// batches, each health item written; the daily mail's `Query`s and reads.
    pub const LINK_HEALTH: Function = Function {
        name: "link-health",
        logical_id: "LinkHealthFunction",
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM],
        index_actions: &[SCAN],
        ..PLAIN
    };

    /// The scheduled fetch of the operator's list (`BLOCKLIST_URL`): the stored list's head read;
    /// a changed list weighed against every link's destinations (a `Scan` of the lean index,
    /// keys only, the links in batches) and the current version's chunks (a `Query`); a new
    /// version's chunks and head written, the old version's chunks deleted (by key: the
    /// head counts them).
    pub const BLOCKLIST_FETCH: Function = Function {
        name: "blocklist-fetch",
        logical_id: "BlocklistFetchFunction",
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, DELETE_ITEM],
        index_actions: &[SCAN],
        ..PLAIN
    };
}
