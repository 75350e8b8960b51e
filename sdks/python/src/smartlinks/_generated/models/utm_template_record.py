from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from typing import cast


T = TypeVar("T", bound="UtmTemplateRecord")


@_attrs_define
class UtmTemplateRecord:
    """One template as listed: its id, name and five fields (`null` when not set).

    Attributes:
        campaign (None | str):
        content (None | str):
        id (str): A 24-character hexadecimal object identifier.
        medium (None | str):
        name (str):
        source (None | str):
        term (None | str):
    """

    campaign: None | str
    content: None | str
    id: str
    medium: None | str
    name: str
    source: None | str
    term: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign: None | str
        campaign = self.campaign

        content: None | str
        content = self.content

        id = self.id

        medium: None | str
        medium = self.medium

        name = self.name

        source: None | str
        source = self.source

        term: None | str
        term = self.term

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign": campaign,
                "content": content,
                "id": id,
                "medium": medium,
                "name": name,
                "source": source,
                "term": term,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_campaign(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        campaign = _parse_campaign(d.pop("campaign"))

        def _parse_content(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        content = _parse_content(d.pop("content"))

        id = d.pop("id")

        def _parse_medium(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        medium = _parse_medium(d.pop("medium"))

        name = d.pop("name")

        def _parse_source(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        source = _parse_source(d.pop("source"))

        def _parse_term(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        term = _parse_term(d.pop("term"))

        utm_template_record = cls(
            campaign=campaign,
            content=content,
            id=id,
            medium=medium,
            name=name,
            source=source,
            term=term,
        )

        utm_template_record.additional_properties = d
        return utm_template_record

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
