"""Optional arguments as the generated calls take them."""

from __future__ import annotations

from typing import TypeVar

from ._generated.types import UNSET, Unset

T = TypeVar("T")


def given(value: T | None) -> T | Unset:
    """``UNSET`` (the parameter is left out) for None; the value otherwise."""
    return UNSET if value is None else value
