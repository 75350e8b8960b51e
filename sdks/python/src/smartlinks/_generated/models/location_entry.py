from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


T = TypeVar("T", bound="LocationEntry")


@_attrs_define
class LocationEntry:
    """Clicks in one report cell (a geohash of precision 5, about 5 km): `{ title, value, lat, lon,
    precise }`, keyed by the geohash.

        Attributes:
            lat (float): The cell's centre.
            lon (float):
            precise (int): How many of them a person's shared position placed here.
            title (str): The cell's centre to 0.1° (`48.9, 2.3`).
            value (int): Located clicks in the cell, each by its best location.
    """

    lat: float
    lon: float
    precise: int
    title: str
    value: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        lat = self.lat

        lon = self.lon

        precise = self.precise

        title = self.title

        value = self.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "lat": lat,
                "lon": lon,
                "precise": precise,
                "title": title,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        lat = d.pop("lat")

        lon = d.pop("lon")

        precise = d.pop("precise")

        title = d.pop("title")

        value = d.pop("value")

        location_entry = cls(
            lat=lat,
            lon=lon,
            precise=precise,
            title=title,
            value=value,
        )

        location_entry.additional_properties = d
        return location_entry

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
