from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from typing import cast

if TYPE_CHECKING:
    from ..models.plan_summary import PlanSummary
    from ..models.planned_record import PlannedRecord


T = TypeVar("T", bound="DryRun")


@_attrs_define
class DryRun:
    """`POST /links/import` with `dryRun: true`: `{ message, summary, newTags, importedBefore,
    rows }`.

        Attributes:
            imported_before (None | str): The import that already brought in this very file, if one did (importing it again
                creates nothing).
            message (str):
            new_tags (list[str]): Tags the import would make.
            rows (list[PlannedRecord]):
            summary (PlanSummary): Counts of a dry run.
    """

    imported_before: None | str
    message: str
    new_tags: list[str]
    rows: list[PlannedRecord]
    summary: PlanSummary
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        imported_before: None | str
        imported_before = self.imported_before

        message = self.message

        new_tags = self.new_tags

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        summary = self.summary.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "importedBefore": imported_before,
                "message": message,
                "newTags": new_tags,
                "rows": rows,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.plan_summary import PlanSummary  # noqa: PLC0415
        from ..models.planned_record import PlannedRecord  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_imported_before(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        imported_before = _parse_imported_before(d.pop("importedBefore"))

        message = d.pop("message")

        new_tags = cast(list[str], d.pop("newTags"))

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = PlannedRecord.from_dict(rows_item_data)

            rows.append(rows_item)

        summary = PlanSummary.from_dict(d.pop("summary"))

        dry_run = cls(
            imported_before=imported_before,
            message=message,
            new_tags=new_tags,
            rows=rows,
            summary=summary,
        )

        dry_run.additional_properties = d
        return dry_run

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
