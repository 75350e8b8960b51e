//! template.yaml matches the code: the routes the dev server serves, the table the store
//! creates, and the DynamoDB actions each function is allowed (as listed in the manifest).

use std::collections::BTreeSet;

use lib::manifest::{Api, FUNCTIONS};
use lib::store::TABLE_DEFINITION;
use serde_norway::Value;

fn template() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../template.yaml");
    let text = std::fs::read_to_string(path).expect("read template.yaml");
    serde_norway::from_str(&text).expect("template.yaml is YAML")
}

/// A value with its CloudFormation short-form tag (`!Ref X`, `!GetAtt X.Arn`) taken off.
fn untagged(value: &Value) -> &Value {
    match value {
        Value::Tagged(tagged) => &tagged.value,
        other => other,
    }
}

fn text(value: &Value) -> String {
    match untagged(value) {
        Value::String(s) => s.clone(),
        other => panic!("expected text, got {other:?}"),
    }
}

fn resources(template: &Value) -> Vec<(String, Value)> {
    template["Resources"]
        .as_mapping()
        .expect("Resources")
        .iter()
        .map(|(k, v)| (k.as_str().expect("logical id").to_string(), v.clone()))
        .collect()
}

fn functions(template: &Value) -> Vec<(String, Value)> {
    resources(template)
        .into_iter()
        .filter(|(_, r)| r["Type"].as_str() == Some("AWS::Serverless::Function"))
        .collect()
}

fn api_of(logical_id: &str) -> Api {
    match logical_id {
        "Api" => Api::Service,
        "ShortLinkApi" => Api::ShortLinks,
        other => panic!("unknown API {other}"),
    }
}

#[test]
fn every_function_of_the_template_is_in_the_manifest_and_the_reverse() {
    let template = template();
    let in_template: BTreeSet<(String, String)> = functions(&template)
        .iter()
        .map(|(id, f)| (id.clone(), text(&f["Metadata"]["BuildProperties"]["Binary"])))
        .collect();
    let in_code: BTreeSet<(String, String)> = FUNCTIONS
        .iter()
        .map(|f| (f.logical_id.to_string(), f.name.to_string()))
        .collect();
    assert_eq!(in_template, in_code);
    for function in FUNCTIONS {
        let crate_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../functions/").to_string() + function.name;
        assert!(
            std::path::Path::new(&crate_dir).is_dir(),
            "{} has no crate",
            function.name
        );
    }
}

/// What follows from the manifest is derived, not listed again: the workspace takes every folder
/// under functions/ (`functions/*`), and the dev server calls the handler of each function a
/// route reaches (build.rs writes its dispatch from the folders; docs/adding-a-function.md).
#[test]
fn every_function_folder_is_in_the_manifest_and_the_dev_server_calls_every_routed_one() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../functions");
    let folders: BTreeSet<String> = std::fs::read_dir(dir)
        .expect("functions/")
        .map(|e| e.expect("entry").file_name().into_string().expect("a UTF-8 name"))
        .collect();
    let listed: BTreeSet<String> = FUNCTIONS.iter().map(|f| f.name.to_string()).collect();
    assert_eq!(
        folders, listed,
        "a folder under functions/ is a function of the manifest"
    );
    let routed: BTreeSet<&str> = FUNCTIONS
        .iter()
        .filter(|f| !f.routes.is_empty())
        .map(|f| f.name)
        .collect();
    let handled: BTreeSet<&str> = dev_server::handlers::HANDLED.iter().copied().collect();
    assert_eq!(
        handled, routed,
        "the dev server calls exactly the routed functions' handlers"
    );
}

#[test]
fn every_route_the_dev_server_serves_is_a_template_route_and_the_reverse() {
    let template = template();
    let mut in_template = BTreeSet::new();
    for (id, function) in functions(&template) {
        if !function["Properties"]["FunctionUrlConfig"].is_null() {
            // A function URL passes every path; the function answers on the one it serves.
            in_template.insert((id.clone(), "FunctionUrl".to_string(), "ANY".to_string(), String::new()));
        }
        let Some(events) = function["Properties"]["Events"].as_mapping() else {
            continue;
        };
        for event in events.values() {
            if event["Type"].as_str() != Some("HttpApi") {
                continue;
            }
            let p = &event["Properties"];
            let method = text(&p["Method"]).to_ascii_uppercase();
            in_template.insert((
                id.clone(),
                format!("{:?}", api_of(&text(&p["ApiId"]))),
                method,
                text(&p["Path"]),
            ));
        }
    }
    let in_code: BTreeSet<(String, String, String, String)> = FUNCTIONS
        .iter()
        .flat_map(|f| {
            f.routes.iter().map(|r| {
                let path = if r.api == Api::FunctionUrl { "" } else { r.path };
                (
                    f.logical_id.to_string(),
                    format!("{:?}", r.api),
                    r.method.to_string(),
                    path.to_string(),
                )
            })
        })
        .collect();
    assert_eq!(in_template, in_code);
}

#[test]
fn the_table_matches_the_store_definition() {
    let template = template();
    let table = &template["Resources"]["LinksTable"]["Properties"];
    let keys = |schema: &Value| -> (String, String) {
        let mut hash = String::new();
        let mut range = String::new();
        for key in schema.as_sequence().expect("key schema") {
            match key["KeyType"].as_str() {
                Some("HASH") => hash = text(&key["AttributeName"]),
                Some("RANGE") => range = text(&key["AttributeName"]),
                other => panic!("key type {other:?}"),
            }
        }
        (hash, range)
    };
    assert_eq!(
        keys(&table["KeySchema"]),
        (
            TABLE_DEFINITION.hash_key.to_string(),
            TABLE_DEFINITION.range_key.to_string()
        )
    );
    let indexes: Vec<(String, (String, String), String)> = table["GlobalSecondaryIndexes"]
        .as_sequence()
        .expect("indexes")
        .iter()
        .map(|i| {
            (
                text(&i["IndexName"]),
                keys(&i["KeySchema"]),
                match text(&i["Projection"]["ProjectionType"]).as_str() {
                    "INCLUDE" => {
                        let attributes: Vec<String> = i["Projection"]["NonKeyAttributes"]
                            .as_sequence()
                            .expect("included attributes")
                            .iter()
                            .map(text)
                            .collect();
                        format!("INCLUDE {}", attributes.join(" "))
                    }
                    other => other.to_string(),
                },
            )
        })
        .collect();
    let expected: Vec<(String, (String, String), String)> = TABLE_DEFINITION
        .indexes
        .iter()
        .map(|i| {
            let projection = match i.includes {
                None => "ALL".to_string(),
                Some(attributes) => format!("INCLUDE {}", attributes.join(" ")),
            };
            (
                i.name.to_string(),
                (i.hash_key.to_string(), i.range_key.to_string()),
                projection,
            )
        })
        .collect();
    assert_eq!(indexes, expected);
    let attributes: BTreeSet<(String, String)> = table["AttributeDefinitions"]
        .as_sequence()
        .expect("attributes")
        .iter()
        .map(|a| (text(&a["AttributeName"]), text(&a["AttributeType"])))
        .collect();
    let mut key_attributes = vec![TABLE_DEFINITION.hash_key, TABLE_DEFINITION.range_key];
    for index in TABLE_DEFINITION.indexes {
        key_attributes.extend([index.hash_key, index.range_key]);
    }
    key_attributes.sort_unstable();
    key_attributes.dedup();
    let expected: BTreeSet<(String, String)> = key_attributes
        .into_iter()
        .map(|a| (a.to_string(), "S".to_string()))
        .collect();
    assert_eq!(attributes, expected);
    assert_eq!(
        text(&table["TimeToLiveSpecification"]["AttributeName"]),
        TABLE_DEFINITION.ttl_attribute
    );
    assert_eq!(table["TimeToLiveSpecification"]["Enabled"].as_bool(), Some(true));
    assert_eq!(
        text(&table["StreamSpecification"]["StreamViewType"]),
        TABLE_DEFINITION.stream_view
    );
}

#[test]
fn the_table_is_protected_against_loss() {
    let template = template();
    let table = &template["Resources"]["LinksTable"];
    assert_eq!(table["DeletionPolicy"].as_str(), Some("Retain"));
    let p = &table["Properties"];
    assert_eq!(p["DeletionProtectionEnabled"].as_bool(), Some(true));
    assert_eq!(
        p["PointInTimeRecoverySpecification"]["PointInTimeRecoveryEnabled"].as_bool(),
        Some(true)
    );
}

/// The DynamoDB actions a function's policy allows: (on the table, on its indexes).
fn allowed_actions(function: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let (table, index, _) = allowed(function);
    (table, index)
}

/// The actions a function's policy allows: (on the table, on its indexes, on the redirect's
/// dead-letter queue).
fn allowed(function: &Value) -> (BTreeSet<String>, BTreeSet<String>, BTreeSet<String>) {
    let mut table = BTreeSet::new();
    let mut index = BTreeSet::new();
    let mut queue = BTreeSet::new();
    for policy in function["Properties"]["Policies"].as_sequence().into_iter().flatten() {
        for statement in policy["Statement"].as_sequence().into_iter().flatten() {
            assert_eq!(statement["Effect"].as_str(), Some("Allow"));
            let resources: Vec<String> = match untagged(&statement["Resource"]) {
                Value::Sequence(list) => list.iter().map(text).collect(),
                other => vec![text(other)],
            };
            let actions: Vec<String> = match &statement["Action"] {
                Value::Sequence(list) => list.iter().map(text).collect(),
                other => vec![text(other)],
            };
            for resource in resources {
                let (into, service) = match resource.as_str() {
                    "LinksTable.Arn" => (&mut table, "dynamodb:"),
                    "${LinksTable.Arn}/index/*" => (&mut index, "dynamodb:"),
                    "ClickDeadLetters.Arn" => (&mut queue, "sqs:"),
                    other => panic!("unexpected resource {other}"),
                };
                into.extend(actions.iter().filter(|a| a.starts_with(service)).cloned());
            }
        }
    }
    (table, index, queue)
}

#[test]
fn only_the_redirect_may_send_to_the_dead_letter_queue_and_it_is_told_where_the_queue_is() {
    let template = template();
    for (id, function) in functions(&template) {
        let (_, _, queue) = allowed(&function);
        let told = &function["Properties"]["Environment"]["Variables"]["CLICK_DEAD_LETTER_QUEUE_URL"];
        if id == "RedirectFunction" {
            assert_eq!(queue, BTreeSet::from(["sqs:SendMessage".to_string()]));
            assert_eq!(text(untagged(told)), "ClickDeadLetters");
        } else {
            assert!(queue.is_empty(), "{id} may not touch the dead-letter queue");
            assert!(told.is_null(), "{id} is not told of it");
        }
    }
}

#[test]
fn only_the_webhook_producer_and_worker_are_told_of_the_delivery_queue_and_it_has_a_dead_letter_queue() {
    let template = template();
    for (id, function) in functions(&template) {
        let told = &function["Properties"]["Environment"]["Variables"][lib::service::webhooks::WEBHOOK_QUEUE_VARIABLE];
        if id == "WebhookProducerFunction" || id == "WebhookWorkerFunction" {
            assert_eq!(text(untagged(told)), "WebhookDeliveries", "{id}");
        } else {
            assert!(told.is_null(), "{id} is not told of the webhook queue");
        }
    }
    let queue = &template["Resources"]["WebhookDeliveries"]["Properties"];
    assert_eq!(
        queue["VisibilityTimeout"].as_u64(),
        Some(lib::service::webhooks::WEBHOOK_QUEUE_VISIBILITY.as_secs())
    );
    assert_eq!(
        text(untagged(&queue["RedrivePolicy"]["deadLetterTargetArn"])),
        "WebhookDeadLetters.Arn"
    );
    let alarm = &template["Resources"]["WebhookDeadLettersAlarm"]["Properties"];
    assert_eq!(
        text(untagged(&alarm["Dimensions"][0]["Value"])),
        "WebhookDeadLetters.QueueName"
    );
    let worker = &template["Resources"]["WebhookWorkerFunction"]["Properties"];
    let source = &worker["Events"]["Deliveries"]["Properties"];
    assert_eq!(
        source["FunctionResponseTypes"][0].as_str(),
        Some("ReportBatchItemFailures")
    );
    assert!(worker["Timeout"].as_u64().unwrap() * 6 <= queue["VisibilityTimeout"].as_u64().unwrap());
}

/// Mail leaves from the functions that send it (invitations, password resets, verification,
/// the daily mail of broken links), through the `SmtpUrl` parameter (its credentials never echoed) and `SmtpFrom`.
#[test]
fn only_the_account_app_and_link_health_functions_are_told_how_to_send_mail() {
    let template = template();
    for (id, function) in functions(&template) {
        let variables = &function["Properties"]["Environment"]["Variables"];
        let url = &variables[lib::mail::SMTP_URL_VARIABLE];
        let from = &variables[lib::mail::SMTP_FROM_VARIABLE];
        if id == "AccountFunction" || id == "AppFunction" || id == "LinkHealthFunction" {
            assert_eq!(text(url), "SmtpUrl", "{id}");
            assert_eq!(text(from), "SmtpFrom", "{id}");
        } else {
            assert!(url.is_null() && from.is_null(), "{id} sends no mail");
        }
    }
    assert_eq!(
        template["Globals"]["Function"]["Environment"]["Variables"][lib::mail::SMTP_URL_VARIABLE],
        Value::Null
    );
    assert_eq!(template["Parameters"]["SmtpUrl"]["NoEcho"].as_bool(), Some(true));
}

#[test]
fn each_function_is_allowed_exactly_the_dynamodb_actions_its_code_calls() {
    let template = template();
    for (id, function) in functions(&template) {
        let listed = FUNCTIONS.iter().find(|f| f.logical_id == id).expect("in the manifest");
        let (table, index) = allowed_actions(&function);
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
        assert_eq!(table, strings(listed.table_actions), "{id}: actions on the table");
        assert_eq!(index, strings(listed.index_actions), "{id}: actions on the indexes");
    }
}

/// The alarms that watch the functions' throttles (`ThrottlesAlarm`, `ThrottlesAlarm2`, …).
fn throttle_alarms(template: &Value) -> Vec<(String, Value)> {
    template["Resources"]
        .as_mapping()
        .expect("resources")
        .iter()
        .map(|(id, resource)| (text(id), resource.clone()))
        .filter(|(id, _)| id.starts_with("ThrottlesAlarm"))
        .collect()
}

#[test]
fn every_function_logs_to_a_group_with_retention_and_counts_in_a_throttle_alarm() {
    let template = template();
    let alarms: Vec<String> = throttle_alarms(&template)
        .iter()
        .map(|(_, alarm)| serde_norway::to_string(alarm).expect("alarm"))
        .collect();
    for (id, function) in functions(&template) {
        let group = text(&function["Properties"]["LoggingConfig"]["LogGroup"]);
        let group = &template["Resources"][group.as_str()];
        assert_eq!(group["Type"].as_str(), Some("AWS::Logs::LogGroup"), "{id}");
        assert!(!group["Properties"]["RetentionInDays"].is_null(), "{id}");
        let watched = alarms
            .iter()
            .filter(|a| a.contains(&format!("Value: !Ref {id}")))
            .count();
        assert_eq!(watched, 1, "{id} is in exactly one ThrottlesAlarm");
    }
}

#[test]
fn no_alarm_watches_more_than_the_ten_metrics_cloudwatch_allows() {
    let template = template();
    for (id, alarm) in throttle_alarms(&template) {
        let metrics = alarm["Properties"]["Metrics"].as_sequence().expect("metrics");
        let stats = metrics.iter().filter(|m| !m["MetricStat"].is_null()).count();
        assert!(stats <= 10, "{id} watches {stats} metrics");
    }
}

#[test]
fn the_manifest_names_each_api_the_template_declares() {
    let template = template();
    for api in [Api::Service, Api::ShortLinks] {
        assert_eq!(
            template["Resources"][api.logical_id()]["Type"].as_str(),
            Some("AWS::Serverless::HttpApi")
        );
    }
    assert!(lib::manifest::function("redirect").is_some());
}

#[test]
fn the_mcp_function_answers_on_every_path_the_manifest_routes_to_it() {
    let mcp = lib::manifest::function("mcp").expect("mcp");
    for route in mcp.routes {
        assert!(lib::mcp::PATHS.contains(&route.path), "{}", route.path);
    }
}

/// Security review finding 10: a flood at any other function's door (the MCP function's public
/// URL above all) cannot take the account's concurrency that visitors' redirects need.
#[test]
fn every_function_but_the_redirect_has_reserved_concurrency_so_visitors_are_never_starved() {
    let template = template();
    for (id, function) in functions(&template) {
        let reserved = &function["Properties"]["ReservedConcurrentExecutions"];
        if id == "RedirectFunction" {
            assert!(reserved.is_null(), "the redirect keeps the unreserved concurrency");
            continue;
        }
        let choice = untagged(reserved)
            .as_sequence()
            .unwrap_or_else(|| panic!("{id}: no reservation"));
        let parameter = if id == "McpFunction" {
            "McpReservedConcurrency"
        } else {
            "FunctionReservedConcurrency"
        };
        assert_eq!(text(&choice[1]), parameter, "{id}");
        let default = template["Parameters"][parameter]["Default"]
            .as_u64()
            .expect("a default");
        assert!(default > 0, "{parameter} reserves by default");
    }
}

/// Security review finding 9: CloudFront adds the secret the redirect function requires, so
/// the short-link API's own address, called directly, refuses forged viewer headers.
#[test]
fn cloudfront_sends_the_secret_the_redirect_function_requires() {
    let template = template();
    let reference = "{{resolve:secretsmanager:${OriginVerifySecret}:SecretString}}";
    let redirect = &template["Resources"]["RedirectFunction"]["Properties"];
    assert_eq!(
        text(&redirect["Environment"]["Variables"][lib::redirect::ORIGIN_SECRET_VARIABLE]),
        reference
    );
    let origin = &template["Resources"]["ShortLinkDistribution"]["Properties"]["DistributionConfig"]["Origins"][0];
    let headers = origin["OriginCustomHeaders"].as_sequence().expect("origin headers");
    assert!(
        headers
            .iter()
            .any(|h| text(&h["HeaderName"]) == "X-Origin-Verify" && text(&h["HeaderValue"]) == reference),
        "{headers:?}"
    );
    assert_eq!(
        template["Resources"]["OriginVerifySecret"]["Type"].as_str(),
        Some("AWS::SecretsManager::Secret")
    );
}

#[test]
fn the_pass_age_alarm_watches_what_the_link_health_function_logs_and_fires_after_a_day() {
    let template = template();
    let filter = &template["Resources"]["LinkHealthPassAgeMetricFilter"]["Properties"];
    assert_eq!(text(&filter["LogGroupName"]), "LinkHealthLogGroup");
    let pattern = text(&filter["FilterPattern"]);
    assert!(pattern.contains("$.fields.pass_age_seconds"), "{pattern}");
    let logged = include_str!("../../../functions/link-health/src/lib.rs");
    assert!(
        logged.contains("pass_age_seconds = "),
        "the function logs the field the filter reads"
    );
    let metric = &filter["MetricTransformations"][0];
    assert_eq!(text(&metric["MetricValue"]), "$.fields.pass_age_seconds");
    let alarm = &template["Resources"]["LinkHealthPassAgeAlarm"]["Properties"];
    assert_eq!(text(&alarm["Namespace"]), text(&metric["MetricNamespace"]));
    assert_eq!(text(&alarm["MetricName"]), text(&metric["MetricName"]));
    assert_eq!(alarm["Threshold"].as_u64(), Some(86_400));
    assert_eq!(text(&alarm["ComparisonOperator"]), "GreaterThanThreshold");
    assert_eq!(
        (
            alarm["Period"].as_u64(),
            alarm["EvaluationPeriods"].as_u64(),
            alarm["DatapointsToAlarm"].as_u64()
        ),
        (Some(3600), Some(2), Some(2))
    );
    assert_eq!(text(&alarm["TreatMissingData"]), "breaching");
}

/// The alarm on reports past a cap counts the line the service logs, in the redirect's logs
/// (the function that takes `/_sl/report` posts), in the namespace it watches.
#[test]
fn the_reports_not_kept_alarm_counts_the_line_the_report_service_logs() {
    let template = template();
    let filter = &template["Resources"]["ReportsNotKeptMetricFilter"]["Properties"];
    assert_eq!(text(&filter["LogGroupName"]), "RedirectLogGroup");
    let pattern = text(&filter["FilterPattern"]);
    assert!(
        pattern.contains(&format!("\"{}*\"", lib::service::reports::NOT_KEPT_LOG)),
        "{pattern}"
    );
    let metric = &filter["MetricTransformations"][0];
    let alarm = &template["Resources"]["ReportsNotKeptAlarm"]["Properties"];
    assert_eq!(alarm["Namespace"], metric["MetricNamespace"]);
    assert_eq!(alarm["MetricName"], metric["MetricName"]);
}
