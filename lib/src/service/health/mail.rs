//! The daily mail: the first run after midnight (UTC) tells each workspace's owner and managers
//! which of its links broke the day before, and sends nothing to a workspace where none did.

use std::collections::BTreeMap;

use chrono::Duration;

use crate::domain::Role;
use crate::domain::health::HealthState;
use crate::domain::ids::ObjectId;
use crate::service::accounts::mails::Letter;
use crate::service::{Service, ServiceError};

/// The most links one day's mails look at (and one workspace's mail lists).
const DAY_MAX: usize = 10_000;
const MAIL_LISTS: usize = 50;

impl Service {
    /// Sends yesterday's mails unless a run already did; how many went out.
    pub async fn mail_broken_links(&self) -> Result<usize, ServiceError> {
        let day = (self.clock.now() - Duration::days(1)).format("%Y-%m-%d").to_string();
        if !self.store.take_health_mail(&day).await? {
            return Ok(0);
        }
        self.mail_broken_links_of(&day).await
    }

    /// Sends the mails of `day` (`YYYY-MM-DD`) whether or not they went already (the dev
    /// server's and `linkctl`'s way to see one).
    pub async fn mail_broken_links_of(&self, day: &str) -> Result<usize, ServiceError> {
        let mut by_workspace: BTreeMap<ObjectId, Vec<ObjectId>> = BTreeMap::new();
        for (workspace, link) in self.store.broken_on(day, DAY_MAX).await? {
            by_workspace.entry(workspace).or_default().push(link);
        }
        let mut sent = 0;
        for (workspace, links) in by_workspace {
            sent += self.mail_workspace(day, &workspace, &links).await?;
        }
        Ok(sent)
    }

    async fn mail_workspace(&self, day: &str, workspace: &ObjectId, ids: &[ObjectId]) -> Result<usize, ServiceError> {
        let Some(ws) = self.store.get_workspace(workspace).await? else {
            return Ok(0);
        };
        let healths = self.store.link_healths(ids).await?;
        let mut lines = Vec::new();
        for id in ids.iter().take(MAIL_LISTS) {
            let Some(stored) = self.store.get_link(id).await? else {
                continue;
            };
            let health = healths.get(id).cloned().unwrap_or_default();
            let failing = health.failing.clone().unwrap_or_default();
            let what = health
                .destinations
                .iter()
                .find(|d| d.url == failing)
                .map_or("", |d| d.last.label());
            let now = match health.state {
                HealthState::Broken => "still broken",
                HealthState::Ok => "working again",
                HealthState::Unknown => "not checked since",
            };
            lines.push(format!(
                "{} ({}): {} answered {what}; {now}.",
                stored.link.settings.name.as_str(),
                stored.link.full_link(),
                if failing.is_empty() { "a destination" } else { &failing },
            ));
        }
        if lines.is_empty() {
            return Ok(0);
        }
        let members = self.store.workspace_members(workspace).await?;
        let wanted: Vec<ObjectId> = members
            .iter()
            .filter(|m| matches!(m.role, Role::Owner | Role::Manager))
            .map(|m| m.user_id.clone())
            .collect();
        let site = match &self.config.service_host {
            Some(host) => format!("https://{host}"),
            None => format!("https://{}", self.config.default_domain),
        };
        let mut sent = 0;
        for user in self.store.users(&wanted).await? {
            let mut paragraphs = vec![format!(
                "These links of {} had a destination fail twice in a row on {day}:",
                ws.name
            )];
            paragraphs.extend(lines.iter().cloned());
            if ids.len() > MAIL_LISTS {
                paragraphs.push(format!("And {} more.", ids.len() - MAIL_LISTS));
            }
            let letter = Letter {
                subject: format!("Links of {} broke on {day}", ws.name),
                paragraphs,
                action: "See the broken links",
                link: format!("{site}/app/links?health=broken"),
                footer: "The workspace's owner can turn link checks off in its settings.",
            };
            self.send_letter(letter, user.email.clone()).await?;
            sent += 1;
        }
        Ok(sent)
    }
}
