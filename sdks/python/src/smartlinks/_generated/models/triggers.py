from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


if TYPE_CHECKING:
    from ..models.trigger_entry import TriggerEntry


T = TypeVar("T", bound="Triggers")


@_attrs_define
class Triggers:
    """Visits by what brought them: the link itself, or a scan of its QR code.

    Attributes:
        link (TriggerEntry): `{ title, value }` of one trigger.
        qr (TriggerEntry): `{ title, value }` of one trigger.
    """

    link: TriggerEntry
    qr: TriggerEntry
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        link = self.link.to_dict()

        qr = self.qr.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "link": link,
                "qr": qr,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trigger_entry import TriggerEntry  # noqa: PLC0415

        d = dict(src_dict)
        link = TriggerEntry.from_dict(d.pop("link"))

        qr = TriggerEntry.from_dict(d.pop("qr"))

        triggers = cls(
            link=link,
            qr=qr,
        )

        triggers.additional_properties = d
        return triggers

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
