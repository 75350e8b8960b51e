"""A client's settings: given, or read from the environment."""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass

from ._version import __version__

#: The hosted API's address, used when neither base_url nor SMARTLINKS_BASE_URL is given.
DEFAULT_BASE_URL = "https://api.example.com"
USER_AGENT = f"smartlinks-python/{__version__} (python {platform.python_version()})"


#: A key shorter than this is not even partly shown when printed.
SHOWN_KEY_MIN_LENGTH = 12


def masked(api_key: str) -> str:
    """The key as printed: its last four characters after an ellipsis (``…cdef``), or only the
    ellipsis for a key shorter than ``SHOWN_KEY_MIN_LENGTH``; enough to tell keys apart in a
    log, never enough to use one."""
    return "…" + api_key[-4:] if len(api_key) >= SHOWN_KEY_MIN_LENGTH else "…"


@dataclass(frozen=True, repr=False)
class Settings:
    api_key: str
    workspace_id: str
    base_url: str
    timeout: float
    max_retries: int
    max_retry_wait: float

    def __repr__(self) -> str:
        return (
            f"Settings(api_key={masked(self.api_key)!r}, workspace_id={self.workspace_id!r}, "
            f"base_url={self.base_url!r}, timeout={self.timeout!r}, max_retries={self.max_retries!r}, "
            f"max_retry_wait={self.max_retry_wait!r})"
        )


def _given_or_env(value: str | None, variable: str, argument: str) -> str:
    found = value if value is not None else os.environ.get(variable)
    if not found:
        raise ValueError(f"SmartLinks needs {argument}: pass {argument}=... or set {variable}.")
    return found


def settings(
    api_key: str | None,
    workspace_id: str | None,
    base_url: str | None,
    timeout: float,
    max_retries: int,
    max_retry_wait: float,
) -> Settings:
    if max_retries < 0:
        raise ValueError("max_retries must be 0 or more.")
    return Settings(
        api_key=_given_or_env(api_key, "SMARTLINKS_API_KEY", "api_key"),
        workspace_id=_given_or_env(workspace_id, "SMARTLINKS_WORKSPACE_ID", "workspace_id"),
        base_url=(base_url or os.environ.get("SMARTLINKS_BASE_URL") or DEFAULT_BASE_URL).rstrip("/"),
        timeout=timeout,
        max_retries=max_retries,
        max_retry_wait=max_retry_wait,
    )
