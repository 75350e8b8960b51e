from enum import StrEnum


class QuotaName(StrEnum):
    LINKS = "links"
    RULES = "rules"

    def __str__(self) -> str:
        return str(self.value)
