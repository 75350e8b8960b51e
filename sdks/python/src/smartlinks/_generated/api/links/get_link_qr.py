from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.get_link_qr_format import GetLinkQrFormat
from ...types import Unset


def _get_kwargs(
    id: str,
    *,
    format_: GetLinkQrFormat | Unset = GetLinkQrFormat.SVG,
    size: int | Unset = 512,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    json_format_: str | Unset = UNSET
    if not isinstance(format_, Unset):
        json_format_ = format_.value

    params["format"] = json_format_

    params["size"] = size

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/apiv1/links/{id}/qr".format(
            id=quote(str(id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | None:
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

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())

        return response_422

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: GetLinkQrFormat | Unset = GetLinkQrFormat.SVG,
    size: int | Unset = 512,
) -> Response[ErrorBody]:
    """A link's QR code

     The link's QR code, drawn from its `qrSettings` (colours, margin, error correction, logo):
    `format=svg` (the default) answers an SVG document, `format=png` a PNG. The code encodes the short
    link with `?qr=1`, so scans are counted apart from clicks.

    Args:
        id (str):
        format_ (GetLinkQrFormat | Unset):  Default: GetLinkQrFormat.SVG.
        size (int | Unset):  Default: 512.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
        size=size,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: GetLinkQrFormat | Unset = GetLinkQrFormat.SVG,
    size: int | Unset = 512,
) -> ErrorBody | None:
    """A link's QR code

     The link's QR code, drawn from its `qrSettings` (colours, margin, error correction, logo):
    `format=svg` (the default) answers an SVG document, `format=png` a PNG. The code encodes the short
    link with `?qr=1`, so scans are counted apart from clicks.

    Args:
        id (str):
        format_ (GetLinkQrFormat | Unset):  Default: GetLinkQrFormat.SVG.
        size (int | Unset):  Default: 512.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody
    """

    return sync_detailed(
        id=id,
        client=client,
        format_=format_,
        size=size,
    ).parsed


async def asyncio_detailed(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: GetLinkQrFormat | Unset = GetLinkQrFormat.SVG,
    size: int | Unset = 512,
) -> Response[ErrorBody]:
    """A link's QR code

     The link's QR code, drawn from its `qrSettings` (colours, margin, error correction, logo):
    `format=svg` (the default) answers an SVG document, `format=png` a PNG. The code encodes the short
    link with `?qr=1`, so scans are counted apart from clicks.

    Args:
        id (str):
        format_ (GetLinkQrFormat | Unset):  Default: GetLinkQrFormat.SVG.
        size (int | Unset):  Default: 512.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody]
    """

    kwargs = _get_kwargs(
        id=id,
        format_=format_,
        size=size,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    id: str,
    *,
    client: AuthenticatedClient,
    format_: GetLinkQrFormat | Unset = GetLinkQrFormat.SVG,
    size: int | Unset = 512,
) -> ErrorBody | None:
    """A link's QR code

     The link's QR code, drawn from its `qrSettings` (colours, margin, error correction, logo):
    `format=svg` (the default) answers an SVG document, `format=png` a PNG. The code encodes the short
    link with `?qr=1`, so scans are counted apart from clicks.

    Args:
        id (str):
        format_ (GetLinkQrFormat | Unset):  Default: GetLinkQrFormat.SVG.
        size (int | Unset):  Default: 512.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody
    """

    return (
        await asyncio_detailed(
            id=id,
            client=client,
            format_=format_,
            size=size,
        )
    ).parsed
