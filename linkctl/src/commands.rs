//! Running a command: its administration call, and the one JSON object it prints.

use lib::admin::{self, AdminError, KeyGrants, NewWorkspace};
use lib::domain::Plan;
use lib::service::Service;
use serde_json::{Value, json};

use crate::cli::{
    ClickCommand, Command, DomainCommand, KeyCommand, MemberCommand, TagCommand, UserCommand, UtmTemplateCommand,
    WorkspaceCommand,
};

/// The plan as printed: quotas and the effective rate limits of the workspace.
fn plan_json(service: &Service, plan: &Plan) -> Value {
    let limits = service.config.rate_limits.with(&plan.rate_limits);
    json!({
        "maxLinks": plan.max_links,
        "maxRulesPerLink": plan.max_rules_per_link,
        "rateLimits": {
            "perKey": limits.per_key,
            "bulkPerKey": limits.bulk_per_key,
            "analyticsPerKey": limits.analytics_per_key,
            "perWorkspace": limits.per_workspace,
        },
    })
}

/// The first line of stdin, without its line ending.
fn read_password() -> Result<String, AdminError> {
    let mut line = String::new();
    std::io::stdin()
        .read_line(&mut line)
        .map_err(|e| AdminError::Invalid(lib::domain::Invalid::new("password", format!("cannot read stdin: {e}"))))?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}

/// Adds `extra`'s fields to the object `out`.
fn merge(out: &mut Value, extra: Value) {
    if let (Value::Object(out), Value::Object(extra)) = (out, extra) {
        out.extend(extra);
    }
}

pub(crate) async fn run(service: &Service, command: Command) -> Result<Value, AdminError> {
    Ok(match command {
        Command::User {
            command: UserCommand::Create { email, password_stdin },
        } => {
            let password = password_stdin.then(read_password).transpose()?;
            let user = admin::create_user_with_password(service, &email, password.as_deref()).await?;
            json!({ "id": user.id, "email": user.email, "password": user.password_hash.is_some() })
        }
        Command::User {
            command: UserCommand::ResetLink { user, base_url },
        } => {
            let (user, link) = admin::reset_link(service, &user, base_url.as_deref()).await?;
            json!({ "id": user.id, "email": user.email, "resetLink": link, "expiresInMinutes": 60 })
        }
        Command::User {
            command: UserCommand::SetPassword { user, .. },
        } => {
            let password = read_password()?;
            let user = admin::set_password(service, &user, &password).await?;
            json!({ "id": user.id, "email": user.email, "password": true })
        }
        Command::Workspace {
            command:
                WorkspaceCommand::Create {
                    name,
                    owner,
                    max_links,
                    max_rules,
                    license_expires,
                    rate_limits,
                },
        } => {
            let options = NewWorkspace {
                id: None,
                name,
                max_links,
                max_rules,
                license_expires,
                rate_limits: rate_limits.overrides(),
            };
            let ws = admin::create_workspace(service, &owner, options).await?;
            let mut out = json!({ "id": ws.id, "name": ws.name, "ownerId": ws.owner_id });
            merge(&mut out, plan_json(service, &ws.plan));
            out
        }
        Command::Workspace {
            command:
                WorkspaceCommand::SetPlan {
                    workspace,
                    max_links,
                    max_rules,
                    rate_limits,
                },
        } => {
            let change = rate_limits.into_change(max_links, max_rules);
            let plan = admin::set_plan(service, &workspace, &change).await?;
            let mut out = json!({ "id": workspace });
            merge(&mut out, plan_json(service, &plan));
            out
        }
        Command::Workspace {
            command: WorkspaceCommand::SetLicense { workspace, expires },
        } => {
            let id = admin::set_license(service, &workspace, Some(expires)).await?;
            json!({ "id": id, "licenseExpiresAt": expires })
        }
        Command::Member {
            command: MemberCommand::Add { workspace, user, role },
        } => {
            let m = admin::add_member(service, &workspace, &user, &role).await?;
            json!({ "id": m.user_id, "workspaceId": m.workspace_id, "role": m.role })
        }
        Command::Member {
            command: MemberCommand::Remove { workspace, user },
        } => {
            let (workspace, user) = admin::remove_member(service, &workspace, &user).await?;
            json!({ "id": user, "workspaceId": workspace, "removed": true })
        }
        Command::Domain {
            command:
                DomainCommand::Add {
                    workspace,
                    host,
                    verified,
                },
        } => {
            let d = admin::add_domain(service, &workspace, &host, verified).await?;
            json!({
                "id": d.host,
                "workspaceId": d.workspace_id,
                "status": d.status,
                "verified": d.status == lib::domain::DomainStatus::Verified,
                "txtRecord": { "name": d.record_name(), "value": d.record_value() },
            })
        }
        Command::Tag {
            command: TagCommand::Create { workspace, name },
        } => {
            let t = admin::create_tag(service, &workspace, &name).await?;
            json!({ "id": t.id, "workspaceId": t.workspace_id, "name": t.name })
        }
        Command::UtmTemplate {
            command:
                UtmTemplateCommand::Create {
                    workspace,
                    name,
                    source,
                    medium,
                    campaign,
                    term,
                    content,
                },
        } => {
            let input = lib::wire::UtmTemplateInput {
                name: Some(name),
                source,
                medium,
                campaign,
                term,
                content,
            };
            let t = admin::create_utm_template(service, &workspace, input).await?;
            json!({ "id": t.id, "workspaceId": t.workspace_id, "name": t.name, "utm": t.utm })
        }
        Command::Health { command } => crate::health::run(service, command).await?,
        Command::Openapi => json!({ "openapi": lib::openapi::document() }),
        Command::Link { command } => crate::switch::link(service, command).await?,
        Command::Audit { command } => crate::switch::audit(service, command).await?,
        Command::Workspace {
            command: WorkspaceCommand::Switch(command),
        } => crate::switch::workspace(service, command).await?,
        Command::Reports { command } => crate::reports::run(service, command).await?,
        Command::Clicks {
            command: ClickCommand::Replay { max },
        } => {
            let replayed = admin::replay_clicks(service, max).await?;
            json!({
                "written": replayed.written,
                "alreadyStored": replayed.already_stored,
                "unreadable": replayed.unreadable,
            })
        }
        Command::Safety { command } => crate::safety::run(service, command).await?,
        Command::Key {
            command: KeyCommand::Create { user, api, mcp_scopes },
        } => {
            let scopes = mcp_scopes.as_deref().map(admin::parse_scopes).transpose()?;
            let (user, key) = admin::create_key(
                service,
                &user,
                KeyGrants {
                    http_api: api,
                    mcp_scopes: scopes,
                },
            )
            .await?;
            json!({ "id": user.id, "key": key })
        }
    })
}
