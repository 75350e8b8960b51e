from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="RowRecord")


@_attrs_define
class RowRecord:
    """What became of one row.

    Attributes:
        line (int): The row's line in the file.
        status (str): created, skipped or failed.
        link_id (None | str | Unset):
        reason (None | str | Unset):
        short_link (None | str | Unset):
    """

    line: int
    status: str
    link_id: None | str | Unset = UNSET
    reason: None | str | Unset = UNSET
    short_link: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        line = self.line

        status = self.status

        link_id: None | str | Unset
        if isinstance(self.link_id, Unset):
            link_id = UNSET
        else:
            link_id = self.link_id

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        short_link: None | str | Unset
        if isinstance(self.short_link, Unset):
            short_link = UNSET
        else:
            short_link = self.short_link

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "line": line,
                "status": status,
            }
        )
        if link_id is not UNSET:
            field_dict["linkId"] = link_id
        if reason is not UNSET:
            field_dict["reason"] = reason
        if short_link is not UNSET:
            field_dict["shortLink"] = short_link

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        line = d.pop("line")

        status = d.pop("status")

        def _parse_link_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        link_id = _parse_link_id(d.pop("linkId", UNSET))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        def _parse_short_link(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        short_link = _parse_short_link(d.pop("shortLink", UNSET))

        row_record = cls(
            line=line,
            status=status,
            link_id=link_id,
            reason=reason,
            short_link=short_link,
        )

        row_record.additional_properties = d
        return row_record

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
