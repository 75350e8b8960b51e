from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="Variant")


@_attrs_define
class Variant:
    """One variant of an A/B test.

    Attributes:
        id (str):
        name (str):
        url (str):
        weight (int): Share of visitors in percent; the weights of a link sum to 100.
        app_fallback_url (None | str | Unset): Where a person goes when the app of an app-scheme `url` did not open.
    """

    id: str
    name: str
    url: str
    weight: int
    app_fallback_url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        url = self.url

        weight = self.weight

        app_fallback_url: None | str | Unset
        if isinstance(self.app_fallback_url, Unset):
            app_fallback_url = UNSET
        else:
            app_fallback_url = self.app_fallback_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "url": url,
                "weight": weight,
            }
        )
        if app_fallback_url is not UNSET:
            field_dict["appFallbackUrl"] = app_fallback_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        url = d.pop("url")

        weight = d.pop("weight")

        def _parse_app_fallback_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        app_fallback_url = _parse_app_fallback_url(d.pop("appFallbackUrl", UNSET))

        variant = cls(
            id=id,
            name=name,
            url=url,
            weight=weight,
            app_fallback_url=app_fallback_url,
        )

        variant.additional_properties = d
        return variant

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
