//! Tags: a workspace's labels for its links, each with a name unique in the workspace (case
//! aside) and an optional colour.

use serde::{Deserialize, Serialize};

use super::{BoundedText, HexColor, Invalid};
use crate::domain::ids::ObjectId;

/// The longest tag name, in characters.
pub const MAX_TAG_NAME_CHARS: usize = 50;

/// A tag's name: 1 to 50 characters, trimmed.
pub type TagName = BoundedText<MAX_TAG_NAME_CHARS>;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Tag {
    pub id: ObjectId,
    pub workspace_id: ObjectId,
    pub name: TagName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<HexColor>,
}

impl Tag {
    /// What makes two names the same tag: the name lower-cased (Unicode), so `Sale` and `sale`
    /// cannot both exist in a workspace.
    pub fn name_key(name: &TagName) -> String {
        name.as_str().to_lowercase()
    }
}

/// A change to a tag: a new name, a colour set or cleared, or both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagChange {
    pub name: Option<TagName>,
    /// `Some(None)` clears the colour.
    pub color: Option<Option<HexColor>>,
}

impl TagChange {
    /// A change that changes something (an update naming neither field is refused).
    pub fn new(name: Option<TagName>, color: Option<Option<HexColor>>) -> Result<Self, Invalid> {
        if name.is_none() && color.is_none() {
            return Err(Invalid::new("name", "Give name or color to change."));
        }
        Ok(Self { name, color })
    }

    /// The tag with the change applied.
    pub fn apply(&self, tag: &Tag) -> Tag {
        Tag {
            name: self.name.clone().unwrap_or_else(|| tag.name.clone()),
            color: self.color.clone().unwrap_or_else(|| tag.color.clone()),
            ..tag.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(raw: &str) -> TagName {
        TagName::parse("name", raw).unwrap()
    }

    #[test]
    fn names_that_differ_only_in_case_are_the_same_tag() {
        assert_eq!(Tag::name_key(&name("Sale")), Tag::name_key(&name("sALE")));
        assert_eq!(Tag::name_key(&name("Ärger")), Tag::name_key(&name("ärger")));
    }

    #[test]
    fn a_change_of_nothing_is_refused() {
        assert!(TagChange::new(None, None).is_err());
    }

    #[test]
    fn a_change_keeps_what_it_does_not_name() {
        let tag = Tag {
            id: ObjectId::parse("aaaaaaaaaaaaaaaaaaaaaaaa").unwrap(),
            workspace_id: ObjectId::parse("bbbbbbbbbbbbbbbbbbbbbbbb").unwrap(),
            name: name("Sale"),
            color: Some(HexColor::parse("color", "#abc").unwrap()),
        };
        let renamed = TagChange::new(Some(name("Spring")), None).unwrap().apply(&tag);
        assert_eq!((renamed.name.as_str(), renamed.color), ("Spring", tag.color.clone()));
        let cleared = TagChange::new(None, Some(None)).unwrap().apply(&tag);
        assert_eq!((cleared.name.as_str(), cleared.color), ("Sale", None));
    }
}
