from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


T = TypeVar("T", bound="BulkCreated")


@_attrs_define
class BulkCreated:
    """One link a bulk create made: `{ id, slug, fullLink, name }`.

    Attributes:
        full_link (str):
        id (str): A 24-character hexadecimal object identifier.
        name (str):
        slug (str):
    """

    full_link: str
    id: str
    name: str
    slug: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        full_link = self.full_link

        id = self.id

        name = self.name

        slug = self.slug

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fullLink": full_link,
                "id": id,
                "name": name,
                "slug": slug,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        full_link = d.pop("fullLink")

        id = d.pop("id")

        name = d.pop("name")

        slug = d.pop("slug")

        bulk_created = cls(
            full_link=full_link,
            id=id,
            name=name,
            slug=slug,
        )

        bulk_created.additional_properties = d
        return bulk_created

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
