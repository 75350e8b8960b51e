"""The package's version: the API's (info.version of docs/openapi.json)."""

__version__ = "0.1.0"
