from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from typing import cast
import datetime

if TYPE_CHECKING:
    from ..models.ab_test import AbTest
    from ..models.health_record import HealthRecord
    from ..models.qr_settings import QrSettings
    from ..models.rule import Rule
    from ..models.tag_summary import TagSummary
    from ..models.utm import Utm


T = TypeVar("T", bound="LinkRecord")


@_attrs_define
class LinkRecord:
    """The full link record both doors return. Optional settings that are not set are `null`,
    so every field is always present.

        Attributes:
            ab_test (AbTest):
            active (bool): As visitors see it: the stored flag, and not expired, and under its click limit.
            appearance_color (None | str):
            clicks (int): All-time counted clicks (people; bots are never counted).
            clicks_limit (int | None):
            conversion_tracking (bool):
            created_at (datetime.datetime):
            description (None | str):
            disabled_reason (None | str): Why the operator disabled the link (its visitors get `451`, and `isActive: true`
                is
                refused); `null` for a link never disabled.
            domain (str):
            expiration_date (datetime.datetime | None):
            fallback_url (None | str):
            full_link (str):
            gps_tracking (bool):
            health (HealthRecord): Whether the link's destinations answer, as the hourly check last found.
            id (str): A 24-character hexadecimal object identifier.
            limit_used (int | None): How many deliveries of the destination the click limit has taken (people and bots
                alike); `null` for a link without a limit.
            name (str):
            og_description (None | str):
            og_title (None | str):
            password_protected (bool): Whether a person must give a password before the destination (the password itself is
                never read back).
            qr_settings (QrSettings): A link's QR code settings. Read back from storage as they were saved: the scanning
                rules
                apply to input, and the QR endpoint checks a stored link's settings again before drawing.
            rules (list[Rule]): The rules of a link: at least one, exactly one of them the default.
            slug (str):
            tag_ids (list[str]):
            tags (list[TagSummary]):
            updated_at (datetime.datetime):
            utm (None | Utm): UTM parameters added to every destination; `null` when the link sets none.
            workspace_id (str): A 24-character hexadecimal object identifier.
    """

    ab_test: AbTest
    active: bool
    appearance_color: None | str
    clicks: int
    clicks_limit: int | None
    conversion_tracking: bool
    created_at: datetime.datetime
    description: None | str
    disabled_reason: None | str
    domain: str
    expiration_date: datetime.datetime | None
    fallback_url: None | str
    full_link: str
    gps_tracking: bool
    health: HealthRecord
    id: str
    limit_used: int | None
    name: str
    og_description: None | str
    og_title: None | str
    password_protected: bool
    qr_settings: QrSettings
    rules: list[Rule]
    slug: str
    tag_ids: list[str]
    tags: list[TagSummary]
    updated_at: datetime.datetime
    utm: None | Utm
    workspace_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.utm import Utm  # noqa: PLC0415

        ab_test = self.ab_test.to_dict()

        active = self.active

        appearance_color: None | str
        appearance_color = self.appearance_color

        clicks = self.clicks

        clicks_limit: int | None
        clicks_limit = self.clicks_limit

        conversion_tracking = self.conversion_tracking

        created_at = self.created_at.isoformat()

        description: None | str
        description = self.description

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        domain = self.domain

        expiration_date: None | str
        if isinstance(self.expiration_date, datetime.datetime):
            expiration_date = self.expiration_date.isoformat()
        else:
            expiration_date = self.expiration_date

        fallback_url: None | str
        fallback_url = self.fallback_url

        full_link = self.full_link

        gps_tracking = self.gps_tracking

        health = self.health.to_dict()

        id = self.id

        limit_used: int | None
        limit_used = self.limit_used

        name = self.name

        og_description: None | str
        og_description = self.og_description

        og_title: None | str
        og_title = self.og_title

        password_protected = self.password_protected

        qr_settings = self.qr_settings.to_dict()

        rules = []
        for componentsschemas_rules_item_data in self.rules:
            componentsschemas_rules_item = componentsschemas_rules_item_data.to_dict()
            rules.append(componentsschemas_rules_item)

        slug = self.slug

        tag_ids = self.tag_ids

        tags = []
        for tags_item_data in self.tags:
            tags_item = tags_item_data.to_dict()
            tags.append(tags_item)

        updated_at = self.updated_at.isoformat()

        utm: dict[str, Any] | None
        if isinstance(self.utm, Utm):
            utm = self.utm.to_dict()
        else:
            utm = self.utm

        workspace_id = self.workspace_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "abTest": ab_test,
                "active": active,
                "appearanceColor": appearance_color,
                "clicks": clicks,
                "clicksLimit": clicks_limit,
                "conversionTracking": conversion_tracking,
                "createdAt": created_at,
                "description": description,
                "disabledReason": disabled_reason,
                "domain": domain,
                "expirationDate": expiration_date,
                "fallbackUrl": fallback_url,
                "fullLink": full_link,
                "gpsTracking": gps_tracking,
                "health": health,
                "id": id,
                "limitUsed": limit_used,
                "name": name,
                "ogDescription": og_description,
                "ogTitle": og_title,
                "passwordProtected": password_protected,
                "qrSettings": qr_settings,
                "rules": rules,
                "slug": slug,
                "tagIds": tag_ids,
                "tags": tags,
                "updatedAt": updated_at,
                "utm": utm,
                "workspaceId": workspace_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ab_test import AbTest  # noqa: PLC0415
        from ..models.health_record import HealthRecord  # noqa: PLC0415
        from ..models.qr_settings import QrSettings  # noqa: PLC0415
        from ..models.rule import Rule  # noqa: PLC0415
        from ..models.tag_summary import TagSummary  # noqa: PLC0415
        from ..models.utm import Utm  # noqa: PLC0415

        d = dict(src_dict)
        ab_test = AbTest.from_dict(d.pop("abTest"))

        active = d.pop("active")

        def _parse_appearance_color(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        appearance_color = _parse_appearance_color(d.pop("appearanceColor"))

        clicks = d.pop("clicks")

        def _parse_clicks_limit(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        clicks_limit = _parse_clicks_limit(d.pop("clicksLimit"))

        conversion_tracking = d.pop("conversionTracking")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))

        domain = d.pop("domain")

        def _parse_expiration_date(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expiration_date_type_0 = datetime.datetime.fromisoformat(data)

                return expiration_date_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expiration_date = _parse_expiration_date(d.pop("expirationDate"))

        def _parse_fallback_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        fallback_url = _parse_fallback_url(d.pop("fallbackUrl"))

        full_link = d.pop("fullLink")

        gps_tracking = d.pop("gpsTracking")

        health = HealthRecord.from_dict(d.pop("health"))

        id = d.pop("id")

        def _parse_limit_used(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        limit_used = _parse_limit_used(d.pop("limitUsed"))

        name = d.pop("name")

        def _parse_og_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        og_description = _parse_og_description(d.pop("ogDescription"))

        def _parse_og_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        og_title = _parse_og_title(d.pop("ogTitle"))

        password_protected = d.pop("passwordProtected")

        qr_settings = QrSettings.from_dict(d.pop("qrSettings"))

        rules = []
        _rules = d.pop("rules")
        for componentsschemas_rules_item_data in _rules:
            componentsschemas_rules_item = Rule.from_dict(componentsschemas_rules_item_data)

            rules.append(componentsschemas_rules_item)

        slug = d.pop("slug")

        tag_ids = cast(list[str], d.pop("tagIds"))

        tags = []
        _tags = d.pop("tags")
        for tags_item_data in _tags:
            tags_item = TagSummary.from_dict(tags_item_data)

            tags.append(tags_item)

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_utm(data: object) -> None | Utm:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                utm_type_0 = Utm.from_dict(data)

                return utm_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Utm, data)

        utm = _parse_utm(d.pop("utm"))

        workspace_id = d.pop("workspaceId")

        link_record = cls(
            ab_test=ab_test,
            active=active,
            appearance_color=appearance_color,
            clicks=clicks,
            clicks_limit=clicks_limit,
            conversion_tracking=conversion_tracking,
            created_at=created_at,
            description=description,
            disabled_reason=disabled_reason,
            domain=domain,
            expiration_date=expiration_date,
            fallback_url=fallback_url,
            full_link=full_link,
            gps_tracking=gps_tracking,
            health=health,
            id=id,
            limit_used=limit_used,
            name=name,
            og_description=og_description,
            og_title=og_title,
            password_protected=password_protected,
            qr_settings=qr_settings,
            rules=rules,
            slug=slug,
            tag_ids=tag_ids,
            tags=tags,
            updated_at=updated_at,
            utm=utm,
            workspace_id=workspace_id,
        )

        link_record.additional_properties = d
        return link_record

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
