from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response
from ... import errors

from ...models.dry_run import DryRun
from ...models.error_body import ErrorBody
from ...models.import_links_request import ImportLinksRequest
from ...models.import_outcome import ImportOutcome


def _get_kwargs(
    *,
    body: ImportLinksRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/apiv1/links/import",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DryRun | ImportOutcome | ErrorBody | ImportOutcome | None:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> DryRun | ImportOutcome:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_import_answer_type_0 = ImportOutcome.from_dict(data)

                return componentsschemas_import_answer_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_import_answer_type_1 = DryRun.from_dict(data)

            return componentsschemas_import_answer_type_1

        response_200 = _parse_response_200(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = ImportOutcome.from_dict(response.json())

        return response_202

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
) -> Response[DryRun | ImportOutcome | ErrorBody | ImportOutcome]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ImportLinksRequest,
) -> Response[DryRun | ImportOutcome | ErrorBody | ImportOutcome]:
    """Import links from a file

     Imports a file of links: our CSV (the template at docs/import/template.csv), the CSV exports of
    Bitly, Dub, Short.io or Shlink, or our JSON lines export; up to 10,000 rows. The body is JSON
    (`content` the file's text) or a multipart form with the file in a `file` part. `dryRun: true`
    answers what each row would become (create, conflict or invalid, with why) and writes nothing.
    Otherwise the import runs for up to 10 s: `200` with every row's result (created, skipped or failed,
    with why) when it ended, else `202` while it goes on in the background (poll GET /links/import). A
    file is imported once per workspace: sending it again answers the earlier import and creates
    nothing. Owner and managers only; counts against the key's bulk limit.

    Args:
        body (ImportLinksRequest): `POST /links/import` (besides `workspaceId`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DryRun | ImportOutcome | ErrorBody | ImportOutcome]
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
    body: ImportLinksRequest,
) -> DryRun | ImportOutcome | ErrorBody | ImportOutcome | None:
    """Import links from a file

     Imports a file of links: our CSV (the template at docs/import/template.csv), the CSV exports of
    Bitly, Dub, Short.io or Shlink, or our JSON lines export; up to 10,000 rows. The body is JSON
    (`content` the file's text) or a multipart form with the file in a `file` part. `dryRun: true`
    answers what each row would become (create, conflict or invalid, with why) and writes nothing.
    Otherwise the import runs for up to 10 s: `200` with every row's result (created, skipped or failed,
    with why) when it ended, else `202` while it goes on in the background (poll GET /links/import). A
    file is imported once per workspace: sending it again answers the earlier import and creates
    nothing. Owner and managers only; counts against the key's bulk limit.

    Args:
        body (ImportLinksRequest): `POST /links/import` (besides `workspaceId`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DryRun | ImportOutcome | ErrorBody | ImportOutcome
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ImportLinksRequest,
) -> Response[DryRun | ImportOutcome | ErrorBody | ImportOutcome]:
    """Import links from a file

     Imports a file of links: our CSV (the template at docs/import/template.csv), the CSV exports of
    Bitly, Dub, Short.io or Shlink, or our JSON lines export; up to 10,000 rows. The body is JSON
    (`content` the file's text) or a multipart form with the file in a `file` part. `dryRun: true`
    answers what each row would become (create, conflict or invalid, with why) and writes nothing.
    Otherwise the import runs for up to 10 s: `200` with every row's result (created, skipped or failed,
    with why) when it ended, else `202` while it goes on in the background (poll GET /links/import). A
    file is imported once per workspace: sending it again answers the earlier import and creates
    nothing. Owner and managers only; counts against the key's bulk limit.

    Args:
        body (ImportLinksRequest): `POST /links/import` (besides `workspaceId`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DryRun | ImportOutcome | ErrorBody | ImportOutcome]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ImportLinksRequest,
) -> DryRun | ImportOutcome | ErrorBody | ImportOutcome | None:
    """Import links from a file

     Imports a file of links: our CSV (the template at docs/import/template.csv), the CSV exports of
    Bitly, Dub, Short.io or Shlink, or our JSON lines export; up to 10,000 rows. The body is JSON
    (`content` the file's text) or a multipart form with the file in a `file` part. `dryRun: true`
    answers what each row would become (create, conflict or invalid, with why) and writes nothing.
    Otherwise the import runs for up to 10 s: `200` with every row's result (created, skipped or failed,
    with why) when it ended, else `202` while it goes on in the background (poll GET /links/import). A
    file is imported once per workspace: sending it again answers the earlier import and creates
    nothing. Owner and managers only; counts against the key's bulk limit.

    Args:
        body (ImportLinksRequest): `POST /links/import` (besides `workspaceId`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DryRun | ImportOutcome | ErrorBody | ImportOutcome
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
