from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.get_import_format import GetImportFormat
from ...models.import_status import ImportStatus
from ...types import Unset


def _get_kwargs(
    *,
    format_: GetImportFormat | Unset = UNSET,
    import_id: str | Unset = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["importId"] = import_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/apiv1/links/import",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | ImportStatus | None:
    if response.status_code == 200:
        response_200 = ImportStatus.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorBody.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | ImportStatus]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    format_: GetImportFormat | Unset = UNSET,
    import_id: str | Unset = UNSET,
) -> Response[ErrorBody | ImportStatus]:
    """An import's progress and results

     The import (state running, finished or stopped; rows, done, created, skipped, failed) and its rows'
    results so far; `format=csv` answers the results as a CSV file. Results are kept 30 days. Owner and
    managers only.

    Args:
        format_ (GetImportFormat | Unset):
        import_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ImportStatus]
    """

    kwargs = _get_kwargs(
        format_=format_,
        import_id=import_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    format_: GetImportFormat | Unset = UNSET,
    import_id: str | Unset = UNSET,
) -> ErrorBody | ImportStatus | None:
    """An import's progress and results

     The import (state running, finished or stopped; rows, done, created, skipped, failed) and its rows'
    results so far; `format=csv` answers the results as a CSV file. Results are kept 30 days. Owner and
    managers only.

    Args:
        format_ (GetImportFormat | Unset):
        import_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ImportStatus
    """

    return sync_detailed(
        client=client,
        format_=format_,
        import_id=import_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    format_: GetImportFormat | Unset = UNSET,
    import_id: str | Unset = UNSET,
) -> Response[ErrorBody | ImportStatus]:
    """An import's progress and results

     The import (state running, finished or stopped; rows, done, created, skipped, failed) and its rows'
    results so far; `format=csv` answers the results as a CSV file. Results are kept 30 days. Owner and
    managers only.

    Args:
        format_ (GetImportFormat | Unset):
        import_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | ImportStatus]
    """

    kwargs = _get_kwargs(
        format_=format_,
        import_id=import_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    format_: GetImportFormat | Unset = UNSET,
    import_id: str | Unset = UNSET,
) -> ErrorBody | ImportStatus | None:
    """An import's progress and results

     The import (state running, finished or stopped; rows, done, created, skipped, failed) and its rows'
    results so far; `format=csv` answers the results as a CSV file. Results are kept 30 days. Owner and
    managers only.

    Args:
        format_ (GetImportFormat | Unset):
        import_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | ImportStatus
    """

    return (
        await asyncio_detailed(
            client=client,
            format_=format_,
            import_id=import_id,
        )
    ).parsed
