from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


if TYPE_CHECKING:
    from ..models.bulk_created import BulkCreated
    from ..models.bulk_failure import BulkFailure


T = TypeVar("T", bound="BulkOutcome")


@_attrs_define
class BulkOutcome:
    """`POST /links/bulk-create` and `bulk_create_links`: `{ message, created, failed }`.

    Attributes:
        created (list[BulkCreated]):
        failed (list[BulkFailure]):
        message (str): `N links created, M failed.`
    """

    created: list[BulkCreated]
    failed: list[BulkFailure]
    message: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created = []
        for created_item_data in self.created:
            created_item = created_item_data.to_dict()
            created.append(created_item)

        failed = []
        for failed_item_data in self.failed:
            failed_item = failed_item_data.to_dict()
            failed.append(failed_item)

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created": created,
                "failed": failed,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bulk_created import BulkCreated  # noqa: PLC0415
        from ..models.bulk_failure import BulkFailure  # noqa: PLC0415

        d = dict(src_dict)
        created = []
        _created = d.pop("created")
        for created_item_data in _created:
            created_item = BulkCreated.from_dict(created_item_data)

            created.append(created_item)

        failed = []
        _failed = d.pop("failed")
        for failed_item_data in _failed:
            failed_item = BulkFailure.from_dict(failed_item_data)

            failed.append(failed_item)

        message = d.pop("message")

        bulk_outcome = cls(
            created=created,
            failed=failed,
            message=message,
        )

        bulk_outcome.additional_properties = d
        return bulk_outcome

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
