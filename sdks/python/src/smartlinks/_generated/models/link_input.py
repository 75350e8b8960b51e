from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define

from ..types import UNSET, Unset

from typing import cast

if TYPE_CHECKING:
    from ..models.ab_test_fields import AbTestFields
    from ..models.qr_fields import QrFields
    from ..models.rule_fields import RuleFields
    from ..models.utm_fields import UtmFields


T = TypeVar("T", bound="LinkInput")


@_attrs_define
class LinkInput:
    """The fields of a link on HTTP create (and of each HTTP bulk item).

    Attributes:
        name (None | str): Display name (at most 255 characters).
        ab_test (AbTestFields | None | Unset): Weighted A/B split.
        active (bool | None | Unset): Whether visitors are redirected; default true.
        appearance_color (None | str | Unset): Brand colour, #RGB or #RRGGBB.
        clicks_limit (int | None | Unset): The link stops redirecting after this many deliveries of its destination.
            HTTP API:
            a positive whole number. MCP: 0 means no limit.
        conversion_tracking (bool | None | Unset): Enables the conversion pixel.
        description (None | str | Unset): Internal note, not shown to visitors (at most 1000 characters).
        domain (None | str | Unset): A verified custom domain of the workspace; the default short domain when omitted.
        expiration_date (None | str | Unset): ISO 8601 date-time (2026-12-31T23:59:00Z); a time without offset is UTC.
            Must be in
            the future; from then on visitors get 410.
        fallback_url (None | str | Unset): Where visitors are sent (302, not counted) once the link is inactive, expired
            or over
            its click limit, instead of the 410 page. Same rules as targetUrl.
        gps_tracking (bool | None | Unset): Enables GPS location capture on click: a person's visit first shows a page
            on which the
            workspace asks for their approximate location; nothing is asked until they press "Share my
            location", and "Continue" goes on either way (never shown to bots, preview crawlers, `HEAD`
            or browsers sending `Sec-GPC: 1`).
        og_description (None | str | Unset): Description of social sharing previews (at most 500 characters).
        og_title (None | str | Unset): Title of social sharing previews (at most 255 characters).
        password (None | str | Unset): Protects the link (8–128 characters; write-only: the record says
            passwordProtected).
            A person's visit first gets a page asking for it; bots, preview crawlers and HEAD never
            get the destination.
        qr_settings (None | QrFields | Unset): QR code settings: dark modules (color) on a light background (bgColor) at
            a contrast of
            at least 3:1, and an optional logo.
        rules (list[RuleFields] | None | Unset): Routing rules, evaluated in order: the first non-default rule whose
            conditions all
            match the visitor wins, else the default rule. Exactly one rule has isDefault true.
        slug (None | str | Unset): Lowercase letters, digits and hyphens, at most 100; generated (7 characters) when
            omitted; unique per domain.
        tag_ids (list[str] | None | Unset): Tag ids of the workspace (at most 50).
        url (None | str | Unset): Quick start: one default rule to this URL (instead of rules).
        utm (None | Unset | UtmFields): UTM parameters added to every destination on redirect (each at most 255
            characters): a
            parameter the destination already has wins, and the visitor's own UTM parameters win
            over both.
    """

    name: None | str
    ab_test: AbTestFields | None | Unset = UNSET
    active: bool | None | Unset = UNSET
    appearance_color: None | str | Unset = UNSET
    clicks_limit: int | None | Unset = UNSET
    conversion_tracking: bool | None | Unset = UNSET
    description: None | str | Unset = UNSET
    domain: None | str | Unset = UNSET
    expiration_date: None | str | Unset = UNSET
    fallback_url: None | str | Unset = UNSET
    gps_tracking: bool | None | Unset = UNSET
    og_description: None | str | Unset = UNSET
    og_title: None | str | Unset = UNSET
    password: None | str | Unset = UNSET
    qr_settings: None | QrFields | Unset = UNSET
    rules: list[RuleFields] | None | Unset = UNSET
    slug: None | str | Unset = UNSET
    tag_ids: list[str] | None | Unset = UNSET
    url: None | str | Unset = UNSET
    utm: None | Unset | UtmFields = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.ab_test_fields import AbTestFields  # noqa: PLC0415
        from ..models.qr_fields import QrFields  # noqa: PLC0415
        from ..models.utm_fields import UtmFields  # noqa: PLC0415

        name: None | str
        name = self.name

        ab_test: dict[str, Any] | None | Unset
        if isinstance(self.ab_test, Unset):
            ab_test = UNSET
        elif isinstance(self.ab_test, AbTestFields):
            ab_test = self.ab_test.to_dict()
        else:
            ab_test = self.ab_test

        active: bool | None | Unset
        if isinstance(self.active, Unset):
            active = UNSET
        else:
            active = self.active

        appearance_color: None | str | Unset
        if isinstance(self.appearance_color, Unset):
            appearance_color = UNSET
        else:
            appearance_color = self.appearance_color

        clicks_limit: int | None | Unset
        if isinstance(self.clicks_limit, Unset):
            clicks_limit = UNSET
        else:
            clicks_limit = self.clicks_limit

        conversion_tracking: bool | None | Unset
        if isinstance(self.conversion_tracking, Unset):
            conversion_tracking = UNSET
        else:
            conversion_tracking = self.conversion_tracking

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        domain: None | str | Unset
        if isinstance(self.domain, Unset):
            domain = UNSET
        else:
            domain = self.domain

        expiration_date: None | str | Unset
        if isinstance(self.expiration_date, Unset):
            expiration_date = UNSET
        else:
            expiration_date = self.expiration_date

        fallback_url: None | str | Unset
        if isinstance(self.fallback_url, Unset):
            fallback_url = UNSET
        else:
            fallback_url = self.fallback_url

        gps_tracking: bool | None | Unset
        if isinstance(self.gps_tracking, Unset):
            gps_tracking = UNSET
        else:
            gps_tracking = self.gps_tracking

        og_description: None | str | Unset
        if isinstance(self.og_description, Unset):
            og_description = UNSET
        else:
            og_description = self.og_description

        og_title: None | str | Unset
        if isinstance(self.og_title, Unset):
            og_title = UNSET
        else:
            og_title = self.og_title

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        qr_settings: dict[str, Any] | None | Unset
        if isinstance(self.qr_settings, Unset):
            qr_settings = UNSET
        elif isinstance(self.qr_settings, QrFields):
            qr_settings = self.qr_settings.to_dict()
        else:
            qr_settings = self.qr_settings

        rules: list[dict[str, Any]] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, list):
            rules = []
            for rules_type_0_item_data in self.rules:
                rules_type_0_item = rules_type_0_item_data.to_dict()
                rules.append(rules_type_0_item)

        else:
            rules = self.rules

        slug: None | str | Unset
        if isinstance(self.slug, Unset):
            slug = UNSET
        else:
            slug = self.slug

        tag_ids: list[str] | None | Unset
        if isinstance(self.tag_ids, Unset):
            tag_ids = UNSET
        elif isinstance(self.tag_ids, list):
            tag_ids = self.tag_ids

        else:
            tag_ids = self.tag_ids

        url: None | str | Unset
        if isinstance(self.url, Unset):
            url = UNSET
        else:
            url = self.url

        utm: dict[str, Any] | None | Unset
        if isinstance(self.utm, Unset):
            utm = UNSET
        elif isinstance(self.utm, UtmFields):
            utm = self.utm.to_dict()
        else:
            utm = self.utm

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if ab_test is not UNSET:
            field_dict["abTest"] = ab_test
        if active is not UNSET:
            field_dict["active"] = active
        if appearance_color is not UNSET:
            field_dict["appearanceColor"] = appearance_color
        if clicks_limit is not UNSET:
            field_dict["clicksLimit"] = clicks_limit
        if conversion_tracking is not UNSET:
            field_dict["conversionTracking"] = conversion_tracking
        if description is not UNSET:
            field_dict["description"] = description
        if domain is not UNSET:
            field_dict["domain"] = domain
        if expiration_date is not UNSET:
            field_dict["expirationDate"] = expiration_date
        if fallback_url is not UNSET:
            field_dict["fallbackUrl"] = fallback_url
        if gps_tracking is not UNSET:
            field_dict["gpsTracking"] = gps_tracking
        if og_description is not UNSET:
            field_dict["ogDescription"] = og_description
        if og_title is not UNSET:
            field_dict["ogTitle"] = og_title
        if password is not UNSET:
            field_dict["password"] = password
        if qr_settings is not UNSET:
            field_dict["qrSettings"] = qr_settings
        if rules is not UNSET:
            field_dict["rules"] = rules
        if slug is not UNSET:
            field_dict["slug"] = slug
        if tag_ids is not UNSET:
            field_dict["tagIds"] = tag_ids
        if url is not UNSET:
            field_dict["url"] = url
        if utm is not UNSET:
            field_dict["utm"] = utm

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ab_test_fields import AbTestFields  # noqa: PLC0415
        from ..models.qr_fields import QrFields  # noqa: PLC0415
        from ..models.rule_fields import RuleFields  # noqa: PLC0415
        from ..models.utm_fields import UtmFields  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        def _parse_ab_test(data: object) -> AbTestFields | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                ab_test_type_0 = AbTestFields.from_dict(data)

                return ab_test_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbTestFields | None | Unset, data)

        ab_test = _parse_ab_test(d.pop("abTest", UNSET))

        def _parse_active(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        active = _parse_active(d.pop("active", UNSET))

        def _parse_appearance_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        appearance_color = _parse_appearance_color(d.pop("appearanceColor", UNSET))

        def _parse_clicks_limit(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        clicks_limit = _parse_clicks_limit(d.pop("clicksLimit", UNSET))

        def _parse_conversion_tracking(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        conversion_tracking = _parse_conversion_tracking(d.pop("conversionTracking", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_domain(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        domain = _parse_domain(d.pop("domain", UNSET))

        def _parse_expiration_date(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expiration_date = _parse_expiration_date(d.pop("expirationDate", UNSET))

        def _parse_fallback_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        fallback_url = _parse_fallback_url(d.pop("fallbackUrl", UNSET))

        def _parse_gps_tracking(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        gps_tracking = _parse_gps_tracking(d.pop("gpsTracking", UNSET))

        def _parse_og_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        og_description = _parse_og_description(d.pop("ogDescription", UNSET))

        def _parse_og_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        og_title = _parse_og_title(d.pop("ogTitle", UNSET))

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        def _parse_qr_settings(data: object) -> None | QrFields | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                qr_settings_type_0 = QrFields.from_dict(data)

                return qr_settings_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QrFields | Unset, data)

        qr_settings = _parse_qr_settings(d.pop("qrSettings", UNSET))

        def _parse_rules(data: object) -> list[RuleFields] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                rules_type_0 = []
                _rules_type_0 = data
                for rules_type_0_item_data in _rules_type_0:
                    rules_type_0_item = RuleFields.from_dict(rules_type_0_item_data)

                    rules_type_0.append(rules_type_0_item)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[RuleFields] | None | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        def _parse_slug(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        slug = _parse_slug(d.pop("slug", UNSET))

        def _parse_tag_ids(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tag_ids_type_0 = cast(list[str], data)

                return tag_ids_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        tag_ids = _parse_tag_ids(d.pop("tagIds", UNSET))

        def _parse_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        url = _parse_url(d.pop("url", UNSET))

        def _parse_utm(data: object) -> None | Unset | UtmFields:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                utm_type_0 = UtmFields.from_dict(data)

                return utm_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UtmFields, data)

        utm = _parse_utm(d.pop("utm", UNSET))

        link_input = cls(
            name=name,
            ab_test=ab_test,
            active=active,
            appearance_color=appearance_color,
            clicks_limit=clicks_limit,
            conversion_tracking=conversion_tracking,
            description=description,
            domain=domain,
            expiration_date=expiration_date,
            fallback_url=fallback_url,
            gps_tracking=gps_tracking,
            og_description=og_description,
            og_title=og_title,
            password=password,
            qr_settings=qr_settings,
            rules=rules,
            slug=slug,
            tag_ids=tag_ids,
            url=url,
            utm=utm,
        )

        return link_input
