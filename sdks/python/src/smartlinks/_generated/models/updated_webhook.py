from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.webhook_record import WebhookRecord


T = TypeVar("T", bound="UpdatedWebhook")


@_attrs_define
class UpdatedWebhook:
    """`PUT /webhook/update`: `{ message, webhook, secret? }`; `secret` only when it was rotated.

    Attributes:
        message (str):
        webhook (WebhookRecord): An endpoint as `GET /webhooks` lists it: never its secret.
        secret (None | str | Unset): The new secret, when `rotateSecret` asked for one; shown this once.
    """

    message: str
    webhook: WebhookRecord
    secret: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        webhook = self.webhook.to_dict()

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "webhook": webhook,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_record import WebhookRecord  # noqa: PLC0415

        d = dict(src_dict)
        message = d.pop("message")

        webhook = WebhookRecord.from_dict(d.pop("webhook"))

        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))

        updated_webhook = cls(
            message=message,
            webhook=webhook,
            secret=secret,
        )

        updated_webhook.additional_properties = d
        return updated_webhook

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
