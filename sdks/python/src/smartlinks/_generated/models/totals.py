from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


T = TypeVar("T", bound="Totals")


@_attrs_define
class Totals:
    """
    Attributes:
        bots (int): Automated visits in the range (bots and preview crawlers): left out of every click count,
            `total` and `periodTotal` included.
        conversions (int): Conversions in the range (every event).
        gps_shared (int): Clicks in the range whose visitor shared a position.
        located (int): Clicks in the range with a location: CloudFront's estimate or a shared position.
        period_total (int):
        total (int):
        unique (int):
    """

    bots: int
    conversions: int
    gps_shared: int
    located: int
    period_total: int
    total: int
    unique: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bots = self.bots

        conversions = self.conversions

        gps_shared = self.gps_shared

        located = self.located

        period_total = self.period_total

        total = self.total

        unique = self.unique

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bots": bots,
                "conversions": conversions,
                "gpsShared": gps_shared,
                "located": located,
                "periodTotal": period_total,
                "total": total,
                "unique": unique,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bots = d.pop("bots")

        conversions = d.pop("conversions")

        gps_shared = d.pop("gpsShared")

        located = d.pop("located")

        period_total = d.pop("periodTotal")

        total = d.pop("total")

        unique = d.pop("unique")

        totals = cls(
            bots=bots,
            conversions=conversions,
            gps_shared=gps_shared,
            located=located,
            period_total=period_total,
            total=total,
            unique=unique,
        )

        totals.additional_properties = d
        return totals

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
