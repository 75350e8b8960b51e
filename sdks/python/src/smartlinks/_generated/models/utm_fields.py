from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="UtmFields")


@_attrs_define
class UtmFields:
    """The five fields as a request gives them (`utm` on a link, a template's fields).

    Attributes:
        campaign (None | str | Unset): utm_campaign (at most 255 characters).
        content (None | str | Unset): utm_content (at most 255 characters).
        medium (None | str | Unset): utm_medium (at most 255 characters).
        source (None | str | Unset): utm_source (at most 255 characters).
        term (None | str | Unset): utm_term (at most 255 characters).
    """

    campaign: None | str | Unset = UNSET
    content: None | str | Unset = UNSET
    medium: None | str | Unset = UNSET
    source: None | str | Unset = UNSET
    term: None | str | Unset = UNSET

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

        utm_fields = cls(
            campaign=campaign,
            content=content,
            medium=medium,
            source=source,
            term=term,
        )

        return utm_fields
