from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from ..models.set_up_kind_type_0 import SetUpKindType0
from typing import cast
from typing import Literal


T = TypeVar("T", bound="SetUpByRecord")


@_attrs_define
class SetUpByRecord:
    """Who set an endpoint up: revoking that API key or app switches the endpoint off.

    Attributes:
        id (str): The person's user id, the API key's short id (16 hexadecimal characters) or the app's
            grant id.
        kind (Literal['app'] | Literal['member'] | SetUpKindType0): The kind of credential that set an endpoint up.
        name (str): The person's e-mail, the key's first characters, or the app's name.
    """

    id: str
    kind: Literal["app"] | Literal["member"] | SetUpKindType0
    name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        kind: Literal["app"] | Literal["member"] | str
        if isinstance(self.kind, SetUpKindType0):
            kind = self.kind.value
        else:
            kind = self.kind

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_kind(data: object) -> Literal["app"] | Literal["member"] | SetUpKindType0:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_set_up_kind_type_0 = SetUpKindType0(data)

                return componentsschemas_set_up_kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            componentsschemas_set_up_kind_type_1 = cast(Literal["member"], data)
            if componentsschemas_set_up_kind_type_1 != "member":
                raise ValueError(
                    f"/components/schemas/SetUpKind_type_1 must match const 'member', got '{componentsschemas_set_up_kind_type_1}'"
                )
            return componentsschemas_set_up_kind_type_1
            componentsschemas_set_up_kind_type_2 = cast(Literal["app"], data)
            if componentsschemas_set_up_kind_type_2 != "app":
                raise ValueError(
                    f"/components/schemas/SetUpKind_type_2 must match const 'app', got '{componentsschemas_set_up_kind_type_2}'"
                )
            return componentsschemas_set_up_kind_type_2

        kind = _parse_kind(d.pop("kind"))

        name = d.pop("name")

        set_up_by_record = cls(
            id=id,
            kind=kind,
            name=name,
        )

        set_up_by_record.additional_properties = d
        return set_up_by_record

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
