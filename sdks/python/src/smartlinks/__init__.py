"""The official Python client of the Smart links API (sync ``SmartLinks``, async
``AsyncSmartLinks``); request and result models are importable from here too."""

from ._async._client import AsyncSmartLinks
from ._errors import (
    AuthenticationError,
    ConflictError,
    ForbiddenError,
    NotFoundError,
    RateLimitError,
    ServerError,
    SmartLinksConnectionError,
    SmartLinksError,
    UnprocessableError,
    ValidationError,
)
from ._generated.models import *  # noqa: F403 (the request and result models)
from ._generated.types import UNSET, Unset
from ._settings import DEFAULT_BASE_URL
from ._sync._client import SmartLinks
from ._version import __version__

__all__ = [
    "DEFAULT_BASE_URL",
    "UNSET",
    "AsyncSmartLinks",
    "AuthenticationError",
    "ConflictError",
    "ForbiddenError",
    "NotFoundError",
    "RateLimitError",
    "ServerError",
    "SmartLinks",
    "SmartLinksConnectionError",
    "SmartLinksError",
    "UnprocessableError",
    "Unset",
    "ValidationError",
    "__version__",
]
