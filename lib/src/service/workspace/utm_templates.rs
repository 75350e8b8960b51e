//! A workspace's UTM templates: listed by any member (the editor's dropdown fills a link's UTM
//! fields from one), made and deleted by its owner and managers. A template is only a starting
//! point: links keep their own copy of the fields, so deleting a template changes no link.

use crate::domain::UtmTemplate;
use crate::domain::ids::ObjectId;
use crate::service::{Service, ServiceError, accounts::Access};
use crate::store::TagWrite;
use crate::wire::{CreatedUtmTemplate, DeletedUtmTemplate, NewUtmTemplate, UtmTemplateList, UtmTemplateRecord};

impl Service {
    /// Every UTM template of the workspace, by name.
    pub async fn list_utm_templates(&self, access: &Access) -> Result<UtmTemplateList, ServiceError> {
        let templates = self.store.utm_templates(&access.workspace.id).await?;
        Ok(UtmTemplateList {
            templates: templates.iter().map(UtmTemplateRecord::from).collect(),
        })
    }

    /// Makes a template (owner and managers).
    pub async fn make_utm_template(
        &self,
        access: &Access,
        new: NewUtmTemplate,
    ) -> Result<CreatedUtmTemplate, ServiceError> {
        if !access.manages() {
            return Err(ServiceError::UtmTemplatesClosed);
        }
        let template = UtmTemplate {
            id: self.new_id(),
            workspace_id: access.workspace.id.clone(),
            name: new.name,
            utm: new.utm,
        };
        match self.store.create_utm_template(&template).await? {
            TagWrite::Done => Ok(CreatedUtmTemplate::from(&template)),
            TagWrite::NameTaken => Err(ServiceError::UtmTemplateNameTaken(template.name.as_str().to_string())),
            TagWrite::Gone => Err(ServiceError::WorkspaceNotFound),
            TagWrite::Full => Err(crate::service::guards::limits::collection_full(
                crate::store::Collection::UtmTemplates,
            )),
        }
    }

    /// Deletes a template (owner and managers); links made with it keep their fields.
    pub async fn remove_utm_template(
        &self,
        access: &Access,
        id: &ObjectId,
    ) -> Result<DeletedUtmTemplate, ServiceError> {
        if !access.manages() {
            return Err(ServiceError::UtmTemplatesClosed);
        }
        let template = self
            .store
            .utm_template(&access.workspace.id, id)
            .await?
            .ok_or(ServiceError::UtmTemplateNotFound)?;
        if !self.store.delete_utm_template(&template).await? {
            return Err(ServiceError::UtmTemplateNotFound);
        }
        Ok(DeletedUtmTemplate::from(&template))
    }
}
