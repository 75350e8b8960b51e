from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast
import datetime

if TYPE_CHECKING:
    from ..models.set_up_by_record import SetUpByRecord


T = TypeVar("T", bound="WebhookRecord")


@_attrs_define
class WebhookRecord:
    """An endpoint as `GET /webhooks` lists it: never its secret.

    Attributes:
        batch (bool):
        created_at (datetime.datetime):
        enabled (bool):
        events (list[str]):
        id (str):
        link_ids (list[str]):
        url (str):
        disabled_for_failing_at (datetime.datetime | None | Unset): When it was switched off for failing three days
            without a success (absent otherwise).
        disabled_reason (None | str | Unset): Why it was switched off when that key was replaced or that app lost its
            access.
        set_up_by (None | SetUpByRecord | Unset): The credential that made it, or last pointed it at a URL, events or
            links, or switched
            it on (absent for endpoints made before it was recorded).
    """

    batch: bool
    created_at: datetime.datetime
    enabled: bool
    events: list[str]
    id: str
    link_ids: list[str]
    url: str
    disabled_for_failing_at: datetime.datetime | None | Unset = UNSET
    disabled_reason: None | str | Unset = UNSET
    set_up_by: None | SetUpByRecord | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.set_up_by_record import SetUpByRecord  # noqa: PLC0415

        batch = self.batch

        created_at = self.created_at.isoformat()

        enabled = self.enabled

        events = self.events

        id = self.id

        link_ids = self.link_ids

        url = self.url

        disabled_for_failing_at: None | str | Unset
        if isinstance(self.disabled_for_failing_at, Unset):
            disabled_for_failing_at = UNSET
        elif isinstance(self.disabled_for_failing_at, datetime.datetime):
            disabled_for_failing_at = self.disabled_for_failing_at.isoformat()
        else:
            disabled_for_failing_at = self.disabled_for_failing_at

        disabled_reason: None | str | Unset
        if isinstance(self.disabled_reason, Unset):
            disabled_reason = UNSET
        else:
            disabled_reason = self.disabled_reason

        set_up_by: dict[str, Any] | None | Unset
        if isinstance(self.set_up_by, Unset):
            set_up_by = UNSET
        elif isinstance(self.set_up_by, SetUpByRecord):
            set_up_by = self.set_up_by.to_dict()
        else:
            set_up_by = self.set_up_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "batch": batch,
                "createdAt": created_at,
                "enabled": enabled,
                "events": events,
                "id": id,
                "linkIds": link_ids,
                "url": url,
            }
        )
        if disabled_for_failing_at is not UNSET:
            field_dict["disabledForFailingAt"] = disabled_for_failing_at
        if disabled_reason is not UNSET:
            field_dict["disabledReason"] = disabled_reason
        if set_up_by is not UNSET:
            field_dict["setUpBy"] = set_up_by

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.set_up_by_record import SetUpByRecord  # noqa: PLC0415

        d = dict(src_dict)
        batch = d.pop("batch")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        enabled = d.pop("enabled")

        events = cast(list[str], d.pop("events"))

        id = d.pop("id")

        link_ids = cast(list[str], d.pop("linkIds"))

        url = d.pop("url")

        def _parse_disabled_for_failing_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_for_failing_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_for_failing_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        disabled_for_failing_at = _parse_disabled_for_failing_at(d.pop("disabledForFailingAt", UNSET))

        def _parse_disabled_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason", UNSET))

        def _parse_set_up_by(data: object) -> None | SetUpByRecord | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                set_up_by_type_0 = SetUpByRecord.from_dict(data)

                return set_up_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SetUpByRecord | Unset, data)

        set_up_by = _parse_set_up_by(d.pop("setUpBy", UNSET))

        webhook_record = cls(
            batch=batch,
            created_at=created_at,
            enabled=enabled,
            events=events,
            id=id,
            link_ids=link_ids,
            url=url,
            disabled_for_failing_at=disabled_for_failing_at,
            disabled_reason=disabled_reason,
            set_up_by=set_up_by,
        )

        webhook_record.additional_properties = d
        return webhook_record

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
