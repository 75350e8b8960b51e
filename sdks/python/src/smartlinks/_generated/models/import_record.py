from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from ..models.conflict_policy import ConflictPolicy
from ..models.import_format import ImportFormat
from ..models.job_state_type_0 import JobStateType0
from typing import cast
from typing import Literal
import datetime


T = TypeVar("T", bound="ImportRecord")


@_attrs_define
class ImportRecord:
    """A job as the API shows it.

    Attributes:
        created (int):
        created_at (datetime.datetime):
        done (int): Rows handled so far.
        failed (int):
        file_name (None | str):
        format_ (ImportFormat): Where a file comes from, which says how its columns are read.

            `csv`: Our CSV (the template, and the CSV of a links export).; `bitly`: Bitly's CSV export of links.; `dub`:
            Dub's CSV export of links.; `shortio`: Short.io's CSV export of links.; `shlink`: Shlink's CSV export of short
            URLs (web client).; `jsonl`: Our JSON lines export: one link a line, in the shape of a create.
        id (str):
        on_conflict (ConflictPolicy): What an import does at a conflict.

            `skip`: Conflicting rows are skipped (each with why); the others are created.; `stop`: Nothing starts when the
            dry run finds a conflict or a bad row; a conflict met while
            running stops the import there (the rest skipped, saying so).
        rows (int):
        skipped (int):
        state (JobStateType0 | Literal['stopped']): Where a job is.
        updated_at (datetime.datetime):
    """

    created: int
    created_at: datetime.datetime
    done: int
    failed: int
    file_name: None | str
    format_: ImportFormat
    id: str
    on_conflict: ConflictPolicy
    rows: int
    skipped: int
    state: JobStateType0 | Literal["stopped"]
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created = self.created

        created_at = self.created_at.isoformat()

        done = self.done

        failed = self.failed

        file_name: None | str
        file_name = self.file_name

        format_ = self.format_.value

        id = self.id

        on_conflict = self.on_conflict.value

        rows = self.rows

        skipped = self.skipped

        state: Literal["stopped"] | str
        if isinstance(self.state, JobStateType0):
            state = self.state.value
        else:
            state = self.state

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "created": created,
                "createdAt": created_at,
                "done": done,
                "failed": failed,
                "fileName": file_name,
                "format": format_,
                "id": id,
                "onConflict": on_conflict,
                "rows": rows,
                "skipped": skipped,
                "state": state,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created = d.pop("created")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        done = d.pop("done")

        failed = d.pop("failed")

        def _parse_file_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        file_name = _parse_file_name(d.pop("fileName"))

        format_ = ImportFormat(d.pop("format"))

        id = d.pop("id")

        on_conflict = ConflictPolicy(d.pop("onConflict"))

        rows = d.pop("rows")

        skipped = d.pop("skipped")

        def _parse_state(data: object) -> JobStateType0 | Literal["stopped"]:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_job_state_type_0 = JobStateType0(data)

                return componentsschemas_job_state_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            componentsschemas_job_state_type_1 = cast(Literal["stopped"], data)
            if componentsschemas_job_state_type_1 != "stopped":
                raise ValueError(
                    f"/components/schemas/JobState_type_1 must match const 'stopped', got '{componentsschemas_job_state_type_1}'"
                )
            return componentsschemas_job_state_type_1

        state = _parse_state(d.pop("state"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        import_record = cls(
            created=created,
            created_at=created_at,
            done=done,
            failed=failed,
            file_name=file_name,
            format_=format_,
            id=id,
            on_conflict=on_conflict,
            rows=rows,
            skipped=skipped,
            state=state,
            updated_at=updated_at,
        )

        import_record.additional_properties = d
        return import_record

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
