from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="QrSettings")


@_attrs_define
class QrSettings:
    """A link's QR code settings. Read back from storage as they were saved: the scanning rules
    apply to input, and the QR endpoint checks a stored link's settings again before drawing.

        Attributes:
            bg_color (str):
            color (str):
            use_logo (bool):
            logo (None | str | Unset):
    """

    bg_color: str
    color: str
    use_logo: bool
    logo: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bg_color = self.bg_color

        color = self.color

        use_logo = self.use_logo

        logo: None | str | Unset
        if isinstance(self.logo, Unset):
            logo = UNSET
        else:
            logo = self.logo

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bgColor": bg_color,
                "color": color,
                "useLogo": use_logo,
            }
        )
        if logo is not UNSET:
            field_dict["logo"] = logo

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bg_color = d.pop("bgColor")

        color = d.pop("color")

        use_logo = d.pop("useLogo")

        def _parse_logo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo = _parse_logo(d.pop("logo", UNSET))

        qr_settings = cls(
            bg_color=bg_color,
            color=color,
            use_logo=use_logo,
            logo=logo,
        )

        qr_settings.additional_properties = d
        return qr_settings

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
