//! What the custom-domain tests share: an app whose functions ask a DNS server the test runs
//! on loopback, an owner signed in, and the domains tab's forms.

use lib::testing::dns::TestDns;

use crate::helpers::{TestApp, spawn_with};
use crate::pages_support::{Browser, PageAnswer};
use crate::team_support::owned_workspace;

/// The host the tests claim.
pub const HOST: &str = "links.example.test";

/// An app looking TXT records up on its own DNS server.
pub async fn app_with_dns() -> (TestApp, TestDns) {
    let dns = TestDns::start().await;
    let resolver = dns.resolver();
    let app = spawn_with(
        |_| {},
        |service| service.with_resolver(resolver),
        dev_server::Settings::default(),
    )
    .await;
    (app, dns)
}

pub fn domains(ws: &str) -> String {
    format!("/app/w/{ws}/domains")
}

/// A signed-in owner's browser on the domains tab.
pub struct Owner<'a> {
    pub email: String,
    pub ws: String,
    pub browser: Browser<'a>,
}

pub async fn owner(app: &TestApp) -> Owner<'_> {
    let (email, ws, browser) = owned_workspace(app).await;
    Owner { email, ws, browser }
}

impl Owner<'_> {
    pub async fn tab(&mut self) -> PageAnswer {
        let path = domains(&self.ws);
        self.browser.get(&path).await
    }

    pub async fn add(&mut self, host: &str) -> PageAnswer {
        let tab = self.tab().await;
        let path = domains(&self.ws);
        self.browser.submit(&path, &tab, &[("hostname", host)]).await
    }

    pub async fn verify(&mut self, host: &str) -> PageAnswer {
        let tab = self.tab().await;
        let path = format!("{}/{host}/verify", domains(&self.ws));
        self.browser.submit(&path, &tab, &[]).await
    }

    pub async fn remove(&mut self, host: &str) -> PageAnswer {
        let tab = self.tab().await;
        let path = format!("{}/{host}/remove", domains(&self.ws));
        self.browser.submit(&path, &tab, &[]).await
    }

    /// The TXT value the tab tells the owner to publish for `host`.
    pub async fn txt_value(&mut self, host: &str) -> String {
        let tab = self.tab().await;
        let anchor = format!("id=\"domain-{}\"", host.replace('.', "-"));
        let card = &tab.html[tab.html.find(&anchor).expect("the domain's card")..];
        let start = card.find("class=\"record-value\">").expect("a TXT value") + "class=\"record-value\">".len();
        card[start..start + card[start..].find('<').unwrap()].to_string()
    }

    /// Adds `host`, publishes its record and verifies it.
    pub async fn verified(&mut self, dns: &TestDns, host: &str) {
        self.add(host).await;
        self.publish(dns, host).await;
        self.verify(host).await;
    }

    /// Publishes `host`'s record as the tab shows it.
    pub async fn publish(&mut self, dns: &TestDns, host: &str) {
        let value = self.txt_value(host).await;
        dns.set_txt(&format!("_smartlinks.{host}"), &[&value]);
    }
}

impl Owner<'_> {
    /// The workspace with the owner's HTTP API key (to use the domain through the API).
    pub async fn api(&self, app: &TestApp) -> crate::helpers::TestWorkspace {
        crate::helpers::TestWorkspace {
            id: self.ws.clone(),
            key: app.key_of(&self.email).await,
            owner: String::new(),
        }
    }
}
