from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast


T = TypeVar("T", bound="QrFields")


@_attrs_define
class QrFields:
    """QR code settings; omitted fields take their defaults.

    Attributes:
        bg_color (None | str | Unset): Background colour, #RGB or #RRGGBB (default #ffffff).
        color (None | str | Unset): Colour of the dark modules, #RGB or #RRGGBB (default #000000). Must be darker than
            bgColor,
            with a contrast ratio of at least 3:1, or the code is refused as unscannable.
        logo (None | str | Unset): The logo: an https URL of a PNG, JPEG, WebP or SVG image (at most 256 KB), or such an
            image as a data URL (data:image/png;base64,...); required when useLogo is true.
        use_logo (bool | None | Unset): Embeds the logo in the centre (at most 20% of the code; error correction H)
            (default false).
    """

    bg_color: None | str | Unset = UNSET
    color: None | str | Unset = UNSET
    logo: None | str | Unset = UNSET
    use_logo: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        bg_color: None | str | Unset
        if isinstance(self.bg_color, Unset):
            bg_color = UNSET
        else:
            bg_color = self.bg_color

        color: None | str | Unset
        if isinstance(self.color, Unset):
            color = UNSET
        else:
            color = self.color

        logo: None | str | Unset
        if isinstance(self.logo, Unset):
            logo = UNSET
        else:
            logo = self.logo

        use_logo: bool | None | Unset
        if isinstance(self.use_logo, Unset):
            use_logo = UNSET
        else:
            use_logo = self.use_logo

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if bg_color is not UNSET:
            field_dict["bgColor"] = bg_color
        if color is not UNSET:
            field_dict["color"] = color
        if logo is not UNSET:
            field_dict["logo"] = logo
        if use_logo is not UNSET:
            field_dict["useLogo"] = use_logo

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_bg_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bg_color = _parse_bg_color(d.pop("bgColor", UNSET))

        def _parse_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        color = _parse_color(d.pop("color", UNSET))

        def _parse_logo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo = _parse_logo(d.pop("logo", UNSET))

        def _parse_use_logo(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        use_logo = _parse_use_logo(d.pop("useLogo", UNSET))

        qr_fields = cls(
            bg_color=bg_color,
            color=color,
            logo=logo,
            use_logo=use_logo,
        )

        return qr_fields
