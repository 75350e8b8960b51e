from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="VariantFields")


@_attrs_define
class VariantFields:
    """One variant of an A/B test as a request gives it.

    Attributes:
        url (str): Destination URL of the variant.
        weight (float): HTTP API: a whole percentage, the weights summing to exactly 100. MCP: a relative share
            (70 and 30, 7 and 3, or 2 and 1 all work), stored as percentages summing to 100.
        app_fallback_url (None | str | Unset): Only beside an app-scheme url: an https URL (an App Store, Play Store or
            web page) a
            person's browser goes to when the app did not open within about 1.5 s.
        id (None | str | Unset): Stable key of the variant in analytics (required on the HTTP API; a, b, c... when an
            MCP
            caller omits it).
        name (None | str | Unset): Display name (required on the HTTP API; Variant A, Variant B... when an MCP caller
            omits it).
    """

    url: str
    weight: float
    app_fallback_url: None | str | Unset = UNSET
    id: None | str | Unset = UNSET
    name: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        weight = self.weight

        app_fallback_url: None | str | Unset
        if isinstance(self.app_fallback_url, Unset):
            app_fallback_url = UNSET
        else:
            app_fallback_url = self.app_fallback_url

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "weight": weight,
            }
        )
        if app_fallback_url is not UNSET:
            field_dict["appFallbackUrl"] = app_fallback_url
        if id is not UNSET:
            field_dict["id"] = id
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        weight = d.pop("weight")

        def _parse_app_fallback_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        app_fallback_url = _parse_app_fallback_url(d.pop("appFallbackUrl", UNSET))

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        variant_fields = cls(
            url=url,
            weight=weight,
            app_fallback_url=app_fallback_url,
            id=id,
            name=name,
        )

        return variant_fields
