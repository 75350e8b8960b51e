from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="CreateWebhookRequest")


@_attrs_define
class CreateWebhookRequest:
    """`POST /webhook/create`.

    Attributes:
        batch (bool | None | Unset): Click events grouped, up to 100 per request (default false).
        events (list[str] | None | Unset): The event types it wants: link.created, link.updated, link.deleted,
            link.clicked,
            conversion.created.
        link_ids (list[str] | None | Unset): Only these links' events (none, or an empty list: every link's).
        url (None | str | Unset): An https URL on a public address, without user name or password.
    """

    batch: bool | None | Unset = UNSET
    events: list[str] | None | Unset = UNSET
    link_ids: list[str] | None | Unset = UNSET
    url: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        batch: bool | None | Unset
        if isinstance(self.batch, Unset):
            batch = UNSET
        else:
            batch = self.batch

        events: list[str] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = self.events

        else:
            events = self.events

        link_ids: list[str] | None | Unset
        if isinstance(self.link_ids, Unset):
            link_ids = UNSET
        elif isinstance(self.link_ids, list):
            link_ids = self.link_ids

        else:
            link_ids = self.link_ids

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if batch is not UNSET:
            field_dict["batch"] = batch
        if events is not UNSET:
            field_dict["events"] = events
        if link_ids is not UNSET:
            field_dict["linkIds"] = link_ids
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_batch(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        batch = _parse_batch(d.pop("batch", UNSET))

        def _parse_events(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = cast(list[str], data)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))

        def _parse_link_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                link_ids_type_0 = cast(list[str], data)

                return link_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        link_ids = _parse_link_ids(d.pop("linkIds", UNSET))

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        create_webhook_request = cls(
            batch=batch,
            events=events,
            link_ids=link_ids,
            url=url,
        )

        return create_webhook_request
