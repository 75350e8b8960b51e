from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


T = TypeVar("T", bound="CreatedLink")


@_attrs_define
class CreatedLink:
    """`POST /link/create` and `create_link`: `{ message, id, slug, fullLink }`.

    Attributes:
        full_link (str): The short URL: https://<domain>/<slug>.
        id (str): A 24-character hexadecimal object identifier.
        message (str): Confirms the creation and names the link.
        slug (str):
    """

    full_link: str
    id: str
    message: str
    slug: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        full_link = self.full_link

        id = self.id

        message = self.message

        slug = self.slug

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "fullLink": full_link,
                "id": id,
                "message": message,
                "slug": slug,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        full_link = d.pop("fullLink")

        id = d.pop("id")

        message = d.pop("message")

        slug = d.pop("slug")

        created_link = cls(
            full_link=full_link,
            id=id,
            message=message,
            slug=slug,
        )

        created_link.additional_properties = d
        return created_link

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
