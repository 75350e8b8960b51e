//! The prompts: ready requests real users make ("a campaign link for …", "review this link's
//! A/B test", "this week's report"), each telling the agent which tools and resources to use,
//! and the completions of their arguments from the workspace (its links, its UTM templates),
//! read through the same tools (so under the same scopes and rate limits).

use chrono::Datelike as _;
use rmcp::model::{
    CallToolRequestParams, CompleteRequestParams, CompletionInfo, GetPromptResult, JsonObject, Prompt, PromptArgument,
    PromptMessage, Reference, Role,
};
use serde_json::{Map, Value, json};

use super::channel::Admitted;
use super::server::Server;
use super::tools::Output;
use crate::service::ServiceError;

type Parts = lambda_http::http::request::Parts;

/// At most this many values in one completion (and one `list_links` page read for it).
pub const MAX_COMPLETIONS: usize = 20;

struct Spec {
    name: &'static str,
    title: &'static str,
    description: &'static str,
    /// (name, description, required)
    arguments: &'static [(&'static str, &'static str, bool)],
}

const PROMPTS: [Spec; 3] = [
    Spec {
        name: "campaign_link",
        title: "Campaign link with UTM",
        description: "Create a smart link to a destination, tagged with UTM parameters for a campaign.",
        arguments: &[
            ("destination", "The URL visitors should reach.", true),
            (
                "campaign",
                "utm_campaign (completed from the workspace's UTM templates).",
                true,
            ),
            (
                "source",
                "utm_source, e.g. newsletter (completed from the UTM templates).",
                false,
            ),
            (
                "medium",
                "utm_medium, e.g. email (completed from the UTM templates).",
                false,
            ),
        ],
    },
    Spec {
        name: "review_ab_test",
        title: "Review a link's A/B test",
        description: "Read a link's A/B test and its results, and say what to do next.",
        arguments: &[(
            "linkId",
            "The link's id (completed from the workspace's links by name).",
            true,
        )],
    },
    Spec {
        name: "weekly_report",
        title: "Weekly workspace report",
        description: "Summarise a week of the workspace's clicks: totals, top links, countries and referrers.",
        arguments: &[(
            "week",
            "Any day of the week to report (YYYY-MM-DD, UTC; weeks start on Monday); default: this week.",
            false,
        )],
    },
];

/// Every prompt, as `prompts/list` shows them.
pub fn list() -> Vec<Prompt> {
    PROMPTS
        .iter()
        .map(|spec| {
            let arguments = spec
                .arguments
                .iter()
                .map(|(name, description, required)| {
                    PromptArgument::new(*name)
                        .with_description(*description)
                        .with_required(*required)
                })
                .collect();
            Prompt::new(spec.name, Some(spec.description), Some(arguments)).with_title(spec.title)
        })
        .collect()
}

/// The prompt `name` filled with `arguments`: refused (as invalid params) when the prompt is
/// unknown or a required argument is missing or blank.
pub fn get(name: &str, arguments: &JsonObject, today: chrono::NaiveDate) -> Result<GetPromptResult, ServiceError> {
    let spec = PROMPTS.iter().find(|p| p.name == name).ok_or_else(|| {
        ServiceError::BadRequest(format!("Unknown prompt: {name}. Call prompts/list for the prompts."))
    })?;
    let arg = |field: &str| {
        arguments
            .get(field)
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|v| !v.is_empty())
    };
    for (field, _, required) in spec.arguments {
        if *required && arg(field).is_none() {
            return Err(ServiceError::BadRequest(format!("The {name} prompt needs {field}.")));
        }
    }
    let text = match spec.name {
        "campaign_link" => campaign_link(
            arg("destination").unwrap_or_default(),
            arg("campaign").unwrap_or_default(),
            arg("source"),
            arg("medium"),
        ),
        "review_ab_test" => review_ab_test(arg("linkId").unwrap_or_default()),
        _ => weekly_report(arg("week"), today)?,
    };
    Ok(GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]).with_description(spec.description))
}

fn campaign_link(destination: &str, campaign: &str, source: Option<&str>, medium: Option<&str>) -> String {
    let mut utm = format!("utm_campaign={campaign}");
    if let Some(source) = source {
        utm.push_str(&format!(", utm_source={source}"));
    }
    if let Some(medium) = medium {
        utm.push_str(&format!(", utm_medium={medium}"));
    }
    format!(
        "Create a smart link to {destination} for the campaign \"{campaign}\" ({utm}). First call \
         list_utm_templates and, if a template matches this campaign, use its values for any UTM field not given \
         here. Then call create_link with one default rule targeting {destination} and these UTM values (a name \
         that says the campaign, and a short readable slug). Answer with the link's fullLink and its resource URI \
         (smartlinks://workspaces/{{workspaceId}}/links/{{id}})."
    )
}

fn review_ab_test(link: &str) -> String {
    format!(
        "Review the A/B test of link {link}. Read the resource smartlinks://workspaces/{{workspaceId}}/links/{link} \
         (or call get_link) for its variants and weights, then \
         smartlinks://workspaces/{{workspaceId}}/links/{link}/analytics (or call get_link_analytics) for clicks and \
         conversions per variant since the test began. Say which variant leads on conversion rate, whether the \
         difference is large enough to trust given the counts, and what to do: keep testing, shift the weights \
         (update_link), or end the test by sending everyone to the winner. Do not change the link unless asked."
    )
}

fn weekly_report(week: Option<&str>, today: chrono::NaiveDate) -> Result<String, ServiceError> {
    let day = match week {
        Some(day) => chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
            .map_err(|_| ServiceError::BadRequest("week must be a date (YYYY-MM-DD).".into()))?,
        None => today,
    };
    let monday = day - chrono::Days::new(u64::from(day.weekday().num_days_from_monday()));
    let sunday = monday + chrono::Days::new(6);
    Ok(format!(
        "Write the workspace's report for the week {monday} to {sunday} (UTC). Call get_workspace_analytics with \
         from={monday} and to={sunday} for the totals, the daily clicks, the top links, countries, devices and \
         referrers; compare with the week before (from={} to={}). For the top three links, call \
         get_link_analytics over the same week (the analytics app shows it as a chart where the client supports \
         MCP Apps). Report in a few short paragraphs: total clicks and the change, the links that rose or fell, \
         where visitors came from, and one suggestion.",
        monday - chrono::Days::new(7),
        sunday - chrono::Days::new(7),
    ))
}

/// Where the values of a prompt argument's completion come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The workspace's links: ids of those whose name (or id) starts with the typed text.
    Links,
    /// A UTM field of the workspace's templates.
    Utm(&'static str),
}

/// What completes `argument` of `prompt`, if anything does.
pub fn source(prompt: &str, argument: &str) -> Option<Source> {
    match (prompt, argument) {
        ("review_ab_test", "linkId") => Some(Source::Links),
        ("campaign_link", "campaign") => Some(Source::Utm("campaign")),
        ("campaign_link", "source") => Some(Source::Utm("source")),
        ("campaign_link", "medium") => Some(Source::Utm("medium")),
        _ => None,
    }
}

/// The values of a tool's answer that complete `typed`, distinct, at most [`MAX_COMPLETIONS`].
pub fn values(source: Source, answer: &Value, typed: &str) -> Vec<String> {
    let typed = typed.to_lowercase();
    let starts = |text: &str| text.to_lowercase().starts_with(&typed);
    let mut values: Vec<String> = Vec::new();
    let mut push = |value: &str| {
        if !values.iter().any(|v| v == value) && values.len() < MAX_COMPLETIONS {
            values.push(value.to_string());
        }
    };
    match source {
        Source::Links => {
            for link in answer.get("links").and_then(Value::as_array).into_iter().flatten() {
                let id = link.get("id").and_then(Value::as_str).unwrap_or_default();
                let name = link.get("name").and_then(Value::as_str).unwrap_or_default();
                if !id.is_empty() && (starts(name) || starts(id)) {
                    push(id);
                }
            }
        }
        Source::Utm(field) => {
            for template in answer.get("templates").and_then(Value::as_array).into_iter().flatten() {
                if let Some(value) = template.get(field).and_then(Value::as_str).filter(|v| starts(v)) {
                    push(value);
                }
            }
        }
    }
    values
}

impl Server {
    /// `completion/complete`: a prompt argument's values from the workspace (chosen as tools
    /// choose it, or by `workspaceId` among the context's arguments), read by `list_links` or
    /// `list_utm_templates`; nothing for arguments without a source.
    pub(super) async fn complete_argument(
        &self,
        admitted: &Admitted,
        parts: &Parts,
        request: CompleteRequestParams,
    ) -> Result<CompletionInfo, ServiceError> {
        let Reference::Prompt(prompt) = &request.r#ref else {
            return Ok(CompletionInfo::default());
        };
        let Some(source) = source(&prompt.name, &request.argument.name) else {
            return Ok(CompletionInfo::default());
        };
        let typed = request.argument.value.trim();
        let mut args = Map::new();
        let workspace = request
            .context
            .as_ref()
            .and_then(|c| c.arguments.as_ref())
            .and_then(|a| a.get("workspaceId"));
        if let Some(workspace) = workspace {
            args.insert("workspaceId".into(), json!(workspace));
        }
        let tool = match source {
            Source::Links => {
                args.insert("limit".into(), json!(MAX_COMPLETIONS));
                if !typed.is_empty() {
                    args.insert("search".into(), json!(typed));
                }
                "list_links"
            }
            Source::Utm(_) => "list_utm_templates",
        };
        let request = CallToolRequestParams::new(tool).with_arguments(args);
        let Output::Json { value, .. } = self.call_plain(admitted, parts, request).await? else {
            return Ok(CompletionInfo::default());
        };
        let mut info = CompletionInfo::new(values(source, &value, typed)).unwrap_or_default();
        info.has_more = Some(value.get("hasMore").and_then(Value::as_bool).unwrap_or(false));
        Ok(info)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> chrono::NaiveDate {
        chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn text_of(result: &GetPromptResult) -> String {
        serde_json::to_value(&result.messages[0]).unwrap()["content"]["text"]
            .as_str()
            .unwrap()
            .to_string()
    }

    #[test]
    fn every_prompt_is_listed_with_its_arguments() {
        let names: Vec<String> = list().into_iter().map(|p| p.name).collect();
        assert_eq!(names, ["campaign_link", "review_ab_test", "weekly_report"]);
    }

    #[test]
    fn a_missing_required_argument_is_refused() {
        let err = get("campaign_link", &JsonObject::new(), day("2026-11-28")).unwrap_err();
        assert_eq!(err.to_string(), "The campaign_link prompt needs destination.");
    }

    #[test]
    fn the_campaign_prompt_names_its_values_and_tools() {
        let args = json!({ "destination": "https://example.com/", "campaign": "spring", "source": "newsletter" });
        let result = get("campaign_link", args.as_object().unwrap(), day("2026-11-28")).unwrap();
        let text = text_of(&result);
        assert!(text.contains("utm_campaign=spring, utm_source=newsletter"), "{text}");
        assert!(text.contains("create_link"), "{text}");
    }

    #[test]
    fn the_weekly_report_covers_monday_to_sunday_of_the_given_day() {
        let args = json!({ "week": "2026-11-26" });
        let text = text_of(&get("weekly_report", args.as_object().unwrap(), day("2026-01-01")).unwrap());
        assert!(text.contains("from=2026-11-23 and to=2026-11-29"), "{text}");
        let text = text_of(&get("weekly_report", &JsonObject::new(), day("2026-11-28")).unwrap());
        assert!(text.contains("week 2026-11-23 to 2026-11-29"), "{text}");
    }

    #[test]
    fn link_completions_are_ids_of_links_named_by_the_prefix() {
        let page = json!({ "links": [
            { "id": "aaaaaaaaaaaaaaaaaaaaaaaa", "name": "Spring sale" },
            { "id": "bbbbbbbbbbbbbbbbbbbbbbbb", "name": "Autumn spring" } ] });
        assert_eq!(values(Source::Links, &page, "spr"), ["aaaaaaaaaaaaaaaaaaaaaaaa"]);
    }

    #[test]
    fn utm_completions_are_the_templates_distinct_values() {
        let list = json!({ "templates": [
            { "source": "newsletter" }, { "source": "news" }, { "source": "newsletter" }, { "source": "ads" } ] });
        assert_eq!(values(Source::Utm("source"), &list, "NEW"), ["newsletter", "news"]);
    }
}
