from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="TagOutcome")


@_attrs_define
class TagOutcome:
    """`PUT /tag/update` and `DELETE /tag/delete`: `{ message }` (and, for a delete, how many links
    lost the tag).

        Attributes:
            message (str):
            links_untagged (int | None | Unset):
    """

    message: str
    links_untagged: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        links_untagged: int | None | Unset
        if isinstance(self.links_untagged, Unset):
            links_untagged = UNSET
        else:
            links_untagged = self.links_untagged

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
            }
        )
        if links_untagged is not UNSET:
            field_dict["linksUntagged"] = links_untagged

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        message = d.pop("message")

        def _parse_links_untagged(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        links_untagged = _parse_links_untagged(d.pop("linksUntagged", UNSET))

        tag_outcome = cls(
            message=message,
            links_untagged=links_untagged,
        )

        tag_outcome.additional_properties = d
        return tag_outcome

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
