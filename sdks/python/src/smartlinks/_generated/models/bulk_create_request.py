from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define

from ..types import UNSET, Unset


if TYPE_CHECKING:
    from ..models.link_input import LinkInput


T = TypeVar("T", bound="BulkCreateRequest")


@_attrs_define
class BulkCreateRequest:
    """The body of `POST /links/bulk-create` (besides `workspaceId`). Each item is read on its own
    ([`BulkItems`]): a bad item fails alone.

        Attributes:
            links (list[LinkInput] | Unset): 1 to 100 links, each with the fields of a create. Each is created or fails on
                its own.
    """

    links: list[LinkInput] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        links: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = []
            for links_item_data in self.links:
                links_item = links_item_data.to_dict()
                links.append(links_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if links is not UNSET:
            field_dict["links"] = links

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link_input import LinkInput  # noqa: PLC0415

        d = dict(src_dict)
        _links = d.pop("links", UNSET)
        links: list[LinkInput] | Unset = UNSET
        if _links is not UNSET:
            links = []
            for links_item_data in _links:
                links_item = LinkInput.from_dict(links_item_data)

                links.append(links_item)

        bulk_create_request = cls(
            links=links,
        )

        return bulk_create_request
