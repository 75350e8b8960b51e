from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.export_links_format import ExportLinksFormat
from ...types import Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    format_: ExportLinksFormat | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    params["cursor"] = cursor

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/apiv1/links/export",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | str | None:
    if response.status_code == 200:
        response_200 = response.text
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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: ExportLinksFormat | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[ErrorBody | str]:
    """Export the workspace's links

     A page of the workspace's links, newest first, as CSV or JSON lines: every field of each link
    (rules, A/B test, QR settings, UTM, tags by name) in the shape an import reads back, so exporting
    and importing into another workspace gives the same links (passwords are never exported). While more
    follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel="next"`. Any member; counts against
    the key's bulk limit.

    Args:
        cursor (str | Unset):
        format_ (ExportLinksFormat | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | str]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        format_=format_,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: ExportLinksFormat | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> ErrorBody | str | None:
    """Export the workspace's links

     A page of the workspace's links, newest first, as CSV or JSON lines: every field of each link
    (rules, A/B test, QR settings, UTM, tags by name) in the shape an import reads back, so exporting
    and importing into another workspace gives the same links (passwords are never exported). While more
    follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel="next"`. Any member; counts against
    the key's bulk limit.

    Args:
        cursor (str | Unset):
        format_ (ExportLinksFormat | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | str
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        format_=format_,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: ExportLinksFormat | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> Response[ErrorBody | str]:
    """Export the workspace's links

     A page of the workspace's links, newest first, as CSV or JSON lines: every field of each link
    (rules, A/B test, QR settings, UTM, tags by name) in the shape an import reads back, so exporting
    and importing into another workspace gives the same links (passwords are never exported). While more
    follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel="next"`. Any member; counts against
    the key's bulk limit.

    Args:
        cursor (str | Unset):
        format_ (ExportLinksFormat | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | str]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        format_=format_,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    format_: ExportLinksFormat | Unset = UNSET,
    limit: int | Unset = UNSET,
) -> ErrorBody | str | None:
    """Export the workspace's links

     A page of the workspace's links, newest first, as CSV or JSON lines: every field of each link
    (rules, A/B test, QR settings, UTM, tags by name) in the shape an import reads back, so exporting
    and importing into another workspace gives the same links (passwords are never exported). While more
    follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel="next"`. Any member; counts against
    the key's bulk limit.

    Args:
        cursor (str | Unset):
        format_ (ExportLinksFormat | Unset):
        limit (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | str
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            format_=format_,
            limit=limit,
        )
    ).parsed
