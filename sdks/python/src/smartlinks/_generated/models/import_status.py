from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


if TYPE_CHECKING:
    from ..models.import_record import ImportRecord
    from ..models.row_record import RowRecord


T = TypeVar("T", bound="ImportStatus")


@_attrs_define
class ImportStatus:
    """`GET /links/import`: `{ import, rows }` (the results recorded so far).

    Attributes:
        import_ (ImportRecord): A job as the API shows it.
        rows (list[RowRecord]):
    """

    import_: ImportRecord
    rows: list[RowRecord]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        import_ = self.import_.to_dict()

        rows = []
        for rows_item_data in self.rows:
            rows_item = rows_item_data.to_dict()
            rows.append(rows_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "import": import_,
                "rows": rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_record import ImportRecord  # noqa: PLC0415
        from ..models.row_record import RowRecord  # noqa: PLC0415

        d = dict(src_dict)
        import_ = ImportRecord.from_dict(d.pop("import"))

        rows = []
        _rows = d.pop("rows")
        for rows_item_data in _rows:
            rows_item = RowRecord.from_dict(rows_item_data)

            rows.append(rows_item)

        import_status = cls(
            import_=import_,
            rows=rows,
        )

        import_status.additional_properties = d
        return import_status

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
