from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from ..models.destination_status import DestinationStatus
import datetime


T = TypeVar("T", bound="DestinationRecord")


@_attrs_define
class DestinationRecord:
    """One destination's last check.

    Attributes:
        checked_at (datetime.datetime):
        failures (int): Failed checks in a row (two make the link `broken`).
        status (DestinationStatus):
        url (str):
    """

    checked_at: datetime.datetime
    failures: int
    status: DestinationStatus
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checked_at = self.checked_at.isoformat()

        failures = self.failures

        status = self.status.value

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checkedAt": checked_at,
                "failures": failures,
                "status": status,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        checked_at = datetime.datetime.fromisoformat(d.pop("checkedAt"))

        failures = d.pop("failures")

        status = DestinationStatus(d.pop("status"))

        url = d.pop("url")

        destination_record = cls(
            checked_at=checked_at,
            failures=failures,
            status=status,
            url=url,
        )

        destination_record.additional_properties = d
        return destination_record

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
