//! The MCP server as rmcp serves it: who we are, the tools the caller's scopes allow, and a
//! tool call (the tool, its scope, its arguments, then the workspace, then the operation).

use std::borrow::Cow;

use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, DiscoverResult, Implementation, ListResourceTemplatesResult,
    ListResourcesResult, ListToolsResult, MetaObject, PaginatedRequestParams, ProtocolVersion,
    ReadResourceRequestParams, ReadResourceResponse, ResourcesCapability, ServerCapabilities, ServerConfig, Tool,
    ToolsCapability,
};
use rmcp::model::{
    CompleteRequestParams, CompleteResult, GetPromptRequestParams, GetPromptResponse, InitializeRequestParams,
    InitializeResult, ListPromptsResult, PromptsCapability,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value};

use super::channel::Admitted;
use super::confirm::{self, Confirmer, Verdict};
use super::errors;
use super::icons;
use super::prompts;
use super::resources;
use super::tools::{self, TOOLS};
use crate::domain::Workspace;
use crate::service::{Service, ServiceError, guards::RateClass, guards::metered};
use crate::wire::WorkspaceChoice;

pub const INSTRUCTIONS: &str = "Smart links: short links whose destination is chosen per visitor by ordered routing \
rules or a weighted A/B split, with click analytics. Every tool works inside one workspace. Select it with the \
workspaceId argument of a tool call (or once for every call with the X-Workspace-Id header, or ?workspaceId= on \
the endpoint URL). When none is selected, a tool does nothing and answers with your workspaces (id, name, role) \
and the message \"Call again with workspaceId set to one of these.\": pick one and call again. Rule times are \
UTC. While an A/B test is enabled every visitor goes to a variant by weight and the rules are not consulted. \
Link ids come from create_link and list_links; rule ids (the keys of rule analytics) from get_link.";

/// Every revision this server speaks, newest first.
pub const SUPPORTED_VERSIONS: [ProtocolVersion; 5] = [
    ProtocolVersion::V_2026_07_28,
    ProtocolVersion::V_2025_11_25,
    ProtocolVersion::V_2025_06_18,
    ProtocolVersion::V_2025_03_26,
    ProtocolVersion::V_2024_11_05,
];
/// How long clients may cache `server/discover` (the same for everyone) and `tools/list`
/// (it depends on the key's scopes).
const DISCOVER_TTL_MS: u64 = 3_600_000;
const TOOLS_TTL_MS: u64 = 60_000;

/// How a client can be answered: whether it declared tasks, and whether it can ask its person
/// to confirm (elicitation in the stateless revision).
#[derive(Debug, Clone, Copy)]
pub(super) struct Calling {
    pub tasks: bool,
    pub can_ask: bool,
}

/// What a tool call answers.
pub(super) enum Answer {
    /// The tool ran, or was made a task.
    Ran(super::tasks::Answer),
    /// The confirmation before destroying: its question, or the sentence saying nothing was done.
    Confirmation(CallToolResponse),
}

/// One request's server: the service every door shares.
#[derive(Debug, Clone)]
pub struct Server {
    service: Service,
    /// The queue tasks are carried on through (the import queue); without one, no tasks.
    tasks: Option<crate::queue::Queue>,
    confirmer: Confirmer,
}

impl Server {
    pub fn new(service: Service, confirmer: Confirmer) -> Self {
        Self {
            service,
            tasks: None,
            confirmer,
        }
    }

    /// This server, running long calls as tasks through `queue` for clients that declare them.
    pub fn with_tasks(self, queue: Option<crate::queue::Queue>) -> Self {
        Self { tasks: queue, ..self }
    }

    /// The tool call itself, once the caller is known: the tool, its scope and its arguments
    /// (no I/O), then the workspace; the call is charged to its rate limits before any work.
    pub(super) async fn call(
        &self,
        admitted: &Admitted,
        parts: &lambda_http::http::request::Parts,
        mut request: CallToolRequestParams,
        calling: Calling,
    ) -> Result<Answer, ServiceError> {
        let tool = tools::named(&request.name);
        let answered = (request.request_state.take(), request.input_responses.take());
        let class = tool.map_or(RateClass::Standard, |tool| tool.rate);
        let prepared = tool
            .ok_or_else(|| {
                ServiceError::BadRequest(format!(
                    "Unknown tool: {}. Call tools/list for the tools this API key may use.",
                    request.name
                ))
            })
            .and_then(|tool| {
                tool.scopes()
                    .try_for_each(|scope| admitted.caller.require_scope(scope))?;
                let mut args = request.arguments.unwrap_or_default();
                // An access token's grant names its workspace: with none chosen, that one.
                let workspace =
                    workspace_of(&mut args, parts).or_else(|| admitted.caller.bound_workspace().map(|w| w.to_string()));
                let confirmation = confirm::destroys(tool.scope)
                    .then(|| Confirmer::take(tool.name, &tool.title(), &mut args, answered, calling.can_ask))
                    .transpose()?;
                Ok((workspace, (tool.parse)(args)?, confirmation))
            });
        let (workspace, call, confirmation) = match prepared {
            Ok(prepared) => prepared,
            Err(err) => {
                self.charge(admitted, None, class).await?;
                return Err(err);
            }
        };
        let Some(id) = workspace else {
            self.charge(admitted, None, class).await?;
            let choice = WorkspaceChoice::new(self.service.workspaces_of(&admitted.caller).await?);
            return Ok(Answer::Ran(super::tasks::Answer::Done(tools::Output::json(choice))));
        };
        let opened = async {
            let id = crate::wire::parse_id(crate::wire::IdField::Workspace, Some(&id))?;
            self.service.open_workspace(admitted.caller.clone(), &id).await
        }
        .await;
        match opened {
            Ok(access) => {
                self.charge(admitted, Some(&access.workspace), class).await?;
                if let Some(pending) = confirmation {
                    let workspace = access.workspace.id.to_string();
                    let now = self.service.clock.now();
                    if let Verdict::Stop(answer) = self.confirmer.decide(pending, &admitted.caller, &workspace, now) {
                        return Ok(Answer::Confirmation(answer));
                    }
                }
                let tasks = self.tasks.as_ref();
                let ran =
                    super::tasks::run(&self.service, &access, &admitted.caller, call, tasks, calling.tasks).await?;
                Ok(Answer::Ran(ran))
            }
            Err(err) => {
                self.charge(admitted, None, class).await?;
                Err(err)
            }
        }
    }

    /// A read made through a tool (a resource, a completion): the tool's answer, never a task.
    pub(super) async fn call_plain(
        &self,
        admitted: &Admitted,
        parts: &lambda_http::http::request::Parts,
        request: CallToolRequestParams,
    ) -> Result<tools::Output, ServiceError> {
        let calling = Calling {
            tasks: false,
            can_ask: false,
        };
        match self.call(admitted, parts, request, calling).await? {
            Answer::Ran(super::tasks::Answer::Done(output)) => Ok(output),
            // Only a call whose client declared tasks becomes one, and reads never ask.
            _ => Err(ServiceError::BadRequest("This read cannot run as a task.".into())),
        }
    }

    /// Charges a tool call to its limits, leaving the status for the adapter.
    pub(super) async fn charge(
        &self,
        admitted: &Admitted,
        workspace: Option<&Workspace>,
        class: RateClass,
    ) -> Result<(), ServiceError> {
        let charged = self.service.charge(&admitted.caller, workspace, class).await;
        admitted.meter.charged(metered(&charged));
        charged.map(|_| ())
    }
}

/// The workspace a call acts in, in order: the `workspaceId` argument, the `X-Workspace-Id`
/// header, `?workspaceId=` on the endpoint URL. Blank counts as none; a non-string argument
/// is kept as its JSON text (it then fails the format check).
fn workspace_of(args: &mut Map<String, Value>, parts: &lambda_http::http::request::Parts) -> Option<String> {
    let blank = |v: &String| v.trim().is_empty();
    let argument = match args.remove("workspaceId") {
        Some(Value::String(id)) => Some(id).filter(|id| !blank(id)),
        Some(Value::Null) | None => None,
        Some(other) => Some(other.to_string()),
    };
    let header = || {
        parts
            .headers
            .get("x-workspace-id")
            .and_then(|v| v.to_str().ok())
            .map(|v| v.trim().to_string())
            .filter(|v| !blank(v))
    };
    let query = || {
        url::form_urlencoded::parse(parts.uri.query()?.as_bytes())
            .find(|(k, _)| k == "workspaceId")
            .map(|(_, v)| v.trim().to_string())
            .filter(|v| !blank(v))
    };
    argument.or_else(header).or_else(query)
}

fn identity() -> Implementation {
    let mut identity = Implementation::new("smartlinks", env!("CARGO_PKG_VERSION"));
    identity.title = Some("Smart links".into());
    identity
}

/// A result's `_meta` naming this server, for peers of the stateless revision.
fn server_info_meta(context: &RequestContext<RoleServer>) -> Option<MetaObject> {
    let modern = context
        .protocol_version()
        .is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str());
    modern.then(|| {
        let mut meta = MetaObject::new();
        let identity = serde_json::to_value(identity()).expect("an identity encodes as JSON");
        meta.0.insert("io.modelcontextprotocol/serverInfo".into(), identity);
        meta
    })
}

/// The server's icon at the request's public origin.
fn server_icons(context: &RequestContext<RoleServer>) -> Option<Vec<rmcp::model::Icon>> {
    let (_, admitted) = admitted(context).ok()?;
    Some(vec![icons::icon(&admitted.origin, icons::SERVER)])
}

/// A tool's output as a complete result, naming this server for peers of the stateless revision.
fn complete(output: tools::Output, context: &RequestContext<RoleServer>) -> CallToolResponse {
    output.into_result().with_meta(server_info_meta(context)).into()
}

/// A confirmation's answer (a question, or a sentence), naming this server like any result.
fn with_server_info(answer: CallToolResponse, context: &RequestContext<RoleServer>) -> CallToolResponse {
    match (answer, server_info_meta(context)) {
        (CallToolResponse::Complete(result), meta) => result.with_meta(meta).into(),
        (CallToolResponse::InputRequired(result), Some(meta)) => result.with_meta(meta).into(),
        (answer, _) => answer,
    }
}

/// The request's parts and what the adapter admitted, as rmcp hands them over.
fn admitted(
    context: &RequestContext<RoleServer>,
) -> Result<(&lambda_http::http::request::Parts, &Admitted), ErrorData> {
    let parts = context
        .extensions
        .get::<lambda_http::http::request::Parts>()
        .ok_or_else(|| ErrorData::internal_error("the request parts did not reach the handler", None))?;
    let admitted = parts
        .extensions
        .get::<Admitted>()
        .ok_or_else(|| ErrorData::internal_error("the request was not admitted", None))?;
    Ok((parts, admitted))
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        let mut capabilities = match self.tasks {
            Some(_) => ServerCapabilities::builder().enable_tools().enable_tasks().build(),
            None => ServerCapabilities::builder().enable_tools().build(),
        };
        let mut tools = ToolsCapability::default();
        tools.list_changed = Some(false);
        capabilities.tools = Some(tools);
        let mut resources = ResourcesCapability::default();
        resources.list_changed = Some(false);
        resources.subscribe = Some(false);
        capabilities.resources = Some(resources);
        let mut prompts = PromptsCapability::default();
        prompts.list_changed = Some(false);
        capabilities.prompts = Some(prompts);
        capabilities.completions = Some(Default::default());
        ServerConfig::new(capabilities)
            .with_server_info(identity())
            .with_instructions(INSTRUCTIONS)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        Cow::Borrowed(&SUPPORTED_VERSIONS)
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        context.peer.set_peer_info(request.clone());
        let mut result = self.negotiate_initialize(&request)?;
        result.server_info.icons = server_icons(&context);
        Ok(result)
    }

    async fn discover(&self, context: RequestContext<RoleServer>) -> Result<DiscoverResult, ErrorData> {
        let mut info = self.get_info();
        info.server_info.icons = server_icons(&context);
        Ok(DiscoverResult::from_server_info(SUPPORTED_VERSIONS.to_vec(), info)
            .with_ttl_ms(DISCOVER_TTL_MS)
            .with_cache_scope(CacheScope::Public))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let (_, admitted) = admitted(&context)?;
        let tools: Vec<Tool> = TOOLS
            .iter()
            .filter(|t| t.scopes().all(|scope| admitted.caller.has_scope(scope)))
            .map(|t| {
                let mut definition = t.definition.clone();
                definition.icons = Some(vec![icons::icon(&admitted.origin, icons::tool_icon(t.name))]);
                definition
            })
            .collect();
        let mut result = ListToolsResult::with_all_items(tools);
        result.ttl_ms = Some(TOOLS_TTL_MS);
        result.cache_scope = Some(CacheScope::Private);
        result.meta = server_info_meta(&context);
        Ok(result)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        tools::named(name).map(|t| t.definition.clone())
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let (parts, admitted) = admitted(&context)?;
        let calling = Calling {
            tasks: super::tasks::declared(&context),
            can_ask: confirm::can_ask(&context),
        };
        match self.call(admitted, parts, request, calling).await {
            Ok(Answer::Ran(super::tasks::Answer::Done(output))) => Ok(complete(output, &context)),
            Ok(Answer::Ran(super::tasks::Answer::Task(task))) => {
                Ok(CallToolResponse::Task(super::tasks::created(&task)))
            }
            Ok(Answer::Confirmation(answer)) => Ok(with_server_info(answer, &context)),
            Err(err) => {
                let rpc = errors::to_rpc(&err, &admitted.request_id);
                admitted.meter.refused(&err, &rpc);
                Err(rpc)
            }
        }
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let (parts, admitted) = admitted(&context)?;
        let cursor = request.and_then(|r| r.cursor);
        let mut result = self
            .resource_page(admitted, parts, cursor)
            .await
            .map_err(|err| resources::refusal(admitted, &err))?;
        result.ttl_ms = Some(TOOLS_TTL_MS);
        result.cache_scope = Some(CacheScope::Private);
        result.meta = server_info_meta(&context);
        Ok(result)
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let mut result = ListResourceTemplatesResult::with_all_items(resources::templates());
        result.ttl_ms = Some(DISCOVER_TTL_MS);
        result.cache_scope = Some(CacheScope::Public);
        result.meta = server_info_meta(&context);
        Ok(result)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let (parts, admitted) = admitted(&context)?;
        let mut result = self.read(admitted, parts, &request.uri).await?;
        result.meta = server_info_meta(&context);
        Ok(result.into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        admitted(&context)?;
        let mut result = ListPromptsResult::with_all_items(prompts::list());
        result.ttl_ms = Some(DISCOVER_TTL_MS);
        result.cache_scope = Some(CacheScope::Public);
        result.meta = server_info_meta(&context);
        Ok(result)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let (_, admitted) = admitted(&context)?;
        let today = self.service.clock.now().date_naive();
        let mut result = prompts::get(&request.name, &request.arguments.unwrap_or_default(), today)
            .map_err(|err| resources::refusal(admitted, &err))?;
        result.meta = server_info_meta(&context);
        Ok(result.into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let (parts, admitted) = admitted(&context)?;
        let completion = self
            .complete_argument(admitted, parts, request)
            .await
            .map_err(|err| resources::refusal(admitted, &err))?;
        let mut result = CompleteResult::new(completion);
        result.meta = server_info_meta(&context);
        Ok(result)
    }

    async fn get_task(
        &self,
        request: rmcp::model::GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::GetTaskResult, ErrorData> {
        let (_, admitted) = admitted(&context)?;
        match self.service.task_view(&admitted.caller, &request.task_id).await {
            Ok(view) => Ok(super::tasks::detailed(view)),
            Err(err) => Err(super::tasks::refused(&err, &admitted.request_id)),
        }
    }

    async fn cancel_task(
        &self,
        request: rmcp::model::CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let (_, admitted) = admitted(&context)?;
        match self.service.cancel_task(&admitted.caller, &request.task_id).await {
            Ok(_) => Ok(()),
            Err(err) => Err(super::tasks::refused(&err, &admitted.request_id)),
        }
    }
}
