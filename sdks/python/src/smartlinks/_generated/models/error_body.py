from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.quota_name import QuotaName
from typing import cast


T = TypeVar("T", bound="ErrorBody")


@_attrs_define
class ErrorBody:
    """Every error of the HTTP API (and the `data` of the MCP door's errors): a sentence, the
    input at fault when one is, and the contract's flags.

        Attributes:
            error (str): What went wrong, and what to change, in a sentence.
            current (int | None | Unset): Links the workspace has, or rules the request asked for.
            field (None | str | Unset): The input at fault: a body path such as `rules[1].city`, a query parameter, or the
                `Idempotency-Key` header.
            license_expired (bool | None | Unset): `true` when the workspace's licence has expired (403).
            license_limit_reached (bool | None | Unset): `true` when a plan quota would be exceeded (403), with `resource`,
                `limit` and `current`.
            limit (int | None | Unset): The plan's limit.
            request_id (None | str | Unset): Only on 500: the id the logs know the request by.
            resource (None | QuotaName | Unset):
            scope (None | str | Unset): The scope an access token lacks (MCP over OAuth, 403).
    """

    error: str
    current: int | None | Unset = UNSET
    field: None | str | Unset = UNSET
    license_expired: bool | None | Unset = UNSET
    license_limit_reached: bool | None | Unset = UNSET
    limit: int | None | Unset = UNSET
    request_id: None | str | Unset = UNSET
    resource: None | QuotaName | Unset = UNSET
    scope: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error = self.error

        current: int | None | Unset
        if isinstance(self.current, Unset):
            current = UNSET
        else:
            current = self.current

        field: None | str | Unset
        if isinstance(self.field, Unset):
            field = UNSET
        else:
            field = self.field

        license_expired: bool | None | Unset
        if isinstance(self.license_expired, Unset):
            license_expired = UNSET
        else:
            license_expired = self.license_expired

        license_limit_reached: bool | None | Unset
        if isinstance(self.license_limit_reached, Unset):
            license_limit_reached = UNSET
        else:
            license_limit_reached = self.license_limit_reached

        limit: int | None | Unset
        if isinstance(self.limit, Unset):
            limit = UNSET
        else:
            limit = self.limit

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        else:
            request_id = self.request_id

        resource: None | str | Unset
        if isinstance(self.resource, Unset):
            resource = UNSET
        elif isinstance(self.resource, QuotaName):
            resource = self.resource.value
        else:
            resource = self.resource

        scope: None | str | Unset
        if isinstance(self.scope, Unset):
            scope = UNSET
        else:
            scope = self.scope

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "error": error,
            }
        )
        if current is not UNSET:
            field_dict["current"] = current
        if field is not UNSET:
            field_dict["field"] = field
        if license_expired is not UNSET:
            field_dict["licenseExpired"] = license_expired
        if license_limit_reached is not UNSET:
            field_dict["licenseLimitReached"] = license_limit_reached
        if limit is not UNSET:
            field_dict["limit"] = limit
        if request_id is not UNSET:
            field_dict["requestId"] = request_id
        if resource is not UNSET:
            field_dict["resource"] = resource
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        error = d.pop("error")

        def _parse_current(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        current = _parse_current(d.pop("current", UNSET))

        def _parse_field(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        field = _parse_field(d.pop("field", UNSET))

        def _parse_license_expired(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        license_expired = _parse_license_expired(d.pop("licenseExpired", UNSET))

        def _parse_license_limit_reached(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        license_limit_reached = _parse_license_limit_reached(d.pop("licenseLimitReached", UNSET))

        def _parse_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        limit = _parse_limit(d.pop("limit", UNSET))

        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("requestId", UNSET))

        def _parse_resource(data: object) -> None | QuotaName | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resource_type_0 = QuotaName(data)

                return resource_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QuotaName | Unset, data)

        resource = _parse_resource(d.pop("resource", UNSET))

        def _parse_scope(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        scope = _parse_scope(d.pop("scope", UNSET))

        error_body = cls(
            error=error,
            current=current,
            field=field,
            license_expired=license_expired,
            license_limit_reached=license_limit_reached,
            limit=limit,
            request_id=request_id,
            resource=resource,
            scope=scope,
        )

        error_body.additional_properties = d
        return error_body

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
