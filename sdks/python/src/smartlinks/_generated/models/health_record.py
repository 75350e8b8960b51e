from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from ..models.health_status import HealthStatus
from typing import cast
import datetime

if TYPE_CHECKING:
    from ..models.destination_record import DestinationRecord


T = TypeVar("T", bound="HealthRecord")


@_attrs_define
class HealthRecord:
    """Whether the link's destinations answer, as the hourly check last found.

    Attributes:
        destinations (list[DestinationRecord]): Each https destination's last check (app schemes and plain http are not
            checked).
        failing_url (None | str): The destination that broke the link; `null` unless `broken`.
        since (datetime.datetime | None): Since when the link has been `ok` or `broken`; `null` while `unknown`.
        status (HealthStatus):
    """

    destinations: list[DestinationRecord]
    failing_url: None | str
    since: datetime.datetime | None
    status: HealthStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        destinations = []
        for destinations_item_data in self.destinations:
            destinations_item = destinations_item_data.to_dict()
            destinations.append(destinations_item)

        failing_url: None | str
        failing_url = self.failing_url

        since: None | str
        if isinstance(self.since, datetime.datetime):
            since = self.since.isoformat()
        else:
            since = self.since

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "destinations": destinations,
                "failingUrl": failing_url,
                "since": since,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.destination_record import DestinationRecord  # noqa: PLC0415

        d = dict(src_dict)
        destinations = []
        _destinations = d.pop("destinations")
        for destinations_item_data in _destinations:
            destinations_item = DestinationRecord.from_dict(destinations_item_data)

            destinations.append(destinations_item)

        def _parse_failing_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        failing_url = _parse_failing_url(d.pop("failingUrl"))

        def _parse_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                since_type_0 = datetime.datetime.fromisoformat(data)

                return since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        since = _parse_since(d.pop("since"))

        status = HealthStatus(d.pop("status"))

        health_record = cls(
            destinations=destinations,
            failing_url=failing_url,
            since=since,
            status=status,
        )

        health_record.additional_properties = d
        return health_record

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
