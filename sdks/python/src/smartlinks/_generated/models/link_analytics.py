from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.ab_test_result import AbTestResult
    from ..models.link_analytics_ab_variants_stats import LinkAnalyticsAbVariantsStats
    from ..models.link_analytics_bots import LinkAnalyticsBots
    from ..models.link_analytics_browsers import LinkAnalyticsBrowsers
    from ..models.link_analytics_cities import LinkAnalyticsCities
    from ..models.link_analytics_conversions import LinkAnalyticsConversions
    from ..models.link_analytics_countries import LinkAnalyticsCountries
    from ..models.link_analytics_daily_conversions import LinkAnalyticsDailyConversions
    from ..models.link_analytics_daily_traffic import LinkAnalyticsDailyTraffic
    from ..models.link_analytics_devices import LinkAnalyticsDevices
    from ..models.link_analytics_locations import LinkAnalyticsLocations
    from ..models.link_analytics_os import LinkAnalyticsOs
    from ..models.link_analytics_referrers import LinkAnalyticsReferrers
    from ..models.link_analytics_rules_stats import LinkAnalyticsRulesStats
    from ..models.totals import Totals
    from ..models.triggers import Triggers


T = TypeVar("T", bound="LinkAnalytics")


@_attrs_define
class LinkAnalytics:
    """The single-link analytics response.

    Attributes:
        ab_variants_stats (LinkAnalyticsAbVariantsStats):
        bots (LinkAnalyticsBots): Automated visits left out of the clicks, by family (`search`, `seo`, `monitor`,
            `preview`,
            `library`, `other`): the families with at least one.
        browsers (LinkAnalyticsBrowsers):
        cities (LinkAnalyticsCities):
        conversions (LinkAnalyticsConversions): Conversions by event name, with sales per currency.
        countries (LinkAnalyticsCountries):
        daily_conversions (LinkAnalyticsDailyConversions): Every day of the range with its conversions (0 where none).
        daily_traffic (LinkAnalyticsDailyTraffic):
        devices (LinkAnalyticsDevices):
        locations (LinkAnalyticsLocations): Located clicks by report cell.
        os (LinkAnalyticsOs):
        referrers (LinkAnalyticsReferrers):
        rules_stats (LinkAnalyticsRulesStats):
        totals (Totals):
        triggers (Triggers): Visits by what brought them: the link itself, or a scan of its QR code.
        ab_test_result (AbTestResult | None | Unset): For a link with an A/B test: which variant converts best, and how
            likely.
    """

    ab_variants_stats: LinkAnalyticsAbVariantsStats
    bots: LinkAnalyticsBots
    browsers: LinkAnalyticsBrowsers
    cities: LinkAnalyticsCities
    conversions: LinkAnalyticsConversions
    countries: LinkAnalyticsCountries
    daily_conversions: LinkAnalyticsDailyConversions
    daily_traffic: LinkAnalyticsDailyTraffic
    devices: LinkAnalyticsDevices
    locations: LinkAnalyticsLocations
    os: LinkAnalyticsOs
    referrers: LinkAnalyticsReferrers
    rules_stats: LinkAnalyticsRulesStats
    totals: Totals
    triggers: Triggers
    ab_test_result: AbTestResult | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ab_test_result import AbTestResult  # noqa: PLC0415

        ab_variants_stats = self.ab_variants_stats.to_dict()

        bots = self.bots.to_dict()

        browsers = self.browsers.to_dict()

        cities = self.cities.to_dict()

        conversions = self.conversions.to_dict()

        countries = self.countries.to_dict()

        daily_conversions = self.daily_conversions.to_dict()

        daily_traffic = self.daily_traffic.to_dict()

        devices = self.devices.to_dict()

        locations = self.locations.to_dict()

        os = self.os.to_dict()

        referrers = self.referrers.to_dict()

        rules_stats = self.rules_stats.to_dict()

        totals = self.totals.to_dict()

        triggers = self.triggers.to_dict()

        ab_test_result: dict[str, Any] | None | Unset
        if isinstance(self.ab_test_result, Unset):
            ab_test_result = UNSET
        elif isinstance(self.ab_test_result, AbTestResult):
            ab_test_result = self.ab_test_result.to_dict()
        else:
            ab_test_result = self.ab_test_result

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "abVariantsStats": ab_variants_stats,
                "bots": bots,
                "browsers": browsers,
                "cities": cities,
                "conversions": conversions,
                "countries": countries,
                "dailyConversions": daily_conversions,
                "dailyTraffic": daily_traffic,
                "devices": devices,
                "locations": locations,
                "os": os,
                "referrers": referrers,
                "rulesStats": rules_stats,
                "totals": totals,
                "triggers": triggers,
            }
        )
        if ab_test_result is not UNSET:
            field_dict["abTestResult"] = ab_test_result

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ab_test_result import AbTestResult  # noqa: PLC0415
        from ..models.link_analytics_ab_variants_stats import LinkAnalyticsAbVariantsStats  # noqa: PLC0415
        from ..models.link_analytics_bots import LinkAnalyticsBots  # noqa: PLC0415
        from ..models.link_analytics_browsers import LinkAnalyticsBrowsers  # noqa: PLC0415
        from ..models.link_analytics_cities import LinkAnalyticsCities  # noqa: PLC0415
        from ..models.link_analytics_conversions import LinkAnalyticsConversions  # noqa: PLC0415
        from ..models.link_analytics_countries import LinkAnalyticsCountries  # noqa: PLC0415
        from ..models.link_analytics_daily_conversions import LinkAnalyticsDailyConversions  # noqa: PLC0415
        from ..models.link_analytics_daily_traffic import LinkAnalyticsDailyTraffic  # noqa: PLC0415
        from ..models.link_analytics_devices import LinkAnalyticsDevices  # noqa: PLC0415
        from ..models.link_analytics_locations import LinkAnalyticsLocations  # noqa: PLC0415
        from ..models.link_analytics_os import LinkAnalyticsOs  # noqa: PLC0415
        from ..models.link_analytics_referrers import LinkAnalyticsReferrers  # noqa: PLC0415
        from ..models.link_analytics_rules_stats import LinkAnalyticsRulesStats  # noqa: PLC0415
        from ..models.totals import Totals  # noqa: PLC0415
        from ..models.triggers import Triggers  # noqa: PLC0415

        d = dict(src_dict)
        ab_variants_stats = LinkAnalyticsAbVariantsStats.from_dict(d.pop("abVariantsStats"))

        bots = LinkAnalyticsBots.from_dict(d.pop("bots"))

        browsers = LinkAnalyticsBrowsers.from_dict(d.pop("browsers"))

        cities = LinkAnalyticsCities.from_dict(d.pop("cities"))

        conversions = LinkAnalyticsConversions.from_dict(d.pop("conversions"))

        countries = LinkAnalyticsCountries.from_dict(d.pop("countries"))

        daily_conversions = LinkAnalyticsDailyConversions.from_dict(d.pop("dailyConversions"))

        daily_traffic = LinkAnalyticsDailyTraffic.from_dict(d.pop("dailyTraffic"))

        devices = LinkAnalyticsDevices.from_dict(d.pop("devices"))

        locations = LinkAnalyticsLocations.from_dict(d.pop("locations"))

        os = LinkAnalyticsOs.from_dict(d.pop("os"))

        referrers = LinkAnalyticsReferrers.from_dict(d.pop("referrers"))

        rules_stats = LinkAnalyticsRulesStats.from_dict(d.pop("rulesStats"))

        totals = Totals.from_dict(d.pop("totals"))

        triggers = Triggers.from_dict(d.pop("triggers"))

        def _parse_ab_test_result(data: object) -> AbTestResult | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ab_test_result_type_0 = AbTestResult.from_dict(data)

                return ab_test_result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbTestResult | None | Unset, data)

        ab_test_result = _parse_ab_test_result(d.pop("abTestResult", UNSET))

        link_analytics = cls(
            ab_variants_stats=ab_variants_stats,
            bots=bots,
            browsers=browsers,
            cities=cities,
            conversions=conversions,
            countries=countries,
            daily_conversions=daily_conversions,
            daily_traffic=daily_traffic,
            devices=devices,
            locations=locations,
            os=os,
            referrers=referrers,
            rules_stats=rules_stats,
            totals=totals,
            triggers=triggers,
            ab_test_result=ab_test_result,
        )

        link_analytics.additional_properties = d
        return link_analytics

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
