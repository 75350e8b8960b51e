from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define


if TYPE_CHECKING:
    from ..models.variant_fields import VariantFields


T = TypeVar("T", bound="AbTestFields")


@_attrs_define
class AbTestFields:
    """Weighted A/B split. While enabled, EVERY visitor goes to a variant chosen by weight and
    the rules are not consulted at all. Send { "enabled": false, "variants": [] } to switch it
    off.

        Attributes:
            enabled (bool): Whether the split is on.
            variants (list[VariantFields]): At least 2 when enabled (at most 26).
    """

    enabled: bool
    variants: list[VariantFields]

    def to_dict(self) -> dict[str, Any]:
        enabled = self.enabled

        variants = []
        for variants_item_data in self.variants:
            variants_item = variants_item_data.to_dict()
            variants.append(variants_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "enabled": enabled,
                "variants": variants,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.variant_fields import VariantFields  # noqa: PLC0415

        d = dict(src_dict)
        enabled = d.pop("enabled")

        variants = []
        _variants = d.pop("variants")
        for variants_item_data in _variants:
            variants_item = VariantFields.from_dict(variants_item_data)

            variants.append(variants_item)

        ab_test_fields = cls(
            enabled=enabled,
            variants=variants,
        )

        return ab_test_fields
