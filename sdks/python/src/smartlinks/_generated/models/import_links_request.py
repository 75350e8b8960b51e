from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from ..models.conflict_policy import ConflictPolicy
from ..models.import_links_request_format import ImportLinksRequestFormat
from typing import cast


T = TypeVar("T", bound="ImportLinksRequest")


@_attrs_define
class ImportLinksRequest:
    """`POST /links/import` (besides `workspaceId`).

    Attributes:
        content (str | Unset): The file's text (UTF-8), at most 10,000 rows and 5,000,000 bytes.
        dry_run (bool | None | Unset): Only say what each row would become; nothing is written (default false).
        file_name (None | str | Unset): The file's name, shown with the import (at most 255 characters).
        format_ (ImportLinksRequestFormat | Unset): csv (our template), bitly, dub, shortio, shlink (their CSV exports)
            or jsonl (our JSON
            lines export).

            `csv`: Our CSV (the template, and the CSV of a links export).; `bitly`: Bitly's CSV export of links.; `dub`:
            Dub's CSV export of links.; `shortio`: Short.io's CSV export of links.; `shlink`: Shlink's CSV export of short
            URLs (web client).; `jsonl`: Our JSON lines export: one link a line, in the shape of a create.
        on_conflict (ConflictPolicy | None | Unset): skip (default): conflicting rows are skipped, each with why. stop:
            nothing is imported
            when the dry run finds a row that would not be created.
    """

    content: str | Unset = UNSET
    dry_run: bool | None | Unset = UNSET
    file_name: None | str | Unset = UNSET
    format_: ImportLinksRequestFormat | Unset = UNSET
    on_conflict: ConflictPolicy | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        content = self.content

        dry_run: bool | None | Unset
        if isinstance(self.dry_run, Unset):
            dry_run = UNSET
        else:
            dry_run = self.dry_run

        file_name: None | str | Unset
        if isinstance(self.file_name, Unset):
            file_name = UNSET
        else:
            file_name = self.file_name

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_.value

        on_conflict: None | str | Unset
        if isinstance(self.on_conflict, Unset):
            on_conflict = UNSET
        elif isinstance(self.on_conflict, ConflictPolicy):
            on_conflict = self.on_conflict.value
        else:
            on_conflict = self.on_conflict

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if content is not UNSET:
            field_dict["content"] = content
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run
        if file_name is not UNSET:
            field_dict["fileName"] = file_name
        if format_ is not UNSET:
            field_dict["format"] = format_
        if on_conflict is not UNSET:
            field_dict["onConflict"] = on_conflict

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        content = d.pop("content", UNSET)

        def _parse_dry_run(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        dry_run = _parse_dry_run(d.pop("dryRun", UNSET))

        def _parse_file_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        file_name = _parse_file_name(d.pop("fileName", UNSET))

        _format_ = d.pop("format", UNSET)
        format_: ImportLinksRequestFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = ImportLinksRequestFormat(_format_)

        def _parse_on_conflict(data: object) -> ConflictPolicy | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                on_conflict_type_0 = ConflictPolicy(data)

                return on_conflict_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ConflictPolicy | None | Unset, data)

        on_conflict = _parse_on_conflict(d.pop("onConflict", UNSET))

        import_links_request = cls(
            content=content,
            dry_run=dry_run,
            file_name=file_name,
            format_=format_,
            on_conflict=on_conflict,
        )

        return import_links_request
