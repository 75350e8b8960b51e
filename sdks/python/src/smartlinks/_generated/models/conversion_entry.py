from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


if TYPE_CHECKING:
    from ..models.conversion_entry_amounts import ConversionEntryAmounts


T = TypeVar("T", bound="ConversionEntry")


@_attrs_define
class ConversionEntry:
    """`{ title, value, amounts }` of one event.

    Attributes:
        amounts (ConversionEntryAmounts): Sales reported with this event, summed per currency in minor units.
        title (str):
        value (int):
    """

    amounts: ConversionEntryAmounts
    title: str
    value: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amounts = self.amounts.to_dict()

        title = self.title

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amounts": amounts,
                "title": title,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.conversion_entry_amounts import ConversionEntryAmounts  # noqa: PLC0415

        d = dict(src_dict)
        amounts = ConversionEntryAmounts.from_dict(d.pop("amounts"))

        title = d.pop("title")

        value = d.pop("value")

        conversion_entry = cls(
            amounts=amounts,
            title=title,
            value=value,
        )

        conversion_entry.additional_properties = d
        return conversion_entry

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
