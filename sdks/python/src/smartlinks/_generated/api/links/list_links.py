from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.link_page import LinkPage
from ...models.list_links_health import ListLinksHealth
from ...types import Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    health: ListLinksHealth | Unset = UNSET,
    limit: int | Unset = 20,
    page: int | Unset = 1,
    search: str | Unset = UNSET,
    tag_ids: list[str] | Unset = UNSET,
) -> dict[str, Any]:
    params: dict[str, Any] = {}

    params["cursor"] = cursor

    json_health: str | Unset = UNSET
    if not isinstance(health, Unset):
        json_health = health.value

    params["health"] = json_health

    params["limit"] = limit

    params["page"] = page

    params["search"] = search

    json_tag_ids: list[str] | Unset = UNSET
    if not isinstance(tag_ids, Unset):
        json_tag_ids = tag_ids

    params["tagIds"] = json_tag_ids

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/apiv1/links",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorBody | LinkPage | None:
    if response.status_code == 200:
        response_200 = LinkPage.from_dict(response.json())

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
) -> Response[ErrorBody | LinkPage]:
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
    health: ListLinksHealth | Unset = UNSET,
    limit: int | Unset = 20,
    page: int | Unset = 1,
    search: str | Unset = UNSET,
    tag_ids: list[str] | Unset = UNSET,
) -> Response[ErrorBody | LinkPage]:
    """List links

     One page of the workspace's links, newest first, each as its full record. `tagIds` may also be given
    comma-separated. Page by number with `page`, or send an answer's `nextCursor` back as `cursor` (with
    the same `search`, `tagIds` and `limit`): a cursor reaches a deep page at the cost of the first. One
    request examines at most 5,000 of the workspace's links: a page may hold fewer than `limit` links
    while `hasMore` is true, and `nextCursor` goes on from there.

    Args:
        cursor (str | Unset):
        health (ListLinksHealth | Unset):
        limit (int | Unset):  Default: 20.
        page (int | Unset):  Default: 1.
        search (str | Unset):
        tag_ids (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LinkPage]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        health=health,
        limit=limit,
        page=page,
        search=search,
        tag_ids=tag_ids,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    health: ListLinksHealth | Unset = UNSET,
    limit: int | Unset = 20,
    page: int | Unset = 1,
    search: str | Unset = UNSET,
    tag_ids: list[str] | Unset = UNSET,
) -> ErrorBody | LinkPage | None:
    """List links

     One page of the workspace's links, newest first, each as its full record. `tagIds` may also be given
    comma-separated. Page by number with `page`, or send an answer's `nextCursor` back as `cursor` (with
    the same `search`, `tagIds` and `limit`): a cursor reaches a deep page at the cost of the first. One
    request examines at most 5,000 of the workspace's links: a page may hold fewer than `limit` links
    while `hasMore` is true, and `nextCursor` goes on from there.

    Args:
        cursor (str | Unset):
        health (ListLinksHealth | Unset):
        limit (int | Unset):  Default: 20.
        page (int | Unset):  Default: 1.
        search (str | Unset):
        tag_ids (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LinkPage
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        health=health,
        limit=limit,
        page=page,
        search=search,
        tag_ids=tag_ids,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    health: ListLinksHealth | Unset = UNSET,
    limit: int | Unset = 20,
    page: int | Unset = 1,
    search: str | Unset = UNSET,
    tag_ids: list[str] | Unset = UNSET,
) -> Response[ErrorBody | LinkPage]:
    """List links

     One page of the workspace's links, newest first, each as its full record. `tagIds` may also be given
    comma-separated. Page by number with `page`, or send an answer's `nextCursor` back as `cursor` (with
    the same `search`, `tagIds` and `limit`): a cursor reaches a deep page at the cost of the first. One
    request examines at most 5,000 of the workspace's links: a page may hold fewer than `limit` links
    while `hasMore` is true, and `nextCursor` goes on from there.

    Args:
        cursor (str | Unset):
        health (ListLinksHealth | Unset):
        limit (int | Unset):  Default: 20.
        page (int | Unset):  Default: 1.
        search (str | Unset):
        tag_ids (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LinkPage]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        health=health,
        limit=limit,
        page=page,
        search=search,
        tag_ids=tag_ids,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    health: ListLinksHealth | Unset = UNSET,
    limit: int | Unset = 20,
    page: int | Unset = 1,
    search: str | Unset = UNSET,
    tag_ids: list[str] | Unset = UNSET,
) -> ErrorBody | LinkPage | None:
    """List links

     One page of the workspace's links, newest first, each as its full record. `tagIds` may also be given
    comma-separated. Page by number with `page`, or send an answer's `nextCursor` back as `cursor` (with
    the same `search`, `tagIds` and `limit`): a cursor reaches a deep page at the cost of the first. One
    request examines at most 5,000 of the workspace's links: a page may hold fewer than `limit` links
    while `hasMore` is true, and `nextCursor` goes on from there.

    Args:
        cursor (str | Unset):
        health (ListLinksHealth | Unset):
        limit (int | Unset):  Default: 20.
        page (int | Unset):  Default: 1.
        search (str | Unset):
        tag_ids (list[str] | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LinkPage
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            health=health,
            limit=limit,
            page=page,
            search=search,
            tag_ids=tag_ids,
        )
    ).parsed
