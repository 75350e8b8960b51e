from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, TYPE_CHECKING

from attrs import define as _attrs_define
from attrs import field as _attrs_field


from typing import cast

if TYPE_CHECKING:
    from ..models.ab_test_result_probability_best import AbTestResultProbabilityBest


T = TypeVar("T", bound="AbTestResult")


@_attrs_define
class AbTestResult:
    """Which A/B variant converts best, and how sure that is.

    Attributes:
        leader (None | str): The variant most likely to have the highest conversion rate; `null` with no
            conversions, or when two variants are exactly as likely.
        probability_best (AbTestResultProbabilityBest): For each variant, the probability that its true conversion rate
            is the highest
            (Beta(1 + conversions, 1 + clicks − conversions) posteriors, integrated numerically).
    """

    leader: None | str
    probability_best: AbTestResultProbabilityBest
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        leader: None | str
        leader = self.leader

        probability_best = self.probability_best.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "leader": leader,
                "probabilityBest": probability_best,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ab_test_result_probability_best import AbTestResultProbabilityBest  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_leader(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        leader = _parse_leader(d.pop("leader"))

        probability_best = AbTestResultProbabilityBest.from_dict(d.pop("probabilityBest"))

        ab_test_result = cls(
            leader=leader,
            probability_best=probability_best,
        )

        ab_test_result.additional_properties = d
        return ab_test_result

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
