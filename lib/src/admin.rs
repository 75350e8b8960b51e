//! Account administration (the "app" side): what `linkctl`, the dev server's demo seed and
//! the tests use to create users, workspaces, memberships, domains, tags and keys.

use chrono::{DateTime, Utc};

use crate::domain::ids::ObjectId;
use crate::domain::{
    ClaimableHost, DomainClaim, DomainStatus, Email, Invalid, Membership, NewPassword, Plan, PlanChange,
    RateLimitOverrides, Role, Scope, Tag, TagName, User, Workspace,
};
use crate::service::StoreError;
use crate::service::operator::{ClaimWrite, Collection, CreateUserError, TagWrite};
use crate::service::{Service, ServiceError};

#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0}")]
    Invalid(#[from] Invalid),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("storage failed: {}", crate::telemetry::error_chain(.0))]
    Store(#[from] StoreError),
}

impl From<crate::service::operator::OperatorError> for AdminError {
    fn from(err: crate::service::operator::OperatorError) -> Self {
        match err {
            crate::service::operator::OperatorError::Refused(refusal) => Self::Conflict(refusal.to_string()),
            crate::service::operator::OperatorError::Store(store) => Self::Store(store),
        }
    }
}

/// A user given as an id or an e-mail address.
pub async fn resolve_user(service: &Service, user: &str) -> Result<User, AdminError> {
    let found = match ObjectId::parse(user) {
        Ok(id) => service.user(&id).await?,
        Err(_) => service.user_by_email(&Email::parse(user)?).await?,
    };
    found.ok_or_else(|| AdminError::NotFound(format!("no user {user:?}")))
}

fn workspace_id(raw: &str) -> Result<ObjectId, AdminError> {
    ObjectId::parse(raw)
        .map_err(|_| AdminError::Invalid(Invalid::new("workspace", format!("{raw:?} is not a workspace id"))))
}

pub async fn create_user(service: &Service, email: &str) -> Result<User, AdminError> {
    create_user_with_password(service, email, None).await
}

/// Creates a user who can sign in to the pages with `password` (checked before anything is
/// written).
pub async fn create_user_with_password(
    service: &Service,
    email: &str,
    password: Option<&str>,
) -> Result<User, AdminError> {
    let password = password.map(NewPassword::parse).transpose()?;
    match service.create_user(Email::parse(email)?, password.as_ref()).await {
        Ok(user) => Ok(user),
        Err(CreateUserError::EmailTaken) => Err(AdminError::Conflict(format!(
            "a user with e-mail {email} already exists"
        ))),
        Err(CreateUserError::Store(e)) => Err(e.into()),
    }
}

/// Options of a new workspace; `None` quotas take the default plan.
#[derive(Debug, Clone, Default)]
pub struct NewWorkspace {
    pub id: Option<ObjectId>,
    pub name: String,
    pub max_links: Option<u64>,
    pub max_rules: Option<u64>,
    pub license_expires: Option<DateTime<Utc>>,
    /// The plan's own request rate limits (per minute, `0`: none); absent ones are the
    /// operator's defaults.
    pub rate_limits: RateLimitOverrides,
}

pub async fn create_workspace(service: &Service, owner: &str, options: NewWorkspace) -> Result<Workspace, AdminError> {
    let owner = resolve_user(service, owner).await?;
    if options.name.trim().is_empty() {
        return Err(Invalid::new("name", "workspace name must not be empty").into());
    }
    let defaults = Plan::default();
    let workspace = Workspace {
        id: options.id.unwrap_or_else(|| service.new_id()),
        name: options.name.trim().to_string(),
        owner_id: owner.id,
        plan: Plan {
            max_links: options.max_links.unwrap_or(defaults.max_links),
            max_rules_per_link: options.max_rules.unwrap_or(defaults.max_rules_per_link),
            rate_limits: options.rate_limits,
        },
        license_expires_at: options.license_expires,
        link_count: 0,
        created_at: service.clock.now(),
        gps_capture_off: false,
        health_checks_off: false,
        suspended_reason: None,
    };
    service.create_workspace(&workspace).await?;
    Ok(workspace)
}

pub async fn set_license(
    service: &Service,
    workspace: &str,
    expires: Option<DateTime<Utc>>,
) -> Result<ObjectId, AdminError> {
    let id = workspace_id(workspace)?;
    if !service.set_license(&id, expires).await? {
        return Err(AdminError::NotFound(format!("no workspace {workspace}")));
    }
    Ok(id)
}

/// Changes a workspace's plan; answers the plan as it is now.
pub async fn set_plan(service: &Service, workspace: &str, change: &PlanChange) -> Result<Plan, AdminError> {
    let id = workspace_id(workspace)?;
    if change.is_empty() {
        return Err(Invalid::general("nothing to change: give at least one plan setting").into());
    }
    match service.set_plan(&id, change).await? {
        Some(workspace) => Ok(workspace.plan),
        None => Err(AdminError::NotFound(format!("no workspace {workspace}"))),
    }
}

pub async fn add_member(service: &Service, workspace: &str, user: &str, role: &str) -> Result<Membership, AdminError> {
    let role = Role::parse(role)
        .ok_or_else(|| Invalid::new("role", format!("role must be owner, manager or member (got {role:?})")))?;
    let user = resolve_user(service, user).await?;
    let membership = Membership {
        workspace_id: workspace_id(workspace)?,
        user_id: user.id,
        role,
        joined_at: Some(service.clock.now()),
    };
    if !service.add_member_as_operator(&membership).await? {
        return Err(AdminError::NotFound(format!("no workspace {workspace}")));
    }
    Ok(membership)
}

/// Removes a user from a workspace (the owner stays: a workspace always has one).
pub async fn remove_member(service: &Service, workspace: &str, user: &str) -> Result<(ObjectId, ObjectId), AdminError> {
    let workspace = workspace_id(workspace)?;
    let user = resolve_user(service, user).await?;
    if !service.remove_member_as_operator(&workspace, &user.id).await? {
        return Err(AdminError::NotFound(format!(
            "{} is not a member of workspace {workspace}",
            user.email.as_str()
        )));
    }
    Ok((workspace, user.id))
}

/// Adds a custom domain to a workspace: verified on the operator's word, or pending (its
/// owner then publishes the TXT record and verifies it in the app).
pub async fn add_domain(
    service: &Service,
    workspace: &str,
    host: &str,
    verified: bool,
) -> Result<DomainClaim, AdminError> {
    let host = ClaimableHost::parse(host, &service.config.reserved_hosts())?;
    let mut claim = DomainClaim::new(
        host,
        workspace_id(workspace)?,
        service.new_claim_token(),
        service.clock.now(),
    );
    if verified {
        claim.status = DomainStatus::Verified;
        claim.verified_at = Some(claim.added_at);
    }
    match service.add_domain(&claim).await? {
        ClaimWrite::Done => Ok(claim),
        ClaimWrite::HeldElsewhere => Err(AdminError::Conflict(format!(
            "{} is verified by another workspace",
            claim.host.as_str()
        ))),
        ClaimWrite::AlreadyClaimed => Err(AdminError::Conflict(format!(
            "workspace {workspace} has already added {}",
            claim.host.as_str()
        ))),
        ClaimWrite::Gone => Err(AdminError::NotFound(format!("no workspace {workspace}"))),
        ClaimWrite::Full => Err(full(Collection::DomainClaims)),
    }
}

/// A create past its workspace's cap, in the service's words.
fn full(collection: Collection) -> AdminError {
    AdminError::Conflict(crate::service::guards::collection_full(collection).to_string())
}

pub async fn create_tag(service: &Service, workspace: &str, name: &str) -> Result<Tag, AdminError> {
    let tag = Tag {
        id: service.new_id(),
        workspace_id: workspace_id(workspace)?,
        name: TagName::parse("name", name)?,
        color: None,
    };
    match service.create_tag(&tag).await? {
        TagWrite::Done => Ok(tag),
        TagWrite::NameTaken => Err(AdminError::Conflict(format!(
            "workspace {workspace} already has a tag {name:?}"
        ))),
        TagWrite::Gone => Err(AdminError::NotFound(format!("no workspace {workspace}"))),
        TagWrite::Full => Err(full(Collection::Tags)),
    }
}

/// A UTM template in a workspace, from the fields given (at least one).
pub async fn create_utm_template(
    service: &Service,
    workspace: &str,
    input: crate::wire::UtmTemplateInput,
) -> Result<crate::domain::UtmTemplate, AdminError> {
    let new = crate::wire::NewUtmTemplate::try_from(input)?;
    let template = crate::domain::UtmTemplate {
        id: service.new_id(),
        workspace_id: workspace_id(workspace)?,
        name: new.name,
        utm: new.utm,
    };
    match service.create_utm_template(&template).await? {
        TagWrite::Done => Ok(template),
        TagWrite::NameTaken => Err(AdminError::Conflict(format!(
            "workspace {workspace} already has a UTM template {:?}",
            template.name.as_str()
        ))),
        TagWrite::Gone => Err(AdminError::NotFound(format!("no workspace {workspace}"))),
        TagWrite::Full => Err(full(Collection::UtmTemplates)),
    }
}

pub use crate::service::accounts::KeyGrants;

pub fn parse_scopes(raw: &str) -> Result<Vec<Scope>, AdminError> {
    raw.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            Scope::parse(s).ok_or_else(|| {
                let all: Vec<&str> = Scope::ALL.iter().map(|s| s.as_str()).collect();
                Invalid::new(
                    "mcp-scopes",
                    format!("unknown scope {s:?}; known scopes: {}", all.join(", ")),
                )
                .into()
            })
        })
        .collect()
}

/// Generates a new key for a user, invalidating the previous one at once. Returns the user
/// and the key (shown once; only its hash is stored).
pub async fn create_key(service: &Service, user: &str, grants: KeyGrants) -> Result<(User, String), AdminError> {
    let user = resolve_user(service, user).await?;
    let issued = service.issue_api_key(&user.id, &grants).await.map_err(|e| match e {
        ServiceError::Internal(store) => AdminError::Store(store),
        other => AdminError::Conflict(other.to_string()),
    })?;
    Ok((user, issued.key))
}

/// Sets a user's password (argon2id); the old one stops working at once.
pub async fn set_password(service: &Service, user: &str, password: &str) -> Result<User, AdminError> {
    let password = NewPassword::parse(password)?;
    let user = resolve_user(service, user).await?;
    service.set_password(&user, &password).await.map_err(|e| match e {
        ServiceError::Internal(store) => AdminError::Store(store),
        other => AdminError::NotFound(other.to_string()),
    })?;
    Ok(user)
}

/// A password-reset link for a user, starting with `base_url` (else `PUBLIC_BASE_URL`).
pub async fn reset_link(service: &Service, user: &str, base_url: Option<&str>) -> Result<(User, String), AdminError> {
    let base = match base_url {
        Some(base) => {
            crate::origin::PublicBase::from_lookup(|name| (name == "PUBLIC_BASE_URL").then(|| base.to_string()))
        }
        None => crate::origin::PublicBase::from_env(),
    }
    .map_err(|e| Invalid::new("base-url", e.to_string()))?;
    let base = base.configured().map(str::to_string).ok_or_else(|| {
        Invalid::new(
            "base-url",
            "give --base-url (the address the pages are served from, e.g. https://links.example.com) or set PUBLIC_BASE_URL",
        )
    })?;
    let user = resolve_user(service, user).await?;
    let link = service.reset_link(&user, &base).await.map_err(|e| match e {
        ServiceError::Internal(store) => AdminError::Store(store),
        other => AdminError::Conflict(other.to_string()),
    })?;
    Ok((user, link))
}

/// Writes the clicks waiting in the redirect's dead-letter queue (`CLICK_DEAD_LETTER_QUEUE_URL`),
/// at most `max` messages (see [`Service::replay_dead_letters`]).
pub async fn replay_clicks(service: &Service, max: usize) -> Result<crate::service::visits::Replayed, AdminError> {
    let variable = crate::service::visits::DEAD_LETTER_QUEUE_VARIABLE;
    let queue = crate::service::visits::DeadLetters::from_env().await.ok_or_else(|| {
        AdminError::Invalid(Invalid::new(
            variable,
            format!(
                "{variable} is not set: give the dead-letter queue's URL (the stack's ClickDeadLetterQueueUrl output)"
            ),
        ))
    })?;
    Ok(service.replay_dead_letters(&queue, max).await?)
}
