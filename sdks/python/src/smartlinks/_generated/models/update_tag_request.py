from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="UpdateTagRequest")


@_attrs_define
class UpdateTagRequest:
    """`PUT /tag/update`: the tag and what changes (`color: null` clears the colour).

    Attributes:
        color (None | str | Unset): A new colour, #RGB or #RRGGBB; null clears it.
        name (None | str | Unset): A new name: 1 to 50 characters, unique in the workspace whatever the case.
        tag_id (None | str | Unset): The tag's id (24 hexadecimal characters).
    """

    color: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    tag_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        color: None | str | Unset
        if isinstance(self.color, Unset):
            color = UNSET
        else:
            color = self.color

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        tag_id: None | str | Unset
        if isinstance(self.tag_id, Unset):
            tag_id = UNSET
        else:
            tag_id = self.tag_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if color is not UNSET:
            field_dict["color"] = color
        if name is not UNSET:
            field_dict["name"] = name
        if tag_id is not UNSET:
            field_dict["tagId"] = tag_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        color = _parse_color(d.pop("color", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        def _parse_tag_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tag_id = _parse_tag_id(d.pop("tagId", UNSET))

        update_tag_request = cls(
            color=color,
            name=name,
            tag_id=tag_id,
        )

        return update_tag_request
