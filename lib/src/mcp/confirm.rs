//! A confirmation before destroying. A tool that deletes (the tools of the `links:delete`
//! scope) runs only once the person agreed:
//!
//! - a client of the 2026-07-28 revision that declares elicitation (in the request's `_meta`
//!   capabilities) is always asked: the first call answers an input-required result carrying
//!   one form elicitation (`confirm`) and a `requestState`; the client asks the person and
//!   calls again with the answer in `inputResponses` and the state echoed. Accepting runs the
//!   tool; declining or cancelling changes nothing and says so;
//! - any other client (an older revision, or no elicitation) cannot be asked: the tool runs
//!   only with the `confirm: true` argument, and without it answers one sentence telling the
//!   agent to ask the person and call again.
//!
//! The `requestState` binds the answer to the call it was asked for: the expiry, then a tag
//! (HMAC-SHA256, with a key derived for this purpose only) over the expiry, the credential,
//! the tool, the workspace and the arguments. A state from another call, another credential,
//! another key or past its ten minutes is not honoured: the person is asked again.

use std::sync::Arc;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{DateTime, Utc};
use rmcp::RoleServer;
use rmcp::model::{
    CallToolResult, ContentBlock, ElicitResult, ElicitationAction, InputRequest, InputRequests, InputRequiredResult,
    InputResponses, ProtocolVersion,
};
use rmcp::service::RequestContext;
use serde_json::{Map, Value, json};

use crate::domain::{Invalid, Scope, SigningKey};
use crate::service::ServiceError;
use crate::service::accounts::Caller;

/// What the key that signs request states is derived for.
pub const PURPOSE: &str = "mcp-confirm";
/// The argument a client that cannot be asked passes once the person agreed.
pub const ARGUMENT: &str = "confirm";
/// The key of the one input request (and of its response).
const INPUT: &str = "confirm";
/// How long the person has to answer.
const LIFETIME: chrono::Duration = chrono::Duration::minutes(10);

/// The sentence a client that cannot ask gets instead of a deletion.
pub const CANNOT_ASK: &str = "Deleting cannot be undone and this client cannot ask the person to confirm, so ask \
    them and, if they agree, call again with confirm: true.";
/// The sentences of a confirmation declined or dismissed.
pub const DECLINED: &str = "Nothing was deleted: the person declined.";
pub const CANCELLED: &str = "Nothing was deleted: the person dismissed the confirmation without answering.";

/// Whether a tool destroys (and so needs a confirmation): the deletions.
pub fn destroys(scope: Scope) -> bool {
    scope == Scope::LinksDelete
}

/// The `confirm` argument as a destroying tool's input schema shows it.
pub fn argument_schema() -> Value {
    json!({
        "type": "boolean",
        "default": false,
        "description": "Deleting cannot be undone. Clients that can ask the person (elicitation, 2026-07-28) are \
            always asked and this is ignored; other clients must ask the person first and pass true only once \
            they agreed."
    })
}

/// Signs and checks request states; one per process (the key is the deployment's, so any
/// instance can check another's state).
#[derive(Clone)]
pub struct Confirmer {
    key: Arc<SigningKey>,
}

impl std::fmt::Debug for Confirmer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Confirmer(..)")
    }
}

/// What a call brings about its confirmation, taken out of its arguments before the tool
/// reads them.
#[derive(Debug)]
pub struct Pending {
    /// The client can be asked (2026-07-28 with form elicitation).
    can_ask: bool,
    /// The `confirm` argument.
    confirmed: bool,
    /// The echoed state and the person's answer, when this call answers a question.
    answer: Option<(String, Value)>,
    /// The tool and its arguments as the binding covers them.
    call: Vec<u8>,
    /// What the question names.
    subject: String,
}

/// What to do with a destroying call once its workspace is open.
#[derive(Debug)]
pub enum Verdict {
    Run,
    /// Answer this instead (a question, or a sentence saying nothing was done).
    Stop(rmcp::model::CallToolResponse),
}

impl Confirmer {
    pub fn new(key: SigningKey) -> Self {
        Self { key: Arc::new(key) }
    }

    /// The call's confirmation, when `tool` destroys: `confirm` taken out of `args` (a
    /// non-boolean is refused as the argument checks refuse).
    pub fn take(
        tool: &str,
        title: &str,
        args: &mut Map<String, Value>,
        answered: (Option<String>, Option<InputResponses>),
        can_ask: bool,
    ) -> Result<Pending, ServiceError> {
        let confirmed = match args.remove(ARGUMENT) {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => b,
            Some(_) => return Err(Invalid::new(ARGUMENT, "confirm must be true or false.").into()),
        };
        let answer = match answered {
            (Some(state), Some(mut responses)) => responses.remove(INPUT).map(|r| (state, r)),
            _ => None,
        };
        let ids: Vec<String> = args
            .iter()
            .filter(|(k, _)| k.ends_with("Id"))
            .map(|(k, v)| format!("{k} {}", v.as_str().map_or_else(|| v.to_string(), str::to_string)))
            .collect();
        let subject = if ids.is_empty() {
            title.to_lowercase()
        } else {
            format!("{} ({})", title.to_lowercase(), ids.join(", "))
        };
        Ok(Pending {
            can_ask,
            confirmed,
            answer,
            call: canonical(tool, args),
            subject,
        })
    }

    /// Whether the call runs, once the caller, its workspace and the time are known.
    pub fn decide(&self, pending: Pending, caller: &Caller, workspace: &str, now: DateTime<Utc>) -> Verdict {
        if !pending.can_ask {
            return if pending.confirmed {
                Verdict::Run
            } else {
                stop(CANNOT_ASK)
            };
        }
        let user = caller.user_id.to_string();
        let binding = [
            caller.key_id.as_bytes(),
            user.as_bytes(),
            workspace.as_bytes(),
            &pending.call,
        ];
        if let Some((state, response)) = &pending.answer
            && self.opens(state, &binding, now)
        {
            return match serde_json::from_value::<ElicitResult>(response.clone()).map(|r| r.action) {
                Ok(ElicitationAction::Accept) => Verdict::Run,
                Ok(ElicitationAction::Decline) => stop(DECLINED),
                // Cancelled, or an answer this server does not know: nothing is deleted.
                _ => stop(CANCELLED),
            };
        }
        let state = self.seal(&binding, now + LIFETIME);
        let question = format!("Delete for good: {}? This cannot be undone.", pending.subject);
        let elicitation = json!({
            "method": "elicitation/create",
            "params": {
                "mode": "form",
                "message": question,
                "requestedSchema": { "type": "object", "properties": {} }
            }
        });
        let request: InputRequest = serde_json::from_value(elicitation).expect("a form elicitation");
        let requests = InputRequests::from([(INPUT.to_string(), request)]);
        Verdict::Stop(InputRequiredResult::new(Some(requests), Some(state)).into())
    }

    fn tag(&self, expiry: i64, binding: &[&[u8]]) -> [u8; 16] {
        let expiry = expiry.to_be_bytes();
        let mut parts: Vec<&[u8]> = vec![&expiry];
        parts.extend_from_slice(binding);
        self.key.tag16(&parts)
    }

    /// The state: the expiry (milliseconds, big-endian) and the tag, base64url.
    fn seal(&self, binding: &[&[u8]], expiry: DateTime<Utc>) -> String {
        let millis = expiry.timestamp_millis();
        let mut bytes = millis.to_be_bytes().to_vec();
        bytes.extend_from_slice(&self.tag(millis, binding));
        URL_SAFE_NO_PAD.encode(bytes)
    }

    /// Whether `state` was sealed by this key for this binding and has not expired.
    fn opens(&self, state: &str, binding: &[&[u8]], now: DateTime<Utc>) -> bool {
        let Ok(bytes) = URL_SAFE_NO_PAD.decode(state) else {
            return false;
        };
        let Ok(bytes) = <[u8; 24]>::try_from(bytes.as_slice()) else {
            return false;
        };
        let millis = i64::from_be_bytes(bytes[..8].try_into().expect("eight bytes"));
        let expected = self.tag(millis, binding);
        // Constant time: a forger learns nothing from how long the comparison took.
        let same = expected.iter().zip(&bytes[8..]).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0;
        same && millis > now.timestamp_millis()
    }
}

/// A 2026-07-28 client declaring form elicitation (an empty `elicitation` object means form).
pub fn can_ask(context: &RequestContext<RoleServer>) -> bool {
    let modern = context
        .protocol_version()
        .is_some_and(|v| v.as_str() >= ProtocolVersion::V_2026_07_28.as_str());
    let elicits = context
        .client_capabilities()
        .and_then(|c| c.elicitation)
        .is_some_and(|e| e.form.is_some() || e.url.is_none());
    modern && elicits
}

/// The tool and its arguments with every object's keys sorted, so the same call binds the
/// same however a client orders them.
fn canonical(tool: &str, args: &Map<String, Value>) -> Vec<u8> {
    fn sorted(value: &Value) -> Value {
        match value {
            Value::Object(map) => {
                let mut keys: Vec<&String> = map.keys().collect();
                keys.sort();
                Value::Object(keys.into_iter().map(|k| (k.clone(), sorted(&map[k]))).collect())
            }
            Value::Array(items) => Value::Array(items.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    let mut bytes = tool.as_bytes().to_vec();
    bytes.push(0);
    bytes.extend(sorted(&Value::Object(args.clone())).to_string().into_bytes());
    bytes
}

fn stop(sentence: &str) -> Verdict {
    let mut result = CallToolResult::error(vec![ContentBlock::text(sentence)]);
    result.structured_content = None;
    Verdict::Stop(result.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn confirmer(secret: &[u8]) -> Confirmer {
        Confirmer::new(SigningKey::derive(secret, PURPOSE))
    }

    fn at(minute: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap() + chrono::Duration::minutes(minute)
    }

    const CALL: [&[u8]; 3] = [b"key", b"workspace a", b"delete_link\0{\"linkId\":\"1\"}"];

    #[test]
    fn a_state_opens_for_the_call_it_was_sealed_for_until_it_expires() {
        let c = confirmer(b"a deployment secret");
        let state = c.seal(&CALL, at(10));
        assert!(c.opens(&state, &CALL, at(9)));
        assert!(!c.opens(&state, &CALL, at(10)));
    }

    #[test]
    fn a_state_does_not_open_for_another_call_workspace_or_key() {
        let c = confirmer(b"a deployment secret");
        let state = c.seal(&CALL, at(10));
        let other_link = [CALL[0], CALL[1], b"delete_link\0{\"linkId\":\"2\"}".as_slice()];
        let other_workspace = [CALL[0], b"workspace b".as_slice(), CALL[2]];
        assert!(!c.opens(&state, &other_link, at(0)));
        assert!(!c.opens(&state, &other_workspace, at(0)));
        assert!(!confirmer(b"another deployment").opens(&state, &CALL, at(0)));
    }

    #[test]
    fn a_state_with_a_later_expiry_written_in_does_not_open() {
        let c = confirmer(b"a deployment secret");
        let mut bytes = URL_SAFE_NO_PAD.decode(c.seal(&CALL, at(10))).unwrap();
        bytes[..8].copy_from_slice(&at(600).timestamp_millis().to_be_bytes());
        assert!(!c.opens(&URL_SAFE_NO_PAD.encode(bytes), &CALL, at(20)));
        assert!(!c.opens("not a state", &CALL, at(0)));
    }

    #[test]
    fn the_same_arguments_in_another_order_are_the_same_call() {
        let a: Map<String, Value> = serde_json::from_str(r#"{"b":1,"a":{"y":2,"x":3}}"#).unwrap();
        let b: Map<String, Value> = serde_json::from_str(r#"{"a":{"x":3,"y":2},"b":1}"#).unwrap();
        assert_eq!(canonical("t", &a), canonical("t", &b));
        assert_ne!(canonical("t", &a), canonical("u", &a));
    }
}
