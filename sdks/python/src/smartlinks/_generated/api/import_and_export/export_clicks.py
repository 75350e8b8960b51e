from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...types import Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    visitor_hash: bool | Unset = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["from"] = from_

    params["to"] = to

    params["visitorHash"] = visitor_hash

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/apiv1/clicks/export",
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
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    visitor_hash: bool | Unset = UNSET,
) -> Response[ErrorBody | str]:
    """Export raw clicks

     A page of the workspace's people's clicks between from and to (UTC days) as CSV: at, linkId, ruleId,
    variantId, country, city, device, os, browser, referrer, trigger. No address and no visitor hash is
    ever exported. While more follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel="next"`.
    Any member.

    Args:
        cursor (str | Unset):
        from_ (str | Unset):
        to (str | Unset):
        visitor_hash (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | str]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        from_=from_,
        to=to,
        visitor_hash=visitor_hash,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    visitor_hash: bool | Unset = UNSET,
) -> ErrorBody | str | None:
    """Export raw clicks

     A page of the workspace's people's clicks between from and to (UTC days) as CSV: at, linkId, ruleId,
    variantId, country, city, device, os, browser, referrer, trigger. No address and no visitor hash is
    ever exported. While more follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel="next"`.
    Any member.

    Args:
        cursor (str | Unset):
        from_ (str | Unset):
        to (str | Unset):
        visitor_hash (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | str
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        from_=from_,
        to=to,
        visitor_hash=visitor_hash,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    visitor_hash: bool | Unset = UNSET,
) -> Response[ErrorBody | str]:
    """Export raw clicks

     A page of the workspace's people's clicks between from and to (UTC days) as CSV: at, linkId, ruleId,
    variantId, country, city, device, os, browser, referrer, trigger. No address and no visitor hash is
    ever exported. While more follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel="next"`.
    Any member.

    Args:
        cursor (str | Unset):
        from_ (str | Unset):
        to (str | Unset):
        visitor_hash (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | str]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        from_=from_,
        to=to,
        visitor_hash=visitor_hash,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    from_: str | Unset = UNSET,
    to: str | Unset = UNSET,
    visitor_hash: bool | Unset = UNSET,
) -> ErrorBody | str | None:
    """Export raw clicks

     A page of the workspace's people's clicks between from and to (UTC days) as CSV: at, linkId, ruleId,
    variantId, country, city, device, os, browser, referrer, trigger. No address and no visitor hash is
    ever exported. While more follow, the answer carries `X-Next-Cursor` and `Link: <...>; rel="next"`.
    Any member.

    Args:
        cursor (str | Unset):
        from_ (str | Unset):
        to (str | Unset):
        visitor_hash (bool | Unset):

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
            from_=from_,
            to=to,
            visitor_hash=visitor_hash,
        )
    ).parsed
