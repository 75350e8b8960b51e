from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_body import ErrorBody
from ...models.recorded_conversion import RecordedConversion
from ...models.report_conversion_request import ReportConversionRequest
from ...types import Unset


def _get_kwargs(
    *,
    body: ReportConversionRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/apiv1/conversions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RecordedConversion | None:
    if response.status_code == 200:
        response_200 = RecordedConversion.from_dict(response.json())

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
) -> Response[ErrorBody | RecordedConversion]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ReportConversionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | RecordedConversion]:
    """Report a conversion

     Records a conversion (a sale with its amount, or a lead from your server) of the click whose id
    (`sl_cid`) the destination was given, attributed to the click's link, rule and A/B variant. It
    counts once per click and event, or per click, event and `eventId` when you give one, whatever the
    pixel recorded; a repeat answers the first conversion with `duplicate: true`. The click must be of a
    link of this workspace that still has conversion tracking on, and at most 90 days old.

    Args:
        idempotency_key (str | Unset):
        body (ReportConversionRequest): The body of `POST /conversions` (besides `workspaceId`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RecordedConversion]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: ReportConversionRequest,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | RecordedConversion | None:
    """Report a conversion

     Records a conversion (a sale with its amount, or a lead from your server) of the click whose id
    (`sl_cid`) the destination was given, attributed to the click's link, rule and A/B variant. It
    counts once per click and event, or per click, event and `eventId` when you give one, whatever the
    pixel recorded; a repeat answers the first conversion with `duplicate: true`. The click must be of a
    link of this workspace that still has conversion tracking on, and at most 90 days old.

    Args:
        idempotency_key (str | Unset):
        body (ReportConversionRequest): The body of `POST /conversions` (besides `workspaceId`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RecordedConversion
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ReportConversionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | RecordedConversion]:
    """Report a conversion

     Records a conversion (a sale with its amount, or a lead from your server) of the click whose id
    (`sl_cid`) the destination was given, attributed to the click's link, rule and A/B variant. It
    counts once per click and event, or per click, event and `eventId` when you give one, whatever the
    pixel recorded; a repeat answers the first conversion with `duplicate: true`. The click must be of a
    link of this workspace that still has conversion tracking on, and at most 90 days old.

    Args:
        idempotency_key (str | Unset):
        body (ReportConversionRequest): The body of `POST /conversions` (besides `workspaceId`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RecordedConversion]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ReportConversionRequest,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | RecordedConversion | None:
    """Report a conversion

     Records a conversion (a sale with its amount, or a lead from your server) of the click whose id
    (`sl_cid`) the destination was given, attributed to the click's link, rule and A/B variant. It
    counts once per click and event, or per click, event and `eventId` when you give one, whatever the
    pixel recorded; a repeat answers the first conversion with `duplicate: true`. The click must be of a
    link of this workspace that still has conversion tracking on, and at most 90 days old.

    Args:
        idempotency_key (str | Unset):
        body (ReportConversionRequest): The body of `POST /conversions` (besides `workspaceId`).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RecordedConversion
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
