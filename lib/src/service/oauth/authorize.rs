//! The authorization endpoint's work: checking a request (RFC 6749 §4.1.1, PKCE, RFC 8707's
//! `resource`), keeping it while the person decides, and answering it with a code or a
//! denial. A request whose client or redirect URI cannot be trusted is refused on a page of
//! our own and never redirected. A later failure is the client's to hear, but registration is
//! open, so its redirect URI may be anyone's (RFC 9700 §4.11.2): it goes back there
//! automatically only for a client the signed-in person has already granted; for anyone else
//! it is a page of ours with a link back.

use crate::domain::ids::ObjectId;
use crate::domain::oauth::{
    AuthorizationCode, CODE_LIFETIME, CODE_MEMORY, CODE_PREFIX, CodeChallenge, GrantTerms, OAuthCode, OAuthFailure,
    PendingAuthorization, REQUEST_LIFETIME, RedirectUri, ScopeSet, opaque_secret, stored_hash,
};
use crate::domain::{ClientAddress, Invalid, Role, Workspace, random_token};
use crate::service::{Service, ServiceError, accounts::SessionUser};
use crate::store::{CodeIssue, NewToken};

use super::{ClientDocuments, OAuthClient};

/// The longest `state` accepted (it travels back in a URL).
const MAX_STATE_CHARS: usize = 1024;

/// An authorization request that passed every check.
#[derive(Debug, Clone)]
pub struct AuthorizationRequest {
    pub client: OAuthClient,
    pub redirect_uri: RedirectUri,
    pub scopes: ScopeSet,
    pub state: Option<String>,
    pub code_challenge: CodeChallenge,
    pub resource: String,
}

/// Why an authorization request was refused, and where the refusal goes.
#[derive(Debug)]
pub enum AuthorizeRefusal {
    /// The client or redirect URI cannot be trusted: a page of our own says why.
    Page(ServiceError),
    /// Everything else: the client's to hear at its redirect URI, with `error` and `state`.
    Redirect {
        /// The SHA-256 of the client's id (whether the person granted it decides how).
        client: String,
        redirect_uri: RedirectUri,
        state: Option<String>,
        failure: OAuthFailure,
    },
}

/// The answer to a consent: where the browser goes with the code (or the denial).
#[derive(Debug, Clone)]
pub struct ConsentAnswer {
    pub redirect_uri: RedirectUri,
    pub state: Option<String>,
    /// The code on approval; `None` on denial.
    pub code: Option<String>,
}

/// A request waiting for consent: its id (the consent form carries it) and what it asks.
#[derive(Debug, Clone)]
pub struct PendingConsent {
    pub id: String,
    pub request: PendingAuthorization,
}

/// Whether a `resource` names `expected`, a trailing `/` tolerated.
pub fn same_resource(given: &str, expected: &str) -> bool {
    given == expected || given.strip_suffix('/') == Some(expected)
}

/// The one value of a parameter; sent twice is `invalid_request` (RFC 6749 §3.1).
fn single<'a>(params: &'a [(String, String)], name: &str) -> Result<Option<&'a str>, OAuthFailure> {
    let mut values = params.iter().filter(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let first = values.next();
    if values.next().is_some() {
        return Err(OAuthFailure::invalid_request(format!(
            "{name} was sent more than once."
        )));
    }
    Ok(first)
}

/// A consent answered twice (a resubmitted form), or too late.
fn answered_already() -> ServiceError {
    OAuthFailure::invalid_request(
        "This authorization request has expired or was answered already. Start again from the app.",
    )
    .into()
}

impl Service {
    /// Checks an authorization request's parameters against the client and this resource.
    pub async fn check_authorization(
        &self,
        params: &[(String, String)],
        resource: &str,
        documents: &ClientDocuments,
        address: &ClientAddress,
    ) -> Result<AuthorizationRequest, AuthorizeRefusal> {
        let page = |failure: OAuthFailure| AuthorizeRefusal::Page(failure.into());
        let client_id = single(params, "client_id")
            .map_err(page)?
            .filter(|c| !c.is_empty())
            .ok_or_else(|| page(OAuthFailure::invalid_request("client_id is required.")))?;
        let client = self
            .resolve_client(client_id, documents, address)
            .await
            .map_err(AuthorizeRefusal::Page)?;
        let redirect_uri = match single(params, "redirect_uri").map_err(page)? {
            Some(requested) => client.metadata.redirect_uri(requested).cloned().ok_or_else(|| {
                page(OAuthFailure::invalid_request(format!(
                    "redirect_uri {requested:?} is not one this client registered; it must match exactly."
                )))
            })?,
            None if client.metadata.redirect_uris.len() == 1 => client.metadata.redirect_uris[0].clone(),
            None => {
                return Err(page(OAuthFailure::invalid_request(
                    "redirect_uri is required: this client registered more than one.",
                )));
            }
        };
        if redirect_uri.is_outdated() {
            return Err(page(OAuthFailure::invalid_client(format!(
                "This app's redirect URI {:?} uses a scheme that is not an app's own; the app must register again \
                 with https, a loopback address or a reverse-domain scheme such as com.example.app:/callback.",
                redirect_uri.as_str()
            ))));
        }
        // From here on the redirect URI is the client's: failures are the client's to hear.
        let raw_state = single(params, "state").ok().flatten();
        let state = raw_state.filter(|s| !s.is_empty()).map(str::to_string);
        let back = |failure: OAuthFailure| AuthorizeRefusal::Redirect {
            client: client.id_hash.clone(),
            redirect_uri: redirect_uri.clone(),
            state: state.clone(),
            failure,
        };
        let checked = || -> Result<(ScopeSet, CodeChallenge, String), OAuthFailure> {
            single(params, "state")?;
            if state.as_ref().is_some_and(|s| s.chars().count() > MAX_STATE_CHARS) {
                return Err(OAuthFailure::invalid_request("state must be at most 1024 characters."));
            }
            match single(params, "response_type")? {
                Some("code") => {}
                None => return Err(OAuthFailure::invalid_request("response_type is required; use code.")),
                Some(other) => {
                    return Err(OAuthFailure::new(
                        OAuthCode::UnsupportedResponseType,
                        format!("response_type {other:?} is not supported; use code."),
                    ));
                }
            }
            let challenge = CodeChallenge::parse(
                single(params, "code_challenge")?,
                single(params, "code_challenge_method")?,
            )?;
            let resource = match single(params, "resource")? {
                None => resource.to_string(),
                Some(given) if same_resource(given, resource) => resource.to_string(),
                Some(given) => {
                    return Err(OAuthFailure::new(
                        OAuthCode::InvalidTarget,
                        format!("resource {given:?} is not served here; the MCP resource is {resource}."),
                    ));
                }
            };
            let scopes = ScopeSet::parse(single(params, "scope")?)?;
            Ok((scopes, challenge, resource))
        };
        let (scopes, code_challenge, resource) = checked().map_err(back)?;
        Ok(AuthorizationRequest {
            client,
            redirect_uri,
            scopes,
            state,
            code_challenge,
            resource,
        })
    }

    /// Keeps a checked request for the signed-in person to decide on; the consent form names
    /// it by the returned id.
    pub async fn begin_consent(
        &self,
        signed_in: &SessionUser,
        request: &AuthorizationRequest,
    ) -> Result<PendingConsent, ServiceError> {
        let now = self.clock.now();
        let id = random_token(self.entropy.as_ref());
        let pending = PendingAuthorization {
            user_id: signed_in.session.user_id.clone(),
            client: request.client.summary(),
            redirect_uri: request.redirect_uri.clone(),
            scopes: request.scopes.clone(),
            state: request.state.clone(),
            code_challenge: request.code_challenge.clone(),
            resource: request.resource.clone(),
            created_at: now,
        };
        self.store
            .put_pending_authorization(&stored_hash(&id), &pending, now + REQUEST_LIFETIME)
            .await?;
        Ok(PendingConsent { id, request: pending })
    }

    /// A request of this person still waiting for their answer.
    pub async fn pending_consent(&self, signed_in: &SessionUser, id: &str) -> Result<PendingConsent, ServiceError> {
        let request = self
            .store
            .get_pending_authorization(&stored_hash(id))
            .await?
            .filter(|p| p.user_id == signed_in.session.user_id)
            .filter(|p| self.clock.now() < p.created_at + REQUEST_LIFETIME)
            .ok_or_else(answered_already)?;
        Ok(PendingConsent {
            id: id.to_string(),
            request,
        })
    }

    /// The person refused: the request is spent and the client told `access_denied`.
    pub async fn deny_consent(&self, signed_in: &SessionUser, id: &str) -> Result<ConsentAnswer, ServiceError> {
        let pending = self.pending_consent(signed_in, id).await?;
        if !self
            .store
            .delete_pending_authorization(&stored_hash(id), &signed_in.session.user_id)
            .await?
        {
            return Err(answered_already());
        }
        Ok(ConsentAnswer {
            redirect_uri: pending.request.redirect_uri,
            state: pending.request.state,
            code: None,
        })
    }

    /// The person approved `scopes` (some of those requested) in one of their workspaces: the
    /// request is spent and a code issued, in one transaction.
    pub async fn approve_consent(
        &self,
        signed_in: &SessionUser,
        id: &str,
        scopes: &[&str],
        workspace: Option<&str>,
    ) -> Result<ConsentAnswer, ServiceError> {
        let pending = self.pending_consent(signed_in, id).await?.request;
        let chosen = ScopeSet::from(
            scopes
                .iter()
                .filter_map(|s| crate::domain::Scope::parse(s))
                .collect::<Vec<_>>(),
        );
        if chosen.is_empty() || !chosen.is_subset_of(&pending.scopes) {
            return Err(Invalid::new("scope", "Choose at least one of the permissions the app asked for.").into());
        }
        let (workspace, _) = self.consent_workspace(signed_in, workspace).await?;
        let now = self.clock.now();
        let code = opaque_secret(CODE_PREFIX, self.entropy.as_ref());
        let record = AuthorizationCode {
            grant_id: self.new_id(),
            terms: GrantTerms {
                user_id: signed_in.session.user_id.clone(),
                workspace_id: workspace.id,
                client: pending.client,
                redirect_uri: pending.redirect_uri.clone(),
                scopes: chosen,
                resource: pending.resource,
            },
            code_challenge: pending.code_challenge,
            created_at: now,
            expires_at: now + CODE_LIFETIME,
            used_at: None,
        };
        let hash = stored_hash(&code);
        let new = NewToken {
            hash: &hash,
            record: &record,
            expires_at: record.expires_at,
        };
        match self
            .store
            .issue_authorization_code(&stored_hash(id), new, now + CODE_MEMORY, now)
            .await?
        {
            CodeIssue::Issued => Ok(ConsentAnswer {
                redirect_uri: pending.redirect_uri,
                state: pending.state,
                code: Some(code),
            }),
            CodeIssue::RequestGone => Err(answered_already()),
            CodeIssue::ClientGone => Err(OAuthFailure::invalid_client(
                "This app's registration expired meanwhile. Start again from the app.",
            )
            .into()),
        }
    }

    /// Whether a person has a live grant for the client with this id hash: then a failed
    /// request of that client may go back to it without asking.
    pub async fn has_granted(&self, signed_in: &SessionUser, client_id_hash: &str) -> Result<bool, ServiceError> {
        Ok(self
            .live_grants(&signed_in.session.user_id)
            .await?
            .iter()
            .any(|g| g.terms.client.id_hash == client_id_hash))
    }

    /// The workspaces a person may connect an app to (theirs, sorted by name).
    pub async fn consent_workspaces(&self, signed_in: &SessionUser) -> Result<Vec<(Workspace, Role)>, ServiceError> {
        Ok(self.store.user_workspaces(&signed_in.session.user_id).await?)
    }

    /// The workspace a consent names: one the person is a member of now (read consistently),
    /// with a licence that has not expired.
    async fn consent_workspace(
        &self,
        signed_in: &SessionUser,
        workspace: Option<&str>,
    ) -> Result<(Workspace, Role), ServiceError> {
        let choose = || ServiceError::from(Invalid::new("workspaceId", "Choose one of your workspaces."));
        let id = workspace.and_then(|w| ObjectId::parse(w).ok()).ok_or_else(choose)?;
        let view = self.store.workspace_for_user(&id, &signed_in.session.user_id).await?;
        let workspace = view.workspace.ok_or_else(choose)?;
        let role = match view.membership {
            Some(m) => m.role,
            None if workspace.owner_id == signed_in.session.user_id => Role::Owner,
            None => return Err(choose()),
        };
        if workspace.license_expired(self.clock.now()) {
            return Err(Invalid::new(
                "workspaceId",
                format!(
                    "The licence of {} has expired; choose another workspace.",
                    workspace.name
                ),
            )
            .into());
        }
        if workspace.suspended_reason.is_some() {
            return Err(Invalid::new(
                "workspaceId",
                format!(
                    "{} was suspended by the operator; choose another workspace.",
                    workspace.name
                ),
            )
            .into());
        }
        Ok((workspace, role))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trailing_slash_on_the_resource_is_tolerated() {
        let mcp = "https://api.example.com/apiv1/mcp";
        assert!(same_resource(mcp, mcp));
        assert!(same_resource("https://api.example.com/apiv1/mcp/", mcp));
        assert!(!same_resource("https://api.example.com/apiv1/mcp//", mcp));
        assert!(!same_resource("https://evil.example/apiv1/mcp", mcp));
    }

    #[test]
    fn a_parameter_sent_twice_is_invalid_request() {
        let params = vec![
            ("state".to_string(), "a".to_string()),
            ("state".to_string(), "b".to_string()),
        ];
        assert_eq!(single(&params, "state").unwrap_err().code, OAuthCode::InvalidRequest);
        assert_eq!(single(&params, "scope").unwrap(), None);
    }
}
