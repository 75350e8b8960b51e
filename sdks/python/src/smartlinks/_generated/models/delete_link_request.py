from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="DeleteLinkRequest")


@_attrs_define
class DeleteLinkRequest:
    """`{ "linkId": … }`: the link a request is about.

    Attributes:
        link_id (None | str | Unset): The link's id (24 hexadecimal characters), as returned by create and list.
    """

    link_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        link_id: None | str | Unset
        if isinstance(self.link_id, Unset):
            link_id = UNSET
        else:
            link_id = self.link_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if link_id is not UNSET:
            field_dict["linkId"] = link_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_link_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        link_id = _parse_link_id(d.pop("linkId", UNSET))

        delete_link_request = cls(
            link_id=link_id,
        )

        return delete_link_request
