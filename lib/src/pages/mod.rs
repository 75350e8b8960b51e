//! The pages door: server-rendered HTML for people (sign-in and integrations under `/account`,
//! the web app under `/` and `/app`). Like the HTTP and MCP doors it only parses and encodes: forms become typed values,
//! the service does the work, templates render its results. This module holds what every
//! page shares: the security headers, the session cookie, CSRF, forms, and the one place a
//! failure becomes a page.

pub mod account;
pub mod app;
pub use crate::http::assets;
mod connected_apps;
pub mod consent;
mod cookies;
mod forms;
mod invitation;
mod profile;
mod recovery;
mod respond;
mod sign_up;
mod stranger_forms;
pub mod templates;

pub use cookies::{FLASH_COOKIE, SESSION_COOKIE, SIGN_IN_COOKIE};
pub use forms::{Form, LocalPath};
pub use respond::{Page, download, html, redirect, respond};

use lambda_http::Request;

use crate::config::ConfigError;
use crate::domain::SessionToken;
use crate::origin::{self, PublicBase};
use crate::service::{Service, ServiceError, accounts::SessionUser};

/// What the page functions need besides the service (from the environment).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Settings {
    /// The public origin of the service (`PUBLIC_BASE_URL`, see [`crate::origin`]): the base
    /// of the URLs a page shows (the MCP endpoint in a client configuration) and the origin
    /// forms may come from.
    pub public_base: PublicBase,
}

impl Settings {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        Ok(Self {
            public_base: PublicBase::from_lookup(lookup)?,
        })
    }
}

/// What the page functions build once per process: the service and the pages' settings.
#[derive(Debug, Clone)]
pub struct Site {
    pub service: Service,
    pub settings: Settings,
    /// Where the app hands imports that go on in the background (`IMPORT_QUEUE_URL`); without
    /// one the import page says it cannot import.
    pub import_queue: Option<crate::queue::Queue>,
    /// Where a stranger's admitted request does the work that depends on the address it names
    /// (its mail), after the answer (inline unless the function registered its extension).
    pub after: crate::after_response::AfterResponse,
}

impl Site {
    pub fn new(service: Service, settings: Settings) -> Self {
        Self {
            service,
            settings,
            import_queue: None,
            after: crate::after_response::AfterResponse::inline(),
        }
    }

    /// The same site doing a stranger's mail work in `after` (the account function's extension;
    /// detached on the dev server).
    pub fn with_after_response(mut self, after: crate::after_response::AfterResponse) -> Self {
        self.after = after;
        self
    }

    pub fn with_import_queue(mut self, queue: impl Into<Option<crate::queue::Queue>>) -> Self {
        self.import_queue = queue.into();
        self
    }

    /// The account function: sign-in, sign-out, integrations.
    pub async fn account(&self, req: Request) -> Result<lambda_http::Response<lambda_http::Body>, lambda_http::Error> {
        let mut page = PageRequest::new(&self.service, &self.settings, &req);
        page.after = Some(&self.after);
        let answer = respond(&page, account::handle(&page)).await;
        self.after.answered().await;
        answer
    }

    /// The app function: the home page, links, the link editor, analytics.
    pub async fn app(&self, req: Request) -> Result<lambda_http::Response<lambda_http::Body>, lambda_http::Error> {
        let mut page = PageRequest::new(&self.service, &self.settings, &req);
        page.home = Home::App;
        page.import_queue = self.import_queue.as_ref();
        respond(&page, app::handle(&page)).await
    }
}

/// Where a page's "go back" link leads when something went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Home {
    /// The integrations page (the account function).
    Account,
    /// The app's start (`/app`).
    App,
}

impl Home {
    fn link(self) -> (&'static str, &'static str) {
        match self {
            Self::Account => ("/account/integrations", "Go to your integrations"),
            Self::App => ("/app", "Go to your links"),
        }
    }
}

/// One request to a page, with what every page reads from it.
pub struct PageRequest<'a> {
    pub service: &'a Service,
    pub settings: &'a Settings,
    pub req: &'a Request,
    pub home: Home,
    /// Where imports that go on in the background are handed (the app function's).
    pub import_queue: Option<&'a crate::queue::Queue>,
    /// Where work goes that must not hold the answer (the account function's); `None`: done
    /// before it.
    pub after: Option<&'a crate::after_response::AfterResponse>,
    /// The live session, once a page asked for it (a failure page shows who is signed in).
    signed_in: tokio::sync::OnceCell<SessionUser>,
}

impl<'a> PageRequest<'a> {
    pub fn new(service: &'a Service, settings: &'a Settings, req: &'a Request) -> Self {
        Self {
            service,
            settings,
            req,
            home: Home::Account,
            import_queue: None,
            after: None,
            signed_in: tokio::sync::OnceCell::new(),
        }
    }

    /// Does `work` after the answer where this page's function can ([`Self::after`]), else now.
    pub async fn after_answer(&self, work: impl std::future::Future<Output = ()> + Send + 'static) {
        match self.after {
            Some(after) => after.defer(work),
            None => work.await,
        }
    }

    /// Whether this is the dev server on a loopback name over plain HTTP: the only place
    /// cookies go without `Secure`.
    pub fn is_local(&self) -> bool {
        origin::is_loopback_request(self.req)
    }

    /// The origin pages are served from: `PUBLIC_BASE_URL`, else the request's scheme and host.
    pub fn origin(&self) -> String {
        self.settings.public_base.origin(self.req)
    }

    /// The session token the browser sent, if it looks like one.
    pub fn session_token(&self) -> Option<SessionToken> {
        cookies::read(self.req, cookies::session_name(self.is_local())).and_then(|v| SessionToken::parse(&v))
    }

    /// The live session, or [`ServiceError::NotSignedIn`] (looked up once per request).
    pub async fn signed_in(&self) -> Result<SessionUser, ServiceError> {
        self.signed_in
            .get_or_try_init(|| async {
                let token = self.session_token().ok_or(ServiceError::NotSignedIn)?;
                self.service.session(&token).await?.ok_or(ServiceError::NotSignedIn)
            })
            .await
            .cloned()
    }

    /// The session, when a page already found one (no lookup).
    pub fn known_user(&self) -> Option<&SessionUser> {
        self.signed_in.get()
    }

    /// A form post of a signed-in user: the session, and the form once its CSRF token and
    /// origin are checked.
    pub async fn signed_in_form(&self) -> Result<(SessionUser, Form), ServiceError> {
        let signed_in = self.signed_in().await?;
        let form = Form::parse(self.req)?;
        self.check_origin()?;
        if !forms::tokens_match(form.get("csrf"), Some(&signed_in.session.csrf_token)) {
            return Err(ServiceError::FormExpired);
        }
        Ok((signed_in, form))
    }

    /// An upload of a signed-in user ([`Form::parse_upload`]), checked as [`Self::signed_in_form`]
    /// checks a form.
    pub async fn signed_in_upload(&self) -> Result<(SessionUser, Form), ServiceError> {
        let signed_in = self.signed_in().await?;
        let form = Form::parse_upload(self.req).await?;
        self.check_origin()?;
        if !forms::tokens_match(form.get("csrf"), Some(&signed_in.session.csrf_token)) {
            return Err(ServiceError::FormExpired);
        }
        Ok((signed_in, form))
    }

    /// A state-changing request must come from our own pages: a browser's `Origin` (or
    /// `Sec-Fetch-Site`), when sent, must say so. Defence in depth beside the CSRF token.
    pub fn check_origin(&self) -> Result<(), ServiceError> {
        if crate::http::header_str(self.req, "sec-fetch-site").is_some_and(|s| s == "cross-site") {
            return Err(ServiceError::FormExpired);
        }
        match crate::http::header_str(self.req, "origin") {
            None => Ok(()),
            Some(origin)
                if origin
                    .trim_end_matches('/')
                    .eq_ignore_ascii_case(&origin::request_origin(self.req)) =>
            {
                Ok(())
            }
            Some(origin)
                if self
                    .settings
                    .public_base
                    .known(self.req)
                    .is_some_and(|b| b.eq_ignore_ascii_case(origin.trim_end_matches('/'))) =>
            {
                Ok(())
            }
            Some(_) => Err(ServiceError::FormExpired),
        }
    }

    /// The client's address as API Gateway saw it, as the limits count it (sign-in backoff,
    /// document fetches).
    pub fn client_address(&self) -> crate::domain::ClientAddress {
        crate::http::client_address(self.req)
    }

    /// The path and query of this request, as a sign-in page's `next`.
    pub fn here(&self) -> LocalPath {
        let uri = self.req.uri();
        let path_and_query = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
        LocalPath::parse(path_and_query).unwrap_or_default()
    }
}
