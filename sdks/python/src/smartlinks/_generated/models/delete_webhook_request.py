from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="DeleteWebhookRequest")


@_attrs_define
class DeleteWebhookRequest:
    """`DELETE /webhook/delete`: the endpoint to delete.

    Attributes:
        webhook_id (None | str | Unset): The endpoint's id (24 hexadecimal characters).
    """

    webhook_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        webhook_id: None | str | Unset
        if isinstance(self.webhook_id, Unset):
            webhook_id = UNSET
        else:
            webhook_id = self.webhook_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if webhook_id is not UNSET:
            field_dict["webhookId"] = webhook_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_webhook_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_id = _parse_webhook_id(d.pop("webhookId", UNSET))

        delete_webhook_request = cls(
            webhook_id=webhook_id,
        )

        return delete_webhook_request
