from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="Utm")


@_attrs_define
class Utm:
    """The five UTM parameters, each optional; never all absent (a link without any is `None`).

    Attributes:
        campaign (None | str | Unset):
        content (None | str | Unset):
        medium (None | str | Unset):
        source (None | str | Unset):
        term (None | str | Unset):
    """

    campaign: None | str | Unset = UNSET
    content: None | str | Unset = UNSET
    medium: None | str | Unset = UNSET
    source: None | str | Unset = UNSET
    term: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign: None | str | Unset
        if isinstance(self.campaign, Unset):
            campaign = UNSET
        else:
            campaign = self.campaign

        content: None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        else:
            content = self.content

        medium: None | str | Unset
        if isinstance(self.medium, Unset):
            medium = UNSET
        else:
            medium = self.medium

        source: None | str | Unset
        if isinstance(self.source, Unset):
            source = UNSET
        else:
            source = self.source

        term: None | str | Unset
        if isinstance(self.term, Unset):
            term = UNSET
        else:
            term = self.term

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if campaign is not UNSET:
            field_dict["campaign"] = campaign
        if content is not UNSET:
            field_dict["content"] = content
        if medium is not UNSET:
            field_dict["medium"] = medium
        if source is not UNSET:
            field_dict["source"] = source
        if term is not UNSET:
            field_dict["term"] = term

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_campaign(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        campaign = _parse_campaign(d.pop("campaign", UNSET))

        def _parse_content(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))

        def _parse_medium(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        medium = _parse_medium(d.pop("medium", UNSET))

        def _parse_source(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        source = _parse_source(d.pop("source", UNSET))

        def _parse_term(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        term = _parse_term(d.pop("term", UNSET))

        utm = cls(
            campaign=campaign,
            content=content,
            medium=medium,
            source=source,
            term=term,
        )

        utm.additional_properties = d
        return utm

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
