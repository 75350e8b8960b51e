//! UTM templates and the items that keep their names unique in a workspace (`UTMNAME#<lower-cased
//! name>`, written in the same transaction as the template).

use crate::domain::UtmTemplate;
use crate::domain::ids::ObjectId;
use crate::store::guards::collections::{Collection, give_back_place, take_place};
use crate::store::{Item, Store, StoreError, TagWrite, decode, encode, keys, query_all, s, tx};

fn name_item(template: &UtmTemplate) -> Item {
    let key = keys::utm_template_name(&template.workspace_id, &UtmTemplate::name_key(&template.name));
    let mut item = crate::store::key_map(&key);
    item.insert("templateId".into(), s(template.id.as_str()));
    item
}

impl Store {
    /// Creates a template and claims its name in the workspace, together (a name taken is
    /// [`TagWrite::NameTaken`], a workspace gone [`TagWrite::Gone`]).
    pub async fn create_utm_template(&self, template: &UtmTemplate) -> Result<TagWrite, StoreError> {
        self.ensure_counted(&template.workspace_id, Collection::UtmTemplates)
            .await?;
        let key = keys::utm_template(&template.workspace_id, &template.id);
        let items = vec![
            tx::check_exists(&self.table, &keys::workspace(&template.workspace_id))?,
            tx::put(
                &self.table,
                encode(template, &key, None)?,
                Some("attribute_not_exists(PK)"),
            )?,
            tx::put(&self.table, name_item(template), Some("attribute_not_exists(PK)"))?,
            take_place(&self.table, &template.workspace_id, Collection::UtmTemplates)?,
        ];
        Ok(match self.transact(items).await? {
            Ok(()) => TagWrite::Done,
            Err(c) if c.failed(2) => TagWrite::NameTaken,
            Err(c) if c.failed(0) => TagWrite::Gone,
            Err(c) if c.failed(3) => TagWrite::Full,
            Err(_) => return Err(StoreError::Contention("create UTM template")),
        })
    }

    /// Deletes a template and releases its name; `false` when it was already gone.
    pub async fn delete_utm_template(&self, template: &UtmTemplate) -> Result<bool, StoreError> {
        self.ensure_counted(&template.workspace_id, Collection::UtmTemplates)
            .await?;
        let items = vec![
            tx::delete(
                &self.table,
                &keys::utm_template(&template.workspace_id, &template.id),
                Some("attribute_exists(PK)"),
                &[],
            )?,
            tx::delete(
                &self.table,
                &keys::utm_template_name(&template.workspace_id, &UtmTemplate::name_key(&template.name)),
                Some("attribute_not_exists(PK) OR templateId = :id"),
                &[(":id", s(template.id.as_str()))],
            )?,
            give_back_place(&self.table, &template.workspace_id, Collection::UtmTemplates)?,
        ];
        Ok(self.transact(items).await?.is_ok())
    }

    /// One template of a workspace (read consistently: it is about to be deleted).
    pub async fn utm_template(&self, workspace: &ObjectId, id: &ObjectId) -> Result<Option<UtmTemplate>, StoreError> {
        self.get_as(&keys::utm_template(workspace, id), true).await
    }

    /// Every template of a workspace, by name (a paginated `Query` of the workspace's partition).
    pub async fn utm_templates(&self, workspace: &ObjectId) -> Result<Vec<UtmTemplate>, StoreError> {
        let query = self.workspace_partition_query(workspace, keys::UTM_TEMPLATE_SORT_PREFIX);
        let mut templates: Vec<UtmTemplate> = query_all(query)
            .await?
            .into_iter()
            .map(decode)
            .collect::<Result<_, _>>()?;
        templates.sort_by(|a, b| {
            UtmTemplate::name_key(&a.name)
                .cmp(&UtmTemplate::name_key(&b.name))
                .then_with(|| a.id.as_str().cmp(b.id.as_str()))
        });
        Ok(templates)
    }
}
