//! The API's functions of what a workspace keeps beside links: tags, UTM templates, webhook
//! endpoints and custom domains.

use super::{
    BATCH_GET, CONDITION_CHECK, DELETE_ITEM, Function, GET_ITEM, PLAIN, PUT_ITEM, QUERY, UPDATE_ITEM, service,
};

functions! {
    pub const LIST_TAGS: Function = Function {
        name: "list-tags",
        logical_id: "ListTagsFunction",
        routes: &[service("GET", "/apiv1/tags"), service("HEAD", "/apiv1/tags")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        index_actions: &[QUERY],
        ..PLAIN
    };

    pub const CREATE_TAG: Function = Function {
        name: "create-tag",
        logical_id: "CreateTagFunction",
        routes: &[service("POST", "/apiv1/tag/create")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
        ..PLAIN
    };

    pub const UPDATE_TAG: Function = Function {
        name: "update-tag",
        logical_id: "UpdateTagFunction",
        routes: &[service("PUT", "/apiv1/tag/update")],
        table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
        ..PLAIN
    };

    /// Deleting a tag also takes it off the workspace's links (found on GSI1Lean).
    pub const DELETE_TAG: Function = Function {
        name: "delete-tag",
        logical_id: "DeleteTagFunction",
        routes: &[service("DELETE", "/apiv1/tag/delete")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
        index_actions: &[QUERY],
        ..PLAIN
    };

    pub const LIST_UTM_TEMPLATES: Function = Function {
        name: "list-utm-templates",
        logical_id: "ListUtmTemplatesFunction",
        routes: &[
            service("GET", "/apiv1/utm-templates"),
            service("HEAD", "/apiv1/utm-templates"),
        ],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        ..PLAIN
    };

    pub const CREATE_UTM_TEMPLATE: Function = Function {
        name: "create-utm-template",
        logical_id: "CreateUtmTemplateFunction",
        routes: &[service("POST", "/apiv1/utm-template/create")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
        ..PLAIN
    };

    pub const DELETE_UTM_TEMPLATE: Function = Function {
        name: "delete-utm-template",
        logical_id: "DeleteUtmTemplateFunction",
        routes: &[service("DELETE", "/apiv1/utm-template/delete")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
        ..PLAIN
    };

    pub const LIST_WEBHOOKS: Function = Function {
        name: "list-webhooks",
        logical_id: "ListWebhooksFunction",
        routes: &[service("GET", "/apiv1/webhooks"), service("HEAD", "/apiv1/webhooks")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, UPDATE_ITEM],
        ..PLAIN
    };

    /// Creating an endpoint resolves its host (public addresses only) before it is written.
    pub const CREATE_WEBHOOK: Function = Function {
        name: "create-webhook",
        logical_id: "CreateWebhookFunction",
        routes: &[service("POST", "/apiv1/webhook/create")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, CONDITION_CHECK],
        ..PLAIN
    };

    pub const UPDATE_WEBHOOK: Function = Function {
        name: "update-webhook",
        logical_id: "UpdateWebhookFunction",
        routes: &[service("PUT", "/apiv1/webhook/update")],
        table_actions: &[GET_ITEM, BATCH_GET, PUT_ITEM, UPDATE_ITEM],
        ..PLAIN
    };

    pub const DELETE_WEBHOOK: Function = Function {
        name: "delete-webhook",
        logical_id: "DeleteWebhookFunction",
        routes: &[service("DELETE", "/apiv1/webhook/delete")],
        table_actions: &[GET_ITEM, BATCH_GET, QUERY, PUT_ITEM, UPDATE_ITEM, DELETE_ITEM],
        ..PLAIN
    };

    pub const LIST_DOMAINS: Function = Function {
        name: "list-domains",
        logical_id: "ListDomainsFunction",
        routes: &[service("GET", "/apiv1/domains"), service("HEAD", "/apiv1/domains")],
        table_actions: &[GET_ITEM, BATCH_GET, UPDATE_ITEM],
        index_actions: &[QUERY],
        ..PLAIN
    };
}
