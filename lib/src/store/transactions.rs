//! Transactions: sending one (retrying those cancelled only by conflicts) and building its
//! actions.

use super::{Store, StoreError};
use crate::retry::{DYNAMODB, Retry};

/// Reasons DynamoDB gave for a cancelled transaction, one per action.
#[derive(Debug, Clone, Default)]
pub(super) struct Cancellation {
    codes: Vec<String>,
}

impl Cancellation {
    pub(super) fn failed(&self, index: usize) -> bool {
        self.codes.get(index).is_some_and(|c| c == "ConditionalCheckFailed")
    }

    /// Whether the action at `index` failed its condition and no other did.
    pub(super) fn only_failed(&self, index: usize) -> bool {
        self.failed(index) && (0..self.codes.len()).filter(|i| *i != index).all(|i| !self.failed(i))
    }

    pub(super) fn conflict(&self) -> bool {
        self.codes
            .iter()
            .any(|c| c == "TransactionConflict" || c == "ThrottlingError" || c == "ProvisionedThroughputExceeded")
    }
}

impl Store {
    /// Sends a transaction; `Ok(Err(cancellation))` when conditions failed. One cancelled only
    /// by conflicts is retried (a bounded number of times).
    pub(super) async fn transact(
        &self,
        items: Vec<aws_sdk_dynamodb::types::TransactWriteItem>,
    ) -> Result<Result<(), Cancellation>, StoreError> {
        use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
        let mut retry_budget = Retry::new(self.entropy.as_ref(), DYNAMODB);
        loop {
            let result = self
                .client
                .transact_write_items()
                .set_transact_items(Some(items.clone()))
                .send()
                .await;
            match result {
                Ok(_) => return Ok(Ok(())),
                Err(err) => {
                    let retry = match err.as_service_error() {
                        Some(TransactWriteItemsError::TransactionCanceledException(e)) => {
                            let cancellation = Cancellation {
                                codes: e
                                    .cancellation_reasons()
                                    .iter()
                                    .map(|r| r.code().unwrap_or("None").to_string())
                                    .collect(),
                            };
                            if !cancellation.conflict()
                                || cancellation.codes.iter().any(|c| c == "ConditionalCheckFailed")
                            {
                                return Ok(Err(cancellation));
                            }
                            true
                        }
                        Some(TransactWriteItemsError::TransactionInProgressException(_)) => true,
                        _ => false,
                    };
                    if !retry {
                        return Err(StoreError::request("TransactWriteItems", err));
                    }
                    if !retry_budget.again().await {
                        return Err(StoreError::Contention("TransactWriteItems"));
                    }
                }
            }
        }
    }
}

/// Builders for transaction actions.
pub(super) mod tx {
    use aws_sdk_dynamodb::types::{
        AttributeValue, ConditionCheck, Delete, Put, ReturnValuesOnConditionCheckFailure, TransactWriteItem, Update,
    };

    use super::super::keys::Key;
    use super::super::{Item, StoreError, key_map};

    pub fn put(table: &str, item: Item, condition: Option<&str>) -> Result<TransactWriteItem, StoreError> {
        let put = Put::builder()
            .table_name(table)
            .set_item(Some(item))
            .set_condition_expression(condition.map(str::to_string))
            .build()
            .map_err(|e| StoreError::Build("Put", e))?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    /// A put on a condition naming attributes and values.
    pub fn put_named(
        table: &str,
        item: Item,
        condition: &str,
        names: &[(&str, &str)],
        values: &[(&str, AttributeValue)],
    ) -> Result<TransactWriteItem, StoreError> {
        let mut put = Put::builder()
            .table_name(table)
            .set_item(Some(item))
            .condition_expression(condition);
        for (name, value) in names {
            put = put.expression_attribute_names(*name, *value);
        }
        for (name, value) in values {
            put = put.expression_attribute_values(*name, value.clone());
        }
        let put = put.build().map_err(|e| StoreError::Build("Put", e))?;
        Ok(TransactWriteItem::builder().put(put).build())
    }

    pub fn delete(
        table: &str,
        key: &Key,
        condition: Option<&str>,
        values: &[(&str, AttributeValue)],
    ) -> Result<TransactWriteItem, StoreError> {
        let mut delete = Delete::builder()
            .table_name(table)
            .set_key(Some(key_map(key)))
            .set_condition_expression(condition.map(str::to_string));
        for (name, value) in values {
            delete = delete.expression_attribute_values(*name, value.clone());
        }
        let delete = delete.build().map_err(|e| StoreError::Build("Delete", e))?;
        Ok(TransactWriteItem::builder().delete(delete).build())
    }

    pub fn update(
        table: &str,
        key: &Key,
        expression: &str,
        condition: Option<&str>,
        names: &[(&str, &str)],
        values: &[(&str, AttributeValue)],
    ) -> Result<TransactWriteItem, StoreError> {
        let mut update = Update::builder()
            .table_name(table)
            .set_key(Some(key_map(key)))
            .update_expression(expression)
            .set_condition_expression(condition.map(str::to_string))
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld);
        for (name, value) in names {
            update = update.expression_attribute_names(*name, *value);
        }
        for (name, value) in values {
            update = update.expression_attribute_values(*name, value.clone());
        }
        let update = update.build().map_err(|e| StoreError::Build("Update", e))?;
        Ok(TransactWriteItem::builder().update(update).build())
    }

    pub fn check_exists(table: &str, key: &Key) -> Result<TransactWriteItem, StoreError> {
        check(table, key, "attribute_exists(PK)", &[])
    }

    /// A condition on an item the transaction does not write.
    pub fn check(
        table: &str,
        key: &Key,
        condition: &str,
        values: &[(&str, AttributeValue)],
    ) -> Result<TransactWriteItem, StoreError> {
        check_named(table, key, condition, &[], values)
    }

    /// [`check`] with a condition naming attributes.
    pub fn check_named(
        table: &str,
        key: &Key,
        condition: &str,
        names: &[(&str, &str)],
        values: &[(&str, AttributeValue)],
    ) -> Result<TransactWriteItem, StoreError> {
        let mut check = ConditionCheck::builder()
            .table_name(table)
            .set_key(Some(key_map(key)))
            .condition_expression(condition);
        for (name, value) in names {
            check = check.expression_attribute_names(*name, *value);
        }
        for (name, value) in values {
            check = check.expression_attribute_values(*name, value.clone());
        }
        let check = check.build().map_err(|e| StoreError::Build("ConditionCheck", e))?;
        Ok(TransactWriteItem::builder().condition_check(check).build())
    }
}
