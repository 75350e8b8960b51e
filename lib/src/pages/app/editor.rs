//! Creating, editing and deleting a link. The editor's form becomes the HTTP API's typed
//! requests (`LinkInput`, `LinkPatchInput`), parsed and saved by the same code as
//! `POST /link/create` and `PUT /link/update`; a refusal is shown beside the control its
//! `field` names. The builder's buttons (add, remove, move up and down) show the form again,
//! changed, without saving.

use crate::wire;
use std::sync::OnceLock;

use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::super::{Page, PageRequest};
use super::context::{Workspace, redirect_with_notice};
use super::link_form::{self, Action, LinkForm};
use super::snippet;
use super::views::{Choice, DeletePage, EditedLink, FormError, LinkFormPage, Places, RuleView, TagOption, VariantView};
use crate::domain::CountryCode;
use crate::domain::ids::ObjectId;
use crate::service::ServiceError;
use crate::wire::LinkRecord;

/// Refusals about what was typed: the form is shown again with the sentence beside the field.
/// Anything else (another workspace's link, a fault) is a page of its own.
fn shown_on_form(err: &ServiceError) -> bool {
    matches!(
        err,
        ServiceError::Invalid(_)
            | ServiceError::DomainNotAvailable
            | ServiceError::SlugTaken
            | ServiceError::QuotaExceeded { .. }
            | ServiceError::LinkChangedConcurrently
            | ServiceError::Contention
    )
}

/// Every country, by English name (`Germany (DE)`).
fn countries() -> Vec<Choice> {
    static ALL: OnceLock<Vec<Choice>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Choice> = CountryCode::all()
            .map(|c| Choice {
                value: c.alpha2().to_string(),
                label: format!("{} ({})", c.name(), c.alpha2()),
            })
            .collect();
        all.sort_by(|a, b| a.label.cmp(&b.label));
        all
    })
    .clone()
}

fn choices(values: Vec<&'static str>) -> Vec<Choice> {
    values
        .into_iter()
        .map(|v| Choice {
            value: v.to_string(),
            label: v.to_string(),
        })
        .collect()
}

fn days() -> Vec<Choice> {
    [
        "Sunday",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
    ]
    .iter()
    .enumerate()
    .map(|(n, day)| Choice {
        value: n.to_string(),
        label: (*day).to_string(),
    })
    .collect()
}

/// The editor, showing `form` (and `error`, if saving it was refused).
async fn editor(
    page: &PageRequest<'_>,
    ws: &Workspace,
    mut form: LinkForm,
    error: Option<&ServiceError>,
    editing: Option<&LinkRecord>,
) -> Result<Response<Body>, ServiceError> {
    let (tags, mut domains, utm_templates) = tokio::try_join!(
        page.service.workspace_tags(&ws.access),
        page.service.link_domains(&ws.access),
        page.service.list_utm_templates(&ws.access)
    )?;
    let utm_templates = utm_templates.templates;
    if form.fill_utm
        && let Some(chosen) = utm_templates.iter().find(|t| t.id.as_str() == form.utm_template)
    {
        form.utm = link_form::UtmForm::from_template(chosen);
    }
    if !domains.contains(&form.domain) && !form.domain.is_empty() {
        domains.push(form.domain.clone());
    }
    let base = ws.base();
    let (heading, action, submit, link) = match editing {
        Some(record) => (
            format!("Edit “{}”", record.name),
            format!("{base}/links/{}/edit", record.id),
            "Save changes",
            Some(EditedLink {
                full_link: record.full_link.clone(),
                analytics_href: format!("{base}/links/{}/analytics", record.id),
                delete_href: format!("{base}/links/{}/delete", record.id),
                disabled_reason: record.disabled_reason.clone(),
            }),
        ),
        None => ("New link".to_string(), format!("{base}/links/new"), "Create link", None),
    };
    let rules = form.rules.len();
    let config = &page.service.config;
    let domain = if form.domain.is_empty() {
        &config.default_domain
    } else {
        &form.domain
    };
    let tracking = snippet::tracking(
        domain,
        &Places::of(page).api,
        ws.access.workspace.id.as_str(),
        config.conversion_window_days,
    );
    let template = LinkFormPage {
        chrome: ws.chrome("links"),
        notice: ws.notice.clone(),
        heading,
        action,
        submit,
        csrf: ws.user.session.csrf_token.clone(),
        base,
        rules: form
            .rules
            .iter()
            .enumerate()
            .map(|(i, rule)| RuleView {
                i,
                number: i + 1,
                last: i + 1 == rules,
                rule: rule.clone(),
            })
            .collect(),
        variants: form
            .variants
            .iter()
            .enumerate()
            .map(|(i, variant)| VariantView {
                i,
                letter: variant_letter(i),
                variant: variant.clone(),
            })
            .collect(),
        error: error.map(|err| FormError {
            message: err.to_string(),
            at: err.field().and_then(|f| form.anchor(f)),
        }),
        countries: countries(),
        devices: choices(link_form::devices()),
        oses: choices(link_form::operating_systems()),
        browsers: choices(link_form::browsers()),
        days: days(),
        domains,
        tags: tags
            .into_iter()
            .map(|t| TagOption {
                selected: form.tag_ids.iter().any(|id| id == t.id.as_str()),
                id: t.id.to_string(),
                name: t.name,
            })
            .collect(),
        link,
        tracking,
        utm_templates,
        form,
    };
    let status = error.map_or(StatusCode::OK, crate::http::status_of);
    Ok(ws.finish(page, Page::new(status, &template).into_response()))
}

/// `Variant A`, `Variant B`, …: how the form names its rows.
fn variant_letter(i: usize) -> String {
    u8::try_from(i)
        .ok()
        .filter(|i| *i < 26)
        .map_or_else(|| (i + 1).to_string(), |i| char::from(b'A' + i).to_string())
}

fn link_id(raw: &str) -> Result<ObjectId, ServiceError> {
    Ok(wire::parse_id(wire::IdField::Link, Some(raw))?)
}

pub async fn new_form(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let form = LinkForm::blank(&page.service.config.default_domain);
    editor(page, &ws, form, None, None).await
}

pub async fn create(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, posted) = Workspace::open_form(page, raw_ws).await?;
    let mut form = LinkForm::from_post(&posted);
    if form.apply(Action::parse(posted.get("action"))) {
        return editor(page, &ws, form, None, None).await;
    }
    let saved = async {
        let draft = crate::http::drafter(page.service).draft(&form.create_input()?)?;
        page.service.create_link(&ws.access, draft).await
    }
    .await;
    match saved {
        Ok(created) => Ok(redirect_with_notice(
            page,
            &format!("{}/links", ws.base()),
            &created.message,
        )),
        Err(err) if shown_on_form(&err) => editor(page, &ws, form, Some(&err), None).await,
        Err(err) => Err(err),
    }
}

pub async fn edit_form(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let record = page.service.get_link_record(&ws.access, &link_id(raw_id)?).await?;
    editor(page, &ws, LinkForm::from_record(&record), None, Some(&record)).await
}

pub async fn update(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, posted) = Workspace::open_form(page, raw_ws).await?;
    let id = link_id(raw_id)?;
    let record = page.service.get_link_record(&ws.access, &id).await?;
    let mut form = LinkForm::from_post(&posted);
    if form.apply(Action::parse(posted.get("action"))) {
        return editor(page, &ws, form, None, Some(&record)).await;
    }
    let saved = async {
        let patch = crate::http::drafter(page.service).patch(&form.patch_input(&LinkForm::from_record(&record))?)?;
        page.service.update_link(&ws.access, &id, patch).await
    }
    .await;
    match saved {
        Ok(updated) => Ok(redirect_with_notice(
            page,
            &format!("{}/links/{id}/edit", ws.base()),
            &updated.message,
        )),
        Err(err) if shown_on_form(&err) => editor(page, &ws, form, Some(&err), Some(&record)).await,
        Err(err) => Err(err),
    }
}

pub async fn confirm_delete(
    page: &PageRequest<'_>,
    raw_ws: &str,
    raw_id: &str,
) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    let record = page.service.get_link_record(&ws.access, &link_id(raw_id)?).await?;
    let base = ws.base();
    let template = DeletePage {
        chrome: ws.chrome("links"),
        name: record.name.clone(),
        full_link: record.full_link.clone(),
        clicks: record.clicks,
        csrf: ws.user.session.csrf_token.clone(),
        action: format!("{base}/links/{}/delete", record.id),
        cancel_href: format!("{base}/links/{}/edit", record.id),
    };
    Ok(ws.finish(page, Page::ok(&template).into_response()))
}

pub async fn delete(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    let deleted = page.service.delete_link(&ws.access, &link_id(raw_id)?).await?;
    Ok(redirect_with_notice(
        page,
        &format!("{}/links", ws.base()),
        &deleted.message,
    ))
}
