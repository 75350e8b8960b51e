//! What one change of the table means in a link's life, read from a stream record's images
//! (the webhook producer's `link.created`, `link.updated`, `link.deleted`). The stream carries
//! old and new images, because the link item alone does not say it:
//! - a new link item at version 1 is a new link; at a later version it is a link moved to another
//!   slug or domain (an update);
//! - a changed link item is an update only when its version moved: the click-limit counter the
//!   redirect raises leaves the version alone;
//! - a link item removed is either a move's old address or a deletion; the link's id pointer
//!   (`LINK#<id>` / `REF`) tells: it is removed only when the link is deleted.

use crate::store::keys::{self, LINK_PARTITION_PREFIX, LINK_SORT_KEY};
use crate::store::links::stored::decode_link;
use crate::store::{ChangeName, Item, LinkRef, StoreError, StoredLink, decode};

/// A link's life event.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkChange {
    Created(StoredLink),
    Updated(StoredLink),
    Deleted(LinkRef),
}

fn key_of(image: &Item, name: &str) -> Option<String> {
    image.get(name).and_then(|v| v.as_s().ok()).cloned()
}

fn is_link_item(image: &Item) -> bool {
    key_of(image, keys::PK).is_some_and(|pk| pk.starts_with(LINK_PARTITION_PREFIX))
        && key_of(image, keys::SK).as_deref() == Some(LINK_SORT_KEY)
}

fn is_link_pointer(image: &Item) -> bool {
    key_of(image, keys::PK).is_some_and(|pk| pk.starts_with("LINK#"))
        && key_of(image, keys::SK).as_deref() == Some("REF")
}

/// The link event a stream record is (its change and images), if any.
pub fn link_change(name: ChangeName, old: Option<Item>, new: Option<Item>) -> Result<Option<LinkChange>, StoreError> {
    Ok(match (name, old, new) {
        (ChangeName::Insert, _, Some(new)) if is_link_item(&new) => {
            let link = decode_link(new)?;
            Some(if link.version <= 1 {
                LinkChange::Created(link)
            } else {
                LinkChange::Updated(link)
            })
        }
        (ChangeName::Modify, Some(old), Some(new)) if is_link_item(&new) => {
            let before = decode_link(old)?;
            let after = decode_link(new)?;
            (after.version != before.version).then_some(LinkChange::Updated(after))
        }
        (ChangeName::Remove, Some(old), _) if is_link_pointer(&old) => Some(LinkChange::Deleted(decode(old)?)),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::store::links::stored::{link_item, ref_item};
    use crate::testing::link_from_json;

    fn link() -> crate::domain::Link {
        link_from_json(json!({ "name": "Spring", "url": "https://shop.example/spring" }))
    }

    #[test]
    fn a_new_link_item_at_version_one_is_a_new_link() {
        let change = link_change(ChangeName::Insert, None, Some(link_item(&link(), 1, 0).unwrap())).unwrap();
        assert!(matches!(change, Some(LinkChange::Created(stored)) if stored.link == link()));
    }

    #[test]
    fn a_new_link_item_at_a_later_version_is_a_moved_link() {
        let change = link_change(ChangeName::Insert, None, Some(link_item(&link(), 4, 2).unwrap())).unwrap();
        assert!(matches!(change, Some(LinkChange::Updated(stored)) if stored.version == 4));
    }

    #[test]
    fn a_changed_link_is_an_update_only_when_its_version_moved() {
        let before = link_item(&link(), 2, 0).unwrap();
        let counted = link_item(&link(), 2, 1).unwrap();
        assert_eq!(
            link_change(ChangeName::Modify, Some(before.clone()), Some(counted)).unwrap(),
            None
        );
        let edited = link_item(&link(), 3, 0).unwrap();
        assert!(matches!(
            link_change(ChangeName::Modify, Some(before), Some(edited)).unwrap(),
            Some(LinkChange::Updated(_))
        ));
    }

    #[test]
    fn a_deletion_is_told_by_the_pointer_not_by_the_link_item() {
        assert_eq!(
            link_change(ChangeName::Remove, Some(link_item(&link(), 2, 0).unwrap()), None).unwrap(),
            None
        );
        let deleted = link_change(ChangeName::Remove, Some(ref_item(&link()).unwrap()), None).unwrap();
        assert!(matches!(deleted, Some(LinkChange::Deleted(pointer)) if pointer.link_id == link().id));
    }

    #[test]
    fn other_items_are_no_link_event() {
        let mut tag = crate::store::Item::new();
        tag.insert(
            keys::PK.into(),
            aws_sdk_dynamodb::types::AttributeValue::S("WS#x".into()),
        );
        tag.insert(
            keys::SK.into(),
            aws_sdk_dynamodb::types::AttributeValue::S("TAG#y".into()),
        );
        assert_eq!(link_change(ChangeName::Insert, None, Some(tag)).unwrap(), None);
    }
}
