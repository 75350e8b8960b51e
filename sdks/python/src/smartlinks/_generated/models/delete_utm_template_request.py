from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="DeleteUtmTemplateRequest")


@_attrs_define
class DeleteUtmTemplateRequest:
    """`DELETE /utm-template/delete`: `{ "templateId": … }`.

    Attributes:
        template_id (None | str | Unset): The template's id (24 hexadecimal characters).
    """

    template_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template_id: None | str | Unset
        if isinstance(self.template_id, Unset):
            template_id = UNSET
        else:
            template_id = self.template_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if template_id is not UNSET:
            field_dict["templateId"] = template_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_template_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        template_id = _parse_template_id(d.pop("templateId", UNSET))

        delete_utm_template_request = cls(
            template_id=template_id,
        )

        return delete_utm_template_request
