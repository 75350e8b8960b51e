from enum import StrEnum


class ListLinksHealth(StrEnum):
    BROKEN = "broken"

    def __str__(self) -> str:
        return str(self.value)
