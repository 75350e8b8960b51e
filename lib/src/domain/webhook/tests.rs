use super::*;
use crate::testing::SeededEntropy;

fn names(raw: &[&str]) -> Vec<String> {
    raw.iter().map(|s| s.to_string()).collect()
}

#[test]
fn event_types_are_named_as_the_envelope_says_and_kept_once() {
    let types = EventTypes::parse("events", &names(&["link.clicked", "link.created", "link.clicked"])).unwrap();
    assert_eq!(
        Vec::from(types.clone()),
        vec![EventType::LinkClicked, EventType::LinkCreated]
    );
    assert!(types.wants(EventType::LinkCreated) && !types.wants(EventType::LinkDeleted));
}

#[test]
fn an_unknown_event_type_is_named_with_the_allowed_ones() {
    let err = EventTypes::parse("events", &names(&["link.created", "link.viewed"])).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("events[1]"));
    assert_eq!(
        err.message,
        "events[1] is \"link.viewed\"; allowed values are link.created, link.updated, link.deleted, link.clicked, \
         conversion.created, link.broken, link.recovered."
    );
}

#[test]
fn an_endpoint_wants_at_least_one_event_type() {
    let err = EventTypes::parse("events", &[]).unwrap_err();
    assert!(
        err.message.starts_with("events must name at least one event type"),
        "{}",
        err.message
    );
}

#[test]
fn a_webhook_url_is_https_without_credentials() {
    let url = WebhookUrl::parse("url", " https://Hooks.Example.com/in?x=1#frag ").unwrap();
    assert_eq!(url.as_str(), "https://hooks.example.com/in?x=1");
    for bad in ["http://hooks.example.com/", "ftp://x", "hooks.example.com/in"] {
        assert_eq!(
            WebhookUrl::parse("url", bad).unwrap_err().message,
            "url must be an https URL such as https://hooks.example.com/links.",
            "{bad}"
        );
    }
    assert_eq!(
        WebhookUrl::parse("url", "https://me:pw@hooks.example.com/")
            .unwrap_err()
            .message,
        "url must not carry a user name or password; the signature proves who sends."
    );
}

#[test]
fn a_secret_is_whsec_and_32_random_bytes_and_never_printed() {
    let entropy = SeededEntropy::new(7);
    let secret = WebhookSecret::generate(&entropy);
    let encoded = secret.expose().strip_prefix(SECRET_PREFIX).expect("whsec_");
    let bytes = base64::engine::general_purpose::STANDARD.decode(encoded).unwrap();
    assert_eq!(bytes.len(), 32);
    assert_ne!(secret, WebhookSecret::generate(&entropy));
    assert_eq!(format!("{secret:?}"), "WebhookSecret(…)");
}

#[test]
fn a_rotated_secret_signs_beside_the_new_one_for_a_day() {
    let entropy = SeededEntropy::new(1);
    let now = Utc::now();
    let old = SecretRing::new(WebhookSecret::generate(&entropy));
    let ring = old.rotated(WebhookSecret::generate(&entropy), now);
    assert_eq!(ring.signing(now), vec![&ring.current, &old.current]);
    assert_eq!(ring.signing(now + Duration::hours(23)).len(), 2);
    assert_eq!(ring.signing(now + ROTATION_OVERLAP), vec![&ring.current]);
}
