from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


if TYPE_CHECKING:
    from ..models.route_stats_amounts import RouteStatsAmounts
    from ..models.route_stats_referrers import RouteStatsReferrers


T = TypeVar("T", bound="RouteStats")


@_attrs_define
class RouteStats:
    """Statistics of one rule or variant.

    Attributes:
        amounts (RouteStatsAmounts): Sales attributed to it, per currency in minor units.
        clicks (int):
        conversion_rate (float): `conversions ÷ clicks` in the range, to 4 decimals; 0 without clicks.
        conversions (int): Conversions attributed to this rule or variant, counted on the day they happened.
        name (str):
        referrers (RouteStatsReferrers):
        target_url (str):
        unique_clicks (int):
    """

    amounts: RouteStatsAmounts
    clicks: int
    conversion_rate: float
    conversions: int
    name: str
    referrers: RouteStatsReferrers
    target_url: str
    unique_clicks: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amounts = self.amounts.to_dict()

        clicks = self.clicks

        conversion_rate = self.conversion_rate

        conversions = self.conversions

        name = self.name

        referrers = self.referrers.to_dict()

        target_url = self.target_url

        unique_clicks = self.unique_clicks

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amounts": amounts,
                "clicks": clicks,
                "conversionRate": conversion_rate,
                "conversions": conversions,
                "name": name,
                "referrers": referrers,
                "targetUrl": target_url,
                "uniqueClicks": unique_clicks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.route_stats_amounts import RouteStatsAmounts  # noqa: PLC0415
        from ..models.route_stats_referrers import RouteStatsReferrers  # noqa: PLC0415

        d = dict(src_dict)
        amounts = RouteStatsAmounts.from_dict(d.pop("amounts"))

        clicks = d.pop("clicks")

        conversion_rate = d.pop("conversionRate")

        conversions = d.pop("conversions")

        name = d.pop("name")

        referrers = RouteStatsReferrers.from_dict(d.pop("referrers"))

        target_url = d.pop("targetUrl")

        unique_clicks = d.pop("uniqueClicks")

        route_stats = cls(
            amounts=amounts,
            clicks=clicks,
            conversion_rate=conversion_rate,
            conversions=conversions,
            name=name,
            referrers=referrers,
            target_url=target_url,
            unique_clicks=unique_clicks,
        )

        route_stats.additional_properties = d
        return route_stats

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
