from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="RecordedConversion")


@_attrs_define
class RecordedConversion:
    """`POST /conversions`: `{ message, id, linkId, ruleId?, variantId?, duplicate }`.

    Attributes:
        duplicate (bool): Whether the click had this conversion already (it counts once).
        id (str): The conversion (on a duplicate, the first one's).
        link_id (str): The link the click was of.
        message (str):
        rule_id (None | str | Unset): The rule that chose the click's destination.
        variant_id (None | str | Unset): The A/B variant that did.
    """

    duplicate: bool
    id: str
    link_id: str
    message: str
    rule_id: None | str | Unset = UNSET
    variant_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        duplicate = self.duplicate

        id = self.id

        link_id = self.link_id

        message = self.message

        rule_id: None | str | Unset
        if isinstance(self.rule_id, Unset):
            rule_id = UNSET
        else:
            rule_id = self.rule_id

        variant_id: None | str | Unset
        if isinstance(self.variant_id, Unset):
            variant_id = UNSET
        else:
            variant_id = self.variant_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "duplicate": duplicate,
                "id": id,
                "linkId": link_id,
                "message": message,
            }
        )
        if rule_id is not UNSET:
            field_dict["ruleId"] = rule_id
        if variant_id is not UNSET:
            field_dict["variantId"] = variant_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        duplicate = d.pop("duplicate")

        id = d.pop("id")

        link_id = d.pop("linkId")

        message = d.pop("message")

        def _parse_rule_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        rule_id = _parse_rule_id(d.pop("ruleId", UNSET))

        def _parse_variant_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        variant_id = _parse_variant_id(d.pop("variantId", UNSET))

        recorded_conversion = cls(
            duplicate=duplicate,
            id=id,
            link_id=link_id,
            message=message,
            rule_id=rule_id,
            variant_id=variant_id,
        )

        recorded_conversion.additional_properties = d
        return recorded_conversion

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
