from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response
from ... import errors

from ...models.error_body import ErrorBody
from ...models.tag_outcome import TagOutcome
from ...models.update_tag_request import UpdateTagRequest


def _get_kwargs(
    *,
    body: UpdateTagRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/apiv1/tag/update",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | TagOutcome | None:
    if response.status_code == 200:
        response_200 = TagOutcome.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | TagOutcome]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: UpdateTagRequest,
) -> Response[ErrorBody | TagOutcome]:
    """Rename or recolour a tag

     Changes the fields given; `color: null` clears the colour. Its links keep it.

    Args:
        body (UpdateTagRequest): `PUT /tag/update`: the tag and what changes (`color: null` clears
            the colour).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TagOutcome]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: UpdateTagRequest,
) -> ErrorBody | TagOutcome | None:
    """Rename or recolour a tag

     Changes the fields given; `color: null` clears the colour. Its links keep it.

    Args:
        body (UpdateTagRequest): `PUT /tag/update`: the tag and what changes (`color: null` clears
            the colour).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TagOutcome
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: UpdateTagRequest,
) -> Response[ErrorBody | TagOutcome]:
    """Rename or recolour a tag

     Changes the fields given; `color: null` clears the colour. Its links keep it.

    Args:
        body (UpdateTagRequest): `PUT /tag/update`: the tag and what changes (`color: null` clears
            the colour).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | TagOutcome]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: UpdateTagRequest,
) -> ErrorBody | TagOutcome | None:
    """Rename or recolour a tag

     Changes the fields given; `color: null` clears the colour. Its links keep it.

    Args:
        body (UpdateTagRequest): `PUT /tag/update`: the tag and what changes (`color: null` clears
            the colour).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | TagOutcome
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
