from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from typing import cast

if TYPE_CHECKING:
    from ..models.link_record import LinkRecord


T = TypeVar("T", bound="LinkPage")


@_attrs_define
class LinkPage:
    """One page of a workspace's links, newest first.

    Attributes:
        has_more (bool): Whether more matching links may follow: then `nextCursor` goes on from here.
        limit (int):
        links (list[LinkRecord]):
        next_cursor (None | str): Send it back as `cursor` (with the same `search`, `tagIds` and `limit`) for the links
            after these; `null` at the end. A page may hold fewer than `limit` links while more
            follow: one request examines at most 5,000 of the workspace's links, and a deep page or
            a search that matches few goes on here instead of reading the whole workspace.
        page (int): The page this answer is (counted in pages of `limit`).
    """

    has_more: bool
    limit: int
    links: list[LinkRecord]
    next_cursor: None | str
    page: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        has_more = self.has_more

        limit = self.limit

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        page = self.page

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hasMore": has_more,
                "limit": limit,
                "links": links,
                "nextCursor": next_cursor,
                "page": page,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.link_record import LinkRecord  # noqa: PLC0415

        d = dict(src_dict)
        has_more = d.pop("hasMore")

        limit = d.pop("limit")

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = LinkRecord.from_dict(links_item_data)

            links.append(links_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        page = d.pop("page")

        link_page = cls(
            has_more=has_more,
            limit=limit,
            links=links,
            next_cursor=next_cursor,
            page=page,
        )

        link_page.additional_properties = d
        return link_page

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
