from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from ..models.rule_fields_browser_item import RuleFieldsBrowserItem
from ..models.rule_fields_device_item import RuleFieldsDeviceItem
from ..models.rule_fields_os_item import RuleFieldsOsItem
from typing import cast


T = TypeVar("T", bound="RuleFields")


@_attrs_define
class RuleFields:
    """The JSON shape of a rule, on the wire and in storage. Inputs must not carry `id` (the
    server makes rule ids), so the input schema leaves it out.

        Attributes:
            is_default (bool): Exactly one rule is the default: the fallback when no other rule matches. The default
                rule carries no conditions.
            target_url (str): Destination URL; app deep links (myapp://...) are allowed; javascript:, data:, vbscript:
                and file: are not.
            app_fallback_url (None | str | Unset): Only beside an app-scheme targetUrl: an https URL (an App Store, Play
                Store or web page) a
                person's browser goes to when the app did not open within about 1.5 s.
            browser (list[RuleFieldsBrowserItem] | Unset): Browsers, spelt exactly as listed.
            city (list[str] | None | Unset): City names; requires country on the same rule.
            country (list[str] | None | Unset): ISO 3166-1 alpha-2 country codes, any case (DE, us).
            days_of_week (list[int] | None | Unset): Days in UTC: 0 = Sunday through 6 = Saturday.
            device (list[RuleFieldsDeviceItem] | Unset): Device types.
            locale (list[str] | None | Unset): Browser languages (de matches de-AT); the visitor's most preferred language
                is compared.
            name (None | str | Unset): Optional label for the rule.
            os (list[RuleFieldsOsItem] | Unset): Operating systems, spelt exactly as listed.
            time_end (None | str | Unset): HH:MM in UTC, exclusive; give with timeStart; must differ from timeStart.
            time_start (None | str | Unset): HH:MM in UTC, inclusive; give with timeEnd. A window may cross midnight
                (22:00-06:00).
    """

    is_default: bool
    target_url: str
    app_fallback_url: None | str | Unset = UNSET
    browser: list[RuleFieldsBrowserItem] | Unset = UNSET
    city: list[str] | None | Unset = UNSET
    country: list[str] | None | Unset = UNSET
    days_of_week: list[int] | None | Unset = UNSET
    device: list[RuleFieldsDeviceItem] | Unset = UNSET
    locale: list[str] | None | Unset = UNSET
    name: None | str | Unset = UNSET
    os: list[RuleFieldsOsItem] | Unset = UNSET
    time_end: None | str | Unset = UNSET
    time_start: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        is_default = self.is_default

        target_url = self.target_url

        app_fallback_url: None | str | Unset
        if isinstance(self.app_fallback_url, Unset):
            app_fallback_url = UNSET
        else:
            app_fallback_url = self.app_fallback_url

        browser: list[str] | Unset = UNSET
        if not isinstance(self.browser, Unset):
            browser = []
            for browser_item_data in self.browser:
                browser_item = browser_item_data.value
                browser.append(browser_item)

        city: list[str] | None | Unset
        if isinstance(self.city, Unset):
            city = UNSET
        elif isinstance(self.city, list):
            city = self.city

        else:
            city = self.city

        country: list[str] | None | Unset
        if isinstance(self.country, Unset):
            country = UNSET
        elif isinstance(self.country, list):
            country = self.country

        else:
            country = self.country

        days_of_week: list[int] | None | Unset
        if isinstance(self.days_of_week, Unset):
            days_of_week = UNSET
        elif isinstance(self.days_of_week, list):
            days_of_week = self.days_of_week

        else:
            days_of_week = self.days_of_week

        device: list[str] | Unset = UNSET
        if not isinstance(self.device, Unset):
            device = []
            for device_item_data in self.device:
                device_item = device_item_data.value
                device.append(device_item)

        locale: list[str] | None | Unset
        if isinstance(self.locale, Unset):
            locale = UNSET
        elif isinstance(self.locale, list):
            locale = self.locale

        else:
            locale = self.locale

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        os: list[str] | Unset = UNSET
        if not isinstance(self.os, Unset):
            os = []
            for os_item_data in self.os:
                os_item = os_item_data.value
                os.append(os_item)

        time_end: None | str | Unset
        if isinstance(self.time_end, Unset):
            time_end = UNSET
        else:
            time_end = self.time_end

        time_start: None | str | Unset
        if isinstance(self.time_start, Unset):
            time_start = UNSET
        else:
            time_start = self.time_start

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "isDefault": is_default,
                "targetUrl": target_url,
            }
        )
        if app_fallback_url is not UNSET:
            field_dict["appFallbackUrl"] = app_fallback_url
        if browser is not UNSET:
            field_dict["browser"] = browser
        if city is not UNSET:
            field_dict["city"] = city
        if country is not UNSET:
            field_dict["country"] = country
        if days_of_week is not UNSET:
            field_dict["daysOfWeek"] = days_of_week
        if device is not UNSET:
            field_dict["device"] = device
        if locale is not UNSET:
            field_dict["locale"] = locale
        if name is not UNSET:
            field_dict["name"] = name
        if os is not UNSET:
            field_dict["os"] = os
        if time_end is not UNSET:
            field_dict["timeEnd"] = time_end
        if time_start is not UNSET:
            field_dict["timeStart"] = time_start

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        is_default = d.pop("isDefault")

        target_url = d.pop("targetUrl")

        def _parse_app_fallback_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        app_fallback_url = _parse_app_fallback_url(d.pop("appFallbackUrl", UNSET))

        _browser = d.pop("browser", UNSET)
        browser: list[RuleFieldsBrowserItem] | Unset = UNSET
        if _browser is not UNSET:
            browser = []
            for browser_item_data in _browser:
                browser_item = RuleFieldsBrowserItem(browser_item_data)

                browser.append(browser_item)

        def _parse_city(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                city_type_0 = cast(list[str], data)

                return city_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        city = _parse_city(d.pop("city", UNSET))

        def _parse_country(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                country_type_0 = cast(list[str], data)

                return country_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        country = _parse_country(d.pop("country", UNSET))

        def _parse_days_of_week(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                days_of_week_type_0 = cast(list[int], data)

                return days_of_week_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        days_of_week = _parse_days_of_week(d.pop("daysOfWeek", UNSET))

        _device = d.pop("device", UNSET)
        device: list[RuleFieldsDeviceItem] | Unset = UNSET
        if _device is not UNSET:
            device = []
            for device_item_data in _device:
                device_item = RuleFieldsDeviceItem(device_item_data)

                device.append(device_item)

        def _parse_locale(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                locale_type_0 = cast(list[str], data)

                return locale_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        locale = _parse_locale(d.pop("locale", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _os = d.pop("os", UNSET)
        os: list[RuleFieldsOsItem] | Unset = UNSET
        if _os is not UNSET:
            os = []
            for os_item_data in _os:
                os_item = RuleFieldsOsItem(os_item_data)

                os.append(os_item)

        def _parse_time_end(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        time_end = _parse_time_end(d.pop("timeEnd", UNSET))

        def _parse_time_start(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        time_start = _parse_time_start(d.pop("timeStart", UNSET))

        rule_fields = cls(
            is_default=is_default,
            target_url=target_url,
            app_fallback_url=app_fallback_url,
            browser=browser,
            city=city,
            country=country,
            days_of_week=days_of_week,
            device=device,
            locale=locale,
            name=name,
            os=os,
            time_end=time_end,
            time_start=time_start,
        )

        return rule_fields
