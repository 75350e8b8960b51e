//! UTM templates on the wire: the bodies of `POST /utm-template/create` and
//! `DELETE /utm-template/delete`, and what listing, making and deleting them answers.

use serde::{Deserialize, Serialize};

use super::any_as_text;
use crate::domain::ids::ObjectId;
use crate::domain::{Invalid, TemplateName, Utm, UtmTemplate, with_utm_fields};

with_utm_fields! { request
    /// `POST /utm-template/create`: a name and at least one of the five UTM fields.
    #[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    pub struct UtmTemplateInput {
        /// 1 to 100 characters, unique in the workspace whatever the case.
        #[serde(default)]
        #[schemars(length(min = 1, max = 100))]
        pub name: Option<String>,
    }
}

with_utm_fields!(take UtmTemplateInput);

/// A new template, parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUtmTemplate {
    pub name: TemplateName,
    pub utm: Utm,
}

impl TryFrom<UtmTemplateInput> for NewUtmTemplate {
    type Error = Invalid;
    fn try_from(mut input: UtmTemplateInput) -> Result<Self, Invalid> {
        let fields = input.take_utm();
        let name = match input.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
            Some(name) => TemplateName::parse("name", name)?,
            None => return Err(Invalid::new("name", "Name is required.")),
        };
        let utm = Utm::parse("", &fields)?.ok_or_else(|| {
            Invalid::new(
                "source",
                "A UTM template needs at least one of source, medium, campaign, term or content.",
            )
        })?;
        Ok(Self { name, utm })
    }
}

/// `DELETE /utm-template/delete`: `{ "templateId": … }`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TemplateIdInput {
    /// The template's id (24 hexadecimal characters).
    #[serde(default, deserialize_with = "any_as_text")]
    #[schemars(regex(pattern = super::schema::OBJECT_ID_PATTERN))]
    pub template_id: Option<String>,
}

with_utm_fields! { record
    /// One template as listed: its id, name and five fields (`null` when not set).
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
    #[serde(rename_all = "camelCase")]
    pub struct UtmTemplateRecord {
        pub id: ObjectId,
        pub name: String,
    }
}

impl From<&UtmTemplate> for UtmTemplateRecord {
    fn from(template: &UtmTemplate) -> Self {
        let [source, medium, campaign, term, content] = template.utm.texts();
        Self {
            id: template.id.clone(),
            name: template.name.as_str().to_string(),
            source,
            medium,
            campaign,
            term,
            content,
        }
    }
}

/// `GET /utm-templates` and `list_utm_templates`: every template of the workspace, by name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct UtmTemplateList {
    pub templates: Vec<UtmTemplateRecord>,
}

/// `POST /utm-template/create`: `{ message, id }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct CreatedUtmTemplate {
    /// Confirms the creation and names the template.
    pub message: String,
    pub id: ObjectId,
}

impl From<&UtmTemplate> for CreatedUtmTemplate {
    fn from(template: &UtmTemplate) -> Self {
        Self {
            message: format!("UTM template \"{}\" created.", template.name.as_str()),
            id: template.id.clone(),
        }
    }
}

/// `DELETE /utm-template/delete`: `{ message }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct DeletedUtmTemplate {
    pub message: String,
}

impl From<&UtmTemplate> for DeletedUtmTemplate {
    fn from(template: &UtmTemplate) -> Self {
        Self {
            message: format!("UTM template \"{}\" deleted.", template.name.as_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_template_needs_a_name_and_at_least_one_field() {
        let err = NewUtmTemplate::try_from(UtmTemplateInput {
            name: Some("Newsletter".into()),
            ..UtmTemplateInput::default()
        })
        .unwrap_err();
        assert_eq!(
            err.message,
            "A UTM template needs at least one of source, medium, campaign, term or content."
        );
        let err = NewUtmTemplate::try_from(UtmTemplateInput {
            source: Some("news".into()),
            ..UtmTemplateInput::default()
        })
        .unwrap_err();
        assert_eq!(err.message, "Name is required.");
        let err = NewUtmTemplate::try_from(UtmTemplateInput {
            name: Some("n".into()),
            medium: Some("m".repeat(256)),
            ..UtmTemplateInput::default()
        })
        .unwrap_err();
        assert_eq!(err.field.as_deref(), Some("medium"));
    }
}
