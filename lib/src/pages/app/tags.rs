//! The tags tab (`/app/w/<ws>/tags`): every tag with its colour and how many links carry it;
//! the owner and managers make, rename, recolour and delete them (deleting asks first, with
//! the number of links that lose the tag). The service decides; a refusal is shown on the page.

use crate::wire;
use lambda_http::http::StatusCode;
use lambda_http::{Body, Response};

use super::super::{Form, Page, PageRequest};
use super::catalogue_views::{TagRow, TagsPage};
use super::context::{Workspace, redirect_with_notice};
use super::views::ConfirmPage;
use crate::domain::ids::ObjectId;
use crate::domain::{HexColor, Invalid, TagChange, TagName};
use crate::service::ServiceError;
use crate::wire::{NewTag, TagRecord};

/// The colour input's value of a tag without one.
const NO_COLOUR: &str = "#8a8f98";

/// A refused form, shown again.
#[derive(Default)]
struct Refused {
    error: Option<String>,
    name: String,
    color: String,
}

/// `#abc` as the colour input takes it (`#aabbcc`).
fn six_digits(color: &HexColor) -> String {
    let [r, g, b] = color.rgb();
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn row(ws: &Workspace, tag: &TagRecord) -> TagRow {
    let color = tag.color.as_deref().and_then(|c| HexColor::parse("color", c).ok());
    let base = format!("{}/tags/{}", ws.base(), tag.id);
    TagRow {
        id: tag.id.to_string(),
        name: tag.name.clone(),
        has_color: color.is_some(),
        color: color.as_ref().map_or_else(|| NO_COLOUR.to_string(), six_digits),
        links: tag.link_count,
        links_href: format!("{}/links?tag={}", ws.base(), tag.id),
        update_action: base.clone(),
        delete_href: format!("{base}/delete"),
    }
}

async fn tags_page(
    page: &PageRequest<'_>,
    ws: &Workspace,
    status: StatusCode,
    refused: Refused,
) -> Result<Response<Body>, ServiceError> {
    let list = page.service.list_tags(&ws.access).await?;
    let template = TagsPage {
        chrome: ws.chrome("tags"),
        notice: ws.notice.clone(),
        workspace: ws.access.workspace.name.clone(),
        may_manage: ws.access.manages(),
        csrf: ws.user.session.csrf_token.clone(),
        create_action: format!("{}/tags", ws.base()),
        tags: list.tags.iter().map(|t| row(ws, t)).collect(),
        error: refused.error,
        new_name: refused.name,
        new_color: if refused.color.is_empty() {
            "#2f855a".into()
        } else {
            refused.color
        },
    };
    Ok(ws.finish(page, Page::new(status, &template).into_response()))
}

pub async fn show(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    tags_page(page, &ws, StatusCode::OK, Refused::default()).await
}

fn color_of(form: &Form) -> Result<Option<HexColor>, Invalid> {
    form.get("color")
        .filter(|c| !c.trim().is_empty())
        .map(|c| HexColor::parse("color", c.trim()))
        .transpose()
}

/// A refusal shown on the tags page; a fault stays an error.
async fn refused(
    page: &PageRequest<'_>,
    ws: &Workspace,
    form: &Form,
    err: ServiceError,
) -> Result<Response<Body>, ServiceError> {
    if matches!(err, ServiceError::Internal(_)) {
        return Err(err);
    }
    let again = Refused {
        error: Some(err.to_string()),
        name: form.get("name").unwrap_or("").to_string(),
        color: form.get("color").unwrap_or("").to_string(),
    };
    tags_page(page, ws, crate::http::status_of(&err), again).await
}

pub async fn create(page: &PageRequest<'_>, raw_ws: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let parsed = TagName::parse("name", form.get("name").unwrap_or("")).and_then(|name| {
        Ok(NewTag {
            name,
            color: color_of(&form)?,
        })
    });
    let result = match parsed {
        Ok(tag) => page.service.make_tag(&ws.access, tag).await,
        Err(invalid) => Err(invalid.into()),
    };
    match result {
        Ok(created) => Ok(redirect_with_notice(
            page,
            &format!("{}/tags", ws.base()),
            &created.message,
        )),
        Err(err) => refused(page, &ws, &form, err).await,
    }
}

pub async fn update(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, form) = Workspace::open_form(page, raw_ws).await?;
    let id = wire::parse_id(wire::IdField::Tag, Some(raw_id)).map_err(|_| ServiceError::TagNotFound)?;
    let change = TagName::parse("name", form.get("name").unwrap_or(""))
        .and_then(|name| TagChange::new(Some(name), Some(color_of(&form)?)));
    let result = match change {
        Ok(change) => page.service.change_tag(&ws.access, &id, change).await,
        Err(invalid) => Err(invalid.into()),
    };
    match result {
        Ok(done) => Ok(redirect_with_notice(
            page,
            &format!("{}/tags#tag-{id}", ws.base()),
            &done.message,
        )),
        Err(err) => refused(page, &ws, &form, err).await,
    }
}

async fn the_tag(page: &PageRequest<'_>, ws: &Workspace, id: &ObjectId) -> Result<TagRecord, ServiceError> {
    let list = page.service.list_tags(&ws.access).await?;
    list.tags
        .into_iter()
        .find(|t| &t.id == id)
        .ok_or(ServiceError::TagNotFound)
}

pub async fn confirm_delete(
    page: &PageRequest<'_>,
    raw_ws: &str,
    raw_id: &str,
) -> Result<Response<Body>, ServiceError> {
    let ws = Workspace::open(page, raw_ws).await?;
    if !ws.access.manages() {
        return Err(ServiceError::TagsClosed);
    }
    let id = wire::parse_id(wire::IdField::Tag, Some(raw_id)).map_err(|_| ServiceError::TagNotFound)?;
    let tag = the_tag(page, &ws, &id).await?;
    let affected = match tag.link_count {
        0 => "No link carries it.".to_string(),
        1 => "1 link carries it and loses it; nothing else about that link changes.".to_string(),
        n => format!("{n} links carry it and lose it; nothing else about them changes."),
    };
    let template = ConfirmPage {
        chrome: ws.chrome("tags"),
        title: format!("Delete the tag “{}”?", tag.name),
        text: format!("{affected} This cannot be undone."),
        action: format!("{}/tags/{id}/delete", ws.base()),
        csrf: ws.user.session.csrf_token.clone(),
        button: format!("Delete “{}”", tag.name),
        cancel_href: format!("{}/tags", ws.base()),
    };
    Ok(ws.finish(page, Page::new(StatusCode::OK, &template).into_response()))
}

pub async fn delete(page: &PageRequest<'_>, raw_ws: &str, raw_id: &str) -> Result<Response<Body>, ServiceError> {
    let (ws, _) = Workspace::open_form(page, raw_ws).await?;
    let id = wire::parse_id(wire::IdField::Tag, Some(raw_id)).map_err(|_| ServiceError::TagNotFound)?;
    let done = page.service.remove_tag(&ws.access, &id).await?;
    Ok(redirect_with_notice(
        page,
        &format!("{}/tags", ws.base()),
        &done.message,
    ))
}
