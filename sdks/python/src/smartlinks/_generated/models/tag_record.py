from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from typing import cast


T = TypeVar("T", bound="TagRecord")


@_attrs_define
class TagRecord:
    """One tag as listed: `{ id, name, color, linkCount }`.

    Attributes:
        color (None | str): The colour (#rgb or #rrggbb), or null.
        id (str): A 24-character hexadecimal object identifier.
        link_count (int): How many of the workspace's links carry the tag.
        name (str):
    """

    color: None | str
    id: str
    link_count: int
    name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        color: None | str
        color = self.color

        id = self.id

        link_count = self.link_count

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "color": color,
                "id": id,
                "linkCount": link_count,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_color(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        color = _parse_color(d.pop("color"))

        id = d.pop("id")

        link_count = d.pop("linkCount")

        name = d.pop("name")

        tag_record = cls(
            color=color,
            id=id,
            link_count=link_count,
            name=name,
        )

        tag_record.additional_properties = d
        return tag_record

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
