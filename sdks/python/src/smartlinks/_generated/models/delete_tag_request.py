from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="DeleteTagRequest")


@_attrs_define
class DeleteTagRequest:
    """`DELETE /tag/delete`: `{ "tagId": … }`.

    Attributes:
        tag_id (None | str | Unset): The tag's id (24 hexadecimal characters).
    """

    tag_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        tag_id: None | str | Unset
        if isinstance(self.tag_id, Unset):
            tag_id = UNSET
        else:
            tag_id = self.tag_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if tag_id is not UNSET:
            field_dict["tagId"] = tag_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_tag_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tag_id = _parse_tag_id(d.pop("tagId", UNSET))

        delete_tag_request = cls(
            tag_id=tag_id,
        )

        return delete_tag_request
