from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


if TYPE_CHECKING:
    from ..models.totals import Totals
    from ..models.triggers import Triggers
    from ..models.workspace_analytics_bots import WorkspaceAnalyticsBots
    from ..models.workspace_analytics_browsers import WorkspaceAnalyticsBrowsers
    from ..models.workspace_analytics_cities import WorkspaceAnalyticsCities
    from ..models.workspace_analytics_conversions import WorkspaceAnalyticsConversions
    from ..models.workspace_analytics_countries import WorkspaceAnalyticsCountries
    from ..models.workspace_analytics_daily_conversions import WorkspaceAnalyticsDailyConversions
    from ..models.workspace_analytics_daily_traffic import WorkspaceAnalyticsDailyTraffic
    from ..models.workspace_analytics_devices import WorkspaceAnalyticsDevices
    from ..models.workspace_analytics_links import WorkspaceAnalyticsLinks
    from ..models.workspace_analytics_locations import WorkspaceAnalyticsLocations
    from ..models.workspace_analytics_os import WorkspaceAnalyticsOs


T = TypeVar("T", bound="WorkspaceAnalytics")


@_attrs_define
class WorkspaceAnalytics:
    """The workspace analytics response.

    Attributes:
        bots (WorkspaceAnalyticsBots): Automated visits left out of the clicks, by family (`search`, `seo`, `monitor`,
            `preview`,
            `library`, `other`): the families with at least one.
        browsers (WorkspaceAnalyticsBrowsers):
        cities (WorkspaceAnalyticsCities):
        conversions (WorkspaceAnalyticsConversions): Conversions by event name, with sales per currency.
        countries (WorkspaceAnalyticsCountries):
        daily_conversions (WorkspaceAnalyticsDailyConversions): Every day of the range with its conversions (0 where
            none).
        daily_traffic (WorkspaceAnalyticsDailyTraffic):
        devices (WorkspaceAnalyticsDevices):
        links (WorkspaceAnalyticsLinks):
        locations (WorkspaceAnalyticsLocations): Located clicks by report cell.
        os (WorkspaceAnalyticsOs):
        totals (Totals):
        triggers (Triggers): Visits by what brought them: the link itself, or a scan of its QR code.
    """

    bots: WorkspaceAnalyticsBots
    browsers: WorkspaceAnalyticsBrowsers
    cities: WorkspaceAnalyticsCities
    conversions: WorkspaceAnalyticsConversions
    countries: WorkspaceAnalyticsCountries
    daily_conversions: WorkspaceAnalyticsDailyConversions
    daily_traffic: WorkspaceAnalyticsDailyTraffic
    devices: WorkspaceAnalyticsDevices
    links: WorkspaceAnalyticsLinks
    locations: WorkspaceAnalyticsLocations
    os: WorkspaceAnalyticsOs
    totals: Totals
    triggers: Triggers
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bots = self.bots.to_dict()

        browsers = self.browsers.to_dict()

        cities = self.cities.to_dict()

        conversions = self.conversions.to_dict()

        countries = self.countries.to_dict()

        daily_conversions = self.daily_conversions.to_dict()

        daily_traffic = self.daily_traffic.to_dict()

        devices = self.devices.to_dict()

        links = self.links.to_dict()

        locations = self.locations.to_dict()

        os = self.os.to_dict()

        totals = self.totals.to_dict()

        triggers = self.triggers.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bots": bots,
                "browsers": browsers,
                "cities": cities,
                "conversions": conversions,
                "countries": countries,
                "dailyConversions": daily_conversions,
                "dailyTraffic": daily_traffic,
                "devices": devices,
                "links": links,
                "locations": locations,
                "os": os,
                "totals": totals,
                "triggers": triggers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.totals import Totals  # noqa: PLC0415
        from ..models.triggers import Triggers  # noqa: PLC0415
        from ..models.workspace_analytics_bots import WorkspaceAnalyticsBots  # noqa: PLC0415
        from ..models.workspace_analytics_browsers import WorkspaceAnalyticsBrowsers  # noqa: PLC0415
        from ..models.workspace_analytics_cities import WorkspaceAnalyticsCities  # noqa: PLC0415
        from ..models.workspace_analytics_conversions import WorkspaceAnalyticsConversions  # noqa: PLC0415
        from ..models.workspace_analytics_countries import WorkspaceAnalyticsCountries  # noqa: PLC0415
        from ..models.workspace_analytics_daily_conversions import WorkspaceAnalyticsDailyConversions  # noqa: PLC0415
        from ..models.workspace_analytics_daily_traffic import WorkspaceAnalyticsDailyTraffic  # noqa: PLC0415
        from ..models.workspace_analytics_devices import WorkspaceAnalyticsDevices  # noqa: PLC0415
        from ..models.workspace_analytics_links import WorkspaceAnalyticsLinks  # noqa: PLC0415
        from ..models.workspace_analytics_locations import WorkspaceAnalyticsLocations  # noqa: PLC0415
        from ..models.workspace_analytics_os import WorkspaceAnalyticsOs  # noqa: PLC0415

        d = dict(src_dict)
        bots = WorkspaceAnalyticsBots.from_dict(d.pop("bots"))

        browsers = WorkspaceAnalyticsBrowsers.from_dict(d.pop("browsers"))

        cities = WorkspaceAnalyticsCities.from_dict(d.pop("cities"))

        conversions = WorkspaceAnalyticsConversions.from_dict(d.pop("conversions"))

        countries = WorkspaceAnalyticsCountries.from_dict(d.pop("countries"))

        daily_conversions = WorkspaceAnalyticsDailyConversions.from_dict(d.pop("dailyConversions"))

        daily_traffic = WorkspaceAnalyticsDailyTraffic.from_dict(d.pop("dailyTraffic"))

        devices = WorkspaceAnalyticsDevices.from_dict(d.pop("devices"))

        links = WorkspaceAnalyticsLinks.from_dict(d.pop("links"))

        locations = WorkspaceAnalyticsLocations.from_dict(d.pop("locations"))

        os = WorkspaceAnalyticsOs.from_dict(d.pop("os"))

        totals = Totals.from_dict(d.pop("totals"))

        triggers = Triggers.from_dict(d.pop("triggers"))

        workspace_analytics = cls(
            bots=bots,
            browsers=browsers,
            cities=cities,
            conversions=conversions,
            countries=countries,
            daily_conversions=daily_conversions,
            daily_traffic=daily_traffic,
            devices=devices,
            links=links,
            locations=locations,
            os=os,
            totals=totals,
            triggers=triggers,
        )

        workspace_analytics.additional_properties = d
        return workspace_analytics

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
