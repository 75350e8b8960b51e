from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from ..models.domain_status import DomainStatus
from typing import cast
import datetime


T = TypeVar("T", bound="DomainRecord")


@_attrs_define
class DomainRecord:
    """One domain a workspace's links may name, or has added: `{ hostname, status, verifiedAt,
    isDefault }`.

        Attributes:
            hostname (str):
            is_default (bool): The service's default short domain, which every workspace may use.
            status (DomainStatus): `pending`: Added; its record has not been seen yet. New links cannot use it.; `verified`:
                Its record was seen: links may use it.; `invalid`: Verified once, but its record has been gone for seven days:
                existing links keep
                redirecting, new links cannot use it.
            verified_at (datetime.datetime | None): When its record was first seen (null for the default domain and pending
                ones).
    """

    hostname: str
    is_default: bool
    status: DomainStatus
    verified_at: datetime.datetime | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hostname = self.hostname

        is_default = self.is_default

        status = self.status.value

        verified_at: None | str
        if isinstance(self.verified_at, datetime.datetime):
            verified_at = self.verified_at.isoformat()
        else:
            verified_at = self.verified_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hostname": hostname,
                "isDefault": is_default,
                "status": status,
                "verifiedAt": verified_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hostname = d.pop("hostname")

        is_default = d.pop("isDefault")

        status = DomainStatus(d.pop("status"))

        def _parse_verified_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verified_at_type_0 = datetime.datetime.fromisoformat(data)

                return verified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        verified_at = _parse_verified_at(d.pop("verifiedAt"))

        domain_record = cls(
            hostname=hostname,
            is_default=is_default,
            status=status,
            verified_at=verified_at,
        )

        domain_record.additional_properties = d
        return domain_record

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
