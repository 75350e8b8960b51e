//! Reporting a conversion: the body of `POST /conversions` and its parsing.

use crate::domain::{ClickToken, ConversionReport, Currency, EventId, EventName, Invalid, Sale};

/// The body of `POST /conversions` (besides `workspaceId`).
#[derive(Debug, Clone, Default, PartialEq, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConversionInput {
    /// The click id (`sl_cid`) the destination was given.
    #[serde(default)]
    #[schemars(required, regex(pattern = "^[A-Za-z0-9_-]{42}$"))]
    pub click_id: Option<String>,
    /// What happened (`signup`, `sale`): 1 to 40 of a-z, 0-9, `_`, `.` and `-`.
    #[serde(default)]
    #[schemars(required, regex(pattern = "^[a-z0-9_.-]{1,40}$"))]
    pub event: Option<String>,
    /// A sale's value in minor units of `currency` (cents for EUR), 0 or more.
    #[serde(default)]
    #[schemars(with = "Option<u64>")]
    pub amount: Option<serde_json::Number>,
    /// ISO 4217 code of `amount`; required with it.
    #[serde(default)]
    #[schemars(regex(pattern = "^[A-Z]{3}$"))]
    pub currency: Option<String>,
    /// Your own id of this event (at most 100 characters): a retry with it answers the first
    /// result again and counts once; events of one click with different ids count apart.
    #[serde(default)]
    #[schemars(length(min = 1, max = 100))]
    pub event_id: Option<String>,
}

impl ConversionInput {
    /// The report it makes. A malformed click id is no refusal here: it is answered as a click
    /// that is not found, like an unknown one.
    pub fn parse(&self) -> Result<ConversionReport, Invalid> {
        let click = match &self.click_id {
            None => return Err(Invalid::new("clickId", "clickId is required.")),
            Some(raw) => ClickToken::decode(raw),
        };
        let event = match &self.event {
            None => return Err(Invalid::new("event", "event is required.")),
            Some(raw) => EventName::parse("event", raw)?,
        };
        let amount = self
            .amount
            .as_ref()
            .map(|n| {
                n.as_u64()
                    .ok_or_else(|| Invalid::new("amount", "amount must be a whole number of minor units, 0 or more."))
            })
            .transpose()?;
        let currency = self.currency.as_deref().map(Currency::parse).transpose()?;
        let sale = match (amount, currency) {
            (Some(amount), Some(currency)) => Some(Sale { amount, currency }),
            (Some(_), None) => return Err(Invalid::new("currency", "currency is required with an amount.")),
            (None, Some(_)) => return Err(Invalid::new("amount", "amount is required with a currency.")),
            (None, None) => None,
        };
        let event_id = self.event_id.as_deref().map(EventId::parse).transpose()?;
        Ok(ConversionReport {
            click,
            event,
            sale,
            event_id,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(body: serde_json::Value) -> Result<ConversionReport, Invalid> {
        crate::wire::from_json::<ConversionInput>(body)?.parse()
    }

    #[test]
    fn a_sale_needs_a_whole_amount_and_its_currency() {
        let cid = "A".repeat(42);
        let ok = parse(json!({ "clickId": cid, "event": "sale", "amount": 4999, "currency": "EUR" })).unwrap();
        assert_eq!(ok.sale.map(|s| (s.amount, s.currency.code())), Some((4999, "EUR")));
        for (body, field) in [
            (json!({ "clickId": cid, "event": "sale", "amount": 10 }), "currency"),
            (json!({ "clickId": cid, "event": "sale", "currency": "EUR" }), "amount"),
            (
                json!({ "clickId": cid, "event": "sale", "amount": -1, "currency": "EUR" }),
                "amount",
            ),
            (
                json!({ "clickId": cid, "event": "sale", "amount": 1.5, "currency": "EUR" }),
                "amount",
            ),
            (
                json!({ "clickId": cid, "event": "sale", "amount": 1, "currency": "eur" }),
                "currency",
            ),
            (json!({ "clickId": cid }), "event"),
            (json!({ "event": "lead" }), "clickId"),
            (json!({ "clickId": cid, "event": "lead", "eventId": "" }), "eventId"),
        ] {
            assert_eq!(parse(body.clone()).unwrap_err().field.as_deref(), Some(field), "{body}");
        }
    }

    #[test]
    fn a_malformed_click_id_is_no_click_rather_than_a_refusal() {
        let report = parse(json!({ "clickId": "nope", "event": "lead" })).unwrap();
        assert_eq!(report.click, None);
    }
}
