from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="ReportConversionRequest")


@_attrs_define
class ReportConversionRequest:
    """The body of `POST /conversions` (besides `workspaceId`).

    Attributes:
        amount (int | None | Unset): A sale's value in minor units of `currency` (cents for EUR), 0 or more.
        click_id (str | Unset): The click id (`sl_cid`) the destination was given.
        currency (None | str | Unset): ISO 4217 code of `amount`; required with it.
        event (str | Unset): What happened (`signup`, `sale`): 1 to 40 of a-z, 0-9, `_`, `.` and `-`.
        event_id (None | str | Unset): Your own id of this event (at most 100 characters): a retry with it answers the
            first
            result again and counts once; events of one click with different ids count apart.
    """

    amount: int | None | Unset = UNSET
    click_id: str | Unset = UNSET
    currency: None | str | Unset = UNSET
    event: str | Unset = UNSET
    event_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        amount: int | None | Unset
        if isinstance(self.amount, Unset):
            amount = UNSET
        else:
            amount = self.amount

        click_id = self.click_id

        currency: None | str | Unset
        if isinstance(self.currency, Unset):
            currency = UNSET
        else:
            currency = self.currency

        event = self.event

        event_id: None | str | Unset
        if isinstance(self.event_id, Unset):
            event_id = UNSET
        else:
            event_id = self.event_id

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if amount is not UNSET:
            field_dict["amount"] = amount
        if click_id is not UNSET:
            field_dict["clickId"] = click_id
        if currency is not UNSET:
            field_dict["currency"] = currency
        if event is not UNSET:
            field_dict["event"] = event
        if event_id is not UNSET:
            field_dict["eventId"] = event_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_amount(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        amount = _parse_amount(d.pop("amount", UNSET))

        click_id = d.pop("clickId", UNSET)

        def _parse_currency(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        currency = _parse_currency(d.pop("currency", UNSET))

        event = d.pop("event", UNSET)

        def _parse_event_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        event_id = _parse_event_id(d.pop("eventId", UNSET))

        report_conversion_request = cls(
            amount=amount,
            click_id=click_id,
            currency=currency,
            event=event,
            event_id=event_id,
        )

        return report_conversion_request
